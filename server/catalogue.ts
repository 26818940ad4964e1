// A fast path for the catalogue reads (GET /products, /products/:id, /categories, /brands) that
// answers exactly as json-server 0.17's router would — same filters, q search, _sort/_order,
// _page/_limit/_start/_end, X-Total-Count and Link — in one pass over the live array: no lodash
// chain, no deep clone of the whole page, and a product by id from a map instead of a scan.
// Anything it does not cover (_gte/_lte/_ne suffixes, nested keys like `a.b`, sort keys that are
// not plain names) goes on to the router. server/catalogue.test.ts compares both on a table of
// queries.
import url from 'node:url';
import type { Request, RequestHandler, Response } from 'express';
import type { Store } from './db';

type Item = Record<string, unknown> & { id?: unknown };
type Query = Record<string, string | string[] | undefined>;

/** Query keys json-server's list() takes out of the filters. */
const CONTROL = new Set(['q', '_start', '_end', '_page', '_sort', '_order', '_limit', '_embed', '_expand']);
const PLAIN_KEY = /^\w+$/;
const OPERATOR = /_(?:lte|gte|ne|like)$/;
const hasOwn = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);

/** json-server's mixins.deepQuery: does any (nested) value contain `q` (already lower case)? */
function deepQuery(value: unknown, q: string): boolean {
  if (!value) return false;
  if (Array.isArray(value)) {
    for (const v of value) if (deepQuery(v, q)) return true;
    return false;
  }
  if (typeof value === 'object' || typeof value === 'function') {
    for (const k in value as Record<string, unknown>) if (deepQuery((value as Record<string, unknown>)[k], q)) return true;
    return false;
  }
  return String(value).toLowerCase().includes(q);
}

/** lodash's compareAscending (JSON values: no symbols). */
function compareAscending(value: unknown, other: unknown): number {
  if (value !== other) {
    const valIsDefined = value !== undefined;
    const valIsNull = value === null;
    const valIsReflexive = value === value;
    const othIsDefined = other !== undefined;
    const othIsNull = other === null;
    const othIsReflexive = other === other;
    /* eslint-disable @typescript-eslint/no-explicit-any */
    if (
      (!othIsNull && (value as any) > (other as any)) ||
      (valIsNull && othIsDefined && othIsReflexive) ||
      (!valIsDefined && othIsReflexive) ||
      !valIsReflexive
    ) {
      return 1;
    }
    if (
      (!valIsNull && (value as any) < (other as any)) ||
      (othIsNull && valIsDefined && valIsReflexive) ||
      (!othIsDefined && valIsReflexive) ||
      !othIsReflexive
    ) {
      return -1;
    }
    /* eslint-enable @typescript-eslint/no-explicit-any */
  }
  return 0;
}

/**
 * lodash orderBy(items, keys, orders) — stable, 'desc' per key, anything else ascending — as
 * the first `needed` items of the sorted order (all of them when undefined). A page needs only
 * the items up to its end, which a bounded insertion finds without sorting everything.
 */
function orderBy(items: Item[], keys: string[], orders: string[], needed = items.length): Item[] {
  const sign = keys.map((_, i) => (i >= orders.length ? 1 : orders[i] === 'desc' ? -1 : 1));
  const columns = keys.map((key) => items.map((item) => item[key]));
  let compare: (a: number, b: number) => number;
  const simple = (c: unknown[]) =>
    c.every((v) => typeof v === 'number' && Number.isFinite(v)) || c.every((v) => typeof v === 'string');
  if (keys.length === 1 && simple(columns[0])) {
    // All finite numbers or all strings: compareAscending reduces to < and >.
    const values = columns[0] as (number | string)[];
    const sg = sign[0];
    compare = (a, b) => (values[a] < values[b] ? -sg : values[a] > values[b] ? sg : a - b);
  } else {
    compare = (a, b) => {
      for (let k = 0; k < columns.length; k++) {
        const result = compareAscending(columns[k][a], columns[k][b]);
        if (result) return result * sign[k];
      }
      return a - b;
    };
  }
  let order: number[];
  if (needed <= 256 && needed < items.length / 2) {
    order = [];
    for (let i = 0; i < items.length; i++) {
      if (order.length === needed) {
        if (needed === 0 || compare(i, order[needed - 1]) > 0) continue;
        order.pop();
      }
      let lo = 0;
      let hi = order.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (compare(order[mid], i) < 0) lo = mid + 1;
        else hi = mid;
      }
      order.splice(lo, 0, i);
    }
  } else {
    order = items.map((_, i) => i).sort(compare);
  }
  return order.map((i) => items[i]);
}

/** One filter key: json-server keeps an item when `String(item[key])` is one of the values. */
function matcher(key: string, values: string[]): (item: Item) => boolean {
  if (values.length === 1) {
    const only = values[0];
    return (item) => {
      const v = item[key];
      if (v === undefined || v === null) return false;
      return (typeof v === 'string' ? v : (v as { toString(): string }).toString()) === only;
    };
  }
  const set = new Set(values);
  return (item) => {
    const v = item[key];
    if (v === undefined || v === null) return false;
    return set.has(typeof v === 'string' ? v : (v as { toString(): string }).toString());
  };
}

/** json-server's utils.getPage, on the first items of a sorted array of `total` items. */
function getPage(array: Item[], total: number, page: number, perPage: number) {
  const start = (page - 1) * perPage;
  const end = page * perPage;
  const items = array.slice(start, end);
  const out: { items: Item[]; prev?: number; next?: number; current?: number; first?: number; last?: number } = { items };
  if (items.length === 0) return out;
  if (page > 1) out.prev = page - 1;
  if (end < total) out.next = page + 1;
  if (items.length !== total) {
    out.current = page;
    out.first = 1;
    out.last = Math.ceil(total / perPage);
  }
  return out;
}

/**
 * The [from, to) that lodash's slice(array, start, end) takes from `length` items, with
 * parseInt results (NaN counts as 0, as lodash's toInteger does).
 */
function sliceBounds(length: number, start: number, end: number): [number, number] {
  let s = Number.isNaN(start) ? 0 : start;
  let e = Number.isNaN(end) ? 0 : end;
  if (s < 0) s = -s > length ? 0 : length + s;
  e = e > length ? length : e;
  if (e < 0) e += length;
  return s > e ? [0, 0] : [s, e];
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** The list answer, or undefined when the query needs the router. */
function list(items: Item[], query: Query, req: Request, res: Response): Item[] | undefined {
  const filters: [string, string[]][] = [];
  for (const [key, value] of Object.entries(query)) {
    if (CONTROL.has(key) || value === undefined) continue;
    if (key === 'callback' || key === '_') continue;
    if (!PLAIN_KEY.test(key) || OPERATOR.test(key)) return undefined;
    // json-server drops filters on fields no item has.
    if (!items.some((item) => hasOwn(item, key))) continue;
    filters.push([key, ([] as string[]).concat(value)]);
  }
  const sortKeys = one(query._sort) ? one(query._sort)!.split(',') : [];
  if (sortKeys.some((k) => !PLAIN_KEY.test(k))) return undefined;

  const q = one(query.q)?.toLowerCase();
  let result = items;
  if (q || filters.length > 0) {
    const tests = filters.map(([key, values]) => matcher(key, values));
    if (q) {
      tests.unshift((item) => {
        for (const key in item) if (deepQuery(item[key], q)) return true;
        return false;
      });
    }
    result = [];
    outer: for (let i = 0; i < items.length; i++) {
      const item = items[i];
      for (let t = 0; t < tests.length; t++) if (!tests[t](item)) continue outer;
      result.push(item);
    }
  }

  const _page = one(query._page);
  const _limit = one(query._limit);
  const _start = one(query._start);
  const _end = one(query._end);
  const total = result.length;
  let page = 0;
  let limit = 0;
  let from = 0;
  let to = 0;
  if (_page) {
    page = parseInt(_page, 10);
    page = page >= 1 ? page : 1;
    limit = parseInt(_limit ?? '', 10) || 10;
  } else if (_end) {
    [from, to] = sliceBounds(total, parseInt(_start ?? '', 10) || 0, parseInt(_end, 10));
  } else if (_limit) {
    const start = parseInt(_start ?? '', 10) || 0;
    [from, to] = sliceBounds(total, start, start + parseInt(_limit, 10));
  }

  if (sortKeys.length > 0) {
    const orders = (one(query._order) || '').split(',').map((s) => s.toLowerCase());
    const needed = _page ? (limit > 0 ? Math.min(total, page * limit) : undefined) : _end || _limit ? to : undefined;
    result = orderBy(result, sortKeys, orders, needed);
  }

  if (_end || _limit || _page) res.setHeader('X-Total-Count', String(total));
  if (_page) {
    const p = getPage(result, total, page, limit);
    const full = `${url.format({ protocol: req.protocol, host: req.get('host') })}${req.originalUrl}`;
    const links: Record<string, string> = {};
    const link = (n: number) => full.replace(`page=${p.current}`, `page=${n}`);
    if (p.first) links.first = link(p.first);
    if (p.prev) links.prev = link(p.prev);
    if (p.next) links.next = link(p.next);
    if (p.last) links.last = link(p.last);
    res.links(links);
    return p.items;
  }
  if (_end || _limit) return result.slice(from, to);
  return result;
}

/** Items by `String(id)`, checked on use and rebuilt when the array changed under it. */
class IdIndex {
  private map = new Map<string, { item: Item; at: number }>();
  private array: Item[] | undefined;
  private length = -1;

  get(items: Item[], id: string): Item | undefined {
    if (items !== this.array || items.length !== this.length) this.rebuild(items);
    let hit = this.map.get(id);
    if (hit && (items[hit.at] !== hit.item || String(hit.item.id) !== id)) {
      this.rebuild(items);
      hit = this.map.get(id);
    }
    return hit?.item;
  }

  private rebuild(items: Item[]): void {
    this.map = new Map();
    items.forEach((item, at) => {
      // lodash-id getById: the first item with an own id whose string form is this one.
      if (!hasOwn(item, 'id') || item.id === null || item.id === undefined) return;
      const key = String(item.id);
      if (!this.map.has(key)) this.map.set(key, { item, at });
    });
    this.array = items;
    this.length = items.length;
  }
}

const PATH = /^\/(products|categories|brands)(?:\/([^/]+))?\/?$/;

/**
 * Express handler placed before json-server's router: answers what it covers through `render`
 * (the router's own render, so headers and 404s are the same), else passes the request on.
 */
export function catalogueFastPath(store: Store, render: (req: Request, res: Response) => void): RequestHandler {
  const indexes = new Map<string, IdIndex>();
  return (req, res, next) => {
    const match = PATH.exec(req.path);
    if (!match) return next();
    const [, name, rawId] = match;
    const items = store.data[name as 'products'] as unknown as Item[];
    if (rawId !== undefined) {
      let id: string;
      try {
        id = decodeURIComponent(rawId);
      } catch {
        return next();
      }
      let index = indexes.get(name);
      if (!index) indexes.set(name, (index = new IdIndex()));
      const item = index.get(items, id);
      if (!item) res.status(404);
      res.locals.data = item;
      return render(req, res);
    }
    const data = list(items, req.query as Query, req, res);
    if (data === undefined) return next();
    res.locals.data = data;
    render(req, res);
  };
}
