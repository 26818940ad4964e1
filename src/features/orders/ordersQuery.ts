// The admin orders list's query (page, status filter, sort) and its two wire forms: the page URL's
// search params (a view can be reloaded, shared and left with Back) and the API query of SPEC §7.
import { ADMIN_ORDERS_PER_PAGE } from '../../lib/constants';
import { ORDER_STATUSES, type OrderStatus } from '../../types';

export type OrderSortField = 'id' | 'totalAmount';
export type SortOrder = 'asc' | 'desc';

export interface OrdersQuery {
  page: number;
  status?: OrderStatus;
  sort?: OrderSortField;
  order?: SortOrder;
}

const SORT_FIELDS: readonly OrderSortField[] = ['id', 'totalAmount'];

/** Reads the URL; anything malformed falls back to the default instead of failing. */
export function parseOrdersParams(params: URLSearchParams): OrdersQuery {
  const query: OrdersQuery = { page: 1 };
  const page = Number(params.get('page'));
  if (Number.isInteger(page) && page > 1) query.page = page;
  const status = params.get('status');
  if (ORDER_STATUSES.includes(status as OrderStatus)) query.status = status as OrderStatus;
  const sort = params.get('sort');
  if (SORT_FIELDS.includes(sort as OrderSortField)) {
    query.sort = sort as OrderSortField;
    query.order = params.get('order') === 'desc' ? 'desc' : 'asc';
  }
  return query;
}

/** Only what differs from the default, so the plain /admin/orders URL stays clean. */
export function toOrdersParams(query: OrdersQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.sort) {
    params.set('sort', query.sort);
    params.set('order', query.order ?? 'asc');
  }
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

/** The API form (SPEC §7): _page and _per_page (5 on the admin list), then sort and filter. */
export function ordersQueryString({ page, sort, order, status }: OrdersQuery): string {
  const params = new URLSearchParams({ _page: String(page), _per_page: String(ADMIN_ORDERS_PER_PAGE) });
  if (sort) {
    params.set('_sort', sort);
    params.set('_order', order ?? 'asc');
  }
  if (status) params.set('status', status);
  return params.toString();
}

/** A click on a sortable header: ascending first, then toggles; page back to 1 (SPEC §4). */
export function withOrderSort(query: OrdersQuery, field: OrderSortField): OrdersQuery {
  const order: SortOrder = query.sort === field && query.order === 'asc' ? 'desc' : 'asc';
  return { ...query, sort: field, order, page: 1 };
}

export function withStatusFilter(query: OrdersQuery, status: OrderStatus | undefined): OrdersQuery {
  return { ...query, status, page: 1 };
}
