// The promotion form works on strings and ticks (one per input); the API takes numbers, nulls and
// lists. Both directions of that mapping live here.
import type { Promotion } from '../../../domain/checkout';
import { numberOrText } from '../../../lib/numberOrText';
import { lastDayOf, optionalNumber, type PromotionBody } from './promotionsAPI';

/** What the form's inputs hold. */
export interface PromotionFormValues {
  name: string;
  label: string;
  bannerText: string;
  memberBannerText: string;
  kind: 'percentage' | 'fixed';
  value: string;
  code: string;
  categories: string[];
  products: number[];
  minSubtotal: string;
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  perCustomerLimit: string;
  membersOnly: boolean;
  stackable: boolean;
  active: boolean;
}

export function valuesOf(p: Promotion | undefined): PromotionFormValues {
  return {
    name: p?.name ?? '',
    label: p?.label ?? '',
    bannerText: p?.bannerText ?? '',
    memberBannerText: p?.memberBannerText ?? '',
    kind: p?.kind ?? 'percentage',
    value: p ? String(p.value) : '',
    code: p?.code ?? '',
    categories: p?.categories ?? [],
    products: p?.products ?? [],
    minSubtotal: p && p.minSubtotal > 0 ? String(p.minSubtotal) : '',
    startsAt: p?.startsAt?.slice(0, 10) ?? '',
    // The form asks for the last day it applies; the API stores the instant it ends (the next midnight).
    endsAt: p?.endsAt ? lastDayOf(p.endsAt) : '',
    usageLimit: p?.usageLimit == null ? '' : String(p.usageLimit),
    perCustomerLimit: p?.perCustomerLimit == null ? '' : String(p.perCustomerLimit),
    membersOnly: p?.membersOnly ?? false,
    stackable: p?.stackable ?? false,
    active: p?.active ?? true,
  };
}

/** The instant a promotion whose last day is `day` (YYYY-MM-DD, UTC) ends: the next midnight (anything else: as typed). */
function endAfter(day: string): string {
  const at = Date.parse(`${day}T00:00:00.000Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(at) ? new Date(at + 24 * 60 * 60 * 1000).toISOString() : day;
}

/** The form's values in the API's shape (numbers as typed: the server names what is wrong). */
export function bodyOf(v: PromotionFormValues): PromotionBody {
  const products = v.products;
  return {
    name: v.name,
    label: v.label,
    bannerText: v.bannerText.trim() === '' ? null : v.bannerText,
    memberBannerText: v.memberBannerText.trim() === '' ? null : v.memberBannerText,
    kind: v.kind,
    value: numberOrText(v.value),
    code: v.code.trim() === '' ? null : v.code.trim(),
    categories: v.categories,
    products,
    minSubtotal: v.minSubtotal.trim() === '' ? 0 : numberOrText(v.minSubtotal),
    startsAt: v.startsAt === '' ? null : v.startsAt,
    endsAt: v.endsAt === '' ? null : endAfter(v.endsAt),
    usageLimit: optionalNumber(v.usageLimit),
    perCustomerLimit: optionalNumber(v.perCustomerLimit),
    membersOnly: v.membersOnly,
    stackable: v.stackable,
    active: v.active,
  } as unknown as PromotionBody;
}
