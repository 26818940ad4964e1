// Prices the shop charges: the priced shapes an order keeps (and a quote answers: quote.ts), and
// the money arithmetic both sides share. Inside, every amount is integer cents; the
// API answers money as numbers of dollars with at most two decimals (toDollars).
//
// The rule (README "Prices"): each line's unit price × quantity is its subtotal; promotions take
// a discount per line (the best automatic or non-stacking code per line, then stacking codes on
// what is left, never below zero); then shipping (the method's amount, free when the discounted
// goods reach its freeOver); then tax at the address's rate on the discounted goods plus shipping.
// Each of these is rounded half-up to the cent once, so subtotal − discount + shipping + tax =
// total exactly.

import { formatUsd } from './pricing';

/** Integer cents. */
export type Cents = number;

/** Dollars (at most two decimals) → integer cents, rounding half-up. */
export function toCents(dollars: number): Cents {
  return Math.round(Math.round(dollars * 1000) / 10);
}

/** Whether `dollars` is a whole number of cents (at most two decimals, within float error). */
export const isWholeCents = (dollars: number) => Math.abs(Math.round(dollars * 100) - dollars * 100) <= 1e-6;

/** Integer cents → dollars as the API answers them (at most two decimals). */
export function toDollars(cents: Cents): number {
  return Math.round(cents) / 100;
}

/** `amount × numerator / denominator` in cents, rounded half-up (amounts are never negative). */
export function shareOf(amount: Cents, numerator: number, denominator: number): Cents {
  if (denominator === 0) return 0;
  return Math.floor((amount * numerator * 2 + denominator) / (denominator * 2));
}

/** `amount × percent / 100`, rounded half-up to the cent (percent may have decimals, e.g. 14.975). */
export function percentOf(amount: Cents, percent: number): Cents {
  // Percent to an integer number of millionths, so 14.975 % is exact.
  return shareOf(amount, Math.round(percent * 1_000_000), 100_000_000);
}

/** A money amount of the API (dollars) with its cents: "$1,234.50". */
export function formatMoney(dollars: number): string {
  return formatUsd(dollars, 2);
}

/** The figures of an order or a quote, in dollars: subtotal − discount + shipping + tax (+ membership) = total. */
export interface Totals {
  subtotal: number;
  discount: number;
  shipping: number;
  tax: number;
  /** The membership fee, when the cart or order holds the membership line (never discounted nor taxed). */
  membership?: number;
  total: number;
}

/** A promotion as it applied to an order or a quote: how much it took off in all. */
export interface AppliedPromotion {
  id: number;
  /** The code the shopper typed; null for an automatic promotion. */
  code: string | null;
  label: string;
  amount: number;
}

/** A code the quote or the order did not apply, with why in a shopper's words. */
export interface RejectedCode {
  code: string;
  reason: string;
}

/** The shipping an order was charged. `method` is the shipping method's id. */
export interface ShippingCharge {
  method: number;
  name: string;
  amount: number;
}

/** The tax an order was charged: `rate` in percent (13 = 13 %). */
export interface TaxCharge {
  rate: number;
  amount: number;
}

export const PAYMENT_STATUSES = ['pending', 'authorized', 'paid', 'partially_refunded', 'refunded', 'voided', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** How an order is paid: never more of a card than its brand and last four digits. */
export interface Payment {
  method: 'cash' | 'card';
  status: PaymentStatus;
  brand?: string;
  last4?: string;
  /** What was given back, in dollars (0 when nothing; an order stored before it was kept lacks it). */
  refunded?: number;
  /** The payment provider's reference (server/payments): kept in the order, never in an API answer. */
  reference?: string;
}

/** The card of POST /orders with paymentMethod 'card' (read, checked, never stored). */
export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** The priced fields of an order line (beside its product, variant and quantity). */
export interface PricedLineFields {
  /** The unit price charged, before promotions. */
  unitPrice: number;
  /** What promotions took off this line. */
  discount: number;
  /** unitPrice × quantity − discount. */
  total: number;
}

/** The priced snapshot an order keeps (and a quote answers), never recomputed later. */
export interface PricedOrderFields {
  promotions: AppliedPromotion[];
  shipping: ShippingCharge;
  tax: TaxCharge;
  totals: Totals;
  payment: Payment;
}

/** How long a shipping method takes, in business days. */
export interface DeliveryEstimate {
  minDays: number;
  maxDays: number;
}

/** GET /api/shipping-methods?country= */
export interface ShippingMethod {
  id: number;
  name: string;
  country: string;
  amount: number;
  /** Free when the discounted goods reach this amount; null = never free. */
  freeOver: number | null;
  estimate: DeliveryEstimate;
}

export const PROMOTION_KINDS = ['percentage', 'fixed'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

/** A promotion as admins manage it (/api/admin/promotions). `value`: percent, or dollars off. */
export interface Promotion {
  id: number;
  name: string;
  /** The discount line's words in quotes, orders and mails (at most 60 characters). */
  label: string;
  /** What the home banner offers to one who does not have it yet; null: the label (optional: older data). */
  bannerText?: string | null;
  /** What the banner tells a shopper who has a members-only promotion (a member); null: the label. As bannerText. */
  memberBannerText?: string | null;
  kind: PromotionKind;
  value: number;
  /** Category slugs it applies to; empty with empty `products` = the whole cart. */
  categories: string[];
  products: number[];
  /** null = applied automatically. Codes are matched without regard to case. */
  code: string | null;
  /** A code that may be used together with other promotions on the same line. */
  stackable: boolean;
  membersOnly: boolean;
  /** The cart subtotal (before discounts) it needs, in dollars; 0 = none. */
  minSubtotal: number;
  startsAt: string | null;
  endsAt: string | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  active: boolean;
  /** How many orders carry it (read-only). */
  used: number;
}

/** What a promotion is unless told otherwise: the whole cart, automatic, for everyone, no dates, no limits, active. */
export function promotionDefaults(): Omit<Promotion, 'id' | 'used' | 'name' | 'label' | 'kind' | 'value'> {
  return { bannerText: null, memberBannerText: null, categories: [], products: [], code: null, stackable: false, membersOnly: false, minSubtotal: 0, startsAt: null, endsAt: null, usageLimit: null, perCustomerLimit: null, active: true };
}

/**
 * GET /api/promotions/banner: the active automatic promotion the banner announces (204 when none),
 * in the words for the caller. `has`: the caller gets it already (a member, or a promotion for
 * everyone): a members-only one's memberBannerText, one for everyone its bannerText; otherwise (a
 * members-only promotion, the caller no member) the offer, its bannerText; each else its label.
 */
export interface BannerPromotion {
  id: number;
  text: string;
  membersOnly: boolean;
  has: boolean;
}

/** A tax rate (admin managed): `state` null = the whole country. `rate` in percent. */
export interface TaxRate {
  id: number;
  country: string;
  state: string | null;
  rate: number;
}
