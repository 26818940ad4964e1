// The product listing in the page URL's search params (shareable, reloadable, Back works), and the
// changes the listing's controls make to it.
import { SORT_OPTIONS } from './constants';
import type { SortOption } from '../types';
import { emptyListingQuery, FILTER_GROUPS, type DeletedFilter, type FilterGroup, type ListingQuery } from './listingQuery';

const MAX_Q = 100;

function unique(values: string[]): string[] {
  return [...new Set(values.map((v) => v.trim()).filter(Boolean))];
}

/** Reads the URL; anything malformed falls back to the default instead of failing. */
export function parseListingParams(params: URLSearchParams): ListingQuery {
  const query = emptyListingQuery();
  for (const group of FILTER_GROUPS) query.filter[group] = unique(params.getAll(group));
  const sort = params.get('sort');
  const order = params.get('order');
  const option = SORT_OPTIONS.find((o) => o.sort === sort && o.order === order);
  if (option) query.sort = { _sort: option.sort, _order: option.order };
  const page = Number(params.get('page'));
  if (Number.isInteger(page) && page > 1) query.page = page;
  const q = params.get('q')?.trim().slice(0, MAX_Q);
  if (q) query.q = q;
  const deleted = params.get('deleted');
  if (deleted === 'active' || deleted === 'deleted') query.deleted = deleted;
  return query;
}

/** The URL form: only what differs from the default, so the plain home URL stays clean. */
export function toSearchParams(query: ListingQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const group of FILTER_GROUPS) for (const value of query.filter[group]) params.append(group, value);
  if (query.sort) {
    params.set('sort', query.sort._sort);
    params.set('order', query.sort._order);
  }
  if (query.q) params.set('q', query.q);
  if (query.deleted && query.deleted !== 'all') params.set('deleted', query.deleted);
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

// Changes to the listing. Every change except paging starts again at page 1 (SPEC §4).

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

export function withPage(query: ListingQuery, page: number): ListingQuery {
  return { ...query, page: Math.max(1, Math.floor(page)) };
}

export function isSortSelected(query: ListingQuery, option: SortOption): boolean {
  return query.sort?._sort === option.sort && query.sort?._order === option.order;
}

export function activeFilterCount(query: ListingQuery): number {
  return query.filter.category.length + query.filter.brand.length;
}
