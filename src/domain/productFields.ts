// A product's fields, defined once: each field's type, column, validation rule,
// whether and how a body or the admin form gives it, its default, and its CSV column (what an
// entry says: productFieldSpec.ts). From this
// table follow the Product type, the form's rules (src/domain/validation.ts), the server's reading of
// a body (server/http/validate.ts), the rows of `products` (server/modules/catalogue/pg/productRows.ts and
// schema.ts), the list fields (server/query/lists.ts) and the CSV export and import
// (productCsv.ts). README's "Adding a product field" lists what else a new field needs.
// Pure TypeScript, shared by the client and the server: no React, no Node.
import type { Review } from './types';
import { checkField, MAX_TEXT, toNumber, type FieldRule } from './fieldRule';
import { isWholeCents } from './checkout';
import { MAX_CART_QUANTITY } from './constants';
import { integerRule, moneyRule, numberRule, optionalNumberRule, optionalTextRule, textRule, type FieldSpec } from './productFieldSpec';

/** The description's limit (other texts: MAX_TEXT; image addresses: MAX_IMAGE). */
export const MAX_LONG_TEXT = 2000;
export const MAX_IMAGE = 500;
/** How many images a product may have (at least one), and the longest description (alt text) of one. */
export const MAX_PRODUCT_IMAGES = 12;
export const MAX_IMAGE_ALT = 200;
const IMAGE_PLACES = Array.from({ length: MAX_PRODUCT_IMAGES }, (_, i) => i + 1);
/** The largest stock the database holds (PostgreSQL's integer). */
export const MAX_STOCK = 2_147_483_647;
/** The low-stock threshold of a product that has none. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

/** The fields, in db.json's key order (which every product answer and export keeps). */
export const PRODUCT_FIELD_TABLE = {
  id: { type: 'id', label: 'Id', column: 'id', csv: 'key' },
  title: { type: 'text', label: 'Product Name', column: 'title', input: 'required', form: true, rule: textRule(MAX_TEXT), csv: 'both' },
  description: { type: 'text', label: 'Description', column: 'description', input: 'required', form: true, rule: textRule(MAX_LONG_TEXT), csv: 'both' },
  price: { type: 'number', label: 'Price', column: 'price', input: 'required', form: true, rule: moneyRule(1, 10000), csv: 'both' },
  discountPercentage: { type: 'number', label: 'Discount Percentage', column: 'discount_percentage', input: 'required', form: true, rule: numberRule(0, 100), csv: 'both' },
  stock: { type: 'integer', label: 'Stock', column: 'stock', input: 'required', form: true, rule: integerRule(0, MAX_STOCK), csv: 'both' },
  thumbnail: { type: 'text', label: 'Thumbnail', column: 'thumbnail', input: 'required', form: true, rule: textRule(MAX_IMAGE), image: true, csv: 'both' },
  images: {
    type: 'images',
    label: 'Images',
    column: 'images',
    input: 'required',
    form: true,
    rule: textRule(MAX_IMAGE),
    spread: ['image1', 'image2', 'image3', 'image4', 'image5', 'image6', 'image7', 'image8', 'image9', 'image10', 'image11', 'image12'],
    spreadLabels: IMAGE_PLACES.map((n) => `Image ${n}`),
    // A product needs one image; Image 2 to 12 may be left blank.
    spreadRequired: 1,
    image: true,
    csv: 'both',
  },
  brand: { type: 'text', label: 'Brand', column: 'brand', input: 'required', form: true, rule: textRule(MAX_TEXT), listed: 'brands', csv: 'both' },
  category: { type: 'text', label: 'Category', column: 'category', input: 'required', form: true, rule: textRule(MAX_TEXT), listed: 'categories', csv: 'both' },
  /** The mean of the reviews' ratings (server/modules/catalogue/reviews.ts): never an input. */
  rating: { type: 'number', label: 'Rating', column: 'rating', default: 0, csv: 'export' },
  // The details below are what the admin set, and nothing else: a blank text (or a weight of 0) is
  // not set and not shown, never an invented default. A blank return policy gives no return window.
  weight: { type: 'number', label: 'Weight', column: 'weight', input: 'optional', form: true, rule: optionalNumberRule(0, 100000), default: 0, csv: 'both' },
  warrantyInformation: { type: 'text', label: 'Warranty', column: 'warranty_information', input: 'optional', form: true, rule: optionalTextRule(MAX_TEXT), default: '', csv: 'both' },
  shippingInformation: { type: 'text', label: 'Shipping', column: 'shipping_information', input: 'optional', form: true, rule: optionalTextRule(MAX_TEXT), default: '', csv: 'both' },
  returnPolicy: { type: 'text', label: 'Return policy', column: 'return_policy', input: 'optional', form: true, rule: optionalTextRule(MAX_TEXT), default: '', csv: 'both' },
  // At most what a cart line holds (1 to 6): a larger minimum could never be ordered.
  minimumOrderQuantity: { type: 'integer', label: 'Minimum order quantity', column: 'minimum_order_quantity', input: 'optional', form: true, rule: integerRule(1, MAX_CART_QUANTITY), default: 1, csv: 'both' },
  reviews: { type: 'reviews', label: 'Reviews', column: 'reviews', default: [] },
  /** Soft-deleted: hidden from shoppers, kept for orders and the back office. */
  deleted: { type: 'boolean', label: 'Deleted', column: 'deleted', input: 'optional', optional: true, default: false, csv: 'both' },
  /** The back office lists the product as low on stock at or below this (absent: DEFAULT_LOW_STOCK_THRESHOLD). */
  lowStockThreshold: {
    type: 'integer',
    label: 'Low stock threshold',
    column: 'low_stock_threshold',
    input: 'optional',
    form: true,
    rule: integerRule(0, 1000000),
    optional: true,
    nullable: true,
    csv: 'both',
  },
  /**
   * Each image's description (its alt text), by position in `images` ('' or missing: none, the
   * product's title is used). Absent when no image has one. Not in the CSV: the form edits it.
   */
  imageAlt: { type: 'texts', label: 'Image descriptions', column: 'image_alt', input: 'optional', optional: true, nullable: true },
} as const satisfies Record<string, FieldSpec>;

export type ProductFieldTable = typeof PRODUCT_FIELD_TABLE;
export type ProductKey = keyof ProductFieldTable;
type Spec<K extends ProductKey> = ProductFieldTable[K];
type KeysWhere<Match> = { [K in ProductKey]: Spec<K> extends Match ? K : never }[ProductKey];

/** The TypeScript value of each field type. */
export interface FieldValues {
  id: number;
  text: string;
  number: number;
  integer: number;
  boolean: boolean;
  images: string[];
  texts: string[];
  reviews: Review[];
}
type ValueOf<K extends ProductKey> = FieldValues[Spec<K>['type']];

/** A product as the data file and the API have it (the fields of the table, in its order). */
export type Product = {
  -readonly [K in ProductKey as Spec<K> extends { optional: true } ? never : K]: ValueOf<K>;
} & {
  -readonly [K in ProductKey as Spec<K> extends { optional: true } ? K : never]?: ValueOf<K>;
};

const entries = Object.entries(PRODUCT_FIELD_TABLE) as [ProductKey, FieldSpec][];
const keysWhere = <K extends ProductKey>(test: (spec: FieldSpec) => boolean) => entries.filter(([, spec]) => test(spec)).map(([key]) => key as K);

/** Every field, in db.json's key order. */
export const PRODUCT_KEYS: readonly ProductKey[] = entries.map(([key]) => key);

/** The field's spec, as the general shape (for code that walks the table). */
export const fieldSpec = (key: ProductKey): FieldSpec => PRODUCT_FIELD_TABLE[key];

export type ProductColumn = Spec<ProductKey>['column'];
/** The column of each field. */
export const PRODUCT_COLUMN = Object.fromEntries(entries.map(([key, spec]) => [key, spec.column])) as { [K in ProductKey]: Spec<K>['column'] };

/** Fields that are lists a product list filters by (jsonb columns): images, reviews. */
export type ListKey = KeysWhere<{ type: 'images' | 'reviews' }>;
/** Lists of texts (jsonb, NULL when absent), not filtered by: imageAlt. */
export type TextsKey = KeysWhere<{ type: 'texts' }>;
/** Scalar fields stored as NULL when absent. */
export type NullableKey = Exclude<KeysWhere<{ nullable: true }>, TextsKey>;
/** The scalar fields every stored product has. */
export type ScalarKey = Exclude<ProductKey, ListKey | NullableKey | TextsKey>;
const isList = (spec: FieldSpec) => spec.type === 'images' || spec.type === 'reviews';
/** Whether a field is stored as jsonb. */
export const isJsonField = (key: ProductKey) => isList(fieldSpec(key)) || fieldSpec(key).type === 'texts';
export const SCALAR_KEYS: readonly ScalarKey[] = keysWhere<ScalarKey>((spec) => !isList(spec) && !spec.nullable && spec.type !== 'texts');
export const LIST_KEYS: readonly ListKey[] = keysWhere<ListKey>(isList);
export const NULLABLE_KEYS: readonly NullableKey[] = keysWhere<NullableKey>((spec) => spec.nullable === true && spec.type !== 'texts');

/** What a new product gets for the fields a body did not give (rating 0, no reviews, …). */
export type DefaultedKey = KeysWhere<{ default: unknown }>;
export const PRODUCT_DEFAULTS = Object.fromEntries(
  entries.filter(([, spec]) => spec.default !== undefined).map(([key, spec]) => [key, spec.default]),
) as { [K in DefaultedKey]: ValueOf<K> };

/** The admin form's fields: a spread list's names instead of the list (image1–image12 for images). */
export type ProductFormField = {
  [K in ProductKey]: Spec<K> extends { form: true; spread: readonly (infer S)[] } ? S : Spec<K> extends { form: true } ? K : never;
}[ProductKey];

/** Each name a field is given under in a form or a CSV: its own, or its spread's. */
export const givenNames = (key: ProductKey): readonly string[] => fieldSpec(key).spread ?? [key];

/** The label of a field under `name` (its own name: its label; one of its spread names: that one's). */
export function productLabel(key: ProductKey, name: string = key): string {
  const spec = fieldSpec(key);
  const i = spec.spread?.indexOf(name) ?? -1;
  return i >= 0 && spec.spreadLabels ? spec.spreadLabels[i] : spec.label;
}

/**
 * The rule of a field under `name` (its own name, or one of its spread names), its messages naming
 * its label; a spread name past the required ones (Image 2, Image 3) may be left blank.
 */
export function productRule(key: ProductKey, name: string = key): FieldRule | undefined {
  const spec = fieldSpec(key);
  const rule = spec.rule?.(productLabel(key, name));
  const index = spec.spread?.indexOf(name) ?? -1;
  return rule && spec.spreadRequired !== undefined && index >= spec.spreadRequired ? { ...rule, required: undefined } : rule;
}

/** The rules of the admin form's fields, in the table's order. */
export const PRODUCT_FORM_RULES = Object.fromEntries(
  entries.filter(([, spec]) => spec.form).flatMap(([key]) => givenNames(key).map((name) => [name, productRule(key, name)!])),
) as Record<ProductFormField, FieldRule>;

/**
 * The smallest magnitude a number other than 0 may have: the smallest normal double (about
 * 2.2e-308). Below it (subnormals such as 5e-324) PostgreSQL's float8 arithmetic underflows
 * (a sale price of 5e-324 % off is an error there), and no shop value is that small.
 */
export const SMALLEST_NUMBER = 2 ** -1022;

/**
 * checkField, then the rule's `tiny` check (a product's number other than 0 nearer to 0 than
 * SMALLEST_NUMBER is refused) and its `cents` check (a price has at most two decimals). Kept out of checkField, which every form (and /login) loads.
 */
export function checkProductField(value: unknown, rule: FieldRule): string | undefined {
  const message = checkField(value, rule);
  if (message !== undefined) return message;
  const n = toNumber(typeof value === 'string' ? value.trim() : value);
  if (rule.tiny && n !== 0 && Math.abs(n) < SMALLEST_NUMBER) return rule.tiny;
  if (rule.cents && Number.isFinite(n) && !isWholeCents(n)) return rule.cents;
  return undefined;
}
