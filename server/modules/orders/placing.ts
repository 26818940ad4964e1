// What POST /orders asks, read and checked (400 with per-field errors), and the order it makes
// once priced: the user comes from the session, every line is priced from its product as it is
// when the order is placed (by the quote's engine, checkout.ts; README "Prices"), and totals are
// recomputed. Placing (place.ts) runs `priceOrder` with the products locked.
import { readCard } from '../../../src/domain/card';
import { formatMoney, isWholeCents, toCents, toDollars, type AppliedPromotion, type CardInput, type Cents } from '../../../src/domain/checkout';
import { PAYMENT_METHODS, type Address, type Order, type OrderItem } from '../../../src/domain/types';
import type { NewOrder, PricingContext, RedemptionRefused, VariantProduct } from '../../db/port';
import { assertValid, conflict } from '../../http/errors';
import { requireObject } from '../../http/input';
import { readAddress, type Errors } from '../../http/validate';
import { placedAddress } from '../../http/addresses';
import { belowMinimum, QUANTITY_MESSAGE, readProductRef, readQuantity } from '../cart/service';
import { withoutReviews } from '../catalogue/publicProduct';
import type { CatalogueService } from '../catalogue/service';
import { assertVariantAvailable, orderVariant, resolveVariant, soldAs, variantName } from '../catalogue/variantRules';
import { chooseMethod, deliveryBy, placeOf, priceWith, readCodes, readShippingMethod, snapshotOf, unitPriceOf } from './checkout';
import type { Authorization, PaymentService } from '../payments/service';
import type { PromotionService } from '../pricing/promotions';

export const MAX_ORDER_LINES = 50;

/** One line of an order: a variant of a product (no variant twice) and how many. */
export interface OrderLine {
  product: number;
  variant: number;
  quantity: number;
}

/** A POST /orders body, read. */
export interface OrderRequest {
  lines: OrderLine[];
  paymentMethod: Order['paymentMethod'];
  selectedAddress: Address;
  codes: string[];
  shippingMethod: number | undefined;
  /** The card, when paying by card. */
  card?: CardInput;
  /** The lines' products as they were read (same order as the lines): what a card's authorization is priced from. */
  products: readonly VariantProduct[];
  /** The total the shopper was shown (the quote's), when the body gives it: the order is placed at that total or not at all. */
  expectedTotal?: Cents;
}

/** An `expectedTotal` of the body: dollars, 0 or more, at most two decimals. */
function readExpectedTotal(value: unknown, errors: Errors): Cents | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || !isWholeCents(value)) {
    errors.expectedTotal = 'Expected total must be an amount in dollars (0 or more, at most 2 decimals)';
    return undefined;
  }
  return toCents(value);
}

/**
 * 409, nothing ordered nor charged, when the order prices to another total than the one the
 * shopper was shown (a cart or a price changed since: another tab added the membership, an admin
 * changed a price); the page then shows the new figures.
 */
export function assertShownTotal(request: OrderRequest, total: Cents): void {
  if (request.expectedTotal === undefined || request.expectedTotal === total) return;
  throw conflict(
    `The order's total is now ${formatMoney(toDollars(total))}, not the ${formatMoney(toDollars(request.expectedTotal))} shown. Nothing was ordered or charged: check the order and place it again.`,
  );
}

/**
 * 409, nothing ordered nor charged, when an order the shopper was shown (it gives `expectedTotal`,
 * as the checkout does) orders other lines than the cart it empties holds: the cart changed in
 * another tab or window since the page showed it (a line removed would be charged, one added
 * thrown away unordered). Lines are compared by variant and quantity.
 */
export function assertShownCart(request: OrderRequest, cart: readonly { variant: number; quantity: number }[]): void {
  if (request.expectedTotal === undefined) return;
  const key = (lines: readonly { variant: number; quantity: number }[]) =>
    lines
      .map((l) => `${l.variant}×${l.quantity}`)
      .sort()
      .join(',');
  if (key(request.lines) === key(cart)) return;
  throw conflict('Your cart has changed since this page showed it (in another tab or window). Nothing was ordered or charged: check the order and place it again.');
}

/**
 * Reads a POST /orders body against the products as they are now (400 with every field's error).
 * `membership`: the cart holds the membership line, so an order of no items (membership alone) may be placed.
 */
export async function readOrder(catalogue: CatalogueService, input: unknown, now: Date, membership = false): Promise<OrderRequest> {
  const body = requireObject(input);
  const errors: Errors = {};
  const lines: OrderLine[] = [];
  const known = new Map<number, VariantProduct>();
  const items = Array.isArray(body.items) ? (body.items as unknown[]) : undefined;
  if (!items || items.length === 0) {
    if (!membership || (body.items !== undefined && !Array.isArray(body.items))) errors.items = 'The order has no items';
  } else if (items.length > MAX_ORDER_LINES) {
    errors.items = `At most ${MAX_ORDER_LINES} lines per order`;
  } else {
    const refs = items.map((item) => {
      const source = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
      return { product: readProductRef(source.product), variant: source.variant, quantity: readQuantity(source.quantity) };
    });
    const ids = refs.flatMap((r) => (r.product === undefined ? [] : [r.product]));
    for (const p of await catalogue.productsByIds(ids)) known.set(p.id, p);
    refs.forEach(({ product, variant: rawVariant, quantity }, i) => {
      // The line's variant: required on a product with options, the only one otherwise.
      const found = product === undefined ? undefined : known.get(product);
      const resolved = found && resolveVariant(found, rawVariant);
      const variant = resolved && 'variant' in resolved ? resolved.variant.id : undefined;
      if (product === undefined) errors[`items.${i}.product`] = 'Product must be a product id';
      else if (!found) errors[`items.${i}.product`] = 'Unknown product';
      else if (resolved && 'message' in resolved) errors[`items.${i}.variant`] = resolved.message;
      else if (lines.some((l) => l.variant === variant)) errors[`items.${i}.product`] = 'The same product twice';
      if (quantity === undefined) errors[`items.${i}.quantity`] = QUANTITY_MESSAGE;
      else if (found && belowMinimum(found, quantity)) errors[`items.${i}.quantity`] = belowMinimum(found, quantity)!;
      if (product !== undefined && variant !== undefined && quantity !== undefined) lines.push({ product, variant, quantity });
    });
  }
  if (!PAYMENT_METHODS.includes(body.paymentMethod as never)) {
    errors.paymentMethod = `Payment method must be one of ${PAYMENT_METHODS.join(', ')}`;
  }
  const selectedAddress = readAddress(body.selectedAddress, 'selectedAddress', errors);
  // The same optional shipping method and codes as the quote; a card when paying by card.
  const codes = readCodes(body.codes, errors);
  const shippingMethod = readShippingMethod(body.shippingMethod, errors);
  const expectedTotal = readExpectedTotal(body.expectedTotal, errors);
  let card: CardInput | undefined;
  if (body.paymentMethod === 'card') {
    const read = readCard(body.card, now);
    if ('errors' in read) Object.assign(errors, read.errors);
    else card = read.card;
  }
  assertValid(errors, 'Invalid order');
  const products = lines.map((l) => known.get(l.product)!);
  return {
    lines,
    paymentMethod: body.paymentMethod as Order['paymentMethod'],
    selectedAddress: selectedAddress!,
    codes,
    shippingMethod,
    ...(card ? { card } : {}),
    products,
    ...(expectedTotal === undefined ? {} : { expectedTotal }),
  };
}

/**
 * The order `request` makes for `user` at `at`, from its lines' current products (same order as
 * its lines) and what pricing reads: every line checked first (409 naming the product and the
 * choice), then priced. A code the shopper sent that does not apply is refused (409; the quote
 * showed why). A card's payment is what the provider authorizes (the service sets it).
 * `membershipFee`: the cart holds the membership line; the order buys it (its own line).
 */
export function priceOrder(request: OrderRequest, products: readonly VariantProduct[], pricing: PricingContext, user: number, at: number, membershipFee?: Cents): NewOrder {
  const { lines, codes, shippingMethod, selectedAddress } = request;
  const chosen = lines.map((l, i) => {
    const variant = products[i].variants.find((v) => v.id === l.variant);
    if (!variant) throw conflict(`"${products[i].title}" is no longer available in that choice`);
    assertVariantAvailable(products[i], variant, l.quantity);
    return variant;
  });
  const method = chooseMethod(pricing.shippingMethods, shippingMethod, selectedAddress.country);
  const engineLines = lines.map((l, i) => ({ key: i + 1, productId: products[i].id, category: products[i].category, unitPrice: unitPriceOf(products[i], chosen[i]), quantity: l.quantity }));
  const result = priceWith(engineLines, pricing, method, codes, at, pricing.member, membershipFee);
  if (result.rejected.length > 0) throw conflict(`The code ${result.rejected[0].code} cannot be used: ${result.rejected[0].reason}`);
  // The line keeps the product as sold at its variant's price, not its reviews (nor their
  // reviewers' ids), and what it was of the variant: id, SKU, choice, unit price.
  const items: OrderItem[] = lines.map((l, i) => ({
    id: i + 1,
    product: withoutReviews(soldAs(products[i], chosen[i])),
    variant: orderVariant(products[i], chosen[i]),
    quantity: l.quantity,
    unitPrice: toDollars(result.lines[i].unitPrice),
    discount: toDollars(result.lines[i].discount),
    total: toDollars(result.lines[i].total),
  }));
  const snapshot = snapshotOf(result);
  const placedAt = new Date(at).toISOString();
  // The estimate the quote showed for this method, kept with the order; none when nothing ships
  // (membership alone), as the quote shows none.
  const delivery = method && items.length > 0 && deliveryBy(method, items.map((i) => i.product.shippingInformation), at);
  return {
    items,
    user,
    totalAmount: snapshot.totals.total,
    totalItems: lines.reduce((n, l) => n + l.quantity, 0),
    paymentMethod: request.paymentMethod,
    selectedAddress: placedAddress(selectedAddress),
    status: 'pending' as const,
    createdAt: placedAt,
    history: [{ status: 'pending' as const, at: placedAt, by: 'shopper' as const }],
    ...snapshot,
    payment: { method: 'cash', status: 'pending', refunded: 0 },
    ...(delivery ? { delivery } : {}),
    ...(membershipFee === undefined ? {} : { membershipFee: toDollars(membershipFee) }),
  };
}

/** Why an order's promotion could not be counted, as the shopper reads it (409). */
export function refusedMessage(refused: RedemptionRefused, promotions: readonly AppliedPromotion[]): string {
  const promotion = promotions.find((p) => p.id === refused.promotion);
  if (promotion?.code) {
    return refused.limit === 'usage'
      ? `The code ${promotion.code} has been used up. Nothing was ordered: remove it and try again.`
      : `You have already used the code ${promotion.code} as many times as it allows. Nothing was ordered: remove it and try again.`;
  }
  return `The offer "${promotion?.label ?? 'of this order'}" has ended. Nothing was ordered: check your total and try again.`;
}

/** What placing found: the order placed, the one its key placed earlier, or why nothing was placed. */
export type Outcome =
  | { placed: Order }
  | { earlier: Order; fingerprint?: string }
  | { shortOf: number; variant?: number }
  | { refused: RedemptionRefused }
  | { repriced: true }
  | { keyTaken: true };

/** Placing cannot go on after writing: the transaction rolls back and `outcome` is answered. */
export class Rollback extends Error {
  constructor(readonly outcome: Outcome) {
    super('order not placed');
  }
}

/** The 409 for an order whose stock was gone when it was taken: the product and choice it names. */
export async function shortOfConflict(catalogue: CatalogueService, request: OrderRequest, { shortOf, variant: shortVariant }: { shortOf: number; variant?: number }): Promise<Error> {
  const [product] = await catalogue.productsByIds([shortOf]);
  const line = request.lines.find((l) => l.product === shortOf && (shortVariant === undefined || l.variant === shortVariant))!;
  const variant = product?.variants.find((v) => v.id === line.variant);
  if (product && variant) assertVariantAvailable(product, variant, line.quantity);
  return conflict(product ? `"${variant ? variantName(product, variant) : product.title}" is out of stock` : 'A product of this order is no longer available');
}

/**
 * Asks the provider to hold the order's total as priced now, from the products the request was
 * read against and what pricing reads (no transaction, no lock: the order's transaction prices
 * again, from the products as it locked them and this same pricing context, and refuses another
 * total), under a fresh key.
 */
export async function authorizeCard(
  deps: { promotions: PromotionService; payments: PaymentService },
  user: number,
  request: OrderRequest,
  at: number,
  membershipFee?: Cents,
): Promise<{ amount: Cents; key: string; answer: Authorization; pricing: PricingContext } | undefined> {
  const { promotions, payments } = deps;
  if (!request.card) return undefined;
  const pricing = await promotions.pricingContext(user, request.codes, placeOf(request.selectedAddress));
  const amount = toCents(priceOrder(request, request.products, pricing, user, at, membershipFee).totals!.total);
  assertShownTotal(request, amount);
  const key = payments.newKey('new', 'authorization');
  const answer = await payments.provider.authorize(request.card, amount, key);
  if (!answer.ok) payments.declined.tell({ user, amount, message: answer.message });
  return { amount, key, answer, pricing };
}
