// Server-side use of the shared form rules (src/domain/validation.ts): every input is checked
// with the same rules the forms use, then copied field by field (unknown fields are dropped).
import type { Address, Product } from '../../src/domain/types';
import { addressRules, checkField, MAX_TEXT, type AddressField, toNumber } from '../../src/domain/validation';
import { checkProductField, fieldSpec, givenNames, MAX_IMAGE_ALT, MAX_PRODUCT_IMAGES, MAX_STOCK, PRODUCT_DEFAULTS, PRODUCT_KEYS, productLabel, productRule, type ProductKey } from '../../src/domain/productFields';
import type { FieldSpec } from '../../src/domain/productFieldSpec';
import { chooseStateMessage, findRegion } from '../../src/domain/regions';

export type Errors = Record<string, string>;

const ADDRESS_FIELDS = Object.keys(addressRules) as AddressField[];
export const MAX_ADDRESSES = 20;

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/** Whether two addresses have the same fields (the form's fields; what else they carry aside). */
export const sameAddress = (a: Address, b: Address): boolean => ADDRESS_FIELDS.every((field) => a[field] === b[field]);

/**
 * One address, whitelisted and trimmed; messages go to `errors` under `<prefix>.<field>`. Its
 * state must name one of its country's regions (code, ISO code or name, src/domain/regions.ts) and
 * is given back as the region's code. `kept`: addresses stored before regions were checked whose
 * state names none (needsReview): sent back unchanged, such an address is kept as it was.
 */
export function readAddress(value: unknown, prefix: string, errors: Errors, kept: readonly Address[] = []): Address | undefined {
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
  if (!ok) return undefined;
  const region = findRegion(address.country as string, address.state);
  if (region) return { ...(address as unknown as Address), state: region.code };
  const unchanged = kept.find((k) => k.needsReview && sameAddress(k, address as unknown as Address));
  if (unchanged) return { ...unchanged };
  errors[`${prefix}.state`] = chooseStateMessage(address.country as string);
  return undefined;
}

/** A list of addresses (PATCH /users, signup); `kept` as readAddress. */
export function readAddresses(value: unknown, errors: Errors, kept: readonly Address[] = []): Address[] {
  if (!Array.isArray(value)) {
    errors.addresses = 'Addresses must be a list';
    return [];
  }
  if (value.length > MAX_ADDRESSES) {
    errors.addresses = `At most ${MAX_ADDRESSES} addresses`;
    return [];
  }
  const list: Address[] = [];
  value.forEach((item, i) => {
    const address = readAddress(item, `addresses.${i}`, errors, kept);
    if (address) list.push(address);
  });
  return list;
}

/** Optional display name: text up to MAX_TEXT; '' or null clears it. */
export function readName(value: unknown, errors: Errors): string | undefined {
  if (value === null) return '';
  if (typeof value !== 'string') {
    errors.name = 'Name must be text';
    return undefined;
  }
  const name = value.trim();
  if (name.length > MAX_TEXT) errors.name = `Name must be at most ${MAX_TEXT} characters`;
  return name;
}

// --- Products: from the field table (src/domain/productFields.ts) -------------------------

export { MAX_STOCK, PRODUCT_DEFAULTS };
export const STOCK_TOO_LARGE = productRule('stock')!.max!.message;

const isNumeric = (spec: FieldSpec) => spec.type === 'number' || spec.type === 'integer';
const fieldsWhere = (test: (spec: FieldSpec) => boolean) => PRODUCT_KEYS.filter((key) => test(fieldSpec(key)));
/** The order a body's fields are read in (and so the order of its errors). */
const REQUIRED_TEXT = fieldsWhere((s) => s.input === 'required' && s.type === 'text');
const REQUIRED_NUMBERS = fieldsWhere((s) => s.input === 'required' && isNumeric(s));
const IMAGE_LIST = fieldsWhere((s) => s.input !== undefined && s.type === 'images')[0];
const IMAGE_FIELDS = givenNames(IMAGE_LIST);
const ADDRESSES = fieldsWhere((s) => s.input !== undefined && s.image === true);
const LISTED = fieldsWhere((s) => s.listed !== undefined);
const OPTIONAL_NUMBERS = fieldsWhere((s) => s.input === 'optional' && isNumeric(s));
const OPTIONAL_TEXT = fieldsWhere((s) => s.input === 'optional' && s.type === 'text');
const BOOLEANS = fieldsWhere((s) => s.input !== undefined && s.type === 'boolean');

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

export interface ProductInputContext {
  /** The product being edited (PATCH): only the fields present in the body are checked. */
  existing?: Product;
  brands: readonly string[];
  categories: readonly string[];
}

/**
 * Validates a product body (POST: all form fields; PATCH: those present) and returns the
 * fields to store. The form's image1..image12 are the product's images[0..11]; either may be sent.
 * A product has 1 to MAX_PRODUCT_IMAGES images: image1 is required, the others may be blank (left
 * out of the list). `imageAlt`: each image's description by position (readImageAlt).
 */
export function readProduct(
  body: Record<string, unknown>,
  { existing, brands, categories }: ProductInputContext,
): { changes: Partial<Product>; errors: Errors } {
  const errors: Errors = {};
  const changes: Record<string, unknown> = {};
  const present = (key: string) => !existing || body[key] !== undefined;
  const check = (key: ProductKey, value: unknown, name: string = key) => {
    const message = checkProductField(value, productRule(key, name)!);
    if (message) errors[name] = message;
    return !message;
  };

  for (const key of REQUIRED_TEXT) {
    if (!present(key)) continue;
    const value = trimmed(body[key]);
    if (check(key, value)) changes[key] = value;
  }
  for (const key of REQUIRED_NUMBERS) {
    if (!present(key)) continue;
    const value = trimmed(body[key]);
    if (typeof value === 'boolean' || Array.isArray(value)) errors[key] = `${productLabel(key)} must be a number`;
    else if (check(key, value)) changes[key] = toNumber(value);
  }

  // images: start from the stored ones, then `images`, then image1..image12 (the form's names).
  const imagesSent = body[IMAGE_LIST] !== undefined || IMAGE_FIELDS.some((f) => body[f] !== undefined);
  if (!existing || imagesSent) {
    const images: unknown[] = [...((existing?.[IMAGE_LIST] as unknown[] | undefined) ?? [])];
    const sent = body[IMAGE_LIST];
    if (sent !== undefined) {
      if (Array.isArray(sent) && sent.length <= IMAGE_FIELDS.length) images.splice(0, IMAGE_FIELDS.length, ...sent);
      else errors[IMAGE_LIST] = `${productLabel(IMAGE_LIST)} must be a list of up to ${IMAGE_FIELDS.length} image addresses`;
    }
    IMAGE_FIELDS.forEach((name, i) => {
      if (body[name] !== undefined) images[i] = body[name];
      const value = trimmed(images[i]);
      if (check(IMAGE_LIST, value, name) && typeof value === 'string') images[i] = value;
    });
    // Image 2 onwards may be blank: the list is the addresses given, in order (at least Image 1's).
    if (!errors[IMAGE_LIST] && IMAGE_FIELDS.every((f) => !errors[f])) changes[IMAGE_LIST] = images.slice(0, IMAGE_FIELDS.length).filter((i) => typeof i === 'string' && i !== '');
  }

  for (const key of ADDRESSES) {
    const values = fieldSpec(key).spread ? ((changes[key] as string[] | undefined) ?? []) : [changes[key] as string | undefined];
    givenNames(key).forEach((name, i) => {
      const value = values[i];
      if (value !== undefined && !isLocalImage(value)) {
        errors[name] = `${productLabel(key, name)} must be a path on this site starting with / (e.g. /images/…) or a data:image`;
      }
    });
  }
  const lists = { brands, categories };
  for (const key of LISTED) {
    const listed = fieldSpec(key).listed!;
    if (changes[key] !== undefined && !lists[listed].includes(changes[key] as string)) errors[key] = `${productLabel(key)} must be one of the listed ${listed}`;
  }

  // Optional fields: checked when sent.
  for (const key of OPTIONAL_NUMBERS) {
    if (body[key] === undefined) continue;
    const value = trimmed(body[key]);
    if (check(key, value)) changes[key] = Number(value);
  }
  for (const key of OPTIONAL_TEXT) {
    if (body[key] === undefined) continue;
    const value = trimmed(body[key]);
    if (check(key, value)) changes[key] = value;
  }
  if (body.imageAlt !== undefined) readImageAlt(body.imageAlt, (changes.images ?? existing?.images ?? []) as unknown[], changes, errors);
  else if (existing?.imageAlt && changes.images) changes.imageAlt = followImages(existing.images, existing.imageAlt, changes.images as string[]);
  for (const key of BOOLEANS) {
    if (body[key] === undefined) continue;
    if (typeof body[key] === 'boolean') changes[key] = body[key];
    else errors[key] = `${productLabel(key)} must be true or false`;
  }
  return { changes: changes as Partial<Product>, errors };
}

/**
 * The stored descriptions when the images change without new ones: each stays with its image
 * (found by its address), whatever position it moves to; a removed image's is dropped.
 */
function followImages(before: readonly string[], alts: readonly (string | null)[], after: readonly string[]): string[] | null {
  const moved = after.map((image) => {
    const at = before.indexOf(image);
    return at >= 0 ? (alts[at] ?? '') : '';
  });
  while (moved.length > 0 && moved[moved.length - 1] === '') moved.pop();
  return moved.length > 0 ? moved : null;
}

/**
 * `imageAlt`: a list of up to MAX_PRODUCT_IMAGES texts (null or '' for none), each at most
 * MAX_IMAGE_ALT characters once trimmed, none past the product's last image. Stored without the
 * blanks at its end; none at all is stored as null (the product answers without it).
 */
function readImageAlt(sent: unknown, images: readonly unknown[], changes: Record<string, unknown>, errors: Errors): void {
  if (!Array.isArray(sent) || sent.length > MAX_PRODUCT_IMAGES || sent.some((t) => t !== null && typeof t !== 'string')) {
    errors.imageAlt = `Image descriptions must be a list of up to ${MAX_PRODUCT_IMAGES} texts, one per image`;
    return;
  }
  const alts = sent.map((t: string | null) => (t ?? '').trim());
  let ok = true;
  alts.forEach((text, i) => {
    if ([...text].length > MAX_IMAGE_ALT) {
      errors[`imageAlt.${i}`] = `Description of image ${i + 1} must be at most ${MAX_IMAGE_ALT} characters`;
      ok = false;
    } else if (text !== '' && i >= images.length) {
      errors[`imageAlt.${i}`] = `Description of image ${i + 1} has no image ${i + 1} to describe`;
      ok = false;
    }
  });
  while (alts.length > 0 && alts[alts.length - 1] === '') alts.pop();
  if (ok) changes.imageAlt = alts.length > 0 ? alts : null;
}
