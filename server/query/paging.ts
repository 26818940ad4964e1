// Query values the back-office lists share: one value per key, and pages (_page with _per_page
// or _limit as the page size).
import { MAX_PAGE_SIZE } from '../../src/domain/constants';
import { badRequest } from '../http/errors';

type Query = Record<string, unknown>;

export const DEFAULT_PAGE_SIZE = 10;
export { MAX_PAGE_SIZE };

/** What a person calls the values of these keys (the pager, the dashboard's period, a search box), in messages. */
const LABELS: Record<string, string> = { _page: 'Page', _per_page: 'Page size', _limit: 'Page size', days: 'Days', q: 'Search' };
const labelOf = (key: string) => LABELS[key] ?? key;

/** The key's value, which must be given once (400 otherwise). */
export function single(query: Query, key: string): string | undefined {
  const value = query[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest(`${labelOf(key)} must be given once`);
  return value;
}

/** A whole number from 1 to `max` (400 otherwise). */
export function positiveInt(query: Query, key: string, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const value = single(query, key);
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > max) {
    const label = labelOf(key);
    throw badRequest(`Invalid ${label.toLowerCase()}`, { [key]: `${label} must be a whole number from 1 to ${max}` });
  }
  return n;
}

/** The slice a `_page` / `_per_page` (or `_limit`) query asks for; undefined when it asks for no page. */
export function pageOf(query: Query): { start: number; end: number } | undefined {
  const page = positiveInt(query, '_page');
  const size = positiveInt(query, '_per_page', MAX_PAGE_SIZE) ?? positiveInt(query, '_limit', MAX_PAGE_SIZE);
  if (page === undefined && size === undefined) return undefined;
  const perPage = size ?? DEFAULT_PAGE_SIZE;
  const start = ((page ?? 1) - 1) * perPage;
  return { start, end: start + perPage };
}

/**
 * pageOf for a list that must stay bounded: a query that asks for no page gets
 * the first MAX_PAGE_SIZE items (X-Total-Count still counts all; the route's Link names the next
 * page: server/query/pages.ts).
 */
export function boundedPageOf(query: Query): { start: number; end: number } {
  return pageOf(query) ?? { start: 0, end: MAX_PAGE_SIZE };
}
