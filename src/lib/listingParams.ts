// The product listing in the page URL's search params (shareable, reloadable, Back works), and the
// changes the listing's controls make to it.
import { SORT_OPTIONS } from '../domain/constants';
import type { SortOption } from '../domain/types';
import {
  emptyListingQuery,
  FILTER_GROUPS,
  RANGE_KEYS,
  type DeletedFilter,
  type FilterGroup,
  type ListingQuery,
  type RangeKey,
} from './listingQuery';

const MAX_Q = 100;

/** The facet filters' names in the page URL, and the values each accepts. */
const RANGE_PARAMS: Record<RangeKey, { name: string; valid: (n: number) => boolean }> = {
  salePrice_gte: { name: 'min_price', valid: (n) => Number.isInteger(n) && n >= 0 },
  salePrice_lte: { name: 'max_price', valid: (n) => Number.isInteger(n) && n >= 0 },
  rating_gte: { name: 'rating', valid: (n) => n > 0 && n <= 5 },
  stock_gte: { name: 'in_stock', valid: (n) => n === 1 },
};

/** The sorts' names in the page URL (the price sort is by the displayed price, `salePrice`). */
const SORT_PARAMS: Record<SortOption['sort'], string> = { rating: 'rating', salePrice: 'price' };

function unique(values: string[]): string[] {
  return [...new Set(values.map((v) => v.trim()).filter(Boolean))];
}

/** A list's page in the URL (`page`, from 1); anything else is page 1. */
export function pageParam(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/** A record's id in the URL's `key` (a whole number from 1, as the API takes it), or undefined. */
export function idParam(params: URLSearchParams, key: string): number | undefined {
  const value = params.get(key);
  return value && /^[1-9]\d{0,15}$/.test(value) && Number.isSafeInteger(Number(value)) ? Number(value) : undefined;
}

/** Reads the URL; anything malformed falls back to the default instead of failing. */
export function parseListingParams(params: URLSearchParams): ListingQuery {
  const query = emptyListingQuery();
  for (const group of FILTER_GROUPS) query.filter[group] = unique(params.getAll(group));
  const sort = params.get('sort');
  const order = params.get('order');
  const option = SORT_OPTIONS.find((o) => SORT_PARAMS[o.sort] === sort && o.order === order);
  if (option) query.sort = { _sort: option.sort, _order: option.order };
  query.page = pageParam(params);
  const q = params.get('q')?.trim().slice(0, MAX_Q);
  if (q) query.q = q;
  const deleted = params.get('deleted');
  if (deleted === 'active' || deleted === 'deleted') query.deleted = deleted;
  for (const key of RANGE_KEYS) {
    const raw = params.get(RANGE_PARAMS[key].name);
    const value = raw ? Number(raw) : NaN;
    if (RANGE_PARAMS[key].valid(value)) query.ranges[key] = value;
  }
  return query;
}

/** The URL form: only what differs from the default, so the plain home URL stays clean. */
export function toSearchParams(query: ListingQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const group of FILTER_GROUPS) for (const value of query.filter[group]) params.append(group, value);
  if (query.sort) {
    params.set('sort', SORT_PARAMS[query.sort._sort]);
    params.set('order', query.sort._order);
  }
  if (query.q) params.set('q', query.q);
  if (query.deleted && query.deleted !== 'all') params.set('deleted', query.deleted);
  for (const key of RANGE_KEYS) {
    const value = query.ranges[key];
    if (value !== undefined) params.set(RANGE_PARAMS[key].name, String(value));
  }
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

// Changes to the listing. Every change except paging starts again at page 1.

export function withFilter(query: ListingQuery, group: FilterGroup, value: string, checked: boolean): ListingQuery {
  const current = query.filter[group].filter((v) => v !== value);
  return {
    ...query,
    filter: { ...query.filter, [group]: checked ? [...current, value] : current },
    page: 1,
  };
}

export function withSort(query: ListingQuery, option: SortOption): ListingQuery {
  return { ...query, sort: { _sort: option.sort, _order: option.order }, page: 1 };
}

export function withSearch(query: ListingQuery, q: string): ListingQuery {
  const trimmed = q.trim().slice(0, MAX_Q);
  return { ...query, q: trimmed || undefined, page: 1 };
}

export function withDeleted(query: ListingQuery, deleted: DeletedFilter): ListingQuery {
  return { ...query, deleted: deleted === 'all' ? undefined : deleted, page: 1 };
}

/** Sets a facet filter, or removes it (`undefined`). */
export function withRange(query: ListingQuery, key: RangeKey, value: number | undefined): ListingQuery {
  const ranges = { ...query.ranges };
  if (value === undefined) delete ranges[key];
  else ranges[key] = value;
  return { ...query, ranges, page: 1 };
}

/** Sets both ends of the price range (either may be `undefined`: no limit). */
export function withPriceRange(query: ListingQuery, min: number | undefined, max: number | undefined): ListingQuery {
  return withRange(withRange(query, 'salePrice_gte', min), 'salePrice_lte', max);
}

/** 'Clear all': no filter and no search; the sort and the admin's "show" choice stay. */
export function withoutFilters(query: ListingQuery): ListingQuery {
  return { ...emptyListingQuery(), sort: query.sort, deleted: query.deleted };
}

export function withPage(query: ListingQuery, page: number): ListingQuery {
  return { ...query, page: Math.max(1, Math.floor(page)) };
}

export function isSortSelected(query: ListingQuery, option: SortOption): boolean {
  return query.sort?._sort === option.sort && query.sort?._order === option.order;
}

/** The filters in use: each category and brand, the price range as one, the rating, in stock only. */
export function activeFilterCount(query: ListingQuery): number {
  const { salePrice_gte, salePrice_lte, ...others } = query.ranges;
  const price = salePrice_gte !== undefined || salePrice_lte !== undefined ? 1 : 0;
  return query.filter.category.length + query.filter.brand.length + price + Object.keys(others).length;
}
