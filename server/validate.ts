// Server-side use of the shared SPEC §5 rules (src/lib/validation.ts): every input is checked
// with the same rules the forms use, then copied field by field (unknown fields are dropped).
import type { Address, Product } from '../src/types';
import {
  addressRules,
  checkField,
  MAX_TEXT,
  productRules,
  type AddressField,
  type FieldRule,
  type ProductField,
  toNumber,
} from '../src/lib/validation';

export type Errors = Record<string, string>;

const ADDRESS_FIELDS = Object.keys(addressRules) as AddressField[];
export const MAX_ADDRESSES = 20;

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/** One address, whitelisted and trimmed; messages go to `errors` under `<prefix>.<field>`. */
export function readAddress(value: unknown, prefix: string, errors: Errors): Address | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    errors[prefix] = 'Address must be an object';
    return undefined;
  }
  const source = value as Record<string, unknown>;
  const address: Record<string, unknown> = {};
  let ok = true;
  for (const field of ADDRESS_FIELDS) {
    const v = trimmed(source[field]);
    const message = checkField(v, addressRules[field]);
    if (message) {
      errors[`${prefix}.${field}`] = message;
      ok = false;
    }
    address[field] = v;
  }
  return ok ? (address as unknown as Address) : undefined;
}

/** A list of addresses (PATCH /users, signup). */
export function readAddresses(value: unknown, errors: Errors): Address[] {
  if (!Array.isArray(value)) {
    errors.addresses = 'addresses must be a list';
    return [];
  }
  if (value.length > MAX_ADDRESSES) {
    errors.addresses = `At most ${MAX_ADDRESSES} addresses`;
    return [];
  }
  const list: Address[] = [];
  value.forEach((item, i) => {
    const address = readAddress(item, `addresses.${i}`, errors);
    if (address) list.push(address);
  });
  return list;
}

/** Optional display name: text up to MAX_TEXT; '' or null clears it. */
export function readName(value: unknown, errors: Errors): string | undefined {
  if (value === null) return '';
  if (typeof value !== 'string') {
    errors.name = 'name must be text';
    return undefined;
  }
  const name = value.trim();
  if (name.length > MAX_TEXT) errors.name = `name must be at most ${MAX_TEXT} characters`;
  return name;
}

// --- Products ---------------------------------------------------------------------------

const IMAGE_FIELDS = ['image1', 'image2', 'image3'] as const;
const TEXT_FIELDS = ['title', 'description', 'thumbnail', 'brand', 'category'] as const;
const NUMBER_FIELDS = ['price', 'discountPercentage', 'stock'] as const;
/** The largest stock either engine holds (PostgreSQL's integer; the data file has no smaller limit). */
export const MAX_STOCK = 2_147_483_647;
export const STOCK_TOO_LARGE = `stock must be at most ${MAX_STOCK}`;
/** Product details outside the admin form: optional, validated when sent. */
const EXTRA_TEXT = ['warrantyInformation', 'shippingInformation', 'returnPolicy'] as const;

const extraRules: Record<'weight' | 'minimumOrderQuantity', FieldRule> = {
  weight: {
    required: 'weight is required',
    min: { value: 0, message: 'weight must be at least 0' },
    max: { value: 100000, message: 'weight must be at most 100000' },
  },
  minimumOrderQuantity: {
    required: 'minimumOrderQuantity is required',
    integer: 'minimumOrderQuantity must be a whole number',
    min: { value: 1, message: 'minimumOrderQuantity must be at least 1' },
    max: { value: 1000, message: 'minimumOrderQuantity must be at most 1000' },
  },
};
const extraTextRule = (field: string): FieldRule => ({
  required: `${field} is required`,
  maxLength: { value: MAX_TEXT, message: `${field} must be at most ${MAX_TEXT} characters` },
});

/**
 * Image addresses the shop can show: a path on this server or a data: image. The shop works
 * offline and its Content-Security-Policy (img-src 'self' data:) would block any other host.
 * A path is judged the way a browser reads it: the WHATWG URL parser drops tabs and newlines
 * and reads a backslash as `/`, so `/<backslash>evil.example/x.png` or `/<TAB>/evil.example/x.png`
 * would load from another host. Such characters are refused outright (no real image path has
 * them), and what is left must resolve to this origin.
 */
export function isLocalImage(value: string): boolean {
  if (/^data:image\//i.test(value)) return true;
  // eslint-disable-next-line no-control-regex
  if (!value.startsWith('/') || /[\u0000-\u001f\u007f\\]/.test(value)) return false;
  const base = 'http://shop.invalid';
  try {
    return new URL(value, base).origin === base;
  } catch {
    return false;
  }
}

export const PRODUCT_DEFAULTS = {
  rating: 0,
  weight: 1,
  warrantyInformation: '1 year warranty',
  shippingInformation: 'Ships in 3-5 business days',
  returnPolicy: '30 days return policy',
  minimumOrderQuantity: 1,
  reviews: [],
  deleted: false,
} satisfies Partial<Product>;

export interface ProductInputContext {
  /** The product being edited (PATCH): only the fields present in the body are checked. */
  existing?: Product;
  brands: readonly string[];
  categories: readonly string[];
}

/**
 * Validates a product body (POST: all form fields; PATCH: those present) and returns the
 * fields to store. The form's image1..3 are the product's images[0..2]; either may be sent.
 */
export function readProduct(
  body: Record<string, unknown>,
  { existing, brands, categories }: ProductInputContext,
): { changes: Partial<Product>; errors: Errors } {
  const errors: Errors = {};
  const changes: Partial<Product> = {};
  const present = (key: string) => !existing || body[key] !== undefined;
  const check = (field: ProductField, value: unknown) => {
    const message = checkField(value, productRules[field]);
    if (message) errors[field] = message;
    return !message;
  };

  for (const field of TEXT_FIELDS) {
    if (!present(field)) continue;
    const value = trimmed(body[field]);
    if (check(field, value)) changes[field] = value as string;
  }
  for (const field of NUMBER_FIELDS) {
    if (!present(field)) continue;
    const value = trimmed(body[field]);
    if (typeof value === 'boolean' || Array.isArray(value)) errors[field] = `${field} must be a number`;
    else if (!check(field, value)) continue;
    // One limit for both engines: the schema's integer column (a double beyond 2^53 could no
    // longer be counted down exactly either).
    else if (field === 'stock' && toNumber(value) > MAX_STOCK) errors.stock = STOCK_TOO_LARGE;
    else changes[field] = toNumber(value);
  }

  // images: start from the stored ones, then `images`, then image1..3 (the form's names).
  const imagesSent = body.images !== undefined || IMAGE_FIELDS.some((f) => body[f] !== undefined);
  if (!existing || imagesSent) {
    const images: unknown[] = [...(existing?.images ?? [])];
    if (body.images !== undefined) {
      if (Array.isArray(body.images) && body.images.length <= 3) images.splice(0, 3, ...body.images);
      else errors.images = 'images must be a list of up to 3 image addresses';
    }
    IMAGE_FIELDS.forEach((field, i) => {
      if (body[field] !== undefined) images[i] = body[field];
      const value = trimmed(images[i]);
      if (check(field, value) && typeof value === 'string') images[i] = value;
    });
    if (!errors.images && IMAGE_FIELDS.every((f) => !errors[f])) changes.images = images.slice(0, 3) as string[];
  }

  const addresses: [string, string | undefined][] = [
    ['thumbnail', changes.thumbnail],
    ...IMAGE_FIELDS.map((f, i) => [f, changes.images?.[i]] as [string, string | undefined]),
  ];
  for (const [field, value] of addresses) {
    if (value !== undefined && !isLocalImage(value)) {
      errors[field] = `${field} must be a path on this site starting with / (e.g. /images/…) or a data:image`;
    }
  }
  if (changes.brand !== undefined && !brands.includes(changes.brand)) {
    errors.brand = 'brand must be one of the listed brands';
  }
  if (changes.category !== undefined && !categories.includes(changes.category)) {
    errors.category = 'category must be one of the listed categories';
  }

  // Optional fields: checked when sent (the threshold with the form's rule).
  const optionalRules = { ...extraRules, lowStockThreshold: productRules.lowStockThreshold };
  for (const field of ['weight', 'minimumOrderQuantity', 'lowStockThreshold'] as const) {
    if (body[field] === undefined) continue;
    const message = checkField(trimmed(body[field]), optionalRules[field]);
    if (message) errors[field] = message;
    else changes[field] = Number(trimmed(body[field]));
  }
  for (const field of EXTRA_TEXT) {
    if (body[field] === undefined) continue;
    const value = trimmed(body[field]);
    const message = checkField(value, extraTextRule(field));
    if (message) errors[field] = message;
    else changes[field] = value as string;
  }
  if (body.deleted !== undefined) {
    if (typeof body.deleted === 'boolean') changes.deleted = body.deleted;
    else errors.deleted = 'deleted must be true or false';
  }
  return { changes, errors };
}
