// Products made for a search test: the fixtures' first product with the fields a test names.
import type { Product } from '../../../src/domain/types';
import { PRODUCTS } from '../fixtures';

/** The ids of a list's answer, in order. */
export const ids = (body: { id: number }[]) => body.map((p) => p.id);

/** A product like the fixtures' first, with these fields (its own pictures, no discount). */
export const made = (p: Pick<Product, 'id' | 'title' | 'brand' | 'category'> & Partial<Product>): Product => ({
  ...structuredClone(PRODUCTS[0]),
  description: 'A fine thing.',
  discountPercentage: 0,
  thumbnail: `/images/products/${p.id}/thumb.webp`,
  images: [`/images/products/${p.id}/1.webp`],
  ...p,
});
