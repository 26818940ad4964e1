// The product listing's state (filters, sort, page, search, admin "show") as one value, and its API
// form. Its URL form and the changes the page makes to it are in listingParams.ts.
import { ITEMS_PER_PAGE } from '../domain/constants';
import type { SortOption } from '../domain/types';

export type FilterGroup = 'category' | 'brand';
export const FILTER_GROUPS: readonly FilterGroup[] = ['category', 'brand'];

export type DeletedFilter = 'all' | 'active' | 'deleted';

/**
 * The facet filters by their API names: the displayed price (`salePrice`) in whole dollars (at
 * least, at most), the rating (at least), and stock_gte 1 for "in stock only".
 */
export type RangeKey = 'salePrice_gte' | 'salePrice_lte' | 'rating_gte' | 'stock_gte';
export const RANGE_KEYS: readonly RangeKey[] = ['salePrice_gte', 'salePrice_lte', 'rating_gte', 'stock_gte'];

export interface ListingSort {
  _sort: SortOption['sort'];
  _order: SortOption['order'];
}

export interface ListingQuery {
  filter: Record<FilterGroup, string[]>;
  sort?: ListingSort;
  page: number;
  q?: string;
  /** Admin list only: all (default), active only, or deleted only. */
  deleted?: DeletedFilter;
  ranges: Partial<Record<RangeKey, number>>;
}

export const emptyListingQuery = (): ListingQuery => ({ filter: { category: [], brand: [] }, page: 1, ranges: {} });

/** The API form: filters as repeated key=value, then _sort/_order, then _page/_limit, then the rest. */
export function toApiQuery(query: ListingQuery, limit: number = ITEMS_PER_PAGE): string {
  const params = new URLSearchParams();
  for (const group of FILTER_GROUPS) for (const value of query.filter[group]) params.append(group, value);
  if (query.sort) {
    params.set('_sort', query.sort._sort);
    params.set('_order', query.sort._order);
  }
  params.set('_page', String(query.page));
  params.set('_limit', String(limit));
  // The shop's ranked, typo-forgiving search (json-server's `q` is a plain substring).
  if (query.q) params.set('search', query.q);
  if (query.deleted === 'active') params.set('deleted_ne', 'true');
  if (query.deleted === 'deleted') params.set('deleted', 'true');
  for (const key of RANGE_KEYS) if (query.ranges[key] !== undefined) params.set(key, String(query.ranges[key]));
  return params.toString();
}
