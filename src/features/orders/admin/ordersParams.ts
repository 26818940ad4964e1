// The admin orders table's query in the page URL's search params, so a view can be reloaded,
// shared and left with Back; and the changes the table's controls make to it.
import { API_URL } from '../../../lib/apiClient';
import { idParam, pageParam } from '../../../lib/listingParams';
import { ORDER_STATUSES, type OrderStatus } from '../../../domain/types';
import { ordersFilterParams, ORDERS_PER_PAGE_CHOICES, type OrderSortField, type OrdersFilters, type OrdersQuery, type SortOrder } from '../ordersQuery';

const SORT_FIELDS: readonly OrderSortField[] = ['id', 'createdAt', 'email', 'totalItems', 'totalAmount', 'paymentMethod', 'status'];
/** The longest search the server takes. */
export const MAX_ORDER_SEARCH = 200;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day as the date fields and the API write it, when it is a real one. */
function dayParam(params: URLSearchParams, key: string): string | undefined {
  const value = params.get(key);
  if (!value || !DAY.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : undefined;
}

/** Reads the URL; anything malformed falls back to the default instead of failing. */
export function parseOrdersParams(params: URLSearchParams): OrdersQuery {
  const query: OrdersQuery = { page: pageParam(params) };
  const q = params.get('q')?.trim().slice(0, MAX_ORDER_SEARCH);
  if (q) query.q = q;
  const status = params.get('status');
  if (ORDER_STATUSES.includes(status as OrderStatus)) query.status = status as OrderStatus;
  const from = dayParam(params, 'from');
  const to = dayParam(params, 'to');
  if (from) query.from = from;
  // An end before the start would select nothing: it is left out.
  if (to && !(from && to < from)) query.to = to;
  const sort = params.get('sort');
  if (SORT_FIELDS.includes(sort as OrderSortField)) {
    query.sort = sort as OrderSortField;
    query.order = params.get('order') === 'desc' ? 'desc' : 'asc';
  }
  const user = idParam(params, 'user');
  if (user) query.user = user;
  const perPage = Number(params.get('per_page'));
  if (perPage !== ORDERS_PER_PAGE_CHOICES[0] && (ORDERS_PER_PAGE_CHOICES as readonly number[]).includes(perPage)) query.perPage = perPage;
  return query;
}

/** Only what differs from the default, so the plain /admin/orders URL stays clean. */
export function toOrdersParams(query: OrdersQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.status) params.set('status', query.status);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.user) params.set('user', String(query.user));
  if (query.sort) {
    params.set('sort', query.sort);
    params.set('order', query.order ?? 'asc');
  }
  if (query.perPage && query.perPage !== ORDERS_PER_PAGE_CHOICES[0]) params.set('per_page', String(query.perPage));
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

/** The sort the list shows: the one chosen, else newest first. */
export function shownSort(query: Pick<OrdersQuery, 'sort' | 'order'>): { sort: OrderSortField; order: SortOrder } {
  return query.sort ? { sort: query.sort, order: query.order ?? 'asc' } : { sort: 'createdAt', order: 'desc' };
}

/** A click on a sortable header: ascending first (the date: newest first), then toggles; page back to 1. */
export function withOrderSort(query: OrdersQuery, field: OrderSortField): OrdersQuery {
  const shown = shownSort(query);
  const first: SortOrder = field === 'createdAt' ? 'desc' : 'asc';
  const order: SortOrder = shown.sort === field ? (shown.order === 'asc' ? 'desc' : 'asc') : first;
  return { ...query, sort: field, order, page: 1 };
}

export function withStatusFilter(query: OrdersQuery, status: OrderStatus | undefined): OrdersQuery {
  return { ...query, status, page: 1 };
}

/** The search box and the date range, as submitted; page back to 1. */
export function withSearch(query: OrdersQuery, { q, from, to }: { q: string; from: string; to: string }): OrdersQuery {
  return { ...query, q: q.trim() || undefined, from: from || undefined, to: to || undefined, page: 1 };
}

/** Another page size ("per page"); page back to 1. */
export function withPerPage(query: OrdersQuery, perPage: number): OrdersQuery {
  return { ...query, perPage: perPage === ORDERS_PER_PAGE_CHOICES[0] ? undefined : perPage, page: 1 };
}

/** A key for what the filters select (ticked orders are dropped when it changes). */
export function filterKey(query: OrdersFilters): string {
  return ordersFilterParams(query).toString();
}

/** GET /admin/export/orders.csv with the screen's filters and sort (every page of them). */
export function ordersExportHref(query: OrdersQuery): string {
  const params = ordersFilterParams(query);
  if (query.sort) {
    params.set('_sort', query.sort);
    params.set('_order', query.order ?? 'asc');
  }
  const search = params.toString();
  return `${API_URL}/admin/export/orders.csv${search ? `?${search}` : ''}`;
}
