// A promotion's fields as a body gives them (POST and PATCH /api/admin/promotions): each read and
// checked with a message naming its field, and the rules between fields, judged on the promotion
// as it would be after the write (promotions.ts runs them, the cross-field ones under its lock).
import { isWholeCents, PROMOTION_KINDS, type PromotionKind } from '../../../src/domain/checkout';
import type { PromotionFields } from '../../db/port';
import { badRequest } from '../../http/errors';
import { readDate } from '../../http/dates';
import { parseId } from '../../http/input';

export const MAX_NAME = 100;
export const MAX_LABEL = 60;
export const MAX_BANNER = 200;
export const MAX_FIXED = 10_000;
export const MAX_MIN_SUBTOTAL = 1_000_000;
const MAX_LIMIT = 2_147_483_647;
const CODE = /^[A-Za-z0-9_-]{3,32}$/;

export const LABELS: Record<keyof PromotionFields, string> = {
  name: 'Name',
  label: 'Label',
  bannerText: 'Banner text',
  memberBannerText: "Members' banner text",
  kind: 'Kind',
  value: 'Value',
  categories: 'Categories',
  products: 'Products',
  code: 'Code',
  stackable: 'Stackable',
  membersOnly: 'Members only',
  minSubtotal: 'Minimum subtotal',
  startsAt: 'Starts at',
  endsAt: 'Ends at',
  usageLimit: 'Usage limit',
  perCustomerLimit: 'Per customer limit',
  active: 'Active',
};


export type Errors = Record<string, string>;

/** Reads each given field of a body; a field's message in `errors` when it is bad. */
export function readFields(body: Record<string, unknown>, errors: Errors): Partial<PromotionFields> {
  const out: Partial<PromotionFields> = {};
  const has = (key: keyof PromotionFields) => body[key] !== undefined;

  for (const key of ['name', 'label'] as const) {
    if (!has(key)) continue;
    const max = key === 'name' ? MAX_NAME : MAX_LABEL;
    const value = body[key];
    if (typeof value !== 'string' || value.trim() === '') errors[key] = `${LABELS[key]} is required`;
    else if (value.trim().length > max) errors[key] = `${LABELS[key]} must be at most ${max} characters`;
    else out[key] = value.trim();
  }
  // The banner's words: optional (null or blank: the banner shows the label).
  for (const key of ['bannerText', 'memberBannerText'] as const) {
    if (!(key in body)) continue;
    const value = body[key];
    if (value === null || (typeof value === 'string' && value.trim() === '')) out[key] = null;
    else if (typeof value !== 'string') errors[key] = `${LABELS[key]} must be text, or empty`;
    else if (value.trim().length > MAX_BANNER) errors[key] = `${LABELS[key]} must be at most ${MAX_BANNER} characters`;
    else out[key] = value.trim();
  }
  if (has('kind')) {
    if (PROMOTION_KINDS.includes(body.kind as PromotionKind)) out.kind = body.kind as PromotionKind;
    else errors.kind = 'Kind must be percentage or fixed';
  }
  if (has('value')) {
    const v = body.value;
    if (typeof v !== 'number' || !Number.isFinite(v)) errors.value = 'Value must be a number';
    else if (!isWholeCents(v)) errors.value = 'Value must have at most 2 decimals';
    else out.value = v;
  }
  if (has('categories')) {
    const list = body.categories;
    if (!Array.isArray(list) || list.some((c) => typeof c !== 'string' || c.trim() === '')) errors.categories = 'Categories must be a list of category names';
    else out.categories = [...new Set(list.map((c: string) => c.trim()))];
  }
  if (has('products')) {
    const list = body.products;
    const ids = Array.isArray(list) ? list.map((p) => (typeof p === 'number' ? parseId(p) : undefined)) : [];
    if (!Array.isArray(list) || ids.some((id) => id === undefined)) errors.products = 'Products must be a list of product ids';
    else out.products = [...new Set(ids as number[])];
  }
  if (has('code')) {
    const code = body.code;
    if (code === null) out.code = null;
    else if (typeof code !== 'string' || !CODE.test(code)) errors.code = 'Code must be 3 to 32 letters, digits, - or _ (or none: applied automatically)';
    else out.code = code;
  }
  for (const key of ['stackable', 'membersOnly', 'active'] as const) {
    if (!has(key)) continue;
    if (typeof body[key] === 'boolean') out[key] = body[key] as boolean;
    else errors[key] = `${LABELS[key]} must be true or false`;
  }
  if (has('minSubtotal')) {
    const v = body.minSubtotal;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > MAX_MIN_SUBTOTAL) errors.minSubtotal = `Minimum subtotal must be a number from 0 to ${MAX_MIN_SUBTOTAL}`;
    else if (!isWholeCents(v)) errors.minSubtotal = 'Minimum subtotal must have at most 2 decimals';
    else out.minSubtotal = v;
  }
  for (const key of ['startsAt', 'endsAt'] as const) {
    if (!(key in body)) continue;
    const v = body[key];
    if (v === null) {
      out[key] = null;
      continue;
    }
    const read = readDate(v, LABELS[key], { orElse: ', or empty' });
    if (read.error !== undefined) errors[key] = read.error;
    else out[key] = new Date(read.at).toISOString();
  }
  for (const key of ['usageLimit', 'perCustomerLimit'] as const) {
    if (!(key in body)) continue;
    const v = body[key];
    if (v === null) out[key] = null;
    else if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > MAX_LIMIT) errors[key] = `${LABELS[key]} must be a whole number of at least 1, or empty`;
    else out[key] = v;
  }
  return out;
}

/** The rules between fields, on the promotion as it would be. */
export function crossCheck(p: PromotionFields, used: number, errors: Errors): void {
  if (!errors.value && !errors.kind) {
    const max = p.kind === 'percentage' ? 100 : MAX_FIXED;
    if (p.value <= 0 || p.value > max) errors.value = `Value must be between 0.01 and ${max}`;
  }
  if (!errors.startsAt && !errors.endsAt && p.startsAt !== null && p.endsAt !== null && Date.parse(p.endsAt) <= Date.parse(p.startsAt)) {
    errors.endsAt = 'Ends at must be after Starts at';
  }
  if (!errors.usageLimit && p.usageLimit !== null && p.usageLimit < used) {
    errors.usageLimit = `Usage limit cannot be below the ${used} ${used === 1 ? 'use' : 'uses'} so far`;
  }
}

export function fail(errors: Errors): void {
  if (Object.keys(errors).length > 0) throw badRequest('Invalid promotion', errors);
}
