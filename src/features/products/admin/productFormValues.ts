// The product form works on strings (one per input, image1–image12 and their descriptions
// alt1–alt12 apart); the API stores numbers, an `images` list and the parallel `imageAlt`. Both
// directions of that mapping live here, plus the server's field errors.
import type { Product, ProductNotify } from '../../../domain/types';
import type { ProductOption } from '../../../domain/variants';
import type { VariantInput } from './variantGrid';
import { DEFAULT_LOW_STOCK_THRESHOLD, MAX_IMAGE_ALT, MAX_PRODUCT_IMAGES, PRODUCT_FORM_RULES, type ProductFormField } from '../../../domain/productFields';
import { optionalTextRule } from '../../../domain/productFieldSpec';
import type { FieldRule } from '../../../domain/fieldRule';

/** The form's image places, 1 to MAX_PRODUCT_IMAGES: each an address and its description. */
export type ImageName = Extract<ProductFormField, `image${number}`>;
export type AltName = `alt${number}`;
const PLACES = Array.from({ length: MAX_PRODUCT_IMAGES }, (_, i) => i + 1);
export const IMAGE_NAMES = PLACES.map((n) => `image${n}`) as ImageName[];
export const ALT_NAMES: AltName[] = PLACES.map((n) => `alt${n}` as AltName);
const blanks = (names: readonly string[], values: readonly (string | undefined)[] = []) =>
  Object.fromEntries(names.map((name, i) => [name, values[i] ?? '']));

/** A form field's rule: the field table's, or an image description's (optional, at most MAX_IMAGE_ALT characters). */
export function formRule(name: ProductFormField | AltName): FieldRule {
  if (name in PRODUCT_FORM_RULES) return PRODUCT_FORM_RULES[name as ProductFormField];
  return optionalTextRule(MAX_IMAGE_ALT)(`Description of image ${name.slice('alt'.length)}`);
}

/** One string per input, and the "Email me about this product" checkboxes (the product's `notify`). */
export type ProductFormValues = Record<ProductFormField, string> & Record<AltName, string> & { notify: ProductNotify };

/** Every staff mail off: a new product's, and a product's the answer gave none of. */
export const NOTIFY_OFF: ProductNotify = { review: false, lowStock: false, soldOut: false };

/** What the form sends: POST body for a new product, merged into the product for a PATCH. */
export type ProductInput = Pick<
  Product,
  | 'title'
  | 'description'
  | 'price'
  | 'discountPercentage'
  | 'stock'
  | 'thumbnail'
  | 'images'
  | 'imageAlt'
  | 'brand'
  | 'category'
  | 'weight'
  | 'warrantyInformation'
  | 'shippingInformation'
  | 'returnPolicy'
  | 'minimumOrderQuantity'
  | 'lowStockThreshold'
> & {
  /** Which events of the product the staff is mailed of. */
  notify: ProductNotify;
  /** The options and variants, when the form has options or edits a saved product. */
  options?: ProductOption[];
  variants?: VariantInput[];
};

export const EMPTY_PRODUCT_FORM = {
  title: '',
  description: '',
  price: '',
  discountPercentage: '',
  stock: '',
  thumbnail: '',
  ...blanks(IMAGE_NAMES),
  ...blanks(ALT_NAMES),
  brand: '',
  category: '',
  // The details start blank (not set, not shown); a minimum of 1 is no minimum.
  weight: '',
  warrantyInformation: '',
  shippingInformation: '',
  returnPolicy: '',
  minimumOrderQuantity: '1',
  lowStockThreshold: String(DEFAULT_LOW_STOCK_THRESHOLD),
  notify: NOTIFY_OFF,
} as ProductFormValues;

/** The form's values of a saved product (an admin's answer carries `notify`). */
export function toFormValues(product: Product & { notify?: ProductNotify }): ProductFormValues {
  return {
    ...(blanks(IMAGE_NAMES, product.images) as Record<ImageName, string>),
    ...(blanks(ALT_NAMES, product.imageAlt) as Record<AltName, string>),
    title: product.title,
    description: product.description,
    price: String(product.price),
    discountPercentage: String(product.discountPercentage),
    stock: String(product.stock),
    thumbnail: product.thumbnail,
    brand: product.brand,
    category: product.category,
    weight: product.weight === 0 ? '' : String(product.weight),
    warrantyInformation: product.warrantyInformation,
    shippingInformation: product.shippingInformation,
    returnPolicy: product.returnPolicy,
    minimumOrderQuantity: String(product.minimumOrderQuantity),
    lowStockThreshold: String(product.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD),
    notify: { ...NOTIFY_OFF, ...product.notify },
  };
}

/**
 * Numbers are converted to numeric values before saving. The images are the places filled, in
 * order, each with its description ('' for none; no list when none has one).
 */
export function toProductInput(values: ProductFormValues): ProductInput {
  const filled = IMAGE_NAMES.map((name, i) => [values[name].trim(), values[ALT_NAMES[i]].trim()]).filter(([src]) => src !== '');
  const alts = filled.map(([, alt]) => alt);
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    price: Number(values.price),
    discountPercentage: Number(values.discountPercentage),
    stock: Number(values.stock),
    thumbnail: values.thumbnail.trim(),
    images: filled.map(([src]) => src),
    imageAlt: alts.some((alt) => alt !== '') ? alts : [],
    brand: values.brand,
    category: values.category,
    // A blank weight is not set (0, not shown).
    weight: values.weight.trim() === '' ? 0 : Number(values.weight),
    warrantyInformation: values.warrantyInformation.trim(),
    shippingInformation: values.shippingInformation.trim(),
    returnPolicy: values.returnPolicy.trim(),
    minimumOrderQuantity: Number(values.minimumOrderQuantity),
    lowStockThreshold: Number(values.lowStockThreshold),
    notify: { ...values.notify },
  };
}

// `notify` has no message of its own: the page lists an error on it with the others.
const FORM_FIELDS = new Set<string>(Object.keys(EMPTY_PRODUCT_FORM).filter((key) => key !== 'notify'));

/**
 * The server's per-field errors (keyed by product field names) → form fields. An error on
 * `images.1` or `images[1]` belongs to Image 2; one on the whole `images` list to Image 1.
 * Keys no field shows are returned apart so the page can still report them.
 */
export function toFieldErrors(errors: Record<string, string> | undefined): {
  fields: Partial<Record<ProductFormField | AltName, string>>;
  other: string[];
} {
  const fields: Partial<Record<ProductFormField | AltName, string>> = {};
  const other: string[] = [];
  for (const [key, message] of Object.entries(errors ?? {})) {
    const image = /^images(?:\.|\[)?(\d+)?\]?$/.exec(key);
    if (image) {
      const index = image[1] === undefined ? 0 : Number(image[1]);
      if (index < IMAGE_NAMES.length) {
        fields[IMAGE_NAMES[index]] ??= message;
        continue;
      }
    }
    const alt = /^imageAlt\.(\d+)$/.exec(key);
    if (alt && Number(alt[1]) < ALT_NAMES.length) {
      fields[ALT_NAMES[Number(alt[1])]] = message;
      continue;
    }
    if (FORM_FIELDS.has(key)) fields[key as ProductFormField] = message;
    else other.push(message);
  }
  return { fields, other };
}
