// The back office's promotions: /api/admin/promotions (admin only, newest first, paged
// with X-Total-Count). Field messages come back on ApiError.errors.
import { apiClient } from '../../../lib/apiClient';
import { formatMoney, type Promotion } from '../../../domain/checkout';
import { promotionPhase } from '../../../domain/promotionDates';
import type { FilterOption } from '../../../domain/types';
import { numberOrText } from '../../../lib/numberOrText';

export type PromotionBody = Omit<Promotion, 'id' | 'used'>;

export const PROMOTIONS_PER_PAGE = 20;

export const fetchPromotions = (page: string) => apiClient.list<Promotion>(`/admin/promotions?_page=${page}&_limit=${PROMOTIONS_PER_PAGE}`);
export const createPromotion = (body: PromotionBody) => apiClient.post<Promotion>('/admin/promotions', body);
export const updatePromotion = (id: number, body: Partial<PromotionBody>) => apiClient.patch<Promotion>(`/admin/promotions/${id}`, body);
export const deletePromotion = (id: number) => apiClient.delete<void>(`/admin/promotions/${id}`);
/** The shop's categories (a promotion names them by value). */
export const fetchCategories = () => apiClient.get<FilterOption[]>('/categories');

type Titled = { id: number; title: string };
const named = (products: Titled[]) => products.map((p) => ({ key: p.id, name: p.title }));
/** Up to ten products whose title holds `text` (the product list's title_like), for the product picker. */
export const searchProducts = async (text: string) =>
  text.trim() === ''
    ? []
    : named(await apiClient.get<Titled[]>(`/products?${new URLSearchParams({ title_like: likeText(text), _limit: '10' }).toString()}`));
/** `_like` is a regular expression: what was typed, matched literally. */
const likeText = (text: string) => text.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The titles of the products a promotion names. */
export const fetchProductNames = (ids: number[]) =>
  apiClient.get<Titled[]>(`/products?${ids.map((id) => `id=${id}`).join('&')}`).then(named);

/** What it takes off: "20% off", "$5.00 off". */
export const takesOff = (p: Pick<Promotion, 'kind' | 'value'>) => (p.kind === 'percentage' ? `${p.value}% off` : `${formatMoney(p.value)} off`);

/** What it applies to, in words: its categories by name (`nameOf`: a category's value to its name). */
export function appliesTo(p: Pick<Promotion, 'categories' | 'products' | 'membersOnly' | 'minSubtotal'>, nameOf: (category: string) => string = (c) => c): string {
  const parts: string[] = [];
  if (p.categories.length > 0) parts.push(p.categories.map(nameOf).join(', '));
  if (p.products.length > 0) parts.push(`product${p.products.length === 1 ? '' : 's'} ${p.products.map((id) => `#${id}`).join(', ')}`);
  let text = parts.length > 0 ? parts.join('; ') : 'Whole cart';
  if (p.minSubtotal > 0) text += `, from ${formatMoney(p.minSubtotal)}`;
  if (p.membersOnly) text += ' (members only)';
  return text;
}

const day = (iso: string) => iso.slice(0, 10);

/**
 * The last UTC day a promotion ending at `endsAt` applies on: its end is an instant and not
 * included, so one ending at midnight of June 30 applies until June 29 (an invalid date: as given).
 */
export function lastDayOf(endsAt: string): string {
  const at = Date.parse(endsAt);
  return Number.isNaN(at) ? day(endsAt) : new Date(at - 1).toISOString().slice(0, 10);
}

/** Its dates, both days included: "Always", "From 2026-06-01", "Until 2026-06-29", "2026-06-01 to 2026-06-29" (UTC days). */
export function datesOf(p: Pick<Promotion, 'startsAt' | 'endsAt'>): string {
  if (p.startsAt && p.endsAt) return `${day(p.startsAt)} to ${lastDayOf(p.endsAt)}`;
  if (p.startsAt) return `From ${day(p.startsAt)}`;
  if (p.endsAt) return `Until ${lastDayOf(p.endsAt)}`;
  return 'Always';
}

/** Whether a promotion switched on applies at `now`: not yet (before its start), no more (from its end), or it does. */
export const phaseAt = (p: Pick<Promotion, 'startsAt' | 'endsAt'>, now: number) =>
  promotionPhase(p.startsAt ? Date.parse(p.startsAt) : null, p.endsAt ? Date.parse(p.endsAt) : null, now);

/** "3 / 10" or "3 (no limit)". */
export const usageOf = (p: Pick<Promotion, 'used' | 'usageLimit'>) => (p.usageLimit === null ? `${p.used} (no limit)` : `${p.used} / ${p.usageLimit}`);


/** An optional number: empty is null. */
export const optionalNumber = (text: string) => (text.trim() === '' ? null : numberOrText(text));
