// The admin orders list's query (page, search, status, customer and date filters, sort) and its API
// form. Its URL form, for the back office's address bar, is in admin/ordersParams.ts.
import { ADMIN_ORDERS_PER_PAGE } from '../../domain/constants';
import type { OrderStatus } from '../../domain/types';

/** The columns the list sorts by; `email` is the customer's. No sort: newest first. */
export type OrderSortField = 'id' | 'createdAt' | 'email' | 'totalItems' | 'totalAmount' | 'paymentMethod' | 'status';
export type SortOrder = 'asc' | 'desc';

/** The page sizes the admin list offers ("per page"); the first (ADMIN_ORDERS_PER_PAGE) is the default. */
export const ORDERS_PER_PAGE_CHOICES = [ADMIN_ORDERS_PER_PAGE, 20, 50] as const;

export interface OrdersQuery {
  page: number;
  /** Orders a page: one of ORDERS_PER_PAGE_CHOICES; absent = ADMIN_ORDERS_PER_PAGE. */
  perPage?: number;
  /** An order number, a part of the customer's name or email, or of a line's product title or SKU. */
  q?: string;
  status?: OrderStatus;
  /** Placed on or after this day (YYYY-MM-DD, UTC). */
  from?: string;
  /** Placed on or before this day (YYYY-MM-DD, UTC). */
  to?: string;
  sort?: OrderSortField;
  order?: SortOrder;
  /** One customer's orders (the customers page links here). */
  user?: number;
}

/** The filters of a query in the API's words (also for the CSV export and 'Select all matching'). */
export type OrdersFilters = Pick<OrdersQuery, 'q' | 'status' | 'from' | 'to' | 'user'>;

export function ordersFilterParams({ q, status, from, to, user }: OrdersFilters, params = new URLSearchParams()): URLSearchParams {
  if (q) params.set('q', q);
  if (status) params.set('status', status);
  if (from) params.set('createdAt_gte', from);
  if (to) params.set('createdAt_lte', to);
  if (user) params.set('user', String(user));
  return params;
}

/** The API form: _page and _per_page (5 on the admin list unless chosen), then sort and filters. */
export function ordersQueryString(query: OrdersQuery): string {
  const params = new URLSearchParams({ _page: String(query.page), _per_page: String(query.perPage ?? ADMIN_ORDERS_PER_PAGE) });
  if (query.sort) {
    params.set('_sort', query.sort);
    params.set('_order', query.order ?? 'asc');
  }
  return ordersFilterParams(query, params).toString();
}
