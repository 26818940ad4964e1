// Shapes of db.json (the seed and export format). The API's public shapes live in src/domain/types; these add what the
// server keeps to itself (password hashes, sessions, the owner of a cart line).
import type { Address, AuditEntry, FilterOption, Order, Product, Role } from '../../src/domain/types';
import type { ProductVariants } from '../../src/domain/variants';
import type { Promotion, ShippingMethod, TaxRate } from '../../src/domain/checkout';

export interface StoredUser {
  id: number;
  email: string;
  /** scrypt hash (server/modules/accounts/passwords.ts); never sent. */
  password: string;
  role: Role;
  addresses: Address[];
  name?: string;
  /** When the account was made (ISO); absent for accounts older than the field. */
  createdAt?: string;
  /**
   * false: signed up, the address not confirmed yet (the mailed link not opened). Absent: verified
   * (the seed's accounts, and every account older than the field).
   */
  verified?: boolean;
  /** true: a member (the members' promotions apply; POST /users/own/membership). Absent: not a member. */
  member?: boolean;
  /** false: no back-in-stock or price-drop mail (PUT /users/own/alerts). Absent: alerts on. */
  alerts?: boolean;
}

export interface StoredCartLine {
  id: number;
  user: number;
  /** Product id; expanded to the product in responses. */
  product: number;
  /** The line's variant; absent in older files: the product's first variant. */
  variant?: number;
  quantity: number;
}

export interface Session {
  /** SHA-256 of the session id in the cookie, so an exported file holds no usable session ids. */
  id: string;
  user: number;
  createdAt: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/** A POST /orders that carried an Idempotency-Key: the same key from the same user gets this order. */
export interface IdempotencyRecord {
  /** `<user id> <key>`: keys are scoped to their user. */
  id: string;
  user: number;
  order: number;
  /** Epoch milliseconds; kept at least IDEMPOTENCY_TTL_MS. */
  createdAt: number;
  /** SHA-256 of the request that placed the order (absent for keys stored before it was kept). */
  fingerprint?: string;
}

/** A wishlist item of db.json: `variant` null for the product as a whole; `lastPrice` (cents) what price drops compare with. */
export interface SnapshotWishlistItem {
  id: number;
  user: number;
  product: number;
  variant: number | null;
  createdAt: string;
  lastPrice: number;
}

/** A "Notify me" subscription of db.json. */
export interface SnapshotStockAlert {
  id: number;
  user: number;
  product: number;
  variant: number;
  createdAt: string;
}

/** An order that carried a promotion (db.json's `promotionRedemptions`). */
export interface PromotionRedemption {
  promotion: number;
  order: number;
  user: number;
}

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
