// The wishlist and stock alerts: the shapes the API answers
// (GET /api/wishlist, GET /api/stock-alerts), shared by the server and the client.
import { toCents } from './checkout';
import type { PricedProduct } from './types';
import { variantSalePrice, type Variant, type VariantChoice } from './variants';

/** A wishlist item's variant: its price and discount resolved, `salePrice` what a shopper pays for it now. */
export interface WishlistVariant {
  id: number;
  sku: string;
  options: VariantChoice;
  price: number;
  salePrice: number;
  stock: number;
}

/** A saved product (variant null: the product as a whole) or one variant of it. */
export interface WishlistItem {
  id: number;
  /** The product as GET /api/products/:id answers it (salePrice, stock, thumbnail, options, variants). */
  product: PricedProduct;
  variant: WishlistVariant | null;
  createdAt: string;
}

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
