// The variant grid checked with the server's rules and field keys (server/modules/catalogue/
// variantInput.ts: options.N.name, variants.N.sku, …), so the server's 400 messages land on the
// same inputs as the form's own.
import { checkProductField, MAX_STOCK, productRule } from '../../../domain/productFields';
import { MAX_OPTION_NAME, MAX_SKU, MAX_VALUES, MAX_VARIANTS, splitValues, type GridRow, type GridState } from './variantGrid';

/**
 * The grid's errors by the server's field keys (options.N.name, options.N.values, variants.N.sku,
 * variants.N.price, variants.N.discountPercentage, variants.N.stock; `variants` for the whole).
 */
export function checkGrid(state: GridState, rows: readonly GridRow[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const names = new Set<string>();
  state.options.forEach((o, i) => {
    const name = o.name.trim();
    if (!name || name.length > MAX_OPTION_NAME) errors[`options.${i}.name`] = `Option name must be 1 to ${MAX_OPTION_NAME} characters`;
    else if (names.has(name.toLowerCase())) errors[`options.${i}.name`] = `The option ${name} is given twice`;
    names.add(name.toLowerCase());
    const values = splitValues(o.values);
    const label = name || 'The option';
    if (values.length === 0 || values.length > MAX_VALUES) errors[`options.${i}.values`] = `${label} must have 1 to ${MAX_VALUES} values`;
    else if (values.some((v) => v.length > MAX_OPTION_NAME)) errors[`options.${i}.values`] = `Each value of ${label} must be 1 to ${MAX_OPTION_NAME} characters`;
    else if (new Set(values).size !== values.length) errors[`options.${i}.values`] = `${label} has a value twice`;
  });
  if (state.options.length === 0) return errors;
  if (rows.length > MAX_VARIANTS) {
    errors.variants = `Variants must be a list of 1 to ${MAX_VARIANTS} variants`;
    return errors;
  }
  const skus = new Set<string>();
  const priceRule = productRule('price')!;
  const discountRule = productRule('discountPercentage')!;
  rows.forEach((row, i) => {
    const sku = row.sku.trim();
    if (!sku || sku.length > MAX_SKU) errors[`variants.${i}.sku`] = `SKU must be 1 to ${MAX_SKU} characters`;
    else if (skus.has(sku)) errors[`variants.${i}.sku`] = `SKU ${sku} is given twice`;
    skus.add(sku);
    const price = row.price.trim() && checkProductField(row.price.trim(), priceRule);
    if (price) errors[`variants.${i}.price`] = price;
    const discount = row.discountPercentage.trim() && checkProductField(row.discountPercentage.trim(), discountRule);
    if (discount) errors[`variants.${i}.discountPercentage`] = discount;
    const stock = row.stock.trim() === '' ? NaN : Number(row.stock.trim());
    if (!Number.isInteger(stock) || stock < 0 || stock > MAX_STOCK) errors[`variants.${i}.stock`] = 'Stock must be a whole number of 0 or more';
  });
  return errors;
}

/** Whether a server error key belongs to the grid (options, variants and their fields). */
export const isGridKey = (key: string) => /^(options|variants)(\.|$)/.test(key);
