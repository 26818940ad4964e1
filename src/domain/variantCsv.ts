// The product CSV per variant (as Shopify's product CSV): a product with options has a
// row per variant, its product columns repeated, plus the option names and values and the
// variant's id, SKU, price, discount and stock; a product without options keeps its one row, its
// only variant's SKU in variantSku and the other variant columns empty (its stock is the product's
// Stock column, its price the Price column). The columns are the product columns (productCsv.ts),
// then these, then the rating (exported only), last as before.
import { PRODUCT_CSV_COLUMNS, plainNumber, productCsvCells, toCsvText, fromCsvText, type CsvCell } from './productCsv';
import type { Product } from './productFields';
import { MAX_OPTIONS, type ProductOption, type Variant } from './variants';

export const VARIANT_CSV_COLUMNS = [
  ...Array.from({ length: MAX_OPTIONS }, (_, i) => [`option${i + 1}Name`, `option${i + 1}Value`]).flat(),
  'variantId',
  'variantSku',
  'variantPrice',
  'variantDiscountPercentage',
  'variantStock',
] as const;

const RATING = PRODUCT_CSV_COLUMNS.indexOf('rating');

/** The file's columns: the product's (the rating last), the variant's before the rating. */
export const CSV_FILE_COLUMNS: readonly string[] = [...PRODUCT_CSV_COLUMNS.slice(0, RATING), ...VARIANT_CSV_COLUMNS, ...PRODUCT_CSV_COLUMNS.slice(RATING)];

export const isVariantColumn = (column: string) => (VARIANT_CSV_COLUMNS as readonly string[]).includes(column);

type WithVariants = Product & { options?: ProductOption[]; variants?: Variant[] };

const orBlank = (n: number | null) => (n === null ? '' : plainNumber(n));

const SKU = VARIANT_CSV_COLUMNS.indexOf('variantSku');
const OPTION_COLUMNS = VARIANT_CSV_COLUMNS.slice(0, 2 * MAX_OPTIONS);

/** A product's rows of the export: one per variant of a product with options, else one (with its only variant's SKU). */
export function productCsvRows(product: WithVariants): CsvCell[][] {
  const own = productCsvCells(product);
  const around = (variantCells: CsvCell[]) => [...own.slice(0, RATING), ...variantCells, ...own.slice(RATING)];
  const options = product.options ?? [];
  if (options.length === 0 || !product.variants?.length) {
    const only = product.variants?.length === 1 ? toCsvText(product.variants[0].sku) : '';
    return [around(VARIANT_CSV_COLUMNS.map((_, i) => (i === SKU ? only : '')))];
  }
  return product.variants.map((v) => {
    const optionCells = Array.from({ length: MAX_OPTIONS }, (_, i) => {
      const o = options[i];
      return o ? [toCsvText(o.name), toCsvText(v.options[o.name] ?? '')] : ['', ''];
    }).flat();
    return around([...optionCells, v.id, toCsvText(v.sku), orBlank(v.price), orBlank(v.discountPercentage), v.stock]);
  });
}

/** Whether a row carries a variant (any variant column filled). */
export const hasVariantCells = (record: Record<string, string>) => VARIANT_CSV_COLUMNS.some((c) => (record[c] ?? '') !== '');

/** Whether a row names an option (any option name or value filled): a row of a product with options. */
export const hasOptionCells = (record: Record<string, string>) => OPTION_COLUMNS.some((c) => (record[c] ?? '') !== '');

/** A variant row's options by position (name, value), its variant as the API takes it (texts as typed). */
export function readVariantCells(record: Record<string, string>): { options: { name: string; value: string }[]; variant: Record<string, unknown> } {
  const cell = (c: string) => fromCsvText(record[c] ?? '');
  const options = Array.from({ length: MAX_OPTIONS }, (_, i) => ({ name: cell(`option${i + 1}Name`).trim(), value: cell(`option${i + 1}Value`).trim() })).filter(
    (o) => o.name !== '' || o.value !== '',
  );
  const blankAsNull = (c: string) => (cell(c).trim() === '' ? null : cell(c));
  const variant: Record<string, unknown> = {
    sku: cell('variantSku'),
    options: Object.fromEntries(options.map((o) => [o.name, o.value])),
    price: blankAsNull('variantPrice'),
    discountPercentage: blankAsNull('variantDiscountPercentage'),
    stock: cell('variantStock'),
  };
  if (cell('variantId').trim() !== '') variant.id = cell('variantId').trim();
  return { options, variant };
}

/** The CSV column an import error of a variant field is shown under (variants.N.sku → variantSku). */
export const VARIANT_FIELD_COLUMN: Record<string, string> = {
  sku: 'variantSku',
  price: 'variantPrice',
  discountPercentage: 'variantDiscountPercentage',
  stock: 'variantStock',
  id: 'variantId',
  options: 'option1Value',
};
