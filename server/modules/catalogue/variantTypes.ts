// What the storage port says about variants (the shapes are src/domain/variants.ts): a
// product as the store hands it out carries its options and its variants, in the shop's order.
import type { Product, ProductNotify } from '../../../src/domain/types';
import type { ProductOption, ProductVariants, Variant, VariantChoice } from '../../../src/domain/variants';

/** A product with its options and variants (every product has at least one variant). */
export type VariantProduct = Product & ProductVariants;

/** A product as lockProducts reads it: with the staff's `notify` settings (admin-only: never in a shopper's answer). */
export type LockedProduct = VariantProduct & { notify: ProductNotify };

/** Every staff mail off: a product's settings until an admin sets them. */
export const NOTIFY_OFF: ProductNotify = Object.freeze({ review: false, lowStock: false, soldOut: false });

/**
 * A product as a list carries it (without its variants): with what they decide of its price, the
 * lowest price a shopper would pay over them (salePrice) and whether their prices differ (a card
 * then says "from $X").
 */
export type ListedProduct = Product & { salePrice: number; priceVaries: boolean };

/**
 * A variant to write: `id` keeps an existing one (of the same product), none makes a new one.
 * `image` left out keeps an existing variant's picture (none for a new one); null removes it.
 * `stock` left out keeps an existing variant's stock as it is when the write locks the product
 * (what an order took meanwhile stays taken); a new variant has one.
 */
export type VariantInput = Omit<Variant, 'id' | 'stock'> & { id?: number; stock?: number };

/** The options and variants a product write sets, together (the whole list: variants left out are removed). */
export interface VariantsWrite {
  options: ProductOption[];
  variants: VariantInput[];
}

/** A SKU a write would give a second product (the database's unique SKU): nothing is written. */
export class SkuTaken extends Error {
  constructor(readonly sku: string) {
    super(`SKU ${sku} is taken`);
  }
}

/** The generated SKU of a product's only variant when none is given (`SKU-<product id>`). */
export const defaultSku = (product: number) => `SKU-${product}`;

export type { ProductOption, Variant, VariantChoice };
