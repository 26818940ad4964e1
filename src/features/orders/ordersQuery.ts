// The admin orders list's query (page, status and customer filters, sort) and its API form (SPEC §7). Its URL
// form, for the back office's address bar, is in admin/ordersParams.ts.
import { ADMIN_ORDERS_PER_PAGE } from '../../domain/constants';
import type { OrderStatus } from '../../domain/types';

export type OrderSortField = 'id' | 'totalAmount';
export type SortOrder = 'asc' | 'desc';

export interface OrdersQuery {
  page: number;
  status?: OrderStatus;
  sort?: OrderSortField;
  order?: SortOrder;
  /** One customer's orders (the customers page links here). */
  user?: number;
}

/** The API form (SPEC §7): _page and _per_page (5 on the admin list), then sort and filter. */
export function ordersQueryString({ page, sort, order, status, user }: OrdersQuery): string {
  const params = new URLSearchParams({ _page: String(page), _per_page: String(ADMIN_ORDERS_PER_PAGE) });
  if (sort) {
    params.set('_sort', sort);
    params.set('_order', order ?? 'asc');
  }
  if (status) params.set('status', status);
  if (user) params.set('user', String(user));
  return params.toString();
}
