// GET /products in SQL: the port's ListQuery (json-server 0.17's filters, `q`, sort and slice;
// server/db/port.ts) as a WHERE, an ORDER BY and a LIMIT/OFFSET that PostgreSQL answers from
// the indexes of migrations/0001_initial.ts. How each filter reads is jsonQuery.ts';
// tests/api/catalogue/parity.test.ts holds the answers to json-server's own.
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { ListFilter, ListQuery, ProductListField } from '../../../db/port';
import { and, fieldCondition, NOTHING, orderKey, tableColumn, type Kind, type ListColumn } from '../../../query/jsonQuery';
import { fieldSpec, PRODUCT_KEYS, type ListKey } from '../../../../src/domain/productFields';
import type { FieldType } from '../../../../src/domain/productFieldSpec';
import { PRODUCT_COLUMN } from './productRows';
import { productAnswerMatches, productAnswerScans } from './search';
import { searchMatches, searchScore } from './searchRanking';

/** How each scalar field of the table compares (src/domain/productFields.ts), and salePrice. */
const KIND_OF_TYPE: Partial<Record<FieldType, Kind>> = { id: 'int', text: 'text', number: 'float', integer: 'int', boolean: 'bool' };
const KIND = {
  ...Object.fromEntries(PRODUCT_KEYS.filter((key) => KIND_OF_TYPE[fieldSpec(key).type]).map((key) => [key, KIND_OF_TYPE[fieldSpec(key).type]])),
  salePrice: 'float',
} as Record<Exclude<ProductListField, ListKey>, Kind>;

const COLUMN: Record<ProductListField, string> = { ...PRODUCT_COLUMN, salePrice: 'sale_price' };

/** The column of a field a product list filters or sorts by. */
export const productListColumn = (field: ProductListField): string => COLUMN[field];

/**
 * The fields as json-server reads them. `images` and `reviews` are lists: String(list) joins
 * String(item) with ',' (an image's path; a review, an object, is '[object Object]').
 * `lowStockThreshold` is absent (null) on most products.
 */
const FIELD: Record<ProductListField, ListColumn> = {
  ...(Object.fromEntries(Object.entries(KIND).map(([field, kind]) => [field, tableColumn(kind, COLUMN[field as ProductListField])])) as Record<
    keyof typeof KIND,
    ListColumn
  >),
  images: { kind: 'text', value: (t) => sql`array_to_string(ARRAY(SELECT jsonb_array_elements_text(${sql.ref(`${t}.images`)})), ',', '')` },
  reviews: { kind: 'text', value: (t) => sql`rtrim(repeat('[object Object],', jsonb_array_length(${sql.ref(`${t}.reviews`)})), ',')` },
  lowStockThreshold: {
    ...tableColumn('int', 'low_stock_threshold'),
    present: sql<SqlBool>`EXISTS (SELECT FROM products WHERE low_stock_threshold IS NOT NULL)`,
  },
};

/** Fields product_counts is kept by, besides being in stock (see countedCondition). */
const COUNTED: ReadonlySet<ProductListField> = new Set(['category', 'brand', 'deleted']);

/** The loosest of a `_gte` filter's numeric bounds; undefined when none is a number. */
function lowerBound(filter: ListFilter<ProductListField>): number | undefined {
  const bounds = filter.values.map(Number).filter((n) => !Number.isNaN(n));
  return bounds.length === 0 ? undefined : Math.min(...bounds);
}

/**
 * Whether a filter is `stock_gte` with a positive bound ('in stock only'): a deleted product has
 * nothing to sell, so it counts as having no stock and is left out, unless the list itself chooses
 * by `deleted` (the back office's Show choice: its deleted products in stock are what it asks for).
 */
const wantsStock = (filter: ListFilter<ProductListField>) => filter.field === 'stock' && filter.op === 'gte' && (lowerBound(filter) ?? 0) > 0;

/** Whether a list chooses its products by `deleted` (then `stock_gte` leaves the deleted ones to it). */
const choosesDeleted = (query: ListQuery<ProductListField>) => (query.filters ?? []).some((f) => f.field === 'deleted');

function condition(filter: ListFilter<ProductListField>, table: string, ordered = false, keepDeleted = false): RawBuilder<SqlBool> {
  const compared = fieldCondition(FIELD[filter.field], table, filter);
  if (!keepDeleted && wantsStock(filter)) return sql<SqlBool>`${compared} AND NOT ${sql.ref(`${table}.deleted`)}`;
  // A displayed price of at least B means a price of at least B − 0.5 (discounts are 0–100 %,
  // a check of the schema): said outright for a page (`ordered`), so a list sorted by price
  // starts its index there instead of reading every cheaper product first. (Not for a count,
  // which the displayed price's own index answers alone.)
  if (ordered && filter.field === 'salePrice' && filter.op === 'gte') {
    const bounds = filter.values.map(Number).filter((n) => !Number.isNaN(n));
    if (bounds.length > 0) return sql<SqlBool>`${compared} AND ${sql.ref(`${table}.price`)} >= ${Math.min(...bounds) - 1}::float8`;
  }
  return compared;
}

/**
 * The WHERE of a product list (`true` for everything); `ordered`: of a page, in the list's order;
 * `scan`: `q` as search.ts' productAnswerScans (a search's page read in the list's order).
 */
export function productWhere(query: ListQuery<ProductListField>, ordered = false, scan = false): RawBuilder<SqlBool> {
  if (query.none) return NOTHING;
  const keepDeleted = choosesDeleted(query);
  const parts = (query.filters ?? []).map((f) => condition(f, 'products', ordered, keepDeleted));
  if (query.q) parts.unshift(scan ? productAnswerScans(query.q) : productAnswerMatches(query.q));
  if (query.search?.length) parts.unshift(searchMatches(query.search));
  return and(parts);
}

/**
 * A filter as a condition on product_counts, or undefined when its rows cannot answer it: the
 * fields it is kept by, and `stock_gte` up to 1 (in stock and not deleted, or everything).
 */
function countedCondition(filter: ListFilter<ProductListField>, keepDeleted: boolean): RawBuilder<SqlBool> | undefined {
  if (COUNTED.has(filter.field)) return condition(filter, 'product_counts');
  if (filter.field !== 'stock' || filter.op !== 'gte') return undefined;
  const bound = lowerBound(filter);
  if (bound === undefined) return NOTHING;
  const inStock = keepDeleted ? sql<SqlBool>`product_counts.in_stock` : sql<SqlBool>`product_counts.in_stock AND NOT product_counts.deleted`;
  return bound <= 0 ? sql<SqlBool>`true` : bound <= 1 ? inStock : undefined;
}

/**
 * The number of products a list selects, as a scalar subquery over product_counts when its
 * rows can answer the list's filters (a few hundred rows, whatever the catalogue's size);
 * undefined when the products themselves must be counted.
 */
export function productCount(query: ListQuery<ProductListField>): RawBuilder<number> | undefined {
  if (query.none) return sql<number>`0`;
  if (query.q || query.search?.length) return undefined;
  const conditions = (query.filters ?? []).map((f) => countedCondition(f, choosesDeleted(query)));
  if (conditions.some((c) => c === undefined)) return undefined;
  return sql<number>`(SELECT coalesce(sum(n), 0)::int FROM product_counts WHERE ${and(conditions as RawBuilder<SqlBool>[])})`;
}

/** `count(*)`, or (with `by`) the count per category or brand, of the products a list selects. */
export function productCountBy(query: ListQuery<ProductListField>, by: 'category' | 'brand'): RawBuilder<{ value: string; count: number }> {
  const conditions = query.none ? [NOTHING] : query.q || query.search?.length ? [undefined] : (query.filters ?? []).map((f) => countedCondition(f, choosesDeleted(query)));
  if (conditions.every((c) => c !== undefined)) {
    return sql`SELECT ${sql.ref(by)} AS value, sum(n)::int AS count FROM product_counts
      WHERE ${and(conditions as RawBuilder<SqlBool>[])} GROUP BY 1 HAVING sum(n) > 0`;
  }
  return sql`SELECT ${sql.ref(`products.${by}`)} AS value, count(*)::int AS count FROM products WHERE ${productWhere(query)} GROUP BY 1`;
}

/** Whether a list is ranked by its search's relevance: it has a search and no sort. */
export const ranked = (query: ListQuery<ProductListField>) => Boolean(query.search?.length) && !query.sort?.length;

/** The ORDER BY of a product list: the sort keys (or a search's relevance), then id (json-server's sort is stable). */
export function productOrder(query: ListQuery<ProductListField>): RawBuilder<unknown> {
  const keys = (query.sort ?? []).map(({ field, order }) => orderKey(FIELD[field], 'products', order));
  if (ranked(query)) keys.push(sql`${searchScore(query.search!)} DESC`);
  if (!query.sort?.some((s) => s.field === 'id')) keys.push(sql.ref('products.id'));
  return sql.join(keys);
}

/** Single-valued fields with an index per sort key (migrations 0003, 0007), for productPageIds' merge. */
const MERGED: ReadonlySet<ProductListField> = new Set(['category', 'brand']);
const MERGE_SORTS: ReadonlySet<ProductListField> = new Set(['price', 'salePrice', 'rating', 'id']);
const MAX_MERGED_VALUES = 30;

/**
 * The ids of a page of the list, in its order, as a subquery (aliased `page`). A list filtered by
 * several categories (or brands) and sorted by price, salePrice, rating or id is read as one ordered index
 * scan per value, each stopping at the page's end, merged: PostgreSQL would otherwise read and
 * sort every product of those categories for one page.
 */
export function productPageIds(query: ListQuery<ProductListField>, offset: number, limit: number | null, scan = false): RawBuilder<unknown> {
  const order = productOrder(query);
  const filters = query.filters ?? [];
  const several = filters.find((f) => f.op === 'eq' && MERGED.has(f.field) && new Set(f.values).size > 1 && new Set(f.values).size <= MAX_MERGED_VALUES);
  const sorts = query.sort ?? [];
  if (!several || sorts.length > 1 || !sorts.every((s) => MERGE_SORTS.has(s.field))) {
    return sql`(SELECT products.id FROM products WHERE ${productWhere(query, true, scan)} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}) AS page`;
  }
  const keys = sql.join([...new Set(['id', ...sorts.map((s) => COLUMN[s.field])])].map((c) => sql.ref(`products.${c}`)));
  const branches = [...new Set(several.values)].map((value) => {
    const one = { ...query, filters: filters.map((f) => (f === several ? { ...f, values: [value] } : f)) };
    return sql`(SELECT ${keys} FROM products WHERE ${productWhere(one, true, scan)} ORDER BY ${order} LIMIT ${limit === null ? null : offset + limit})`;
  });
  return sql`(SELECT products.id FROM (${sql.join(branches, sql` UNION ALL `)}) AS products ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}) AS page`;
}
