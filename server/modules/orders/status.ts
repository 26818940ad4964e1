// An order's status rules: which change of status an order may take, the stock that moves with it
// (README "Orders"), and what its payment becomes (README "Payments"). Pure functions: the order
// service (service.ts) runs them with the order and its products locked.
import type { Payment, PaymentStatus } from '../../../src/domain/checkout';
import { derivedCharges } from '../../../src/domain/orderText';
import { ORDER_STATUSES, type Order, type OrderEvent, type OrderStatus } from '../../../src/domain/types';
import type { OrderChange, OrderUpdate, VariantProduct } from '../../db/port';
import { assertValid, badRequest, conflict } from '../../http/errors';
import { parseId, requireObject } from '../../http/input';
import { MAX_STOCK, type Errors } from '../../http/validate';
import type { Described } from '../backoffice/auditEntries';
import { assertVariantAvailable, lineVariant } from '../catalogue/variantRules';

/**
 * A change of an order as the rules decide it with the order and its products locked (change):
 * the fields to write (none: nothing changes), the stock to move per variant, and what the audit
 * entry records (none: not audited).
 */
export interface OrderWrite {
  set?: OrderUpdate;
  stock: readonly { product: number; variant: number; delta: number }[];
  audit?: Described;
}

/** Orders one bulk status change may name. */
export const MAX_BULK = 1000;


/** What PATCH /orders answers for each id: 200 with the order, or 404 / 409 with why. */
/** 502: the card payment provider could not capture or give back that order's payment (it is unchanged). */
export type BulkStatusResult = { id: number; status: 200; order: Order } | { id: number; status: 403 | 404 | 409 | 502; message: string };

/** A PATCH /orders body: 1 to MAX_BULK distinct order numbers and one of the statuses (400 otherwise). */
export function readBulk(input: unknown): { ids: number[]; status: OrderStatus } {
  const body = requireObject(input);
  const errors: Errors = {};
  const ids = Array.isArray(body.ids) ? body.ids.map(parseId) : [];
  if (!Array.isArray(body.ids) || ids.length === 0 || ids.length > MAX_BULK) errors.ids = `Orders must be a list of 1 to ${MAX_BULK} order numbers`;
  else if (ids.some((id) => id === undefined)) errors.ids = 'Orders must be order numbers';
  else if (new Set(ids).size !== ids.length) errors.ids = 'Orders must not repeat';
  if (!ORDER_STATUSES.includes(body.status as OrderStatus)) errors.status = `Status must be one of ${ORDER_STATUSES.join(', ')}`;
  assertValid(errors, 'Invalid status change');
  return { ids: ids as number[], status: body.status as OrderStatus };
}

/** Reads the status of a status change (400 unless one of the four). */
export function readStatus(value: unknown): OrderStatus {
  if (!ORDER_STATUSES.includes(value as OrderStatus)) {
    throw badRequest('Invalid status', { status: `Status must be one of ${ORDER_STATUSES.join(', ')}` });
  }
  return value as OrderStatus;
}

/**
 * The status change of `order` to `to` by `by`, with the stock that goes with it: stock always
 * equals what it was minus the quantities of the orders that are not cancelled (never beyond
 * MAX_STOCK), so cancelling gives an order's stock back and leaving `cancelled` takes it again
 * (409 naming the product when there is not enough, or it is no longer sold; 409 for an order that
 * bought a membership, which its cancelling ended). The same status again changes nothing. The
 * promotion uses that follow the order in and out of `cancelled` are the order service's, in the
 * same transaction (OrderService.change: 409 when a limit was reached while it was cancelled).
 */
export function transition(order: Order, products: readonly VariantProduct[], to: OrderStatus, by: OrderEvent['by'], at: number): OrderChange {
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
    // Cancelling ended the membership the order bought (another order's stays): reopened, the
    // order would charge the fee again for a membership the shopper no longer has.
    if (order.membershipFee !== undefined) {
      throw conflict(`Order #${order.id} bought a membership, which ended when it was cancelled, so it cannot be reopened: the shopper can order again.`);
    }
    stock = order.items.map((i) => {
      const product = current.get(i.product.id);
      const variant = product && lineVariant(product, i);
      if (!product || !variant) throw conflict(`"${i.product.title}" is no longer available`);
      assertVariantAvailable(product, variant, i.quantity);
      return { product: i.product.id, variant: variant.id, delta: -i.quantity };
    });
  }
  return { status: to, history: [...history, { status: to, at: new Date(at).toISOString(), by }], stock };
}

/**
 * The payment a status change starts from: the stored one; an order from before payments were
 * recorded (no priced snapshot, no payment) has the one its pages show (derivedCharges).
 */
function paymentBefore(order: Order): { payment: Payment | undefined; older: boolean } {
  const older = !order.totals && !order.payment;
  return { payment: older ? derivedCharges(order).payment : order.payment, older };
}

/** Whether cancelling `order` gives back cash it paid (or what an older order paid, card or cash). */
export function paidBackOnCancel(order: Order): boolean {
  const { payment, older } = paymentBefore(order);
  return payment?.status === 'paid' && (payment.method === 'cash' || older);
}

/**
 * What a cash order's payment becomes when its status changes to `to` (undefined: unchanged):
 * collected at the door, so `paid` once delivered; a paid cash order that is cancelled is
 * `refunded` (given back by the shop), a cancelled one never paid stays `pending`, and leaving
 * `cancelled` makes it `pending` again. A card's payment follows its records (payment.ts), except
 * an order from before payments were recorded: it starts from the payment its pages show, a paid
 * one cancelled is `refunded` (by the shop: the provider never had it) and a card one refunded
 * cannot be reopened; its payment is stored once its status alone would read it otherwise.
 */
export function cashPayment(order: Order, to: OrderStatus): Payment | undefined {
  const { payment: before, older } = paymentBefore(order);
  if (!before || (before.method !== 'cash' && !older) || to === order.status) return undefined;
  const next = nextPayment(order, before, to) ?? before;
  if (!older) return next === before ? undefined : next;
  return next.status === derivedCharges({ ...order, status: to }).payment.status ? undefined : next;
}

function nextPayment(order: Order, before: Payment, to: OrderStatus): Payment | undefined {
  const as = (status: PaymentStatus): Payment => ({ ...before, status });
  if (to === 'cancelled') return before.status === 'paid' ? as('refunded') : undefined;
  if (before.method === 'card') {
    if (order.status === 'cancelled' && before.status === 'refunded') {
      throw conflict(`Order #${order.id} was refunded to the card, so it cannot be reopened: the shopper can order again.`);
    }
    return undefined;
  }
  if (to === 'delivered') return before.status === 'paid' ? undefined : as('paid');
  if (order.status === 'cancelled' && before.status !== 'pending') return as('pending');
  return undefined;
}

/** A status change as an OrderWrite: nothing when the status stays, else the order's new status, history and payment. */
export function statusWrite(order: Order, { status, history, stock, payment }: OrderChange): OrderWrite {
  if (status === order.status) return { stock: [] };
  return { set: { status, history, ...(payment ? { payment } : {}) }, stock, audit: { entity: 'order', entityId: String(order.id), before: { status: order.status }, after: { status } } };
}
