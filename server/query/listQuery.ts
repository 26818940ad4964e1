// The query of GET /products, /categories and /brands, read as json-server 0.17's router reads it
// (the API is specified by it) into the store's ListQuery (server/db/port.ts), which the
// adapter answers: field=value filters (repeated keys OR-ed), field_ne / _gte / _lte / _like, q,
// _sort/_order, _page/_limit, _start/_end/_limit. tests/api/catalogue/parity.test.ts compares the answers
// with json-server's own router.
//
// Where the shop answers otherwise, on purpose:
//  - q, _sort, _order, _page, _limit, _start and _end given twice, and a value that is not a
//    plain text (`a[b]=1`): 400. json-server answers 500 for a repeated _sort (and _order with
//    _sort), takes the first q, and parseInt of the joined values for the others.
//  - _embed, _expand (they could pull other collections in), _delay and callback: ignored.
//  - A `_like` pattern JavaScript refuses (json-server: 500) or that server/query/likeRegex.ts will
//    not translate (could be slow, or could mean something else in PostgreSQL): 400.
//  - Paths into a value (`reviews.0.rating=5`, `title.length_gte=3`, `_sort=reviews.0.rating`):
//    json-server follows them with lodash; here an equality filter or a sort key on one is
//    ignored and a comparison on one matches nothing (as json-server does for a path no record
//    has).
import { assertValid, badRequest } from '../http/errors';
import { likeRegex } from './likeRegex';
import type { ListFilter, ListQuery, Page } from '../db/port';
import { MAX_PAGE_SIZE } from './paging';

/** Keys that take one value. */
const SINGLE_VALUE = new Set(['q', '_sort', '_order', '_page', '_limit', '_start', '_end']);

/** Keys json-server takes out before it filters (_embed, _expand, _delay) or never filters by. */
const IGNORED = new Set(['_embed', '_expand', '_delay', '_', 'callback']);

const OPERATOR = /_(ne|gte|lte|like)$/;

export type Query = Record<string, string | string[]>;

/**
 * The query's keys as json-server filters by them: the single-valued ones checked (a text, given
 * once), the ignored ones and any other `_` key without an operator dropped (json-server drops a
 * key no record has), the rest plain texts (else 400).
 */
export function cleanQuery(raw: Record<string, unknown>): Query {
  const clean: Query = {};
  for (const [key, value] of Object.entries(raw)) {
    if (SINGLE_VALUE.has(key)) {
      if (typeof value !== 'string') throw badRequest(`${key} must be given once`);
      clean[key] = value;
    } else if (IGNORED.has(key) || (key.startsWith('_') && !OPERATOR.test(key))) {
      continue;
    } else if (typeof value === 'string' || (Array.isArray(value) && value.every((v) => typeof v === 'string'))) {
      clean[key] = value as string | string[];
    } else {
      throw badRequest(`${key} must be a plain value`);
    }
  }
  return clean;
}

/** The relations of a list's Link header, in the order json-server writes them. */
export const LINK_RELS = ['first', 'prev', 'next', 'last'] as const;
export type LinkRel = (typeof LINK_RELS)[number];

/**
 * Another page's address, as a change to the request's own: json-server's (the first
 * `page=<current>` of the URL as sent made `page=<page>`), or query keys set and others dropped.
 */
export type PageLink = { page: number; current: number } | { set: Record<string, string>; drop: readonly string[] };

/** A list answer: the items, the count for X-Total-Count and the pages for a Link header. */
export interface Listing<T> extends Page<T> {
  links?: Partial<Record<LinkRel, PageLink>>;
}

export interface ListRead<F extends string> {
  list: ListQuery<F>;
  /**
   * The page asked for with `_page`, or implied by a query with no paging at all (the first of
   * MAX_PAGE_SIZE); `rewrite`: its links set `_page` and `_limit` (the query had no `_page`, or
   * a `_limit` above MAX_PAGE_SIZE) instead of json-server's replacing of the page number.
   */
  paging?: { page: number; perPage: number; rewrite: boolean };
}

/** parseInt as json-server takes it; a NaN bound counts as 0 (lodash's toInteger, Array.slice). */
const int = (value: string | undefined) => parseInt(value ?? '', 10);
const orZero = (n: number) => (Number.isNaN(n) ? 0 : n);

/**
 * The store query for `query`, as json-server's router reads it, on records with `fields`. An
 * equality filter on another key is ignored (json-server ignores one on a field no record has);
 * a comparison on one matches nothing (json-server compares with undefined).
 */
export function readList<F extends string>(query: Query, fields: readonly F[]): ListRead<F> {
  const known = new Set<string>(fields);
  const isField = (key: string): key is F => known.has(key);
  const one = (key: string) => query[key] as string | undefined;
  const list: ListQuery<F> = {};

  const filters: ListFilter<F>[] = [];
  const errors: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (SINGLE_VALUE.has(key)) continue;
    const operator = OPERATOR.exec(key);
    const field = operator ? key.slice(0, operator.index) : key;
    const op = (operator?.[1] ?? 'eq') as ListFilter<F>['op'];
    if (!isField(field)) {
      if (op !== 'eq') list.none = true;
      continue;
    }
    const values = ([] as string[]).concat(value);
    if (op === 'like') {
      for (const pattern of values) {
        const translated = likeRegex(pattern);
        if ('error' in translated) errors[key] = `${key}: ${translated.error}`;
      }
    }
    filters.push({ field, op, values });
  }
  assertValid(errors, 'Invalid filter');
  if (filters.length > 0) list.filters = filters;
  if (one('q')) list.q = one('q');

  // lodash orderBy: 'desc' (any case) per key, anything else ascending. Sorting by a field no
  // record has changes nothing, so such keys are left out with their order.
  const sortKeys = one('_sort')?.split(',') ?? [];
  const orders = (one('_order') || '').split(',').map((s) => s.toLowerCase());
  const sort = sortKeys.flatMap((key, i) => (isField(key) ? [{ field: key, order: orders[i] === 'desc' ? ('desc' as const) : ('asc' as const) }] : []));
  if (sort.length > 0) list.sort = sort;

  // The numbers as json-server computes them (any size, ±Infinity: the store clamps them), but
  // never more than MAX_PAGE_SIZE items: a larger `_limit` counts as MAX_PAGE_SIZE, no paging at
  // all as the first page of that size (listing() caps a `_start`/`_end` range).
  let paging: ListRead<F>['paging'];
  if (one('_page')) {
    const page = int(one('_page')) >= 1 ? int(one('_page')) : 1;
    const asked = int(one('_limit')) || 10;
    const perPage = Math.min(asked, MAX_PAGE_SIZE);
    paging = { page, perPage, rewrite: perPage !== asked };
    list.slice = { start: orZero((page - 1) * perPage), end: orZero(page * perPage) };
  } else if (one('_end')) {
    list.slice = { start: int(one('_start')) || 0, end: orZero(int(one('_end'))) };
  } else if (one('_limit')) {
    const start = int(one('_start')) || 0;
    list.slice = { start, end: orZero(start + int(one('_limit'))) };
  } else {
    paging = { page: 1, perPage: MAX_PAGE_SIZE, rewrite: true };
    list.slice = { start: 0, end: MAX_PAGE_SIZE };
  }
  return { list, paging };
}

/** The [from, to) that Array.prototype.slice(start, end) takes from `length` items. */
function sliceBounds(length: number, { start, end }: { start: number; end: number }): { start: number; end: number } {
  const from = start < 0 ? Math.max(length + start, 0) : Math.min(start, length);
  const to = end < 0 ? Math.max(length + end, 0) : Math.min(end, length);
  return from < to ? { start: from, end: to } : { start: 0, end: 0 };
}

const PAGING_KEYS = ['_page', '_limit', '_start', '_end'];

/**
 * The store's page as a list answer, at most MAX_PAGE_SIZE items, with json-server's Link pages
 * for a `_page` query (or for the implied first page, when there are more). A `_start`/`_end`
 * (or `_limit`) range longer than that is cut to its first MAX_PAGE_SIZE items, and its Link
 * rel="next" asks for the rest of it as `_start`/`_end`. A range counted from the end is first
 * resolved against the list's length.
 */
export async function listing<T, F extends string>({ list, paging }: ListRead<F>, fetch: (query: ListQuery<F>) => Promise<Page<T>>): Promise<Listing<T>> {
  let range = list.slice ?? { start: 0, end: MAX_PAGE_SIZE };
  if (range.start < 0 || range.end < 0) range = sliceBounds((await fetch({ ...list, slice: { start: 0, end: 0 } })).total, range);
  const cut = range.end - range.start > MAX_PAGE_SIZE;
  const { items, total } = await fetch({ ...list, slice: cut ? { start: range.start, end: range.start + MAX_PAGE_SIZE } : range });
  if (cut) {
    const from = range.start + MAX_PAGE_SIZE;
    const to = Math.min(range.end, total);
    if (from >= to) return { items, total };
    return { items, total, links: { next: { set: { _start: String(from), _end: String(to) }, drop: PAGING_KEYS } } };
  }
  if (!paging || items.length === 0) return { items, total };
  const { page, perPage, rewrite } = paging;
  const to = (n: number): PageLink => (rewrite ? { set: { _page: String(n), _limit: String(perPage) }, drop: [] } : { page: n, current: page });
  const links: Listing<T>['links'] = {};
  if (items.length !== total) links.first = to(1);
  if (page > 1) links.prev = to(page - 1);
  if (page * perPage < total) links.next = to(page + 1);
  if (items.length !== total) links.last = to(Math.ceil(total / perPage));
  return { items, total, links };
}
