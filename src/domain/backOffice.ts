// The back office's types: the dashboard, customers and the audit log.
import type { Order, OrderStatus, Role } from './types';

/** GET /admin/stats: the shop's figures over a window of UTC days. */
export interface ShopStats {
  /** Revenue of the orders that are not cancelled: today (UTC), the last 7 and the last 30 days (today included). */
  revenue: { today: number; last7: number; last30: number };
  /** Every order, whatever its date (the backlog). */
  ordersByStatus: Record<OrderStatus, number>;
  /** Revenue ÷ orders (not cancelled) in the window; 0 without orders. */
  averageOrderValue: number;
  /** Shopper accounts created in the window. */
  newCustomers: number;
  /** One entry per UTC day of the window, oldest first, days without orders included. */
  revenueByDay: { date: string; revenue: number; orders: number }[];
  /** Best sellers by units in the window (orders not cancelled), with their revenue. */
  topProducts: { id: number; title: string; units: number; revenue: number }[];
  /**
   * Products still sold whose stock is at or below their threshold, lowest stock first; for a
   * product with options, each such variant, named by `variant`.
   */
  lowStock: LowStockEntry[];
}

/** A low-stock entry of the dashboard: a product, or one variant of a product with options. */
export interface LowStockEntry {
  id: number;
  title: string;
  stock: number;
  threshold: number;
  /** The variant (a product with options only): its id, SKU and choice. */
  variant?: { id: number; sku: string; options: Record<string, string> };
}

/** GET /admin/customers. */
export interface Customer {
  id: number;
  email: string;
  name?: string;
  role: Role;
  /** All their orders. */
  orders: number;
  /** What their orders that are not cancelled came to. */
  totalSpent: number;
  /** When they last ordered (ISO); absent without orders. */
  lastOrderAt?: string;
  /** Whether they have confirmed their email address (false: signed up, link not opened yet). */
  verified: boolean;
  /** Whether they are a member (the members' promotions apply to them); always in the API's answer. */
  member?: boolean;
}

export const AUDIT_ACTIONS = [
  'product.create',
  'product.update',
  'product.delete',
  'product.restore',
  'product.import',
  'order.status',
  'order.note',
  'order.return',
  'review.remove',
  'promotion.create',
  'promotion.update',
  'promotion.delete',
  'shipping.create',
  'shipping.update',
  'shipping.delete',
  'tax.create',
  'tax.update',
  'tax.delete',
  'brand.create',
  'brand.update',
  'brand.delete',
  'brand.merge',
  'category.create',
  'category.update',
  'category.delete',
  'category.merge',
  'webhook.create',
  'webhook.update',
  'webhook.delete',
  'webhook.resend',
  'staff.invite',
  'staff.role',
  'staff.remove',
  'settings.update',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_ENTITIES = ['product', 'order', 'review', 'promotion', 'shipping', 'tax', 'brand', 'category', 'webhook', 'staff', 'settings'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/**
 * One recorded change, as GET /admin/audit lists it: a staff member's write, or a shopper's own
 * request that changes an order (a return, a cancel). `actor.role` is the actor's role when they acted.
 */
export interface AuditEntry {
  id: number;
  /** ISO date-time. */
  at: string;
  actor: { id: number; email: string; role: Role };
  action: AuditAction;
  entity: AuditEntity;
  /** The product's or order's id; `<product>/<review>` for a review. */
  entityId: string;
  /** The fields that changed, as they were (null for a new record). */
  before: Record<string, unknown> | null;
  /** The fields that changed, as they became (null for a removed one). */
  after: Record<string, unknown> | null;
}

// The product CSV's columns (GET /admin/export/products.csv, POST /admin/import/products) are
// PRODUCT_CSV_COLUMNS of productCsv.ts, from the field table: not re-exported here, since
// src/domain/types.ts re-exports this module and the field table stays out of the first load.

/** The largest CSV file the product import takes (2 MB). */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;

/**
 * POST /admin/import/products: what an import did, or (dry run) would do; `errors` by
 * `row <line>.<field>`. `create`, `update` and `unchanged` count products: new ones, existing ones
 * the file changes, and existing ones it names with the values they have (left as they are).
 */
export interface ImportReport {
  dryRun: boolean;
  rows: number;
  create: number;
  update: number;
  unchanged: number;
  errors: Record<string, string>;
  /** What each row would change (or changed), by "row N": "Product 6: Price 100 → 90; …". */
  changes?: Record<string, string>;
  created?: number[];
  updated?: number[];
}

/** The account an order was placed from, as the back office shows it (null: the account is gone). */
export interface OrderCustomer {
  id: number;
  email: string;
  name?: string;
}

/** An admin's internal note on an order (POST /orders/:id/notes); shoppers never see them. */
export interface OrderNote {
  id: number;
  text: string;
  /** ISO date-time. */
  at: string;
  by: { id: number; email: string };
}

/** The longest internal note, in characters. */
export const MAX_NOTE_LENGTH = 2000;

/** An order as admins get it: GET /orders lists it with its customer; GET /orders/:id adds the notes. */
export type AdminOrder = Order & { customer: OrderCustomer | null; notes?: OrderNote[] };
