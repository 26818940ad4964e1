// The pricing engine: one pure function that prices a cart or an order in integer
// cents, for the quote and for placing the order alike, so the two never differ by a cent.
//
// The rule (README "Prices"): a line's subtotal is unit price × quantity. Per line the best
// automatic promotion or non-stackable code (whichever takes more) applies, then the stackable
// codes in a canonical order (so the order they are typed in never changes the total): the
// percentages, each a share of what that best offer left, then the fixed amounts; each takes at
// most what is left of the line, so a line's discount never exceeds its subtotal. A fixed-amount
// promotion is split over its eligible lines in proportion to their subtotals (largest remainder,
// so the parts add up to it exactly). minSubtotal compares to the cart's subtotal before
// discounts. Shipping is the chosen method's amount, 0 when the discounted goods reach its
// freeOver; no method = free shipping. Tax = percentOf(goods − discount + shipping, rate), once.
// The membership fee (a cart or order holding the membership line) is a line of its own: never
// discounted, never taxed, no part of the goods shipping compares to freeOver.
// total = subtotal − discount + shipping + tax + membership fee, exactly.
import { formatMoney, percentOf, shareOf, toDollars, type Cents, type PromotionKind } from '../../../src/domain/checkout';
import { promotionPhase } from '../../../src/domain/promotionDates';

/** A line to price. `key` identifies it in the answer (a variant id, a cart line id). */
export interface PricingLine {
  key: number;
  productId: number;
  /** The product's category slug. */
  category: string;
  unitPrice: Cents;
  quantity: number;
}

/** A promotion as the engine reads it: money in cents, `value` in hundredths (percent × 100, or cents). */
export interface PricingPromotion {
  id: number;
  label: string;
  code: string | null;
  kind: PromotionKind;
  value: number;
  categories: readonly string[];
  products: readonly number[];
  stackable: boolean;
  membersOnly: boolean;
  minSubtotal: Cents;
  /** Epoch milliseconds; null = no bound. */
  startsAt: number | null;
  endsAt: number | null;
  active: boolean;
  usageLimit: number | null;
  used: number;
  perCustomerLimit: number | null;
  /** How many orders of this customer carry it already. */
  customerUses: number;
}

export interface PricingShippingMethod {
  id: number;
  name: string;
  amount: Cents;
  /** Free when the discounted goods reach it; null = never. */
  freeOver: Cents | null;
}

export interface PricingInput {
  lines: readonly PricingLine[];
  /** Every automatic promotion there may be, and the promotions of the codes given (any state). */
  promotions: readonly PricingPromotion[];
  /** The codes the shopper typed, as typed. */
  codes: readonly string[];
  member: boolean;
  /** Epoch milliseconds: what "started" and "ended" are measured against. */
  at: number;
  /** undefined: nothing to ship to, or no method for the country: free shipping. */
  shipping?: PricingShippingMethod;
  /** Percent (13 = 13 %); 0 when the place has no rate. */
  taxRate: number;
  /** The membership fee when the cart holds the membership line (the shopper prices as a member then). */
  membershipFee?: Cents;
}

export interface PricedLine {
  key: number;
  unitPrice: Cents;
  quantity: number;
  subtotal: Cents;
  discount: Cents;
  total: Cents;
  /** What each promotion took off this line (only those that took something). */
  promotions: { id: number; amount: Cents }[];
}

export interface AppliedPromotionCents {
  id: number;
  code: string | null;
  label: string;
  amount: Cents;
}

export interface PricingResult {
  lines: PricedLine[];
  promotions: AppliedPromotionCents[];
  rejected: { code: string; reason: string }[];
  shipping: { method: number; name: string; amount: Cents };
  tax: { rate: number; amount: Cents };
  totals: { subtotal: Cents; discount: Cents; shipping: Cents; tax: Cents; membership?: Cents; total: Cents };
}

export const FREE_SHIPPING_NAME = 'Free shipping';

export const REASONS = {
  unknown: 'This code does not exist',
  notStarted: 'This code is not valid yet',
  ended: 'This code has expired',
  inactive: 'This code is not active',
  usedUp: 'This code has been used up',
  customerUsedUp: 'You have already used this code as many times as it allows',
  membersOnly: 'This code is for members only',
  minSubtotal: (min: Cents) => `Spend ${formatMoney(toDollars(min))} to use this code`,
  nothingEligible: 'This code does not apply to anything in your cart',
  betterOffer: 'A better offer already applies to everything this code covers',
} as const;

/** Codes are matched without regard to case or surrounding spaces. */
export const codeKey = (code: string) => code.trim().toLowerCase();

const appliesTo = (p: PricingPromotion, line: PricingLine) =>
  (p.categories.length === 0 && p.products.length === 0) || p.categories.includes(line.category) || p.products.includes(line.productId);

/** Why `p` cannot be used on this cart now, or undefined when it can. */
function unusable(p: PricingPromotion, input: PricingInput, cartSubtotal: Cents, subtotals: readonly Cents[]): string | undefined {
  if (!p.active) return REASONS.inactive;
  const phase = promotionPhase(p.startsAt, p.endsAt, input.at);
  if (phase === 'scheduled') return REASONS.notStarted;
  if (phase === 'ended') return REASONS.ended;
  if (p.usageLimit !== null && p.used >= p.usageLimit) return REASONS.usedUp;
  if (p.perCustomerLimit !== null && p.customerUses >= p.perCustomerLimit) return REASONS.customerUsedUp;
  if (p.membersOnly && !input.member) return REASONS.membersOnly;
  if (p.minSubtotal > cartSubtotal) return REASONS.minSubtotal(p.minSubtotal);
  if (!input.lines.some((l, i) => subtotals[i] > 0 && appliesTo(p, l))) return REASONS.nothingEligible;
  return undefined;
}

/**
 * `amount` split over `weights` in proportion to them: each part rounded down, then the cents
 * left over one each to the largest remainders (ties: the earlier). The parts add up to `amount`.
 */
export function splitByWeight(amount: Cents, weights: readonly Cents[]): Cents[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum === 0) return weights.map(() => 0);
  const parts = weights.map((w) => Math.floor((amount * w) / sum));
  let left = amount - parts.reduce((s, p) => s + p, 0);
  const order = weights
    .map((w, i) => ({ i, rem: (amount * w) % sum }))
    .sort((a, b) => b.rem - a.rem || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    if (weights[i] === 0) continue;
    parts[i] += 1;
    left -= 1;
  }
  return parts;
}

/**
 * `amount` split as splitByWeight, no part above its `caps`: what a capped part cannot take goes
 * to the others with room, by the same weights, until all of it is placed (or no room is left).
 */
export function splitCapped(amount: Cents, weights: readonly Cents[], caps: readonly Cents[]): Cents[] {
  const parts = weights.map(() => 0);
  for (let rest = amount; rest > 0; ) {
    const share = splitByWeight(rest, weights.map((w, i) => (caps[i] > parts[i] ? w : 0)));
    const taken = share.map((s, i) => Math.min(s, caps[i] - parts[i]));
    const placed = taken.reduce((s, t) => s + t, 0);
    if (placed === 0) break;
    taken.forEach((t, i) => (parts[i] += t));
    rest -= placed;
  }
  return parts;
}

/** What `p` would take off each line, before any other promotion (0 where it does not apply). */
function offers(p: PricingPromotion, lines: readonly PricingLine[], subtotals: readonly Cents[]): Cents[] {
  const eligible = lines.map((l, i) => (appliesTo(p, l) ? subtotals[i] : 0));
  if (p.kind === 'percentage') return eligible.map((s) => Math.min(s, shareOf(s, p.value, 10_000)));
  const base = eligible.reduce((s, x) => s + x, 0);
  return splitByWeight(Math.min(p.value, base), eligible);
}

/** What shipping by `method` costs goods worth `goods` (after discounts). */
export function shippingCharge(method: PricingShippingMethod | undefined, goods: Cents): Cents {
  if (!method) return 0;
  return method.freeOver !== null && goods >= method.freeOver ? 0 : method.amount;
}

export function priceCart(input: PricingInput): PricingResult {
  const { lines } = input;
  const subtotals = lines.map((l) => l.unitPrice * l.quantity);
  const subtotal = subtotals.reduce((s, x) => s + x, 0);
  const rejected: { code: string; reason: string }[] = [];

  // The codes given, once each (the first spelling), with the promotion each names.
  const byCode = new Map(input.promotions.filter((p) => p.code !== null).map((p) => [codeKey(p.code!), p]));
  const seen = new Set<string>();
  const codePromotions: { typed: string; promotion: PricingPromotion }[] = [];
  for (const typed of input.codes) {
    const key = codeKey(typed);
    if (seen.has(key)) continue;
    seen.add(key);
    const promotion = byCode.get(key);
    const reason = promotion ? unusable(promotion, input, subtotal, subtotals) : REASONS.unknown;
    if (reason) rejected.push({ code: typed, reason });
    else codePromotions.push({ typed, promotion: promotion! });
  }
  const automatic = input.promotions.filter((p) => p.code === null && unusable(p, input, subtotal, subtotals) === undefined);

  // Per line: the best of the automatic promotions and non-stackable codes, then the stackable codes.
  // In id order, so that of two offers taking as much the same one wins whatever order codes came in.
  const exclusive = [...automatic, ...codePromotions.filter((c) => !c.promotion.stackable).map((c) => c.promotion)].sort((a, b) => a.id - b.id);
  const stacking = codePromotions.filter((c) => c.promotion.stackable).map((c) => c.promotion);
  const exclusiveOffers = exclusive.map((p) => offers(p, lines, subtotals));
  const taken = lines.map(() => new Map<number, Cents>());
  const left = [...subtotals];
  lines.forEach((_, i) => {
    let best = -1;
    exclusive.forEach((_p, k) => {
      if (exclusiveOffers[k][i] > 0 && (best < 0 || exclusiveOffers[k][i] > exclusiveOffers[best][i])) best = k;
    });
    if (best >= 0) {
      taken[i].set(exclusive[best].id, exclusiveOffers[best][i]);
      left[i] -= exclusiveOffers[best][i];
    }
  });
  // The stackable codes in a canonical order, whatever order they were typed in: percentages
  // first, each a share of the same base (what the line has left after the best offer above),
  // then fixed amounts, each split by the lines' subtotals; within a kind by code (case-blind),
  // then id. Each part is at most what is left of its line; what a line has no room for goes to
  // the others, so a fixed code takes its whole value while the lines have that much left.
  const base = [...left];
  const canonical = [...stacking].sort(
    (a, b) => Number(a.kind !== 'percentage') - Number(b.kind !== 'percentage') || codeKey(a.code ?? '').localeCompare(codeKey(b.code ?? ''), 'en') || a.id - b.id,
  );
  for (const p of canonical) {
    const eligible = lines.map((l, i) => (appliesTo(p, l) && left[i] > 0 ? subtotals[i] : 0));
    const parts =
      p.kind === 'percentage'
        ? lines.map((l, i) => (appliesTo(p, l) ? shareOf(base[i], p.value, 10_000) : 0))
        : splitCapped(Math.min(p.value, eligible.reduce((s, x, i) => s + (x > 0 ? left[i] : 0), 0)), eligible, left);
    parts.forEach((amount, i) => {
      const capped = Math.min(amount, left[i]);
      if (capped <= 0) return;
      taken[i].set(p.id, (taken[i].get(p.id) ?? 0) + capped);
      left[i] -= capped;
    });
  }

  const amountOf = (id: number) => taken.reduce((s, t) => s + (t.get(id) ?? 0), 0);
  const promotions: AppliedPromotionCents[] = [];
  for (const p of automatic) {
    const amount = amountOf(p.id);
    if (amount > 0) promotions.push({ id: p.id, code: null, label: p.label, amount });
  }
  for (const { typed, promotion } of codePromotions) {
    const amount = amountOf(promotion.id);
    if (amount > 0) promotions.push({ id: promotion.id, code: promotion.code, label: promotion.label, amount });
    else rejected.push({ code: typed, reason: REASONS.betterOffer });
  }

  const priced: PricedLine[] = lines.map((l, i) => {
    const discount = subtotals[i] - left[i];
    return {
      key: l.key,
      unitPrice: l.unitPrice,
      quantity: l.quantity,
      subtotal: subtotals[i],
      discount,
      total: left[i],
      promotions: [...taken[i]].map(([id, amount]) => ({ id, amount })),
    };
  });
  const discount = subtotal - left.reduce((s, x) => s + x, 0);
  const goods = subtotal - discount;
  const shippingAmount = shippingCharge(input.shipping, goods);
  const tax = percentOf(goods + shippingAmount, input.taxRate);
  return {
    lines: priced,
    promotions,
    rejected,
    shipping: input.shipping
      ? { method: input.shipping.id, name: input.shipping.name, amount: shippingAmount }
      : { method: 0, name: FREE_SHIPPING_NAME, amount: 0 },
    tax: { rate: input.taxRate, amount: tax },
    totals:
      input.membershipFee === undefined
        ? { subtotal, discount, shipping: shippingAmount, tax, total: goods + shippingAmount + tax }
        : { subtotal, discount, shipping: shippingAmount, tax, membership: input.membershipFee, total: goods + shippingAmount + tax + input.membershipFee },
  };
}
