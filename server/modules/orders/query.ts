// The query of the back office's order list (GET /orders, and the orders CSV export): status=
// (repeatable), user=<id>, q= (an order number, exactly, or a part of the customer's name or
// email, or of a line's product title or SKU, in any case),
// createdAt_gte / createdAt_lte (YYYY-MM-DD of the years 1970 to 9999, whole UTC days, both
// included), _sort/_order (or _sort=-field). No _sort: newest first. Every bad value is a 400
// naming the control it comes from.
import { ORDER_STATUSES, type OrderStatus } from '../../../src/domain/types';
import { assertValid } from '../../http/errors';
import { ORDER_SORT_FIELDS, type OrderQuery, type OrderSortField } from '../../db/port';
import type { Errors } from '../../http/validate';
import { parseId } from '../../http/input';
import { LATEST, readDate } from '../../http/dates';
import { single } from '../../query/paging';

type Query = Record<string, unknown>;

/** The longest search text. */
export const MAX_ORDER_SEARCH = 200;

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a person calls the values of these keys (the orders screen's search, filters and sort), in messages. */
const QUERY_LABELS: Record<string, string> = { q: 'Search', status: 'Status', user: 'Customer', createdAt_gte: 'From', createdAt_lte: 'To', _sort: 'Sort', _order: 'Sort order' };

export function readOrderQuery(query: Query): OrderQuery {
  const q: OrderQuery = {};
  const errors: Errors = {};
  const one = (key: string) => {
    try {
      return single(query, key);
    } catch {
      errors[key] = `${QUERY_LABELS[key] ?? key} must be given once`;
      return undefined;
    }
  };

  if (query.status !== undefined) {
    const wanted = ([] as unknown[]).concat(query.status);
    if (wanted.every((s) => ORDER_STATUSES.includes(s as OrderStatus))) q.status = wanted as OrderStatus[];
    else errors.status = `Status must be one of ${ORDER_STATUSES.join(', ')}`;
  }
  if (query.user !== undefined) {
    q.user = parseId(query.user);
    if (q.user === undefined) errors.user = 'Customer must be a user id';
  }

  const text = one('q')?.trim();
  if (text && text.length > MAX_ORDER_SEARCH) errors.q = `Search must be at most ${MAX_ORDER_SEARCH} characters`;
  else if (text) {
    const number = /^#?\d{1,9}$/.test(text) ? Number(text.replace('#', '')) : undefined;
    q.search = { text: text.toLowerCase(), ...(number ? { id: number } : {}) };
  }

  // Whole UTC days (YYYY-MM-DD, the years 1970 to 9999), both included.
  const day = (key: 'createdAt_gte' | 'createdAt_lte') => {
    const text = one(key);
    if (text === undefined) return undefined;
    const read = readDate(text, QUERY_LABELS[key], { dayOnly: true });
    if (read.error !== undefined) errors[key] = read.error;
    return read.at;
  };
  const start = day('createdAt_gte');
  const end = day('createdAt_lte');
  if (start !== undefined && end !== undefined && end < start) errors.createdAt_lte = 'To must not be before From';
  // Up to the end of the last day; 9999-12-31 has no end within the years a date may name: no bound.
  const after = end === undefined || end + DAY_MS > LATEST ? undefined : end + DAY_MS;
  if (start !== undefined || after !== undefined) {
    q.placed = {
      ...(start === undefined ? {} : { from: new Date(start).toISOString() }),
      ...(after === undefined ? {} : { to: new Date(after).toISOString() }),
    };
  }

  let sort = one('_sort');
  let order = one('_order')?.toLowerCase() ?? 'asc';
  if (sort?.startsWith('-')) [sort, order] = [sort.slice(1), 'desc'];
  if (sort !== undefined && !ORDER_SORT_FIELDS.includes(sort as OrderSortField)) errors._sort = `Sort must be one of ${ORDER_SORT_FIELDS.join(', ')}`;
  else if (order !== 'asc' && order !== 'desc') errors._order = 'Sort order must be asc or desc';
  else if (sort) q.sort = { field: sort as OrderSortField, order };

  const keys = Object.keys(errors);
  assertValid(errors, keys.length === 1 ? `Invalid ${keys[0]}` : 'Invalid order query');
  return q;
}
