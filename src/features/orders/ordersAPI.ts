import { ApiError, apiClient } from '../../lib/apiClient';
import { ADMIN_ORDERS_PER_PAGE } from '../../lib/constants';
import type { NewOrder, Order, OrderStatus } from '../../types';

export interface OrdersQuery {
  page: number;
  perPage?: number;
  sort?: string;
  order?: 'asc' | 'desc';
  status?: OrderStatus | '';
}

export function ordersQueryString({ page, perPage = ADMIN_ORDERS_PER_PAGE, sort, order, status }: OrdersQuery): string {
  const params = new URLSearchParams({ _page: String(page), _per_page: String(perPage) });
  if (sort) {
    params.set('_sort', sort);
    params.set('_order', order ?? 'asc');
  }
  if (status) params.set('status', status);
  return params.toString();
}

/** Waits before each retry of an order that met a network error (then the error is shown). */
export const ORDER_RETRY_DELAYS_MS = [500, 1500];

/**
 * A new Idempotency-Key: one per attempt to order. getRandomValues, not randomUUID, which
 * browsers offer only on https or localhost.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Did the attempt end without a clear answer, so that the order may have been placed? */
export const outcomeUnknown = (status: number | undefined) => status === undefined || status === 0 || status >= 500;

// POST /orders → 201 the stored order (the server re-prices it and empties the cart). The
// Idempotency-Key makes a retry safe: the server answers 200 with the order the key placed.
// A network error is retried (same key) before giving up.
export async function createOrder(order: NewOrder, idempotencyKey: string, delays = ORDER_RETRY_DELAYS_MS) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await apiClient.post<Order>('/orders', order, { 'Idempotency-Key': idempotencyKey });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 0 || attempt >= delays.length) throw error;
      await new Promise((resolve) => setTimeout(resolve, delays[attempt]));
    }
  }
}

// GET /orders/?_page&_per_page… (admin): X-Total-Count gives the total.
export const fetchAllOrders = (query: OrdersQuery) => apiClient.get<Order[]>(`/orders?${ordersQueryString(query)}`);

// PATCH /orders/{id}: only the status is applied.
export const updateOrder = (update: { id: number; status: OrderStatus }) =>
  apiClient.patch<Order>(`/orders/${update.id}`, update);
