// The product form's options and variant grid, as plain data: the options as typed
// (a name and comma-separated values each), each variant's cells as typed, keyed by its values in
// option order (so renaming an option keeps its rows, and a value that comes back gets its data
// back); the grid is every combination of the options' values. Checked with the server's rules
// and field keys in variantGridCheck.ts.
import { combinations, MAX_OPTIONS, type ProductOption, type Variant, type VariantChoice } from '../../../domain/variants';

export { MAX_OPTIONS };
export const MAX_OPTION_NAME = 40;
export const MAX_VALUES = 30;
export const MAX_VARIANTS = 500;
export const MAX_SKU = 64;

/** An option as typed: its name and its values separated by commas. */
export interface OptionDraft {
  name: string;
  values: string;
}

/** A variant's cells as typed ('' price/discount = the product's own). `id` keeps a saved variant. */
export interface VariantCells {
  id?: number;
  /** The saved variant's other fields (e.g. its picture), sent back as they were. */
  keep?: Record<string, unknown>;
  sku: string;
  price: string;
  discountPercentage: string;
  stock: string;
}

/** A cell the admin types into. */
export type CellField = 'sku' | 'price' | 'discountPercentage' | 'stock';

/** The cells of every variant the admin has seen, by rowKey of its values (in option order). */
export type CellsByKey = Record<string, VariantCells>;

/** One row of the grid: its values (by option position) and its cells. */
export interface GridRow extends VariantCells {
  values: string[];
  key: string;
}

export interface GridState {
  options: OptionDraft[];
  cells: CellsByKey;
}

export const rowKey = (values: readonly string[]) => JSON.stringify(values);

/** The values of a typed list: split at commas, trimmed, blanks dropped. */
export function splitValues(text: string): string[] {
  return text
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

const cellText = (n: number | null) => (n === null ? '' : String(n));

/** The grid of a saved product (none: one variant without options, blank cells). */
export function gridFromProduct(product?: { options?: ProductOption[]; variants?: Variant[] }): GridState {
  const options = product?.options ?? [];
  const cells: CellsByKey = {};
  for (const v of product?.variants ?? []) {
    const values = options.map((o) => v.options[o.name] ?? '');
    const { id: _id, sku: _sku, options: _options, price: _price, discountPercentage: _discount, stock: _stock, ...keep } = v;
    void [_id, _sku, _options, _price, _discount, _stock];
    cells[rowKey(values)] = { ...(Object.keys(keep).length > 0 ? { keep } : {}), id: v.id, sku: v.sku, price: cellText(v.price), discountPercentage: cellText(v.discountPercentage), stock: String(v.stock) };
  }
  return { options: options.map((o) => ({ name: o.name, values: o.values.join(', ') })), cells };
}

/** A SKU made of a base and the values: "BOOTS-44-BLACK". */
export function suggestSku(base: string, values: readonly string[]): string {
  return [base, ...values]
    .map((p) => p.toUpperCase().replace(/[^A-Z0-9]+/g, '-').replace(/^-|-$/g, ''))
    .filter(Boolean)
    .join('-')
    .slice(0, MAX_SKU);
}

/** The SKU base of a new product: its title's first words ("Chelsea Boots" → CHELSEA-BOOTS). */
export const skuBaseOf = (title: string) => suggestSku(title.slice(0, 24), []) || 'SKU';

/**
 * The SKU base of a saved variant: its SKU without the values it ends with, as `suggestSku` wrote
 * them ("BOOTS-42-BLACK" of 42 / Black → BOOTS), so a new size gets BOOTS-44-BLACK, not
 * BOOTS-42-BLACK-44-BLACK. A SKU that does not end so is the base as it is.
 */
export function skuBaseOfVariant(sku: string, values: readonly string[]): string {
  const tail = suggestSku('', values);
  return tail && sku.endsWith(`-${tail}`) ? sku.slice(0, -tail.length - 1) : sku;
}

/**
 * The rows of the grid now (over the options up to the first without values): a combination keeps its own cells; else the cells of a row whose
 * values it extends (an option was added: the first such combination keeps that variant, its
 * id, SKU and stock; the others copy its price and discount); else new cells (SKU base + values,
 * stock 0).
 */
export function gridRows(state: GridState, skuBase: string): GridRow[] {
  const values = state.options.map((o) => [...new Set(splitValues(o.values))]);
  // An option still without values (just added) adds no column yet.
  const given = values.findIndex((vs) => vs.length === 0);
  if (given >= 0) values.length = given;
  const combos = combinations(values);
  const taken = new Set(combos.map(rowKey).filter((k) => k in state.cells));
  // A saved variant a combination already holds (its cells were typed into) is not handed out again.
  const held = new Set([...taken].map((k) => state.cells[k].id).filter((id) => id !== undefined));
  for (const [k, cells] of Object.entries(state.cells)) if (cells.id !== undefined && held.has(cells.id)) taken.add(k);
  return combos.map((combo) => {
    const key = rowKey(combo);
    const own = state.cells[key];
    if (own) return { ...own, values: combo, key };
    const prefix = Object.keys(state.cells)
      .filter((k) => {
        const vs = JSON.parse(k) as string[];
        return vs.length < combo.length && vs.every((v, i) => combo[i] === v);
      })
      .sort((a, b) => b.length - a.length)[0];
    const from = prefix === undefined ? undefined : state.cells[prefix];
    if (from && !taken.has(prefix!)) {
      taken.add(prefix!);
      return { ...from, values: combo, key };
    }
    return { sku: suggestSku(skuBase, combo), price: from?.price ?? '', discountPercentage: from?.discountPercentage ?? '', stock: '0', values: combo, key };
  });
}

/** The state with one row's cells changed (the row's whole cells are stored under its key). */
export function setCell(state: GridState, row: GridRow, field: CellField, value: string): GridState {
  const { values: _values, key, ...cells } = row;
  void _values;
  return { ...state, cells: { ...state.cells, [key]: { ...cells, [field]: value } } };
}

/** The state with one row's picture chosen: one of the product's images, or null for none. */
export function setPicture(state: GridState, row: GridRow, image: string | null): GridState {
  const { values: _values, key, ...cells } = row;
  void _values;
  return { ...state, cells: { ...state.cells, [key]: { ...cells, keep: { ...cells.keep, image } } } };
}

/** The row's picture ('' for none, or one no longer among `images`). */
export function pictureOf(row: GridRow, images: readonly string[]): string {
  const image = row.keep?.image;
  return typeof image === 'string' && images.includes(image) ? image : '';
}

/** The state without the option at `index`: each row's cells move to its values without it (the first wins). */
export function removeOption(state: GridState, index: number, skuBase: string): GridState {
  const cells: CellsByKey = {};
  for (const row of gridRows(state, skuBase)) {
    const key = rowKey(row.values.filter((_, i) => i !== index));
    if (!(key in cells)) cells[key] = { keep: row.keep, id: row.id, sku: row.sku, price: row.price, discountPercentage: row.discountPercentage, stock: row.stock };
  }
  return { options: state.options.filter((_, i) => i !== index), cells };
}

/** "Size 44, Black": how a row is named in its cells' labels ("" without options). */
export function rowLabel(options: readonly OptionDraft[], values: readonly string[]): string {
  return values.map((v, i) => (i === 0 ? `${options[i]?.name.trim() || `Option ${i + 1}`} ${v}` : v)).join(', ');
}

const number = (text: string) => Number(text.trim());

/** The options as the API takes them. */
export function optionsInput(state: GridState): ProductOption[] {
  return state.options.map((o) => ({ name: o.name.trim(), values: splitValues(o.values) }));
}

export interface VariantInput {
  id?: number;
  sku: string;
  options: VariantChoice;
  price: number | null;
  discountPercentage: number | null;
  stock: number;
  /** The variant's picture: one of the product's images; null for none (absent: as saved). */
  image?: string | null;
}

/** The variants as the API takes them, in the grid's order (so variants.N is row N). */
export function variantsInput(state: GridState, rows: readonly GridRow[]): VariantInput[] {
  const names = state.options.map((o) => o.name.trim());
  return rows.map((row) => ({
    ...row.keep,
    ...(row.id === undefined ? {} : { id: row.id }),
    sku: row.sku.trim(),
    options: Object.fromEntries(names.map((n, i) => [n, row.values[i]])),
    price: row.price.trim() === '' ? null : number(row.price),
    discountPercentage: row.discountPercentage.trim() === '' ? null : number(row.discountPercentage),
    stock: number(row.stock),
  }));
}

/** The sum of the rows' stock (NaN when a cell is not a number). */
export const totalStock = (rows: readonly GridRow[]) => rows.reduce((sum, r) => sum + (r.stock.trim() === '' ? NaN : number(r.stock)), 0);
