// A cart line's variant: the line is priced and limited by its variant when it has one.
import type { CartItem, Product } from '../../domain/types';
import type { CartVariant } from '../../domain/variants';

/** The line's variant as the cart answers it (with its stock and resolved price), if any. */
export function cartVariant(item: CartItem): CartVariant | undefined {
  return item.variant && 'stock' in item.variant ? item.variant : undefined;
}

/** The line's stock: its variant's when it has one. */
export const lineStock = (item: CartItem): number => cartVariant(item)?.stock ?? item.product.stock;

/** The price and discount the line is charged at: its variant's (already resolved), else the product's. */
export function linePricing(item: CartItem): Pick<Product, 'price' | 'discountPercentage'> {
  const variant = cartVariant(item);
  return variant ? { price: variant.price, discountPercentage: variant.discountPercentage } : item.product;
}
