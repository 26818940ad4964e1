// The product import per variant (the columns are src/domain/variantCsv.ts): rows are
// grouped into products (the rows of one product id follow each other; a new product's variant
// rows follow its first row, with no id and the same title or none), a group's variant rows
// become its options and variants (checked by readVariants, its messages put on the rows and
// columns they came from), and the dry run says per row what would change. The one row of a
// product without options names its only variant's SKU (variantSku; empty: kept), nothing else of
// it: its stock and price are the product's columns.
import { fieldSpec, type ProductKey } from '../../../src/domain/productFields';
import type { Product } from '../../../src/domain/types';
import { hasOptionCells, hasVariantCells, readVariantCells, VARIANT_FIELD_COLUMN } from '../../../src/domain/variantCsv';
import { choiceLabel, type Variant } from '../../../src/domain/variants';
import type { VariantProduct, VariantsWrite } from '../../db/port';
import type { Errors } from '../../http/validate';
import { readVariants } from '../catalogue/variantInput';

/** A product's rows: their line numbers (the header is line 1) and the product's id (none: new). */
export interface RowGroup {
  id?: number;
  lines: number[];
}

/** The file's rows grouped into products (see the header). */
export function groupRows(records: readonly Record<string, string>[], ids: readonly (number | undefined)[]): RowGroup[] {
  const groups: RowGroup[] = [];
  records.forEach((record, i) => {
    const line = i + 2;
    const last = groups.at(-1);
    const previous = records[i - 1];
    const sameProduct =
      last !== undefined &&
      (ids[i] !== undefined
        ? last.id === ids[i]
        : !record.id &&
          last.id === undefined &&
          !previous.id &&
          hasVariantCells(record) &&
          hasOptionCells(records[last.lines[0] - 2]) &&
          (record.title === '' || record.title === records[last.lines[0] - 2].title));
    if (sameProduct) last.lines.push(line);
    else groups.push({ ...(ids[i] === undefined ? {} : { id: ids[i] }), lines: [line] });
  });
  return groups;
}

type Fail = (line: number, field: string, message: string) => void;

/**
 * A group's options and variants when any of its rows has variant cells (else undefined): the
 * first row's option names, each name's values in the order they come; errors on the rows' cells.
 * `stock`: the product's Stock cell (a product without options: its only variant's).
 */
export function readGroupVariants(
  rows: readonly Record<string, string>[],
  lines: readonly number[],
  existing: VariantProduct | undefined,
  stock: number | undefined,
  fail: Fail,
): VariantsWrite | undefined {
  if (!rows.some(hasVariantCells)) return undefined;
  if (rows.length === 1 && !hasOptionCells(rows[0]) && !existing?.options.length) return readOnlyVariant(rows[0], lines[0], existing, stock, fail);
  const read = rows.map(readVariantCells);
  const names = read[0].options.map((o) => o.name);
  const values = names.map(() => [] as string[]);
  let ok = true;
  read.forEach(({ options }, r) => {
    options.forEach((o, k) => {
      if (o.name !== names[k]) {
        fail(lines[r], `option${k + 1}Name`, `Must be ${names[k] ? `"${names[k]}", as in row ${lines[0]}` : `empty, as in row ${lines[0]}`}`);
        ok = false;
      } else if (o.value !== '' && !values[k].includes(o.value)) values[k].push(o.value);
    });
    if (options.length < names.length) {
      fail(lines[r], `option${options.length + 1}Name`, `Must be "${names[options.length]}", as in row ${lines[0]}`);
      ok = false;
    }
  });
  if (!ok) return undefined;
  const body = { options: names.map((name, k) => ({ name, values: values[k] })), variants: read.map((r) => r.variant) };
  return checked(body, lines, existing, fail);
}

/** A variant cell a row without options leaves empty, and where that product keeps what it would say. */
const NOT_FOR_ONE_VARIANT: [string, string][] = [
  ['variantId', 'a product without options has one variant, named by its SKU'],
  ['variantPrice', 'a product without options has its price in the price column'],
  ['variantDiscountPercentage', 'a product without options has its discount in the discountPercentage column'],
  ['variantStock', 'a product without options has its stock in the stock column'],
];

/**
 * The row of a product without options: a variants write when its variantSku names another SKU
 * than its only variant's (a new product's: any), the variant's price and discount kept, its
 * stock the Stock cell's when that changes it (else kept, as the product's lock finds it).
 */
function readOnlyVariant(row: Record<string, string>, line: number, existing: VariantProduct | undefined, stock: number | undefined, fail: Fail): VariantsWrite | undefined {
  const filled = NOT_FOR_ONE_VARIANT.filter(([column]) => (row[column] ?? '').trim() !== '');
  for (const [column, why] of filled) fail(line, column, `Leave empty: ${why}`);
  const sku = String(readVariantCells(row).variant.sku).trim();
  const only = existing?.variants[0];
  // No SKU, or the one it has: nothing to write of the variant (the Stock cell is the product's change).
  if (filled.length > 0 || sku === '' || sku === only?.sku || (!only && stock === undefined)) return undefined;
  const kept = only ? { id: only.id, price: only.price, discountPercentage: only.discountPercentage } : {};
  const variant = { ...kept, sku, options: {}, ...(stock !== undefined && stock !== existing?.stock ? { stock } : {}) };
  return checked({ options: [], variants: [variant] }, [line], existing, fail);
}

/** `body`'s options and variants checked by the product write's rules, its messages on the rows (`lines`, a variant's) and columns they came from. */
function checked(body: Record<string, unknown>, lines: readonly number[], existing: VariantProduct | undefined, fail: Fail): VariantsWrite | undefined {
  const errors: Errors = {};
  const result = readVariants(body, existing, errors);
  for (const [key, message] of Object.entries(errors)) {
    const variant = /^variants\.(\d+)(?:\.(\w+))?$/.exec(key);
    const option = /^options\.(\d+)\.(name|values)$/.exec(key);
    if (variant) fail(lines[Number(variant[1])], variant[2] ? (VARIANT_FIELD_COLUMN[variant[2]] ?? 'variantSku') : 'variantSku', message);
    else if (option) fail(lines[0], `option${Number(option[1]) + 1}${option[2] === 'name' ? 'Name' : 'Value'}`, message);
    else fail(lines[0], key, message);
  }
  return Object.keys(errors).length === 0 ? result : undefined;
}

const shown = (value: unknown) => (value === null || value === undefined ? "the product's" : typeof value === 'string' ? `"${value}"` : JSON.stringify(value));

/** "Price 100 → 90, Stock 3 → 5": the fields that differ. */
function differences(pairs: [string, unknown, unknown][]): string[] {
  return pairs.filter(([, a, b]) => JSON.stringify(a ?? null) !== JSON.stringify(b ?? null)).map(([label, a, b]) => `${label} ${shown(a)} → ${shown(b)}`);
}

const variantText = (product: { options: VariantsWrite['options'] }, v: Pick<Variant, 'sku' | 'options'>) => {
  const choice = choiceLabel(v.options, product.options);
  return `variant ${v.sku}${choice ? ` (${choice})` : ''}`;
};

/** What describeGroup says of a row that changes nothing. */
export const NO_CHANGE = 'No change';

/** What the group's rows would change, by "row N" (the dry run's report). */
export function describeGroup(
  lines: readonly number[],
  before: VariantProduct | undefined,
  changes: Partial<Product>,
  variants: VariantsWrite | undefined,
): Record<string, string> {
  const said: Record<string, string[]> = Object.fromEntries(lines.map((line) => [`row ${line}`, []]));
  const first = said[`row ${lines[0]}`];
  if (!before) {
    first.push(`New product "${changes.title ?? ''}"`);
    variants?.variants.forEach((v, i) => said[`row ${lines[i]}`].push(`new ${variantText(variants, v)}`));
  } else {
    const fields = differences(
      (Object.keys(changes) as (keyof Product)[])
        .filter((key) => !(variants && key === 'stock'))
        .map((key) => [fieldSpec(key as ProductKey)?.label ?? key, before[key], changes[key]]),
    );
    if (fields.length > 0) first.push(`Product ${before.id}: ${fields.join(', ')}`);
    if (variants) {
      if (JSON.stringify(variants.options) !== JSON.stringify(before.options)) {
        first.push(`Options ${before.options.map((o) => `${o.name} (${o.values.join(', ')})`).join(', ') || 'none'} → ${variants.options.map((o) => `${o.name} (${o.values.join(', ')})`).join(', ')}`);
      }
      const kept = new Set<number>();
      variants.variants.forEach((v, i) => {
        const old = before.variants.find((b) => (v.id !== undefined ? b.id === v.id : b.sku === v.sku));
        const row = said[`row ${lines[i]}`];
        if (!old) {
          row.push(`new ${variantText(variants, v)}`);
          return;
        }
        kept.add(old.id);
        const diff = differences([
          ['SKU', old.sku, v.sku],
          ['choice', choiceLabel(old.options, before.options), choiceLabel(v.options, variants.options)],
          ['Price', old.price, v.price],
          ['Discount Percentage', old.discountPercentage, v.discountPercentage],
          ['Stock', old.stock, v.stock ?? old.stock],
        ]);
        if (diff.length > 0) row.push(`${variantText(variants, v)}: ${diff.join(', ')}`);
      });
      for (const old of before.variants.filter((b) => !kept.has(b.id))) first.push(`removes ${variantText(before, old)}`);
    }
  }
  return Object.fromEntries(Object.entries(said).map(([row, texts]) => [row, texts.length > 0 ? texts.join('; ') : NO_CHANGE]));
}
