// The back office's products table (GET /api/admin/products) and its bulk actions
// (POST /api/admin/products/bulk): the shapes client and server share.
import type { ProductOption, Variant } from './variants';

/** One product of the table: the fields it shows, its variants, and when it last changed. */
export interface ProductTableRow {
  id: number;
  title: string;
  thumbnail: string;
  brand: string;
  category: string;
  price: number;
  discountPercentage: number;
  /** The displayed price (the lowest over the variants). */
  salePrice: number;
  /** The variants' stock summed. */
  stock: number;
  deleted: boolean;
  options: ProductOption[];
  variants: Variant[];
  /** The time (ISO) of the product's newest audit entry; null when no write was ever recorded. */
  lastChangedAt: string | null;
}

export const BULK_ACTIONS = ['delete', 'restore', 'category', 'brand'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** Most products one bulk action may name. */
export const MAX_BULK_IDS = 500;

export interface BulkRequest {
  action: BulkAction;
  ids: number[];
  /** The category's or brand's value (slug), for 'category' and 'brand'. */
  value?: string;
}

/** What a bulk action did: the products it changed, and those already as asked (no audit entry). */
export interface BulkResult {
  changed: number[];
  unchanged: number[];
}
