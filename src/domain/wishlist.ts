// The wishlist and stock alerts: the shapes the API answers
// (GET /api/wishlist, GET /api/stock-alerts), shared by the server and the client, and their limits.
import { toCents } from './checkout';
import type { PricedProduct } from './types';
import { variantSalePrice, type Variant } from './variants';

export { MAX_STOCK_ALERTS, MAX_WISHLIST_ITEMS, STOCK_ALERTS_FULL, WISHLIST_FULL } from './constants';

/**
 * What a wishlist item shows of its product. `price`, `stock` and `soldOut` are the item's: for a
 * saved choice, that variant's displayed price and stock; for the product as a whole, the price
 * of its cheapest choice in stock (when none is in stock, of its cheapest choice: the last price)
 * and the stock of all its choices.
 */
export interface WishlistProduct {
  id: number;
  title: string;
  thumbnail: string;
  brand: string;
  /** Displayed price, whole dollars (price less discount, rounded). */
  price: number;
  stock: number;
  soldOut: boolean;
  /** Whether the product has options (sizes, colours): saved as a whole, the shopper chooses one on its page. */
  hasOptions: boolean;
  /** No longer sold (soft-deleted). */
  deleted: boolean;
  minimumOrderQuantity: number;
}

/** A saved choice: its variant id and option values, in the product's option order. */
export interface WishlistChoice {
  id: number;
  sku: string;
  options: { name: string; value: string }[];
}

/** A saved product (variant null: the product as a whole) or one variant of it. */
export interface WishlistItem {
  id: number;
  product: WishlistProduct;
  variant: WishlistChoice | null;
  createdAt: string;
}

/** "Size M · Colour Black" as a person reads a saved choice ('' without options). */
export const choiceText = (choice: WishlistChoice | null) => (choice ? choice.options.map((o) => `${o.name} ${o.value}`).join(' · ') : '');

/** "Notify me" on a sold-out variant: mailed once, when the variant is back in stock. */
export interface StockAlert {
  id: number;
  product: number;
  variant: number;
  createdAt: string;
}

type PricedVariants = Pick<PricedProduct, 'price' | 'discountPercentage'> & { variants: readonly Pick<Variant, 'price' | 'discountPercentage'>[] };

/**
 * What a shopper would pay for a wishlist item now, in cents: the variant's displayed price, or
 * for the product as a whole its lowest (its `salePrice`). Price-drop mail compares these.
 */
export function wishlistPrice(product: PricedVariants, variant: Pick<Variant, 'price' | 'discountPercentage'> | null): number {
  const prices = (variant ? [variant] : product.variants).map((v) => variantSalePrice(product, v));
  return toCents(prices.length > 0 ? Math.min(...prices) : 0);
}
