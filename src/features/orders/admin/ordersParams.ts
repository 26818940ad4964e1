// The admin orders table's query in the page URL's search params, so a view can be reloaded,
// shared and left with Back; and the changes the table's controls make to it.
import { API_URL } from '../../../lib/apiClient';
import { idParam, pageParam } from '../../../lib/listingParams';
import { ORDER_STATUSES, type OrderStatus } from '../../../domain/types';
import type { OrderSortField, OrdersQuery, SortOrder } from '../ordersQuery';

const SORT_FIELDS: readonly OrderSortField[] = ['id', 'totalAmount'];

/** Reads the URL; anything malformed falls back to the default instead of failing. */
export function parseOrdersParams(params: URLSearchParams): OrdersQuery {
  const query: OrdersQuery = { page: pageParam(params) };
  const status = params.get('status');
  if (ORDER_STATUSES.includes(status as OrderStatus)) query.status = status as OrderStatus;
  const sort = params.get('sort');
  if (SORT_FIELDS.includes(sort as OrderSortField)) {
    query.sort = sort as OrderSortField;
    query.order = params.get('order') === 'desc' ? 'desc' : 'asc';
  }
  const user = idParam(params, 'user');
  if (user) query.user = user;
  return query;
}

/** Only what differs from the default, so the plain /admin/orders URL stays clean. */
export function toOrdersParams(query: OrdersQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.user) params.set('user', String(query.user));
  if (query.sort) {
    params.set('sort', query.sort);
    params.set('order', query.order ?? 'asc');
  }
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

/** A click on a sortable header: ascending first, then toggles; page back to 1 (SPEC §4). */
export function withOrderSort(query: OrdersQuery, field: OrderSortField): OrdersQuery {
  const order: SortOrder = query.sort === field && query.order === 'asc' ? 'desc' : 'asc';
  return { ...query, sort: field, order, page: 1 };
}

export function withStatusFilter(query: OrdersQuery, status: OrderStatus | undefined): OrdersQuery {
  return { ...query, status, page: 1 };
}

/** GET /admin/export/orders.csv with the screen's filters and sort (every page of them). */
export function ordersExportHref({ status, user, sort, order }: OrdersQuery): string {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (user) params.set('user', String(user));
  if (sort) {
    params.set('_sort', sort);
    params.set('_order', order ?? 'asc');
  }
  const search = params.toString();
  return `${API_URL}/admin/export/orders.csv${search ? `?${search}` : ''}`;
}
