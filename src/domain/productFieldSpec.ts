// What one entry of the product field table (productFields.ts) says of its field, and the rule
// makers its entries use. Pure TypeScript, shared by the client and the server.
import { tooLong, type FieldRule } from './fieldRule';

/**
 * What a field holds: `id` the identity; `images` a list of 1 to MAX_PRODUCT_IMAGES addresses;
 * `texts` a list of texts (the images' descriptions, by position); `reviews` the reviews.
 */
export type FieldType = 'id' | 'text' | 'number' | 'integer' | 'boolean' | 'images' | 'texts' | 'reviews';

export interface FieldSpec {
  type: FieldType;
  /** Its column in `products` (snake_case). */
  column: string;
  /**
   * How a body (POST/PATCH /products, a CSV row) gives it: `required` (a new product needs it; an
   * edit checks it when sent) or `optional` (checked when sent); absent: not an input.
   */
  input?: 'required' | 'optional';
  /**
   * What a person reads it as: the admin form's label, the product page's, else the
   * field in words. Every message about the field names it by this, never by
   * the code's field name.
   */
  label: string;
  /** The rule its value must keep; its messages name the field by `label` (productLabel). */
  rule?: (label: string) => FieldRule;
  /** In the admin's product form (src/features/products/admin/ProductForm.tsx). */
  form?: true;
  /** A list the form and the CSV spread over these names (images: image1–image12). */
  spread?: readonly string[];
  /** The labels of the spread names, in their order (Image 1–12). */
  spreadLabels?: readonly string[];
  /** How many of the spread names must be given, from the first (images: 1; the others may be blank). */
  spreadRequired?: number;
  /** May be absent from a product (the seed's data file, an older snapshot). */
  optional?: true;
  /** Absent is stored as NULL and answered absent (not the default). */
  nullable?: true;
  /** A new product's value when the body has none; an optional field's stored value when absent. */
  default?: unknown;
  /** An address the shop can show (server/http/validate.ts isLocalImage). */
  image?: true;
  /** One of the listed brands or categories. */
  listed?: 'brands' | 'categories';
  /** Its CSV column: `key` (the row's product), `both` (exported and imported), `export` (only exported). */
  csv?: 'key' | 'both' | 'export';
}

// '{field} is required', and the other messages, with the field's label as {field}.
export const textRule = (max: number) => (label: string): FieldRule => ({ required: `${label} is required`, maxLength: tooLong(label, max) });
/** A text that may be left blank (blank: not set, so not shown). */
export const optionalTextRule = (max: number) => (label: string): FieldRule => ({ maxLength: tooLong(label, max) });
export const numberRule = (min: number, max: number) => (label: string): FieldRule => ({
  required: `${label} is required`,
  min: { value: min, message: `${label} must be at least ${min}` },
  max: { value: max, message: `${label} must be at most ${max}` },
  number: `${label} must be a number`,
  tiny: `${label} is too small to store: give 0 or a larger number`,
});
/** An amount of money: a number within the range, in whole cents. */
export const moneyRule = (min: number, max: number) => (label: string): FieldRule => ({
  ...numberRule(min, max)(label),
  cents: `${label} must have at most 2 decimals`,
});
/** A number that may be left blank (a blank weight is not set: 0, not shown). */
export const optionalNumberRule = (min: number, max: number) => (label: string): FieldRule => ({ ...numberRule(min, max)(label), required: undefined });
export const integerRule = (min: number, max: number) => (label: string): FieldRule => ({
  required: `${label} is required`,
  integer: `${label} must be a whole number`,
  min: { value: min, message: `${label} must be at least ${min}` },
  max: { value: max, message: `${label} must be at most ${max}` },
});
