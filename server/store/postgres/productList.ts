// GET /products in SQL: the port's ListQuery (json-server 0.17's filters, `q`, sort and slice;
// server/store/port.ts) as a WHERE, an ORDER BY and a LIMIT/OFFSET that PostgreSQL answers from
// the indexes of migrations/0001_initial.ts. tests/api/catalogue.test.ts holds both engines to
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
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { ListFilter, ListQuery, ProductListField } from '../port';
import { PRODUCT_COLUMN } from './rows';
import { productMatches } from './search';

type Kind = 'int' | 'float' | 'bool' | 'text';

const KIND: Record<ProductListField, Kind> = {
  id: 'int',
  title: 'text',
  description: 'text',
  price: 'float',
  discountPercentage: 'float',
  stock: 'int',
  thumbnail: 'text',
  brand: 'text',
  category: 'text',
  rating: 'float',
  weight: 'float',
  warrantyInformation: 'text',
  shippingInformation: 'text',
  returnPolicy: 'text',
  minimumOrderQuantity: 'int',
  deleted: 'bool',
  salePrice: 'float',
};

const COLUMN: Record<ProductListField, string> = { ...PRODUCT_COLUMN, salePrice: 'sale_price' };

/** The column of a field a product list filters or sorts by. */
export const productListColumn = (field: ProductListField): string => COLUMN[field];

const INT_MAX = 2_147_483_647;
const NOTHING = sql<SqlBool>`false`;

/** Fields product_counts is kept by, besides being in stock (see countedCondition). */
const COUNTED: ReadonlySet<ProductListField> = new Set(['category', 'brand', 'deleted']);

const column = (field: ProductListField, table = 'products') => sql.ref(`${table}.${COLUMN[field]}`);

/** The typed values a column can equal among `texts` (see the header). */
function equalValues(kind: Kind, texts: readonly string[]): (string | number | boolean)[] {
  switch (kind) {
    case 'text':
      return [...new Set(texts)];
    case 'bool':
      return [...new Set(texts.filter((t) => t === 'true' || t === 'false').map((t) => t === 'true'))];
    default:
      return [
        ...new Set(
          texts
            .filter((t) => t !== '' && String(Number(t)) === t)
            .map(Number)
            .filter((n) => kind === 'float' || (Number.isInteger(n) && Math.abs(n) <= INT_MAX)),
        ),
      ];
  }
}

const arrayType = (kind: Kind) => sql.raw(kind === 'int' ? 'int[]' : kind === 'float' ? 'float8[]' : kind === 'bool' ? 'bool[]' : 'text[]');

function condition({ field, op, values }: ListFilter<ProductListField>, table: string, ordered = false): RawBuilder<SqlBool> {
  const kind = KIND[field];
  const col = column(field, table);
  if (op === 'eq' || op === 'ne') {
    const equal = equalValues(kind, values);
    if (equal.length === 0) return op === 'eq' ? NOTHING : sql<SqlBool>`true`;
    // One value as a plain comparison: only then does an index on (field, sort key) deliver its
    // rows in the sort's order (PostgreSQL does not keep the order across an ANY's values).
    if (equal.length === 1) return sql<SqlBool>`${col} ${sql.raw(op === 'eq' ? '=' : '<>')} ${equal[0]}`;
    if (op === 'eq') return sql<SqlBool>`${col} = ANY(${equal}::${arrayType(kind)})`;
    return sql<SqlBool>`${col} <> ALL(${equal}::${arrayType(kind)})`;
  }
  const lower = op === 'gte';
  if (kind === 'text') {
    // The loosest bound by UTF-16 order, as JavaScript's < compares.
    const bound = values.reduce((a, b) => ((lower ? b < a : b > a) ? b : a));
    return sql<SqlBool>`${col} COLLATE "C" ${sql.raw(lower ? '>=' : '<=')} ${bound}`;
  }
  const numbers = values.map(Number).filter((n) => !Number.isNaN(n));
  if (numbers.length === 0) return NOTHING;
  const bound = lower ? Math.min(...numbers) : Math.max(...numbers);
  const value = kind === 'bool' ? sql`${col}::int` : col;
  const compared = sql<SqlBool>`${value} ${sql.raw(lower ? '>=' : '<=')} ${bound}::float8`;
  // A displayed price of at least B means a price of at least B − 0.5 (discounts are 0–100 %,
  // a check of the schema): said outright for a page (`ordered`), so a list sorted by price
  // starts its index there instead of reading every cheaper product first. (Not for a count,
  // which the displayed price's own index answers alone.)
  if (ordered && field === 'salePrice' && lower) return sql<SqlBool>`${compared} AND ${column('price', table)} >= ${bound - 1}::float8`;
  return compared;
}

const and = (parts: RawBuilder<SqlBool>[]) => (parts.length === 0 ? sql<SqlBool>`true` : sql<SqlBool>`${sql.join(parts, sql` AND `)}`);

/** The WHERE of a product list (`true` for everything); `ordered`: of a page, in the list's order. */
export function productWhere(query: ListQuery<ProductListField>, ordered = false): RawBuilder<SqlBool> {
  const parts = (query.filters ?? []).map((f) => condition(f, 'products', ordered));
  if (query.q) parts.unshift(productMatches(query.q));
  return and(parts);
}

/**
 * A filter as a condition on product_counts, or undefined when its rows cannot answer it: the
 * fields it is kept by, and `stock_gte` up to 1 (in stock, or everything).
 */
function countedCondition(filter: ListFilter<ProductListField>): RawBuilder<SqlBool> | undefined {
  if (COUNTED.has(filter.field)) return condition(filter, 'product_counts');
  if (filter.field !== 'stock' || filter.op !== 'gte') return undefined;
  const bounds = filter.values.map(Number).filter((n) => !Number.isNaN(n));
  if (bounds.length === 0) return NOTHING;
  const bound = Math.min(...bounds);
  return bound <= 0 ? sql<SqlBool>`true` : bound <= 1 ? sql<SqlBool>`product_counts.in_stock` : undefined;
}

/**
 * The number of products a list selects, as a scalar subquery over product_counts when its
 * rows can answer the list's filters (a few hundred rows, whatever the catalogue's size);
 * undefined when the products themselves must be counted.
 */
export function productCount(query: ListQuery<ProductListField>): RawBuilder<number> | undefined {
  if (query.q) return undefined;
  const conditions = (query.filters ?? []).map(countedCondition);
  if (conditions.some((c) => c === undefined)) return undefined;
  return sql<number>`(SELECT coalesce(sum(n), 0)::int FROM product_counts WHERE ${and(conditions as RawBuilder<SqlBool>[])})`;
}

/** `count(*)`, or (with `by`) the count per category or brand, of the products a list selects. */
export function productCountBy(query: ListQuery<ProductListField>, by: 'category' | 'brand'): RawBuilder<{ value: string; count: number }> {
  const conditions = query.q ? [undefined] : (query.filters ?? []).map(countedCondition);
  if (conditions.every((c) => c !== undefined)) {
    return sql`SELECT ${sql.ref(by)} AS value, sum(n)::int AS count FROM product_counts
      WHERE ${and(conditions as RawBuilder<SqlBool>[])} GROUP BY 1 HAVING sum(n) > 0`;
  }
  return sql`SELECT ${sql.ref(`products.${by}`)} AS value, count(*)::int AS count FROM products WHERE ${productWhere(query)} GROUP BY 1`;
}

/** The ORDER BY of a product list: the sort keys, then id (json-server's sort is stable). */
export function productOrder(query: ListQuery<ProductListField>): RawBuilder<unknown> {
  const keys = (query.sort ?? []).map(({ field, order }: { field: ProductListField; order: 'asc' | 'desc' }) => {
    const col = KIND[field] === 'text' ? sql`${column(field)} COLLATE "C"` : column(field);
    return order === 'desc' ? sql`${col} DESC` : col;
  });
  if (!query.sort?.some((s) => s.field === 'id')) keys.push(sql.ref('products.id'));
  return sql.join(keys);
}

/** Single-valued fields with an index per sort key (migration 0003), for productPageIds' merge. */
const MERGED: ReadonlySet<ProductListField> = new Set(['category', 'brand']);
const MERGE_SORTS: ReadonlySet<ProductListField> = new Set(['price', 'rating', 'id']);
const MAX_MERGED_VALUES = 30;

/**
 * The ids of a page of the list, in its order, as a subquery (aliased `page`). A list filtered by
 * several categories (or brands) and sorted by price, rating or id is read as one ordered index
 * scan per value, each stopping at the page's end, merged: PostgreSQL would otherwise read and
 * sort every product of those categories for one page.
 */
export function productPageIds(query: ListQuery<ProductListField>, offset: number, limit: number | null): RawBuilder<unknown> {
  const order = productOrder(query);
  const filters = query.filters ?? [];
  const several = filters.find((f) => f.op === 'eq' && MERGED.has(f.field) && new Set(f.values).size > 1 && new Set(f.values).size <= MAX_MERGED_VALUES);
  const sorts = query.sort ?? [];
  if (!several || sorts.length > 1 || !sorts.every((s) => MERGE_SORTS.has(s.field))) {
    return sql`(SELECT products.id FROM products WHERE ${productWhere(query, true)} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}) AS page`;
  }
  const keys = sql.join(['id', ...sorts.map((s) => COLUMN[s.field])].map((c) => sql.ref(`products.${c}`)));
  const branches = [...new Set(several.values)].map((value) => {
    const one = { ...query, filters: filters.map((f) => (f === several ? { ...f, values: [value] } : f)) };
    return sql`(SELECT ${keys} FROM products WHERE ${productWhere(one, true)} ORDER BY ${order} LIMIT ${limit === null ? null : offset + limit})`;
  });
  return sql`(SELECT products.id FROM (${sql.join(branches, sql` UNION ALL `)}) AS products ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}) AS page`;
}
