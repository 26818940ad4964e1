// A product write's options and variants (POST/PUT/PATCH /api/products): read and
// checked as a whole, with a message per field naming what a person sees (the option's name, SKU,
// Price, Stock). A product has 0 to 3 options; every combination of their values has exactly one
// variant (without options: one variant, options {}); SKUs are unique within the write (across
// the shop: the store, 409).
import { toNumber } from '../../../src/domain/fieldRule';
import { checkProductField, MAX_STOCK, productRule } from '../../../src/domain/productFields';
import { MAX_OPTIONS, optionChoices, type ProductOption, type VariantChoice } from '../../../src/domain/variants';
import type { VariantInput, VariantProduct, VariantsWrite } from '../../db/port';
import type { Errors } from '../../http/validate';

const MAX_NAME = 40;
const MAX_VALUES = 30;
const MAX_VARIANTS = 500;
const MAX_SKU = 64;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : undefined);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function readOptions(raw: unknown, errors: Errors): ProductOption[] | undefined {
  if (!Array.isArray(raw) || raw.length > MAX_OPTIONS) {
    errors.options = `Options must be a list of at most ${MAX_OPTIONS} options`;
    return undefined;
  }
  const options: ProductOption[] = [];
  raw.forEach((o, i) => {
    const name = isObject(o) ? text(o.name) : undefined;
    if (!name || name.length > MAX_NAME) errors[`options.${i}.name`] = `Option name must be 1 to ${MAX_NAME} characters`;
    else if (options.some((other) => other.name.toLowerCase() === name.toLowerCase())) errors[`options.${i}.name`] = `The option ${name} is given twice`;
    const values = isObject(o) && Array.isArray(o.values) ? o.values.map(text) : undefined;
    const label = name || 'The option';
    if (!values || values.length === 0 || values.length > MAX_VALUES) errors[`options.${i}.values`] = `${label} must have 1 to ${MAX_VALUES} values`;
    else if (values.some((v) => !v || v.length > MAX_NAME)) errors[`options.${i}.values`] = `Each value of ${label} must be 1 to ${MAX_NAME} characters`;
    else if (new Set(values).size !== values.length) errors[`options.${i}.values`] = `${label} has a value twice`;
    if (name && values) options.push({ name, values: values as string[] });
  });
  return options.length === raw.length ? options : undefined;
}

/** A variant's price or discount: null / absent = the product's own; else the product field's rule. */
function own(raw: unknown, key: 'price' | 'discountPercentage', field: string, errors: Errors): number | null {
  if (raw === null || raw === undefined || raw === '') return null;
  const message = typeof raw === 'boolean' ? undefined : checkProductField(typeof raw === 'string' ? raw.trim() : raw, productRule(key)!);
  if (typeof raw === 'boolean' || message) errors[field] = message ?? `${key === 'price' ? 'Price' : 'Discount Percentage'} must be a number`;
  return toNumber(raw);
}

/**
 * A variant's picture: absent = kept (none for a new variant), null or '' = none, else one of the
 * product's images (after the write), so the product page can show it.
 */
function readImage(raw: unknown, images: readonly string[], field: string, errors: Errors): string | null | undefined {
  if (raw === undefined) return undefined;
  const value = typeof raw === 'string' ? raw.trim() : raw;
  if (value === null || value === '') return null;
  if (typeof value !== 'string' || !images.includes(value)) errors[field] = "Image must be one of this product's images";
  return typeof value === 'string' ? value : undefined;
}

function readChoice(raw: unknown, options: readonly ProductOption[], field: string, errors: Errors): VariantChoice | undefined {
  if (!isObject(raw)) {
    errors[field] = options.length === 0 ? 'A product without options has one variant, with no choice' : `Choose ${options.map((o) => o.name).join(', ')}`;
    return undefined;
  }
  const unknown = Object.keys(raw).filter((k) => !options.some((o) => o.name === k));
  if (unknown.length > 0) {
    errors[field] = `Unknown option ${unknown.join(', ')} (the options are ${options.map((o) => o.name).join(', ') || 'none'})`;
    return undefined;
  }
  for (const o of options) {
    const value = text(raw[o.name]);
    if (!value || !o.values.includes(value)) {
      errors[field] = `${o.name} must be one of ${o.values.join(', ')}`;
      return undefined;
    }
  }
  return Object.fromEntries(options.map((o) => [o.name, text(raw[o.name])!]));
}

const key = (choice: VariantChoice, options: readonly ProductOption[]) => JSON.stringify(options.map((o) => choice[o.name] ?? null));

/**
 * The options and variants a product write sets, when it sends `options` or `variants` (undefined
 * otherwise); errors by field. `existing`: the product written (its variants' ids may be kept);
 * `images`: the product's images after the write (a variant's image is one of them).
 */
export function readVariants(
  body: Record<string, unknown>,
  existing: VariantProduct | undefined,
  errors: Errors,
  images: readonly string[] = existing?.images ?? [],
): VariantsWrite | undefined {
  if (body.options === undefined && body.variants === undefined) return undefined;
  const options = body.options === undefined ? (existing?.options ?? []) : readOptions(body.options, errors);
  if (!Array.isArray(body.variants) || body.variants.length === 0 || body.variants.length > MAX_VARIANTS) {
    errors.variants = `Variants must be a list of 1 to ${MAX_VARIANTS} variants`;
    return undefined;
  }
  if (!options) return undefined;
  const variants: VariantInput[] = [];
  const seen = new Map<string, number>();
  const skus = new Map<string, number>();
  let total = 0;
  body.variants.forEach((raw, i) => {
    const at = (name: string) => `variants.${i}.${name}`;
    if (!isObject(raw)) {
      errors[`variants.${i}`] = 'A variant must have a SKU, a choice and a stock';
      return;
    }
    const sku = text(raw.sku);
    if (!sku || sku.length > MAX_SKU) errors[at('sku')] = `SKU must be 1 to ${MAX_SKU} characters`;
    else if (skus.has(sku)) errors[at('sku')] = `SKU ${sku} is given twice`;
    else skus.set(sku, i);
    const choice = readChoice(raw.options ?? (options.length === 0 ? {} : undefined), options, at('options'), errors);
    if (choice) {
      const k = key(choice, options);
      if (seen.has(k)) errors[at('options')] = `Another variant has the same ${options.map((o) => o.name).join(' and ') || 'choice'}`;
      seen.set(k, i);
    }
    const price = own(raw.price, 'price', at('price'), errors);
    const discountPercentage = own(raw.discountPercentage, 'discountPercentage', at('discountPercentage'), errors);
    const id = raw.id === undefined || raw.id === null ? undefined : Number(raw.id);
    const kept = id === undefined ? undefined : existing?.variants.find((v) => v.id === id);
    if (id !== undefined && !kept) errors[at('id')] = `This product has no variant ${String(raw.id)}`;
    // No stock: a kept variant's stays as it is (counted here as it was read).
    const stock = raw.stock === undefined && kept ? undefined : typeof raw.stock === 'boolean' ? NaN : toNumber(typeof raw.stock === 'string' ? raw.stock.trim() : raw.stock);
    if (stock !== undefined && (!Number.isInteger(stock) || stock < 0 || stock > MAX_STOCK)) errors[at('stock')] = 'Stock must be a whole number of 0 or more';
    else total += stock ?? kept!.stock;
    const image = readImage(raw.image, images, at('image'), errors);
    if (sku && choice && (stock === undefined || Number.isInteger(stock))) {
      variants.push({ ...(id === undefined ? {} : { id }), sku, options: choice, price, discountPercentage, ...(stock === undefined ? {} : { stock }), ...(image === undefined ? {} : { image }) });
    }
  });
  if (total > MAX_STOCK) errors.variants = 'The variants hold more stock than the shop can count';
  const missing = optionChoices(options).filter((c) => !seen.has(key(c, options)));
  if (missing.length > 0 && variants.length === body.variants.length) {
    errors.variants = `Every choice needs a variant: missing ${missing.slice(0, 5).map((c) => options.map((o) => c[o.name]).join(' / ')).join(', ')}${missing.length > 5 ? ', …' : ''}`;
  }
  return variants.length === body.variants.length ? { options, variants } : undefined;
}
