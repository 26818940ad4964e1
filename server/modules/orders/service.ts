// Orders. Placing one re-prices it from the current products (SPEC §9, src/domain/pricing.ts),
// checks the stock and, as one unit in the store, takes the stock, stores the order and empties
// the cart. An Idempotency-Key makes a retry safe. Listing all orders and changing status: admin.
import { createHash } from 'node:crypto';
import { MAX_CART_QUANTITY } from '../../../src/domain/constants';
import {
  ORDER_STATUSES,
  PAYMENT_METHODS,
  type BuyAgainResult,
  type OrderItem,
  type Order,
  type OrderEvent,
  type OrderStatus,
} from '../../../src/domain/types';
import { assertValid, badRequest, conflict, HttpError, notFound } from '../../http/errors';
import type { StoredUser } from '../../db/snapshot';
import { orderPlacedMail, orderStatusMail } from '../mail/messages';
import type { AdminOrder } from '../../../src/domain/backOffice';
import type { OrderChange, OrderMail, OrderQuery, Page, Store } from '../../db/port';
import { MAX_STOCK, readAddress, type Errors } from '../../http/validate';
import { belowMinimum, minimumOf, QUANTITY_MESSAGE, readProductRef, readQuantity } from '../cart/service';
import { assertVariantAvailable, lineVariant, orderVariant, resolveVariant, soldAs, variantName } from '../catalogue/variantRules';
import type { VariantProduct } from '../../db/port';
import { parseId, requireObject } from '../../http/input';
import { boundedPageOf } from '../../query/paging';
import { auditBy } from '../backoffice/audit';
import { readOrderQuery } from './query';
import { publicOrder, withoutReviews } from '../catalogue/publicProduct';
import type { PaymentProvider } from '../payments/service';
import { toCents, type Cents, type Payment, type PaymentStatus } from '../../../src/domain/checkout';
import { TestPaymentProvider } from '../payments/testProvider';
import { toDollars, type AppliedPromotion, type CardInput } from '../../../src/domain/checkout';
import { readCard } from '../../../src/domain/card';
import type { NewOrder, PlaceOrder, PricingContext, RedemptionRefused } from '../../db/port';
import { chooseMethod, placeOf, priceWith, readCodes, readShippingMethod, snapshotOf, unitPriceOf } from './checkout';

export const MAX_ORDER_LINES = 50;
/** How long an Idempotency-Key keeps answering with its order. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

/** An Idempotency-Key: absent, or 1–255 visible ASCII characters (400 otherwise). */
/**
 * What identifies a request to place an order: SHA-256 of its body as canonical JSON (object keys
 * sorted at every depth), so a retry is the same request whatever order its client writes keys in.
 */
export function requestFingerprint(body: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical((value as Record<string, unknown>)[k])]));
    }
    return value;
  };
  return createHash('sha256').update(JSON.stringify(canonical(body ?? null))).digest('hex');
}

/**
 * The body an Idempotency-Key's fingerprint is taken of: a card only by its last four digits and
 * expiry (a full card number is never hashed nor stored).
 */
export function fingerprintBody(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || !('card' in input)) return input;
  const { card, ...rest } = input as Record<string, unknown>;
  const c = (typeof card === 'object' && card !== null ? card : {}) as Record<string, unknown>;
  const digits = typeof c.number === 'string' ? c.number.replace(/\D/g, '') : '';
  return { ...rest, card: { last4: digits.slice(-4), expMonth: c.expMonth ?? null, expYear: c.expYear ?? null } };
}

/** Why an order's promotion could not be counted, as the shopper reads it (409). */
function refusedMessage(refused: RedemptionRefused, promotions: readonly AppliedPromotion[]): string {
  const promotion = promotions.find((p) => p.id === refused.promotion);
  if (promotion?.code) {
    return refused.limit === 'usage'
      ? `The code ${promotion.code} has been used up. Nothing was ordered: remove it and try again.`
      : `You have already used the code ${promotion.code} as many times as it allows. Nothing was ordered: remove it and try again.`;
  }
  return `The offer "${promotion?.label ?? 'of this order'}" has ended. Nothing was ordered: check your total and try again.`;
}

export const KEY_REUSED =
  'This Idempotency-Key was already used for a different order. Send a new key for a new order, or the same order again to get the one it placed.';

/** The order a key placed, when this is the request that placed it (a key stored without a fingerprint counts as the same); 422 otherwise. */
function sameRequest(order: Order, stored: string | undefined, fingerprint: string): Placed {
  if (stored !== undefined && stored !== fingerprint) throw new HttpError(422, KEY_REUSED);
  return { order: publicOrder(order), created: false };
}

function readKey(key: string | undefined): string | undefined {
  if (key === undefined) return undefined;
  if (!KEY_FORMAT.test(key)) {
    throw badRequest(`Invalid ${IDEMPOTENCY_HEADER}`, {
      [IDEMPOTENCY_HEADER]: `${IDEMPOTENCY_HEADER} must be 1 to 255 visible ASCII characters`,
    });
  }
  return key;
}

type Query = Record<string, unknown>;

/** Orders one bulk status change may name. */
export const MAX_BULK = 1000;

/** What PATCH /orders answers for each id: 200 with the order, or 404 / 409 with why. */
/** 502: the card payment provider could not capture or give back that order's payment (it is unchanged). */
export type BulkStatusResult = { id: number; status: 200; order: Order } | { id: number; status: 404 | 409 | 502; message: string };

/** What POST /orders answers: 201 with a new order, 200 with the one an Idempotency-Key placed. */
export interface Placed {
  order: Order;
  created: boolean;
}

export class OrderService {
  /** `linkBase`: the start of absolute links in order mail (PUBLIC_URL). */
  constructor(
    private readonly store: Store,
    private readonly now: () => number,
    private readonly linkBase = 'http://localhost:8080',
    /** Card payments (server/payments): authorized at placing, captured at dispatch, refunded at cancelling. */
    private readonly payments: PaymentProvider = new TestPaymentProvider(),
  ) {}

  /** The mail for an order's new status (shipped, delivered, cancelled), in the step that changes it. */
  private statusMail(): OrderMail {
    return { at: this.now(), message: (order, owner) => orderStatusMail(owner, order, this.linkBase) };
  }

  /**
   * Places the body's order for `user` (SPEC §7 body; the user comes from the session, prices
   * and totals are recomputed). The same Idempotency-Key from the same user gets the order it
   * first placed, without ordering or taking stock again (a retry after a lost answer or a crash).
   */
  async place(user: number, input: unknown, idempotencyKey: string | undefined): Promise<Placed> {
    const key = readKey(idempotencyKey);
    const fingerprint = requestFingerprint(fingerprintBody(input));
    const earlier = key === undefined ? undefined : await this.store.orderForKey(user, key);
    if (earlier) return sameRequest(earlier.order, earlier.fingerprint, fingerprint);

    const body = requireObject(input);
    const errors: Errors = {};
    const lines: { product: number; variant: number; quantity: number }[] = [];
    const items = Array.isArray(body.items) ? (body.items as unknown[]) : undefined;
    if (!items || items.length === 0) {
      errors.items = 'The order has no items';
    } else if (items.length > MAX_ORDER_LINES) {
      errors.items = `At most ${MAX_ORDER_LINES} lines per order`;
    } else {
      const refs = items.map((item) => {
        const source = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
        return { product: readProductRef(source.product), variant: source.variant, quantity: readQuantity(source.quantity) };
      });
      const ids = refs.flatMap((r) => (r.product === undefined ? [] : [r.product]));
      const known = new Map((await this.store.productsByIds(ids)).map((p) => [p.id, p]));
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
    // Prices (issue 23): the same optional method and codes as the quote; a card when paying by card.
    const codes = readCodes(body.codes, errors);
    const shippingMethod = readShippingMethod(body.shippingMethod, errors);
    let card: CardInput | undefined;
    if (body.paymentMethod === 'card') {
      const read = readCard(body.card, new Date(this.now()));
      if ('errors' in read) Object.assign(errors, read.errors);
      else card = read.card;
    }
    assertValid(errors, 'Invalid order');

    const at = this.now();
    let priced: NewOrder | undefined;
    // Run by the store inside its atomic step, on the products (and promotions) as they are then.
    const price = (products: readonly VariantProduct[], context?: PricingContext): NewOrder => {
      // Check everything first (409 names the product and the choice), then price.
      const chosen = lines.map((l, i) => {
        const variant = products[i].variants.find((v) => v.id === l.variant);
        if (!variant) throw conflict(`"${products[i].title}" is no longer available in that choice`);
        assertVariantAvailable(products[i], variant, l.quantity);
        return variant;
      });
      // The line keeps the product as sold at its variant's price, not its reviews (nor their
      // reviewers' ids), and what it was of the variant: id, SKU, choice, unit price.
      // Priced by the quote's engine (server/modules/orders/checkout.ts, README "Prices").
      const pricing = context ?? { member: false, promotions: [], customerUses: {}, shippingMethods: [], taxRate: 0 };
      const method = chooseMethod(pricing.shippingMethods, shippingMethod, selectedAddress!.country);
      const engineLines = lines.map((l, i) => ({ key: i + 1, productId: products[i].id, category: products[i].category, unitPrice: unitPriceOf(products[i], chosen[i]), quantity: l.quantity }));
      const result = priceWith(engineLines, pricing, method, codes, at);
      // A code the shopper sent that does not apply: refused (the quote showed why), nothing placed.
      if (result.rejected.length > 0) throw conflict(`The code ${result.rejected[0].code} cannot be used: ${result.rejected[0].reason}`);
      const orderItems: OrderItem[] = lines.map((l, i) => ({
        id: i + 1,
        product: withoutReviews(soldAs(products[i], chosen[i])),
        variant: orderVariant(products[i], chosen[i]),
        quantity: l.quantity,
        unitPrice: toDollars(result.lines[i].unitPrice),
        discount: toDollars(result.lines[i].discount),
        total: toDollars(result.lines[i].total),
      }));
      const snapshot = snapshotOf(result);
      priced = {
        items: orderItems,
        user,
        totalAmount: snapshot.totals.total,
        totalItems: lines.reduce((n, l) => n + l.quantity, 0),
        paymentMethod: body.paymentMethod as Order['paymentMethod'],
        selectedAddress: selectedAddress!,
        status: 'pending' as const,
        createdAt: new Date(at).toISOString(),
        history: [{ status: 'pending' as const, at: new Date(at).toISOString(), by: 'shopper' as const }],
        ...snapshot,
        // A card's payment is what the provider authorizes (pay below).
        payment: { method: 'cash', status: 'pending' },
      };
      return priced;
    };
    const payments = this.payments;
    const pay: PlaceOrder['pay'] = card && {
      async take(order) {
        const answer = await payments.authorize(card, toCents(order.totals!.total));
        if (!answer.ok) return { declined: answer.message };
        return { payment: { method: 'card', status: 'authorized', brand: answer.brand, last4: answer.last4, reference: answer.reference } };
      },
      async undo(payment) {
        if (payment.reference) await payments.void(payment.reference);
      },
    };
    const result = await this.store.placeOrder({
      user,
      lines,
      price,
      pricing: { codes, place: placeOf(selectedAddress!) },
      ...(pay ? { pay } : {}),
      idempotency: key === undefined ? undefined : { key, fingerprint, at, forgetUpTo: at - IDEMPOTENCY_TTL_MS },
      // The confirmation goes in the outbox with the order: never for a retry, never for a refused order.
      mail: { at, message: (order, owner) => orderPlacedMail(owner, order, this.linkBase) },
    });
    if ('placed' in result) return { order: publicOrder(result.placed), created: true };
    if ('earlier' in result) return sameRequest(result.earlier, result.fingerprint, fingerprint);
    if ('declined' in result) throw new HttpError(402, result.declined);
    if ('refused' in result) throw conflict(refusedMessage(result.refused, priced?.promotions ?? []));
    // The store's guarded decrement found the stock gone since `price` ran.
    const [product] = await this.store.productsByIds([result.shortOf]);
    const line = lines.find((l) => l.product === result.shortOf && (result.variant === undefined || l.variant === result.variant))!;
    const variant = product?.variants.find((v) => v.id === line.variant);
    if (product && variant) assertVariantAvailable(product, variant, line.quantity);
    throw conflict(product ? `"${variant ? variantName(product, variant) : product.title}" is out of stock` : 'A product of this order is no longer available');
  }

  /**
   * GET /orders/own?_page=&_limit= (or _per_page): one page of the user's orders, newest first,
   * and how many they have. No page asked for (SPEC §7's whole list): the first MAX_PAGE_SIZE,
   * the route's Link naming the next (issue 25 item 1).
   */
  async ownPage(user: number, query: Query): Promise<Page<Order>> {
    const page = await this.store.ordersOfPage(user, boundedPageOf(query));
    return { ...page, items: page.items.map(publicOrder) };
  }

  /** All orders with their customer (admin): _page with _per_page (or _limit), _sort/_order, status=, q=, createdAt_gte/_lte. */
  async list(query: Query): Promise<Page<AdminOrder>> {
    const page = await this.store.listOrders({ ...OrderService.readQuery(query), slice: boundedPageOf(query) });
    return { ...page, items: page.items.map(publicOrder) };
  }

  /** Every order a GET /orders query selects (its paging aside), in its order, `size` at a time. */
  async *orderPages(query: Query, size: number): AsyncGenerator<Order[]> {
    const q = OrderService.readQuery(query);
    for (let start = 0; ; start += size) {
      const { items } = await this.store.listOrders({ ...q, slice: { start, end: start + size } });
      if (items.length > 0) yield items;
      if (items.length < size) return;
    }
  }

  /** The filter and sort of a GET /orders query (server/modules/orders/query.ts). */
  private static readQuery(query: Query): OrderQuery {
    return readOrderQuery(query);
  }

  /** One order, for its owner or an admin; anyone else is answered as if it did not exist. */
  async get(me: StoredUser, rawId: string): Promise<Order> {
    const id = parseId(rawId);
    const order = id === undefined ? undefined : await this.store.orderById(id);
    if (!order || (order.user !== me.id && me.role !== 'admin')) throw notFound('Order not found');
    return publicOrder(order);
  }

  /**
   * The status change of `order` to `to` by `by`, with the stock that goes with it: stock always
   * equals what it was minus the quantities of the orders that are not cancelled (never beyond
   * MAX_STOCK), so cancelling gives an order's stock back and leaving `cancelled` takes it again
   * (409 naming the product when there is not enough, or it is no longer sold). The same status
   * again changes nothing.
   */
  private transition(order: Order, products: readonly VariantProduct[], to: OrderStatus, by: OrderEvent['by']): OrderChange {
    const history = order.history ?? [];
    if (to === order.status) return { status: to, history, stock: [] };
    // A return under way settles the order's money and stock itself: cancelling would refund the
    // whole total again, and any other status would undo the delivery the return rests on.
    const underWay = (order.returns ?? []).find((r) => r.status !== 'rejected');
    if (underWay) throw conflict(`Order #${order.id} has a return (${underWay.status}), so its status cannot change`);
    const current = new Map(products.map((p) => [p.id, p]));
    let stock: OrderChange['stock'] = [];
    if (to === 'cancelled') {
      // A product that is gone has no stock to give back; stock never goes beyond MAX_STOCK (what
      // both engines hold): what would is not given back.
      // Each line's stock goes back to its variant (a line older than variants: the product's
      // first); a variant that is gone has none to give back.
      const given = new Map<number, number>();
      stock = order.items.flatMap((i) => {
        const product = current.get(i.product.id);
        const variant = product && lineVariant(product, i);
        const room = product ? MAX_STOCK - product.stock - (given.get(product.id) ?? 0) : 0;
        const delta = variant ? Math.min(i.quantity, room) : 0;
        if (delta <= 0) return [];
        given.set(product!.id, (given.get(product!.id) ?? 0) + delta);
        return [{ product: i.product.id, variant: variant!.id, delta }];
      });
    } else if (order.status === 'cancelled') {
      stock = order.items.map((i) => {
        const product = current.get(i.product.id);
        const variant = product && lineVariant(product, i);
        if (!product || !variant) throw conflict(`"${i.product.title}" is no longer available`);
        assertVariantAvailable(product, variant, i.quantity);
        return { product: i.product.id, variant: variant.id, delta: -i.quantity };
      });
    }
    return { status: to, history: [...history, { status: to, at: new Date(this.now()).toISOString(), by }], stock };
  }

  /**
   * The status change `transition` plans, with the payment that goes with it (README "Payments"):
   * a card is captured when the order is dispatched (or delivered straight away) and is `paid`;
   * cancelling voids a card authorization or refunds a captured card, `refunded`; a refunded card
   * order cannot leave `cancelled` (409). Cash is `pending` until delivered, then `paid`; a paid
   * cash order that is cancelled is `refunded` (given back by the shop), a cancelled one never paid
   * stays `pending` (nothing was collected), and leaving `cancelled` makes it `pending` again. An
   * order without a stored payment (placed before payments) is left as it is. The provider is
   * called with the order's row locked (store.changeOrder), so one order's money moves once.
   */
  private async withPayment(order: Order, plan: () => OrderChange, to: OrderStatus): Promise<OrderChange> {
    const { payment, move } = paymentChange(order, to);
    const change = plan();
    if (change.status === order.status || !payment) return change;
    if (move) {
      try {
        if (move.kind === 'void') await this.payments.void(move.reference);
        else await this.payments[move.kind](move.reference, move.amount);
      } catch {
        throw new HttpError(502, `The card payment could not be ${move.kind === 'capture' ? 'captured' : 'given back'} right now; the order was not changed. Try again.`);
      }
    }
    return { ...change, payment };
  }

  /** Reads the status of a status change (400 unless one of the four). */
  private static status(value: unknown): OrderStatus {
    if (!ORDER_STATUSES.includes(value as OrderStatus)) {
      throw badRequest('Invalid status', { status: `Status must be one of ${ORDER_STATUSES.join(', ')}` });
    }
    return value as OrderStatus;
  }

  /** The change of one order's status by an admin, with its stock, audited. */
  private changeStatus(admin: StoredUser, id: number, status: OrderStatus): Promise<Order | undefined> {
    return this.store.changeOrder(
      id,
      (o, products) => this.withPayment(o, () => this.transition(o, products, status, 'admin'), status),
      auditBy(admin, 'order.status', this.now()),
      this.statusMail(),
    );
  }

  /** Sets the status (admin), with its stock; nothing else of the body applies. */
  async setStatus(admin: StoredUser, rawId: string, input: unknown): Promise<Order> {
    const id = parseId(rawId);
    const existing = id === undefined ? undefined : await this.store.orderById(id);
    if (!existing) throw notFound('Order not found');
    const order = await this.changeStatus(admin, existing.id, OrderService.status(requireObject(input).status));
    if (!order) throw notFound('Order not found');
    return publicOrder(order);
  }

  /**
   * PATCH /orders {ids, status} (admin): each order as PATCH /orders/:id would change it, one at
   * a time (each with its stock, audited); what happened to each, in the order given.
   */
  async setStatuses(admin: StoredUser, input: unknown): Promise<BulkStatusResult[]> {
    const body = requireObject(input);
    const errors: Errors = {};
    const ids = Array.isArray(body.ids) ? body.ids.map(parseId) : [];
    if (!Array.isArray(body.ids) || ids.length === 0 || ids.length > MAX_BULK) errors.ids = `Orders must be a list of 1 to ${MAX_BULK} order numbers`;
    else if (ids.some((id) => id === undefined)) errors.ids = 'Orders must be order numbers';
    else if (new Set(ids).size !== ids.length) errors.ids = 'Orders must not repeat';
    if (!ORDER_STATUSES.includes(body.status as OrderStatus)) errors.status = `Status must be one of ${ORDER_STATUSES.join(', ')}`;
    assertValid(errors, 'Invalid status change');
    const results: BulkStatusResult[] = [];
    for (const id of ids as number[]) {
      try {
        const order = await this.changeStatus(admin, id, body.status as OrderStatus);
        results.push(order ? { id, status: 200, order: publicOrder(order) } : { id, status: 404, message: 'Order not found' });
      } catch (err) {
        if (!(err instanceof HttpError) || (err.status !== 409 && err.status !== 502)) throw err;
        results.push({ id, status: err.status, message: err.message });
      }
    }
    return results;
  }

  /** POST /orders/:id/cancel: the shopper cancels their own pending order; its stock comes back. */
  async cancel(me: StoredUser, rawId: string): Promise<Order> {
    const id = parseId(rawId);
    const order =
      id === undefined
        ? undefined
        : await this.store.changeOrder(id, (o, products) => {
            if (o.user !== me.id) throw notFound('Order not found');
            if (o.status !== 'pending') throw conflict(`Order #${o.id} is ${o.status}: only a pending order can be cancelled`);
            return this.withPayment(o, () => this.transition(o, products, 'cancelled', 'shopper'), 'cancelled');
          }, undefined, this.statusMail());
    if (!order) throw notFound('Order not found');
    return publicOrder(order);
  }

  /**
   * POST /orders/:id/buy-again: the order's products that can still be bought go back in the
   * owner's cart (each quantity capped by the stock and 6); the others are listed with why.
   */
  async buyAgain(me: StoredUser, rawId: string): Promise<BuyAgainResult> {
    const order = await this.get(me, rawId);
    if (order.user !== me.id) throw notFound('Order not found');
    const products = new Map((await this.store.productsByIds(order.items.map((i) => i.product.id))).map((p) => [p.id, p]));
    const inCart = new Set((await this.store.cartItems(me.id)).map((i) => i.variant.id));
    const result: BuyAgainResult = { added: [], skipped: [], cart: [] };
    for (const item of order.items) {
      const product = products.get(item.product.id);
      const named = { id: item.product.id, title: product?.title ?? item.product.title };
      let reason: string | undefined;
      // The line's variant (a line older than variants: the only variant of a product without options).
      const variant = product && lineVariant(product, item, false);
      if (!product || product.deleted || !variant) reason = 'no longer available';
      else if (variant.stock <= 0) reason = 'out of stock';
      else if (inCart.has(variant.id)) reason = 'already in your cart';
      // Fewer than the product's minimum order quantity is raised to it, when there is that much.
      else if (minimumOf(product) > variant.stock) reason = `only ${variant.stock} left, fewer than its minimum order quantity of ${minimumOf(product)}`;
      else if (minimumOf(product) > MAX_CART_QUANTITY) reason = `its minimum order quantity of ${minimumOf(product)} is more than a cart line holds`;
      if (reason === undefined) {
        const quantity = Math.max(minimumOf(product!), Math.min(item.quantity, variant!.stock, MAX_CART_QUANTITY));
        if (await this.store.addCartLine({ user: me.id, product: product!.id, variant: variant!.id, quantity })) {
          result.added.push({ product: named, quantity });
          continue;
        }
        reason = 'already in your cart'; // added meanwhile (another tab)
      }
      result.skipped.push({ product: named, reason });
    }
    result.cart = await this.store.cartItems(me.id);
    return result;
  }
}

/** What an order's payment becomes when its status changes to `to`, and the card money that moves. */
export function paymentChange(
  order: Order,
  to: OrderStatus,
): { payment?: Payment; move?: { kind: 'capture' | 'refund' | 'void'; reference: string; amount: Cents } } {
  const before = order.payment;
  if (!before || to === order.status) return {};
  const amount = toCents(order.totals?.total ?? order.totalAmount);
  const as = (status: PaymentStatus): Payment => ({ ...before, status });
  if (before.method === 'card') {
    const reference = before.reference;
    if (order.status === 'cancelled' && before.status === 'refunded') {
      throw conflict(`Order #${order.id} was refunded to the card, so it cannot be reopened: the shopper can order again.`);
    }
    if (to === 'cancelled') {
      if (before.status === 'authorized') return { payment: as('refunded'), move: reference ? { kind: 'void', reference, amount } : undefined };
      if (before.status === 'paid') return { payment: as('refunded'), move: reference ? { kind: 'refund', reference, amount } : undefined };
      return {};
    }
    if ((to === 'dispatched' || to === 'delivered') && before.status === 'authorized') {
      return { payment: as('paid'), move: reference ? { kind: 'capture', reference, amount } : undefined };
    }
    return {};
  }
  // Cash: collected at the door.
  if (to === 'cancelled') return before.status === 'paid' ? { payment: as('refunded') } : {};
  if (to === 'delivered') return before.status === 'paid' ? {} : { payment: as('paid') };
  if (order.status === 'cancelled' && before.status !== 'pending') return { payment: as('pending') };
  return {};
}
