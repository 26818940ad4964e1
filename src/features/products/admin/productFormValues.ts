// The product form works on strings (one per input, image1–3 apart); the API stores numbers and an
// `images` list. Both directions of that mapping live here, plus the server's field errors.
import type { Product, ProductNotify } from '../../../domain/types';
import type { ProductOption } from '../../../domain/variants';
import type { VariantInput } from './variantGrid';
import { DEFAULT_LOW_STOCK_THRESHOLD, type ProductFormField } from '../../../domain/productFields';

/** One string per input, and the "Email me about this product" checkboxes (the product's `notify`). */
export type ProductFormValues = Record<ProductFormField, string> & { notify: ProductNotify };

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

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  title: '',
  description: '',
  price: '',
  discountPercentage: '',
  stock: '',
  thumbnail: '',
  image1: '',
  image2: '',
  image3: '',
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
};

/** The form's values of a saved product (an admin's answer carries `notify`). */
export function toFormValues(product: Product & { notify?: ProductNotify }): ProductFormValues {
  return {
    title: product.title,
    description: product.description,
    price: String(product.price),
    discountPercentage: String(product.discountPercentage),
    stock: String(product.stock),
    thumbnail: product.thumbnail,
    image1: product.images[0] ?? '',
    image2: product.images[1] ?? '',
    image3: product.images[2] ?? '',
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

/** Numbers are converted to numeric values before saving. */
export function toProductInput(values: ProductFormValues): ProductInput {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    price: Number(values.price),
    discountPercentage: Number(values.discountPercentage),
    stock: Number(values.stock),
    thumbnail: values.thumbnail.trim(),
    images: [values.image1.trim(), values.image2.trim(), values.image3.trim()],
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
  fields: Partial<Record<ProductFormField, string>>;
  other: string[];
} {
  const fields: Partial<Record<ProductFormField, string>> = {};
  const other: string[] = [];
  for (const [key, message] of Object.entries(errors ?? {})) {
    const image = /^images(?:\.|\[)?(\d)?\]?$/.exec(key);
    if (image) {
      const index = image[1] === undefined ? 0 : Number(image[1]);
      if (index <= 2) {
        fields[`image${index + 1}` as ProductFormField] ??= message;
        continue;
      }
    }
    if (FORM_FIELDS.has(key)) fields[key as ProductFormField] = message;
    else other.push(message);
  }
  return { fields, other };
}
