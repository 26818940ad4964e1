// The query of the back office's order list (GET /orders, and the orders CSV export): status=
// (repeatable), user=<id>, q= (an order number, exactly, or a part of the customer's email),
// createdAt_gte / createdAt_lte (ISO dates, whole UTC days, both included), _sort/_order (or
// _sort=-field). No _sort: newest first. Every bad value is a 400 naming the control it comes from.
import { ORDER_STATUSES, type OrderStatus } from '../../../src/domain/types';
import { assertValid } from '../../http/errors';
import { ORDER_SORT_FIELDS, type OrderQuery, type OrderSortField } from '../../db/port';
import type { Errors } from '../../http/validate';
import { parseId } from '../../http/input';
import { single } from '../../query/paging';

type Query = Record<string, unknown>;

/** The longest search text. */
export const MAX_ORDER_SEARCH = 200;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The start of the UTC day `text` names (YYYY-MM-DD, a real date), in epoch ms; undefined otherwise. */
function dayStart(text: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [year, month, day] = match.slice(1).map(Number);
  const at = Date.UTC(year, month - 1, day);
  const back = new Date(at);
  return back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === day ? at : undefined;
}

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
    q.search = { email: text.toLowerCase(), ...(number ? { id: number } : {}) };
  }

  const from = one('createdAt_gte');
  const to = one('createdAt_lte');
  const start = from === undefined ? undefined : dayStart(from);
  const end = to === undefined ? undefined : dayStart(to);
  if (from !== undefined && start === undefined) errors.createdAt_gte = 'From must be a date (YYYY-MM-DD)';
  if (to !== undefined && end === undefined) errors.createdAt_lte = 'To must be a date (YYYY-MM-DD)';
  if (start !== undefined && end !== undefined && end < start) errors.createdAt_lte = 'To must not be before From';
  if (start !== undefined || end !== undefined) {
    q.placed = {
      ...(start === undefined ? {} : { from: new Date(start).toISOString() }),
      ...(end === undefined ? {} : { to: new Date(end + DAY_MS).toISOString() }),
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
