// The shape of db.json (the seed and export format): every collection, in the API's public shapes
// (src/domain/types) or, for what the server keeps to itself (password hashes, sessions, the owner
// of a cart line), in the shapes the owning module's port declares.
import type { AuditEntry, FilterOption, Order, Product } from '../../src/domain/types';
import type { Session, StoredUser } from '../modules/accounts/port';
import type { StoredCartLine } from '../modules/cart/port';
import type { IdempotencyRecord } from '../modules/orders/port';
import type { PromotionRedemption } from '../modules/pricing/port';
import type { SnapshotStockAlert, SnapshotWishlistItem } from '../modules/wishlist/port';
import type { ProductVariants } from '../../src/domain/variants';
import type { Promotion, ShippingMethod, TaxRate } from '../../src/domain/checkout';

/** A generated seed's note on its dates (db.json's `seed`): they are relative to this moment. */
export interface SeedInfo {
  /** ISO date-time: the seed's "now" (server/db/seedDates.ts moves it to the day of loading). */
  referenceDate: string;
}

/** A product of db.json: its options and variants when the file has them (an export does); without, one variant holding its stock. */
export type SnapshotProduct = Product & Partial<ProductVariants>;

export interface DbSchema {
  users: StoredUser[];
  products: SnapshotProduct[];
  categories: FilterOption[];
  brands: FilterOption[];
  cart: StoredCartLine[];
  orders: Order[];
  sessions: Session[];
  /** Prices, in the API's shapes; absent in older files (= none). */
  promotions?: Promotion[];
  shippingMethods?: ShippingMethod[];
  taxRates?: TaxRate[];
  /** Which order carried which promotion, for whom (per-customer limits count them). */
  promotionRedemptions?: PromotionRedemption[];
  /** Shoppers' wishlists and "Notify me" subscriptions; absent in older files (= none). */
  wishlist?: SnapshotWishlistItem[];
  stockAlerts?: SnapshotStockAlert[];
  idempotency: IdempotencyRecord[];
  /** Every admin write (GET /admin/audit); only ever appended to. */
  audit: AuditEntry[];
}

export const COLLECTIONS = [
  'users',
  'products',
  'categories',
  'brands',
  'cart',
  'orders',
  'sessions',
  'promotions',
  'shippingMethods',
  'taxRates',
  'promotionRedemptions',
  'wishlist',
  'stockAlerts',
  'idempotency',
  'audit',
] as const satisfies readonly (keyof DbSchema)[];
