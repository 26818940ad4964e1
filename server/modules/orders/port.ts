// The storage port's orders: the shopper's and the back office's reads, notes, placing and
// status changes. Part of the Store (server/db/port.ts), whose contract it follows.
import type { AdminOrder, OrderNote } from '../../../src/domain/backOffice';
import type { Payment } from '../../../src/domain/checkout';
import type { Order, OrderEvent, OrderReturn, OrderStatus } from '../../../src/domain/types';
import type { Page } from '../../query/lists';
import type { Tx } from '../../db/tx';
import type { StoredTracking } from '../../../src/domain/tracking';

/** What a change of an order writes: each field given replaces the stored one. */
export interface OrderUpdate {
  status?: OrderStatus;
  history?: OrderEvent[];
  payment?: Payment;
  returns?: OrderReturn[];
  tracking?: StoredTracking;
}

export interface OrderStore {
  // Orders.
  /** The user's orders, newest first (createdAt descending, an absent one last, then id descending). */
  ordersOf(user: number): Promise<Order[]>;
  /** The `slice` of the user's orders in ordersOf's order, and how many they have (My Orders' pages). */
  ordersOfPage(user: number, slice: { start: number; end: number }): Promise<Page<Order>>;
  /** Orders with their customer (the back office's list): default newest first. */
  listOrders(query: OrderQuery): Promise<Page<AdminOrder>>;
  orderById(id: number): Promise<Order | undefined>;
  /** The order with its customer and its notes (oldest first), for the back office. */
  orderForAdmin(id: number): Promise<AdminOrder | undefined>;
  /** Adds the note to the order and records `audit` in the same step; undefined (nothing written) when there is no such order. */
  addOrderNote(tx: Tx, order: number, note: NewOrderNote): Promise<OrderNote | undefined>;
  /** Whether the user has a delivered order holding the product. */
  hasDeliveredOrderWith(user: number, product: number): Promise<boolean>;
  /** The order the user placed with this Idempotency-Key after `notBefore` (ms; older keys have expired), and the fingerprint of that request. */
  orderForKey(user: number, key: string, notBefore: number): Promise<({ order: Order } & KeyedRequest) | undefined>;
  /** The order with its row locked until `tx` ends; undefined when there is no such order. */
  lockOrder(tx: Tx, id: number): Promise<Order | undefined>;
  /** Stores a new order; the order with its id. */
  insertOrder(tx: Tx, order: NewOrder): Promise<Order>;
  /**
   * Stores a new order and, in the same statement, the Idempotency-Key that placed it with its
   * request's fingerprint (replacing the user's key of that name made at or before `forgetUpTo`:
   * expired). undefined when the user's key is taken (by a live key, or by a transaction placing
   * with it that committed meanwhile): the caller rolls back and answers the order it placed.
   */
  insertKeyedOrder(tx: Tx, order: NewOrder, key: { user: number; key: string; fingerprint: string; at: number; forgetUpTo: number }): Promise<Order | undefined>;
  /** Writes the given fields of the order; the order after it. */
  updateOrder(tx: Tx, id: number, changes: OrderUpdate): Promise<Order>;
  /** Forgets every Idempotency-Key made at or before `upTo` (expired: they answer no more); how many. */
  forgetIdempotencyKeys(upTo: number): Promise<number>;
}

// ---------------------------------------------------------------------------------------------
// The records this part takes and gives

/** `email`: the customer's email. */
export const ORDER_SORT_FIELDS = ['id', 'totalAmount', 'totalItems', 'status', 'paymentMethod', 'user', 'createdAt', 'email'] as const;
export type OrderSortField = (typeof ORDER_SORT_FIELDS)[number];

export interface OrderQuery {
  /** Only orders in one of these statuses. */
  status?: readonly OrderStatus[];
  /** Only this user's orders. */
  user?: number;
  /**
   * Only the order with this number, or (any of) the orders whose customer's name or email, or
   * one of whose lines' product title or SKU, holds this text (lower case).
   */
  search?: { id?: number; text: string };
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

/** What an Idempotency-Key remembers of the request that placed its order. */
export interface KeyedRequest {
  /** Absent for keys stored before fingerprints were kept. */
  fingerprint?: string;
}

// ---------------------------------------------------------------------------------------------
// Idempotency keys as stored

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
