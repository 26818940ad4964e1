// The port's lists (server/db/port.ts re-exports all of it): json-server 0.17's semantics for
// the catalogue's products, categories and brands, as the services ask for them and the adapter
// answers them (server/query/jsonQuery.ts).
import type { FilterOption } from '../../src/domain/types';
import { LIST_KEYS, NULLABLE_KEYS, SCALAR_KEYS } from '../../src/domain/productFields';

/** A product's stored scalar fields (the columns of `products` every product has), from the field table. */
export const PRODUCT_FIELDS = SCALAR_KEYS;
export type ProductField = (typeof PRODUCT_FIELDS)[number];

/**
 * What a product list may filter and sort by: every field of a product answer. Besides the
 * stored scalars: the lists `images` and `reviews` (as json-server takes them: String(value), the
 * list's items joined with ','), the nullable `lowStockThreshold` (absent on most products) and `salePrice`, the
 * price the shopper sees (discountedPrice of src/domain/pricing.ts), which every product
 * answer carries.
 */
export const PRODUCT_LIST_FIELDS = [...PRODUCT_FIELDS, ...LIST_KEYS, ...NULLABLE_KEYS, 'salePrice'] as const;
export type ProductListField = (typeof PRODUCT_LIST_FIELDS)[number];

/** Fields of a category or brand. */
export const FILTER_OPTION_FIELDS = ['id', 'value', 'label'] as const satisfies readonly (keyof FilterOption)[];
export type FilterOptionField = (typeof FILTER_OPTION_FIELDS)[number];

/**
 * One condition on a field, as json-server 0.17 applies `field=v`, `field_ne=v`, `field_gte=v`,
 * `field_lte=v` and `field_like=v`; `values` are query-string texts, a record with no value
 * (null or absent) never matches:
 *  - eq: String(value) is one of `values`. An eq filter on a field that no record has is ignored.
 *  - ne: String(value) is none of `values`.
 *  - gte / lte: `value >= v` / `value <= v` for one of `values`, compared as JavaScript compares
 *    a number or text with a text (numbers numerically, text by UTF-16 code units).
 *  - like: `new RegExp(v, 'i').test(String(value))` for one of `values`; each must be one that
 *    server/query/likeRegex.ts translates (the service answers 400 for the others).
 */
export interface ListFilter<F extends string> {
  field: F;
  op: 'eq' | 'ne' | 'gte' | 'lte' | 'like';
  values: readonly string[];
}

export interface ListQuery<F extends string> {
  /** All must hold. */
  filters?: readonly ListFilter<F>[];
  /**
   * Nothing matches: json-server's answer to a comparison (`_ne`, `_gte`, `_lte`, `_like`) on a
   * field the records do not have.
   */
  none?: boolean;
  /**
   * Full text: `q` (lower-cased with JavaScript's toLowerCase) is a substring of
   * String(value).toLowerCase() of any non-empty value of the record, nested ones included.
   */
  q?: string;
  /**
   * The shop's own search (not json-server's; products only): its folded terms, each of which
   * must be found, the list ranked by relevance unless sorted
   * (server/modules/catalogue/pg/searchRanking.ts).
   */
  search?: readonly string[];
  /**
   * lodash orderBy: by each field in turn, stable (ties keep the stored order, i.e. id order);
   * null and absent values come after all others ascending, before them descending.
   */
  sort?: readonly { field: F; order: 'asc' | 'desc' }[];
  /**
   * The part of the sorted list to return, as Array.prototype.slice(start, end) takes it (any
   * numbers, ±Infinity included: the adapter clamps them to the list).
   */
  slice?: { start: number; end: number };
}

/** What counting products by a field answers: each value with products, and how many. */
export interface ValueCount {
  value: string;
  count: number;
}

/** A slice of a list and the number of records the whole list has. */
export interface Page<T> {
  items: T[];
  total: number;
  /**
   * `total` is an estimate (a `q` search with many matches on a large catalogue:
   * server/modules/catalogue/pg/search.ts); absent when it is exact.
   */
  estimated?: true;
}
