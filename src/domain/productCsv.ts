// The product CSV (GET /admin/export/products.csv, POST /admin/import/products), from the field
// table: its columns, a product's cells, and a row's fields as a body for the product rules.
//
// Text cells are exported and imported as exact inverses, and never run as a
// formula by a spreadsheet (CSV injection):
//  - export: a text that starts with = + - @ TAB CR or an apostrophe gets one apostrophe before it;
//  - import: a cell that starts with an apostrophe loses exactly that one apostrophe.
// So `=SUM(1)` goes out as `'=SUM(1)` and `'=SUM(1)` as `''=SUM(1)`, and each comes back as it
// was. An apostrophe typed first in a cell by hand is a spreadsheet's text marker, not part of
// the value, and is read as such.
import { fieldSpec, PRODUCT_FIELD_TABLE, type Product, type ProductKey } from './productFields';
import type { FieldSpec } from './productFieldSpec';

/**
 * The columns, in the file's order: the form's fields (images as image1–image12, then the details), the threshold,
 * deleted, and the rating (exported, never imported). Each field with a `csv` in the table is
 * here, under its name or its spread's names (checked below and in productCsv.test.ts).
 */
export const PRODUCT_CSV_COLUMNS = [
  'id',
  'title',
  'description',
  'price',
  'discountPercentage',
  'stock',
  'brand',
  'category',
  'thumbnail',
  'image1',
  'image2',
  'image3',
  'image4',
  'image5',
  'image6',
  'image7',
  'image8',
  'image9',
  'image10',
  'image11',
  'image12',
  'weight',
  'warrantyInformation',
  'shippingInformation',
  'returnPolicy',
  'minimumOrderQuantity',
  'lowStockThreshold',
  'deleted',
  'rating',
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

type Table = typeof PRODUCT_FIELD_TABLE;
type CsvNames = {
  [K in ProductKey]: Table[K] extends { csv: string; spread: readonly (infer S)[] } ? S : Table[K] extends { csv: string } ? K : never;
}[ProductKey];
// Every CSV field of the table has its columns in the list, and the list nothing else.
const exhaustive: [Exclude<CsvNames, ProductCsvColumn>, Exclude<ProductCsvColumn, CsvNames>] extends [never, never] ? true : never = true;
void exhaustive;

const FORMULA_OR_MARKER = /^[=+\-@\t\r']/;

/** A text as its cell: with a protective apostrophe when it starts like a formula or with an apostrophe. */
export const toCsvText = (text: string): string => (FORMULA_OR_MARKER.test(text) ? `'${text}` : text);

/** A cell's text as it was before toCsvText: one leading apostrophe taken off. */
export const fromCsvText = (cell: string): string => (cell.startsWith("'") ? cell.slice(1) : cell);

export type CsvCell = string | number | boolean;

/**
 * A number as the import reads it back (a plain decimal, src/domain/fieldRule.ts toNumber): as
 * JavaScript writes it, but without an exponent (1e-7 → "0.0000001"), same digits, same value.
 */
export function plainNumber(n: number): number | string {
  const text = String(n);
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-])(\d+)$/.exec(text);
  if (!match) return n;
  const [, sign, first, rest = '', direction, power] = match;
  const digits = first + rest;
  const exponent = Number(power);
  if (direction === '-') return `${sign}0.${'0'.repeat(exponent - 1)}${digits}`;
  return `${sign}${digits}${'0'.repeat(Math.max(0, exponent - rest.length))}`;
}

/** The field and, for a spread list, the item a column holds. */
interface ColumnField {
  key: ProductKey;
  spec: FieldSpec;
  index?: number;
}
const COLUMN_FIELD = new Map<string, ColumnField>(
  (Object.keys(PRODUCT_FIELD_TABLE) as ProductKey[]).flatMap((key): [string, ColumnField][] => {
    const spec = fieldSpec(key);
    if (!spec.csv) return [];
    return spec.spread ? spec.spread.map((name, index) => [name, { key, spec, index }]) : [[key, { key, spec }]];
  }),
);

/** A product's row of the export, in PRODUCT_CSV_COLUMNS' order. */
export function productCsvCells(product: Product): CsvCell[] {
  return PRODUCT_CSV_COLUMNS.map((column) => {
    const { key, spec, index } = COLUMN_FIELD.get(column)!;
    const value = product[key];
    if (value === undefined) return spec.type === 'boolean' ? false : '';
    if (index !== undefined) return toCsvText(String((value as unknown[])[index] ?? ''));
    if (spec.type === 'text') return toCsvText(value as string);
    if (spec.type === 'boolean') return Boolean(value);
    return plainNumber(value as number);
  });
}

/** Columns the import reads (not the id, which names the row's product, nor the export-only ones). */
export const isImportedColumn = (column: string): boolean => COLUMN_FIELD.get(column)?.spec.csv === 'both';

/**
 * An imported row's fields as a body for the product rules (server/http/validate.ts readProduct): the
 * cells as they were exported (fromCsvText), `true`/`false` as booleans. Empty cells are left
 * out of an updated product (its value stays) and, for an optional field, of a new one (absent:
 * its default).
 */
export function csvRowToBody(record: Record<string, string>, update: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [column, raw] of Object.entries(record)) {
    if (!isImportedColumn(column) || (raw === '' && (update || COLUMN_FIELD.get(column)!.spec.input === 'optional'))) continue;
    const text = fromCsvText(raw);
    body[column] = COLUMN_FIELD.get(column)!.spec.type === 'boolean' && (text === 'true' || text === 'false') ? text === 'true' : text;
  }
  return body;
}
