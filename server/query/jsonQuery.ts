// json-server 0.17's list semantics (ListQuery, server/db/port.ts) as SQL pieces that any
// table's list is built from: a condition per filter on a typed value, the ORDER BY of lodash's
// orderBy, and the slice, clamped to what a table can hold. productList.ts (products) and
// filterOptions.ts (categories, brands) use them; tests/api/catalogue/parity.test.ts holds both to
// json-server's own answers.
//
// json-server compares texts from the query string with typed values; here the typed columns let
// that be decided in JavaScript first, so every condition is a plain, indexable comparison:
//  - eq / ne: `String(value) === text`. A number column can equal only a text that is a number's
//    canonical form (String(Number(t)) === t: '5', '21.99'; not '05', '5.0', ' 5'); a boolean
//    only 'true' or 'false'.
//  - gte / lte: `text <= value` / `text >= value` as JavaScript compares them: Number(text) with
//    a number (NaN matches nothing; '' is 0), UTF-16 order with a text (COLLATE "C": code points,
//    the same order except astral characters against U+E000–U+FFFF), a boolean as 0 or 1. Of
//    several texts, one is enough: the loosest bound decides.
//  - like: `new RegExp(text, 'i').test(String(value))`, as the PostgreSQL regular expression
//    server/query/likeRegex.ts writes for it, on the value's text (a number's float8::text is JS's
//    String(n) but for exponents: PostgreSQL writes 1e+15 and 1e-05 where JS writes them out).
// A text holding a NUL (which PostgreSQL cannot take) equals no value, and bounds like the text
// before its NUL, for values cannot hold one either.
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { likeRegex } from './likeRegex';
import type { ListFilter } from '../db/port';

export type Kind = 'int' | 'float' | 'bool' | 'text';

/** A field a list filters and sorts by: its value in a row of `table`, and its kind. */
export interface ListColumn {
  kind: Kind;
  value: (table: string) => RawBuilder<unknown>;
  /** For a field some records lack (a null value): whether any record has it (see eq). */
  present?: RawBuilder<SqlBool>;
}

/** A column of the table as a ListColumn. */
export const tableColumn = (kind: Kind, name: string): ListColumn => ({ kind, value: (table) => sql.ref(`${table}.${name}`) });

/** At most this many rows: ids are `integer`, so no table holds more. */
export const MAX_ROWS = 2_147_483_647;

export const NOTHING = sql<SqlBool>`false`;
export const and = (parts: readonly RawBuilder<SqlBool>[]) => (parts.length === 0 ? sql<SqlBool>`true` : sql<SqlBool>`${sql.join(parts, sql` AND `)}`);

/** The typed values a column can equal among `texts` (see the header). */
function equalValues(kind: Kind, texts: readonly string[]): (string | number | boolean)[] {
  switch (kind) {
    case 'text':
      return [...new Set(texts.filter((t) => !t.includes('\0')))];
    case 'bool':
      return [...new Set(texts.filter((t) => t === 'true' || t === 'false').map((t) => t === 'true'))];
    default:
      return [
        ...new Set(
          texts
            .filter((t) => t !== '' && String(Number(t)) === t)
            .map(Number)
            .filter((n) => kind === 'float' || (Number.isInteger(n) && Math.abs(n) <= MAX_ROWS)),
        ),
      ];
  }
}

const arrayType = (kind: Kind) => sql.raw(kind === 'int' ? 'int[]' : kind === 'float' ? 'float8[]' : kind === 'bool' ? 'bool[]' : 'text[]');

/** The value as String(value) gives it, for `like`. */
const asText = (column: ListColumn, table: string) => (column.kind === 'text' ? sql`${column.value(table)} COLLATE "C"` : sql`${column.value(table)}::text COLLATE "C"`);

/** `filter` on `column` of the row in `table` (json-server's meaning: see the header). */
export function fieldCondition(column: ListColumn, table: string, { op, values }: ListFilter<string>): RawBuilder<SqlBool> {
  const { kind } = column;
  const col = column.value(table);
  if (op === 'like') {
    const tests = [...new Set(values)].map((pattern) => {
      const translated = likeRegex(pattern);
      if ('error' in translated) throw new Error(`_like pattern refused: ${translated.error}`);
      return sql<SqlBool>`${asText(column, table)} ~ ${translated.regex}`;
    });
    return tests.length === 1 ? tests[0] : sql<SqlBool>`(${sql.join(tests, sql` OR `)})`;
  }
  if (op === 'eq' || op === 'ne') {
    const equal = equalValues(kind, values);
    let test: RawBuilder<SqlBool>;
    // A value none of the texts can be is different from all of them (when there is a value).
    if (equal.length === 0) test = op === 'eq' ? NOTHING : sql<SqlBool>`${col} IS NOT NULL`;
    // One value as a plain comparison: only then does an index on (field, sort key) deliver its
    // rows in the sort's order (PostgreSQL does not keep the order across an ANY's values).
    else if (equal.length === 1) test = sql<SqlBool>`${col} ${sql.raw(op === 'eq' ? '=' : '<>')} ${equal[0]}`;
    else if (op === 'eq') test = sql<SqlBool>`${col} = ANY(${equal}::${arrayType(kind)})`;
    else test = sql<SqlBool>`${col} <> ALL(${equal}::${arrayType(kind)})`;
    // json-server ignores an equality filter on a field that no record has.
    return op === 'eq' && column.present ? sql<SqlBool>`(NOT ${column.present} OR ${test})` : test;
  }
  const lower = op === 'gte';
  if (kind === 'text') {
    // The loosest bound by UTF-16 order, as JavaScript's < compares.
    const bound = values.reduce((a, b) => ((lower ? b < a : b > a) ? b : a));
    const nul = bound.indexOf('\0');
    // A text without a NUL is at least 'ab\0…' when it is more than 'ab', at most it when at most 'ab'.
    if (nul >= 0) return sql<SqlBool>`${col} COLLATE "C" ${sql.raw(lower ? '>' : '<=')} ${bound.slice(0, nul)}`;
    return sql<SqlBool>`${col} COLLATE "C" ${sql.raw(lower ? '>=' : '<=')} ${bound}`;
  }
  const numbers = values.map(Number).filter((n) => !Number.isNaN(n));
  if (numbers.length === 0) return NOTHING;
  const bound = lower ? Math.min(...numbers) : Math.max(...numbers);
  const value = kind === 'bool' ? sql`${col}::int` : col;
  return sql<SqlBool>`${value} ${sql.raw(lower ? '>=' : '<=')} ${bound}::float8`;
}

/** One key of an ORDER BY, as lodash orders (texts by code point; null last ascending, first descending). */
export function orderKey(column: ListColumn, table: string, order: 'asc' | 'desc'): RawBuilder<unknown> {
  const value = column.kind === 'text' ? sql`${column.value(table)} COLLATE "C"` : column.value(table);
  return order === 'desc' ? sql`${value} DESC` : value;
}

/** The [from, to) that Array.prototype.slice(start, end) takes from `length` items. */
export function sliceBounds(length: number, start: number, end: number): [number, number] {
  const from = start < 0 ? Math.max(length + start, 0) : Math.min(start, length);
  const to = end < 0 ? Math.max(length + end, 0) : Math.min(end, length);
  return from < to ? [from, to] : [0, 0];
}

/**
 * The OFFSET and LIMIT (null: no limit) of a slice counted from the start (neither end below 0),
 * within what a table can hold, so that no number reaches PostgreSQL out of its range; undefined
 * when it takes nothing.
 */
export function forwardWindow({ start, end }: { start: number; end: number }): { offset: number; limit: number | null } | undefined {
  const offset = Number.isNaN(start) ? 0 : start;
  const last = Number.isNaN(end) ? 0 : Math.min(end, MAX_ROWS);
  if (offset >= MAX_ROWS || last <= offset) return undefined;
  return { offset, limit: last === MAX_ROWS ? null : last - offset };
}

/** Whether a slice counts from the end (then the list's length decides it: sliceBounds). */
export const fromEnd = (slice: { start: number; end: number }) => slice.start < 0 || slice.end < 0;

/** '%<q lower-cased, LIKE wildcards escaped>%'. Lower-cased as json-server does (JS toLowerCase). */
export function containsPattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
}
