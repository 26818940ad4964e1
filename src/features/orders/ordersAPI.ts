import { apiClient } from '../../lib/apiClient';
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

// POST /orders → 201 the stored order (the server re-prices it and empties the cart).
export const createOrder = (order: NewOrder) => apiClient.post<Order>('/orders', order);

// GET /orders/?_page&_per_page… (admin): X-Total-Count gives the total.
export const fetchAllOrders = (query: OrdersQuery) => apiClient.get<Order[]>(`/orders?${ordersQueryString(query)}`);

// PATCH /orders/{id}: only the status is applied.
export const updateOrder = (update: { id: number; status: OrderStatus }) =>
  apiClient.patch<Order>(`/orders/${update.id}`, update);
