// `products` rows ↔ products, from the field table (src/domain/productFields.ts): each field's
// column, jsonb for lists, NULL for an absent nullable field (answered absent again), and keys in
// db.json's order — also inside jsonb values, whose key order PostgreSQL does not keep — so an
// export serializes like the seed.
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Product, Review } from '../../../../src/domain/types';
import { orderReview } from '../../../db/rows';
import { fieldSpec, isJsonField, PRODUCT_COLUMN, PRODUCT_KEYS, type ProductColumn, type ProductKey } from '../../../../src/domain/productFields';
import { foldWords } from '../words';
import type { ProductsTable } from '../../../db/schema';

export { PRODUCT_COLUMN };

/** The product columns the API has (not search_text, sale_price, title_words), in the table's order. */
export const PRODUCT_COLUMNS: readonly ProductColumn[] = PRODUCT_KEYS.map((key) => PRODUCT_COLUMN[key]);

export type ProductRow = Pick<Selectable<ProductsTable>, ProductColumn>;

/** What a bulk load (COPY) writes of a product: its API columns and the folded title. */
export const PRODUCT_WRITE_COLUMNS = [...PRODUCT_COLUMNS, 'title_words'] as const;

/** A field's value as its column takes it: lists as JSON text (jsonb). */
const toColumn = (key: ProductKey, value: unknown) => (isJsonField(key) && value !== null ? JSON.stringify(value) : value);

export function productToRow(p: Product): Insertable<ProductsTable> {
  const row: Record<string, unknown> = {};
  for (const key of PRODUCT_KEYS) {
    const spec = fieldSpec(key);
    // An optional field that is absent: its default (deleted: false), or NULL.
    const value = spec.optional ? (p[key] ?? spec.default ?? null) : p[key];
    row[spec.column] = value === null ? null : toColumn(key, value);
  }
  row.title_words = foldWords(p.title);
  return row as Insertable<ProductsTable>;
}

/** The columns to SET for a partial product (jsonb values as JSON text; id never). */
export function productChangesToRow(changes: Partial<Omit<Product, 'id'>>): Updateable<ProductsTable> {
  const row: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || !Object.prototype.hasOwnProperty.call(PRODUCT_COLUMN, key) || key === 'id') continue;
    row[PRODUCT_COLUMN[key as ProductKey]] = toColumn(key as ProductKey, value);
  }
  if (typeof changes.title === 'string') row.title_words = foldWords(changes.title);
  return row as Updateable<ProductsTable>;
}

export function productFromRow(r: ProductRow): Product {
  const product: Record<string, unknown> = {};
  for (const key of PRODUCT_KEYS) {
    const value = r[PRODUCT_COLUMN[key]];
    if (value === null && fieldSpec(key).nullable) continue;
    product[key] = key === 'reviews' ? (value as Review[]).map(orderReview) : value;
  }
  return product as Product;
}
