import { ApiError, apiClient } from '../../lib/apiClient';
import type { NewOrder, Order, OrderStatus } from '../../domain/types';
import type { CardInput } from '../../domain/checkout';

/** Waits before each retry of an order that met a network error (then the error is shown). */
const RETRY_DELAYS_MS = [500, 1500];

/** The order body, and what the shopper chose at checkout: the shipping method and promo codes. */
export interface OrderRequest extends NewOrder {
  /** The shipping method's id; none = the cheapest for the address's country. */
  shippingMethod?: number;
  /** Promo codes; none = automatic promotions only. */
  codes?: string[];
  /** The total the shopper was shown (the quote's): the server places the order at it or answers 409. */
  expectedTotal?: number;
}

export interface OrderAttempt {
  order: OrderRequest;
  idempotencyKey: string;
  /**
   * The card of a card payment, read only when the request is sent: a function, so the number is
   * never a value of a Redux action (the thunk's argument) nor of the store.
   */
  card?: () => CardInput;
}

// POST /orders → 201 the stored order (the server re-prices it and empties the cart). The
// Idempotency-Key makes a retry safe: the server answers 200 with the order the key placed.
// A network error is retried (same key) before giving up.
export async function createOrder({ order, idempotencyKey, card }: OrderAttempt) {
  for (let attempt = 0; ; attempt++) {
    try {
      const body = card ? { ...order, card: card() } : order;
      return await apiClient.post<Order>('/orders', body, { 'Idempotency-Key': idempotencyKey });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 0 || attempt >= RETRY_DELAYS_MS.length) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[attempt]));
    }
  }
}

// GET /orders/?_page&_per_page… (admin): X-Total-Count gives the total. The query comes built
// (ordersQuery.ts), so its code loads with the back office, not with every shopper's store.
export const fetchAllOrders = (apiQuery: string) =>
  apiClient
    .list<Order>(`/orders?${apiQuery}`)
    .then(({ items, total }) => ({ orders: items, totalOrders: total }));

// PATCH /orders/{id}: only the status is applied.
export const updateOrder = (update: { id: number; status: OrderStatus }) =>
  apiClient.patch<Order>(`/orders/${update.id}`, update);
