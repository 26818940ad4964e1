// The record types the storage port (server/db/port.ts) takes and gives: orders, the back
// office (audit, imports), throttling, mail and reset/verification links. port.ts re-exports them.
import type { AuditAction, AuditEntity, AuditEntry, Order, OrderEvent, OrderStatus, Product } from '../../src/domain/types';
import type { EmailMessage } from '../../src/domain/mail';
import type { Payment, Promotion, ShippingMethod } from '../../src/domain/checkout';

// ---------------------------------------------------------------------------------------------
// Transactions

declare const TRANSACTION: unique symbol;
/**
 * One transaction of the store (Store.transaction), handed down by the service that opened it to
 * the methods of any module's part that take it: each runs its statements in it, and nothing of
 * them is kept unless the whole work succeeds. Opaque: only the adapter knows what it holds.
 */
export interface Tx {
  readonly [TRANSACTION]: true;
}

// ---------------------------------------------------------------------------------------------
// Orders

/** `email`: the customer's email. */
export const ORDER_SORT_FIELDS = ['id', 'totalAmount', 'totalItems', 'status', 'paymentMethod', 'user', 'createdAt', 'email'] as const;
export type OrderSortField = (typeof ORDER_SORT_FIELDS)[number];

export interface OrderQuery {
  /** Only orders in one of these statuses. */
  status?: readonly OrderStatus[];
  /** Only this user's orders. */
  user?: number;
  /** Only the order with this number, or (either) the orders whose customer's email holds this text (lower case). */
  search?: { id?: number; email: string };
  /** Only orders placed at or after `from` and before `to` (ISO date-times). */
  placed?: { from?: string; to?: string };
  /** By the field (an absent createdAt counts as ''), then by id ascending. Default: newest first (createdAt descending, then id descending). */
  sort?: { field: OrderSortField; order: 'asc' | 'desc' };
  slice?: { start: number; end: number };
}

/** A note as an admin writes it on an order (Store.addOrderNote). */
export interface NewOrderNote {
  text: string;
  /** Epoch milliseconds. */
  at: number;
  by: { id: number; email: string };
}

/** An order as the service computes it; the adapter gives it its id. */
export type NewOrder = Omit<Order, 'id'>;

/** A status change of an order, as the order service's rules decide it (OrderService.transition). */
export interface OrderChange {
  status: OrderStatus;
  /** The whole history after the change. */
  history: OrderEvent[];
  /** Stock to give back (positive) or take (negative), per variant of a product. */
  stock: readonly { product: number; variant: number; delta: number }[];
  /** The order's payment after the change (orders.payment); absent = unchanged. */
  payment?: Payment;
}

/** Where an order or a quote ships to (tax and shipping methods). */
export interface PricingPlace {
  country: string;
  state?: string;
}

/** What pricing reads besides the lines (Store.pricingContext). */
export interface PricingContext {
  member: boolean;
  /** Every automatic promotion and those of the codes given, whatever their state. */
  promotions: Promotion[];
  /** How many orders of the user carry each promotion (by id; absent = 0). */
  customerUses: Record<number, number>;
  /** The place's shipping methods, cheapest first (none without a place). */
  shippingMethods: ShippingMethod[];
  /** The place's tax rate in percent (0 without a place). */
  taxRate: number;
}

/** A promotion an order could not count: its usage limit reached, or the customer's. */
export interface RedemptionRefused {
  promotion: number;
  limit: 'usage' | 'customer';
}

/** What an Idempotency-Key remembers of the request that placed its order. */
export interface KeyedRequest {
  /** Absent for keys stored before fingerprints were kept. */
  fingerprint?: string;
}

// ---------------------------------------------------------------------------------------------
// The back office

/**
 * An admin write to record in the audit log, in the transaction of the write: who, what and
 * when; the service that writes adds the entity and the fields before and after
 * (server/modules/backoffice/auditEntries.ts), or `describe` does, from the product as it was and
 * as it became, and hands the entry to AuditService.record.
 */
export interface AuditContext {
  actor: { id: number; email: string };
  action: AuditAction;
  /** Epoch milliseconds. */
  at: number;
  describe?: (before: Product, after: Product) => Pick<AuditEntry, 'entity' | 'entityId' | 'before' | 'after'>;
}

export interface AuditQuery {
  entity?: AuditEntity;
  actor?: number;
  slice?: { start: number; end: number };
}

/** A window of time, [from, to) in epoch milliseconds. */
export interface TimeRange {
  from: number;
  to: number;
}

/** A row of a product import: an update of the product with `id`, or a new product. */
export type ImportRow = { id: number; changes: Partial<Omit<Product, 'id'>> } | { id?: undefined; product: Omit<Product, 'id'> };

export type ImportResult = { created: number[]; updated: number[] } | { missing: number[] };

// ---------------------------------------------------------------------------------------------
// Throttling

/** One counter of a throttle: at most `max` events of `bucket`/`key` in the window. */
export interface ThrottleCounter {
  bucket: string;
  key: string;
  max: number;
}

// ---------------------------------------------------------------------------------------------
// Mail: an outbox written in the same step as the change that causes the message

/** A message to send: one recipient, a subject, a plain-text part and an optional HTML part. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** A message of the outbox, with its delivery state. */
export type OutboxMessage = EmailMessage & { nextAttemptAt: string };

/** A password reset or email verification link's token (its SHA-256 only) and its lifetime, epoch milliseconds. */
export interface ResetToken {
  digest: string;
  at: number;
  expiresAt: number;
}
