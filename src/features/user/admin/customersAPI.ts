// The back office's customers: GET /admin/customers?q=&_page=&_limit= (admin only),
// and the list's query in the page URL (?q=&page=) so a search can be reloaded, shared and left
// with Back.
import { apiClient } from '../../../lib/apiClient';
import { pageParam } from '../../../lib/listingParams';
import type { Customer } from '../../../domain/backOffice';

export const CUSTOMERS_PER_PAGE = 20;

export interface CustomersQuery {
  /** A part of an email or a name; '' for everyone. */
  q: string;
  page: number;
}

/** Reads the URL; anything malformed falls back to the default instead of failing. */
export function parseCustomersParams(params: URLSearchParams): CustomersQuery {
  return { q: params.get('q')?.trim() ?? '', page: pageParam(params) };
}

/** Only what differs from the default, so the plain /admin/customers URL stays clean. */
export function toCustomersParams({ q, page }: CustomersQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (page > 1) params.set('page', String(page));
  return params;
}

/** The API form: q (when searching), _page and _limit. */
export function customersApiQuery({ q, page }: CustomersQuery): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  params.set('_page', String(page));
  params.set('_limit', String(CUSTOMERS_PER_PAGE));
  return params.toString();
}

/** useLatest's key is the API query; the answer is a page of customers and the total. */
export const fetchCustomers = (apiQuery: string) => apiClient.list<Customer>(`/admin/customers?${apiQuery}`);
