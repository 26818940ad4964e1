// Lists over the json adapter's arrays with json-server 0.17's semantics (ListQuery in
// server/store/port.ts): equality filters OR-ed within a field, _ne/_gte/_lte, `q` over every
// (nested) value, lodash's orderBy and a slice, in one pass over the live array: no lodash chain,
// no deep clone, and a sorted slice puts only the items up to its end in order (bounded
// insertion). tests/api/catalogue.test.ts compares the answers with json-server's own router.
import type { ListFilter, ListQuery, Page } from './port';

type Item = Record<string, unknown>;

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

/** String(value) as json-server takes it (`value.toString()`), or undefined for null/absent. */
function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' ? value : (value as { toString(): string }).toString();
}

/** A field's value: the record's own, or one computed from it (Derived). */
type Getter = (item: Item) => unknown;

/** Fields computed from a record, by name (the json adapter's `salePrice`). */
export type Derived = Readonly<Record<string, (item: never) => unknown>>;

/** One filter as a test; json-server's `arr.map(...).reduce(a || b)` (a && b for _ne). */
function matcher({ op, values }: ListFilter<string>, get: Getter): (item: Item) => boolean {
  /* eslint-disable @typescript-eslint/no-explicit-any */
  switch (op) {
    case 'eq': {
      if (values.length === 1) {
        const only = values[0];
        return (item) => text(get(item)) === only;
      }
      const set = new Set(values);
      return (item) => {
        const v = text(get(item));
        return v !== undefined && set.has(v);
      };
    }
    case 'ne':
      return (item) => {
        const v = text(get(item));
        return v !== undefined && values.every((value) => value !== v);
      };
    // JavaScript's comparison of the query's text with the value, as json-server makes it.
    case 'gte':
      return (item) => {
        const v = get(item);
        return v !== undefined && v !== null && values.some((value) => (value as any) <= (v as any));
      };
    case 'lte':
      return (item) => {
        const v = get(item);
        return v !== undefined && v !== null && values.some((value) => (value as any) >= (v as any));
      };
  }
  /* eslint-enable @typescript-eslint/no-explicit-any */
}

/** The [from, to) that Array.prototype.slice(start, end) takes from `length` items. */
export function sliceBounds(length: number, start: number, end: number): [number, number] {
  const from = start < 0 ? Math.max(length + start, 0) : Math.min(start, length);
  const to = end < 0 ? Math.max(length + end, 0) : Math.min(end, length);
  return from < to ? [from, to] : [0, 0];
}

/** Fields `q` does not look at: the back office's own (the postgres engine's search_text has them not either). */
const NOT_SEARCHED: ReadonlySet<string> = new Set(['lowStockThreshold']);

/** The records `query`'s `q` and filters select (in their stored order). */
export function filterRecords<T extends object>(records: readonly T[], query: ListQuery<string>, derived: Derived = {}): readonly T[] {
  const items = records as unknown as Item[];
  // json-server drops an equality filter on a field no record has (a computed one always exists).
  const filters = (query.filters ?? []).filter(
    (f) => f.op !== 'eq' || hasOwn(derived, f.field) || items.some((item) => hasOwn(item, f.field)),
  );
  const q = query.q?.toLowerCase();
  if (!q && filters.length === 0) return records;
  const tests = filters.map((f) => {
    const compute = derived[f.field] as Getter | undefined;
    return matcher(f, compute ?? ((item) => item[f.field]));
  });
  if (q) {
    tests.unshift((item) => {
      for (const key in item) if (!NOT_SEARCHED.has(key) && deepQuery(item[key], q)) return true;
      return false;
    });
  }
  const result: Item[] = [];
  outer: for (let i = 0; i < items.length; i++) {
    const item = items[i];
    for (let t = 0; t < tests.length; t++) if (!tests[t](item)) continue outer;
    result.push(item);
  }
  return result as unknown as T[];
}

/** The records `query` selects, sorted and sliced, and how many it selects in all. */
export function listRecords<T extends object>(records: readonly T[], query: ListQuery<string>, derived: Derived = {}): Page<T> {
  let result = filterRecords(records, query, derived) as unknown as Item[];
  // (The live array when nothing is filtered: orderBy and slice below make new ones.)
  const total = result.length;
  const [from, to] = query.slice ? sliceBounds(total, query.slice.start, query.slice.end) : [0, total];
  const sort = query.sort ?? [];
  if (sort.length > 0) {
    result = orderBy(
      result,
      sort.map((s) => s.field),
      sort.map((s) => s.order),
      to,
    );
  }
  // A new array even for everything: the live one changes with the next write.
  return { items: result.slice(from, to) as unknown as T[], total };
}
