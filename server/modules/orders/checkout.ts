// Checkout prices: the quote of the signed-in shopper's cart (POST /checkout/quote) and
// the pieces placing an order shares with it, so an order is priced exactly as its quote was:
// reading codes and the shipping method, the engine's input from what the store read, and the
// snapshot in the API's dollars.
import { COUNTRIES, type Address, type Country, type Product } from '../../../src/domain/types';
import { chooseStateMessage, findRegion } from '../../../src/domain/regions';
import {
  toCents,
  toDollars,
  type AppliedPromotion,
  type Cents,
  type Promotion,
  type ShippingMethod,
  type Totals,
} from '../../../src/domain/checkout';
import { deliveryDates, type OrderDelivery } from '../../../src/domain/delivery';
import type { Quote } from '../../../src/domain/quote';
import { membershipLine } from '../../../src/domain/membership';
import { variantSalePrice } from '../../../src/domain/variants';
import type { Variant } from '../../../src/domain/variants';
import { assertValid, badRequest } from '../../http/errors';
import type { StoredUser } from '../../db/port';
import type { PricingContext, PricingPlace } from '../../db/port';
import type { CartService } from '../cart/service';
import type { PromotionService } from '../pricing/promotions';
import type { Errors } from '../../http/validate';
import { requireObject } from '../../http/input';
import { priceCart, shippingCharge, type PricingLine, type PricingPromotion, type PricingResult, type PricingShippingMethod } from '../pricing/pricing';

/** Codes one quote or order may carry. */
export const MAX_CODES = 10;
const MAX_CODE_LENGTH = 50;
export const CODES_MESSAGE = `Codes must be a list of at most ${MAX_CODES} promo codes (1 to ${MAX_CODE_LENGTH} characters each)`;

/** `codes` of a quote or an order: absent = none; a list of non-empty strings (400 otherwise). */
export function readCodes(value: unknown, errors: Errors): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > MAX_CODES || value.some((c) => typeof c !== 'string' || c.trim() === '' || c.length > MAX_CODE_LENGTH)) {
    errors.codes = CODES_MESSAGE;
    return [];
  }
  return (value as string[]).map((c) => c.trim());
}

/** `shippingMethod`: absent = the cheapest for the country; else a method id (400 otherwise). */
export function readShippingMethod(value: unknown, errors: Errors): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    errors.shippingMethod = 'Shipping method must be the id of a shipping method';
    return undefined;
  }
  return value;
}

/** The method `id` of the place's methods (400 when it is another country's), else the cheapest; none when the country has none. */
export function chooseMethod(methods: readonly ShippingMethod[], id: number | undefined, country: string | undefined): ShippingMethod | undefined {
  if (id === undefined) return methods[0];
  const method = methods.find((m) => m.id === id);
  if (!method) {
    const where = country ? ` for ${country}` : ' without an address';
    const offered = methods.length > 0 ? `: ${methods.map((m) => `${m.name} (${m.id})`).join(', ')}` : '';
    throw badRequest('Invalid shipping method', { shippingMethod: `Shipping method ${id} is not offered${where}${offered}` });
  }
  return method;
}

const engineMethod = (m: ShippingMethod): PricingShippingMethod => ({
  id: m.id,
  name: m.name,
  amount: toCents(m.amount),
  freeOver: m.freeOver === null ? null : toCents(m.freeOver),
});

const enginePromotion = (p: Promotion, uses: number): PricingPromotion => ({
  id: p.id,
  label: p.label,
  code: p.code,
  kind: p.kind,
  // Hundredths: percent × 100, or cents.
  value: toCents(p.value),
  categories: p.categories,
  products: p.products,
  stackable: p.stackable,
  membersOnly: p.membersOnly,
  minSubtotal: toCents(p.minSubtotal),
  startsAt: p.startsAt === null ? null : Date.parse(p.startsAt),
  endsAt: p.endsAt === null ? null : Date.parse(p.endsAt),
  active: p.active,
  usageLimit: p.usageLimit,
  used: p.used,
  perCustomerLimit: p.perCustomerLimit,
  customerUses: uses,
});

/**
 * A line's unit price in cents: the displayed price of its variant (its price less its discount,
 * rounded to the nearest whole dollar).
 */
export const unitPriceOf = (product: Product, variant: Pick<Variant, 'price' | 'discountPercentage'>) => toCents(variantSalePrice(product, variant));

/**
 * The engine's verdict for `lines` with what the store read, the chosen method and the codes;
 * `membershipFee` when the cart holds the membership line (the shopper prices as a member then).
 */
export function priceWith(lines: readonly PricingLine[], context: PricingContext, method: ShippingMethod | undefined, codes: readonly string[], at: number, member = context.member, membershipFee?: Cents): PricingResult {
  return priceCart({
    lines,
    promotions: context.promotions.map((p) => enginePromotion(p, context.customerUses[p.id] ?? 0)),
    codes,
    member: member || membershipFee !== undefined,
    membershipFee,
    at,
    // An empty cart ships nothing.
    shipping: method && lines.length > 0 ? engineMethod(method) : undefined,
    taxRate: context.taxRate,
  });
}

/** The priced snapshot's promotions, shipping, tax and totals in the API's dollars. */
export function snapshotOf(result: PricingResult): { promotions: AppliedPromotion[]; shipping: Quote['shipping']; tax: Quote['tax']; totals: Totals } {
  const t = result.totals;
  return {
    promotions: result.promotions.map((p) => ({ id: p.id, code: p.code, label: p.label, amount: toDollars(p.amount) })),
    shipping: { ...result.shipping, amount: toDollars(result.shipping.amount) },
    tax: { rate: result.tax.rate, amount: toDollars(result.tax.amount) },
    totals: {
      subtotal: toDollars(t.subtotal),
      discount: toDollars(t.discount),
      shipping: toDollars(t.shipping),
      tax: toDollars(t.tax),
      ...(t.membership === undefined ? {} : { membership: toDollars(t.membership) }),
      total: toDollars(t.total),
    },
  };
}

/**
 * When goods shipping as `shippingTexts` say, ordered at `at`, arrive by `method`
 * (src/domain/delivery.ts): the method's business days after the slowest line's handling.
 */
export function deliveryBy(method: ShippingMethod, shippingTexts: readonly (string | undefined)[], at: number): OrderDelivery | undefined {
  const dates = deliveryDates(new Date(at), shippingTexts, method.estimate);
  return dates && { method: method.name, ...dates };
}

/** A place from an address's country and state (its region's code, as readAddress gives it). */
export const placeOf = (address: { country: string; state?: string | null }): PricingPlace => ({
  country: address.country,
  ...(typeof address.state === 'string' && address.state.trim() !== '' ? { state: address.state } : {}),
});

export class CheckoutService {
  constructor(
    private readonly modules: { cart: CartService; promotions: PromotionService },
    private readonly now: () => number,
  ) {}

  /**
   * Where a quote prices for: a saved address (index), a {country, state}, else the first saved
   * address whose state names a region, else nowhere (no shipping, no tax). A state must name a
   * region of the country (code, ISO code or name); a saved address that needs review is refused
   * until the shopper corrects it.
   */
  private static readPlace(value: unknown, user: StoredUser, errors: Errors): PricingPlace | undefined {
    const saved = user.addresses ?? [];
    const savedPlace = (address: Address) => {
      const region = findRegion(address.country, address.state);
      return region && { country: address.country, state: region.code };
    };
    if (value === undefined || value === null) {
      for (const address of saved) {
        const place = savedPlace(address);
        if (place) return place;
      }
      return undefined;
    }
    if (typeof value === 'number') {
      if (Number.isInteger(value) && value >= 0 && value < saved.length) {
        const place = savedPlace(saved[value]);
        if (!place) errors['address.state'] = chooseStateMessage(saved[value].country);
        return place;
      }
      errors.address = saved.length === 0 ? 'You have no saved addresses: send { country, state }' : `Address must be the index of one of your ${saved.length} saved addresses (0 to ${saved.length - 1})`;
      return undefined;
    }
    if (typeof value !== 'object' || Array.isArray(value)) {
      errors.address = 'Address must be the index of a saved address or { country, state }';
      return undefined;
    }
    const { country, state } = value as Record<string, unknown>;
    if (!COUNTRIES.includes(country as Country)) errors['address.country'] = `Country must be one of ${COUNTRIES.join(', ')}`;
    else if (state !== undefined && state !== null && !findRegion(country as string, state)) errors['address.state'] = chooseStateMessage(country as string);
    if (errors['address.country'] || errors['address.state']) return undefined;
    const region = findRegion(country as string, state);
    return { country: country as string, ...(region ? { state: region.code } : {}) };
  }

  /** POST /checkout/quote: the user's cart priced as an order would be now (README "Prices"), its membership line too. */
  async quote(user: StoredUser, input: unknown): Promise<Quote> {
    const body = input === undefined ? {} : requireObject(input);
    const errors: Errors = {};
    const place = CheckoutService.readPlace(body.address, user, errors);
    const methodId = readShippingMethod(body.shippingMethod, errors);
    const codes = readCodes(body.codes, errors);
    assertValid(errors, 'Invalid quote');

    const [cart, context, fee] = await Promise.all([
      this.modules.cart.lines(user.id),
      this.modules.promotions.pricingContext(user.id, codes, place),
      this.modules.cart.membershipFee(user.id),
    ]);
    const method = chooseMethod(context.shippingMethods, methodId, place?.country);
    const lines: PricingLine[] = cart.map((item) => ({
      key: item.id,
      productId: item.product.id,
      category: item.product.category,
      unitPrice: unitPriceOf(item.product, item.variant),
      quantity: item.quantity,
    }));
    const at = this.now();
    const result = priceWith(lines, context, method, codes, at, context.member, fee);
    const goods = result.totals.subtotal - result.totals.discount;
    const texts = cart.map((item) => item.product.shippingInformation);
    const memberSavings = context.member || fee !== undefined ? 0 : Math.max(0, priceWith(lines, context, method, codes, at, true).totals.discount - result.totals.discount);
    return {
      lines: cart.map((item, i) => ({
        product: { id: item.product.id, title: item.product.title, ...(item.product.thumbnail ? { thumbnail: item.product.thumbnail } : {}) },
        variant: { id: item.variant.id, sku: item.variant.sku, options: item.variant.options },
        quantity: item.quantity,
        unitPrice: toDollars(result.lines[i].unitPrice),
        discount: toDollars(result.lines[i].discount),
        total: toDollars(result.lines[i].total),
      })),
      ...snapshotOf(result),
      rejected: result.rejected,
      shippingMethods: context.shippingMethods.map((m) => {
        const arrives = lines.length > 0 ? deliveryBy(m, texts, at) : undefined;
        return { ...m, charge: toDollars(lines.length > 0 ? shippingCharge(engineMethod(m), goods) : 0), delivery: arrives ? { from: arrives.from, to: arrives.to } : null };
      }),
      memberSavings: toDollars(memberSavings),
      membership: fee === undefined ? null : membershipLine(toDollars(fee)),
    };
  }
}
