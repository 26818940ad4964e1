// The record types the storage port (server/db/port.ts) takes and gives: orders, the back
// office (audit, imports), throttling, mail and reset/verification links. port.ts re-exports them.
import type { AuditAction, AuditEntity, AuditEntry, Order, OrderEvent, OrderStatus, Product } from '../../src/domain/types';
import type { EmailMessage } from '../../src/domain/mail';
import type { Payment, Promotion, ShippingMethod } from '../../src/domain/checkout';
import type { StoredUser } from './snapshot';
import type { VariantProduct } from '../modules/catalogue/variantTypes';

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

export interface PlaceOrder {
  user: number;
  /**
   * One line per variant (no variant twice): `variant` is the line's variant of `product` (the
   * service resolved it; the store checks it is the product's).
   */
  lines: readonly { product: number; variant: number; quantity: number }[];
  /**
   * The service's rules, run inside the atomic step with the current products of `lines` (same
   * order): checks they can be bought (throwing the error to answer, e.g. 409) and prices the
   * order. Synchronous, and must not change the products.
   */
  price(products: readonly VariantProduct[], pricing?: PricingContext): NewOrder;
  /**
   * Prices (issue 23): when given, the store reads the PricingContext of `user`, these codes and
   * place inside the atomic step and hands it to `price`; the promotions of the priced order
   * (`promotions[].id`) are counted as redeemed in the same step (refused: nothing placed).
   */
  pricing?: { codes: readonly string[]; place?: PricingPlace };
  /**
   * Takes the payment of the priced order, inside the atomic step after pricing and stock:
   * the payment to store, or why the card was refused (nothing placed). When the step fails
   * after it, `undo` is called with that payment.
   */
  pay?: { take(order: NewOrder): Promise<{ payment: Payment } | { declined: string }>; undo(payment: Payment): Promise<void> };
  /**
   * Remember the order under this Idempotency-Key of the user with the request's fingerprint
   * (and forget keys created at or before `forgetUpTo`).
   */
  idempotency?: { key: string; fingerprint: string; at: number; forgetUpTo: number };
  /**
   * The message to put in the outbox in the same step as the placed order (the order with its
   * id, and the email of its account); not called for an earlier or a refused order.
   */
  mail?: OrderMail;
}

/** A message about an order, due `at` (epoch ms): `message` gets the order as it is after the change and its account's email; undefined: none. */
export interface OrderMail {
  at: number;
  message(order: Order, owner: string): OutgoingMail | undefined;
}

/** A status change of an order, as the service's rules decide it (see Store.changeOrder). */
export interface OrderChange {
  status: OrderStatus;
  /** The whole history after the change. */
  history: OrderEvent[];
  /** Stock to give back (positive) or take (negative), per variant of a product. */
  stock: readonly { product: number; variant: number; delta: number }[];
  /** The order's payment after the change (orders.payment); absent = unchanged. */
  payment?: Payment;
}

/**
 * What placeOrder did:
 *  - placed: stock taken for every line, the order stored (with its key), the user's cart emptied;
 *  - earlier: the user's Idempotency-Key had already placed this order (now durable); nothing changed;
 *  - shortOf: that product (or the line's `variant` of it) is missing, deleted or has less stock than its line asks; nothing changed.
 */
export type PlaceOrderResult =
  | { placed: Order }
  | ({ earlier: Order } & KeyedRequest)
  | { shortOf: number; variant?: number }
  | { refused: RedemptionRefused }
  | { declined: string };

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
 * An admin write to record in the audit log, in the same atomic step as the write: who, what
 * and when; the adapter adds the entity and the fields before and after (server/modules/backoffice/auditEntries.ts),
 * or `describe` does, from the record as it was and as it became.
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

/** A password reset link's token (its SHA-256 only) and its lifetime, epoch milliseconds. */
export interface ResetToken {
  digest: string;
  at: number;
  expiresAt: number;
}

/** An email verification link to store and mail: its token (SHA-256 only) and the mail holding it. */
export interface VerificationLink {
  token: ResetToken;
  mail: (user: StoredUser) => OutgoingMail;
}
