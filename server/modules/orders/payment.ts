// An order's payment as its records make it (README "Payments"), and the changes that move card
// money: the money moves first, outside the order's transaction (the intent committed, the
// provider called, its answer recorded: PaymentService), then the order changes, judged again
// with the money's records. Cash is collected at the door: `pending` until delivered, then `paid`.
import { toCents, toDollars, type Cents, type Payment, type PaymentStatus } from '../../../src/domain/checkout';
import type { Order, OrderStatus } from '../../../src/domain/types';
import type { AuditContext, OutgoingMail, PaymentRecord, Tx, VariantProduct } from '../../db/port';
import { conflict, HttpError } from '../../http/errors';
import type { MoneyMove, PaymentService } from '../payments/service';
import { cashPayment, paidBackOnCancel, statusWrite, transition, type OrderWrite } from './status';

/** What was done to an order's card, in cents. */
export interface CardFacts {
  reference?: string;
  authorized: Cents;
  captured: Cents;
  refunded: Cents;
  voided: boolean;
}

const totalOf = (order: Order): Cents => toCents(order.totals?.total ?? order.totalAmount);

/**
 * The card's facts from the order's succeeded records; an order whose authorization has no record
 * (placed before records were kept) starts from the status its payment stored.
 */
export function cardFacts(order: Order, records: readonly PaymentRecord[]): CardFacts {
  const done = records.filter((r) => r.state === 'succeeded');
  const auth = done.find((r) => r.kind === 'authorization');
  const stored = order.payment?.status;
  const total = totalOf(order);
  const facts: CardFacts = auth
    ? { reference: auth.reference ?? undefined, authorized: auth.amount, captured: 0, refunded: 0, voided: false }
    : {
        reference: order.payment?.reference,
        authorized: total,
        captured: stored === 'paid' || stored === 'refunded' || stored === 'partially_refunded' ? total : 0,
        refunded: stored === 'refunded' ? total : toCents(order.payment?.refunded ?? 0),
        voided: stored === 'voided',
      };
  for (const r of done) {
    if (r.kind === 'capture') facts.captured += r.amount;
    else if (r.kind === 'refund') facts.refunded += r.amount;
    else if (r.kind === 'void') facts.voided = true;
  }
  return facts;
}

/** Cents given back by the order's refunded returns. */
const returnsRefunded = (order: Order): Cents =>
  (order.returns ?? []).reduce((sum, r) => sum + (r.status === 'refunded' && r.refund ? toCents(r.refund.amount) : 0), 0);

/**
 * The order's payment as it answers: a card's status and refunded amount from its records
 * (voided; refunded or partially_refunded; paid once captured; authorized); cash's status as its
 * changes left it (pending, paid at delivery, refunded when a paid order was cancelled), then
 * refunded or partially_refunded by its refunded returns. undefined: the order has none stored.
 */
export function derivedPayment(order: Order, records: readonly PaymentRecord[]): Payment | undefined {
  const before = order.payment;
  if (!before) return undefined;
  const total = totalOf(order);
  let status: PaymentStatus;
  let refunded: Cents;
  if (before.method === 'card') {
    const f = cardFacts(order, records);
    refunded = f.refunded;
    if (f.voided) status = 'voided';
    else if (f.refunded > 0) status = f.refunded >= f.captured ? 'refunded' : 'partially_refunded';
    else if (f.captured > 0) status = 'paid';
    else status = before.status === 'pending' || before.status === 'failed' ? before.status : 'authorized';
  } else {
    const cancelledPaid = before.status === 'refunded' && returnsRefunded(order) === 0;
    refunded = cancelledPaid ? total : returnsRefunded(order);
    status = cancelledPaid ? 'refunded' : refunded > 0 ? (refunded >= total ? 'refunded' : 'partially_refunded') : before.status;
  }
  return { ...before, status, refunded: toDollars(refunded) };
}

/**
 * The card money a status change of `order` to `to` moves first (undefined: none, or it moved
 * already): captured when dispatched or delivered; when cancelled, what was captured and not
 * given back is refunded, an authorization never captured is voided. A card order refunded or
 * voided cannot leave `cancelled` (409).
 */
export function statusMove(order: Order, to: OrderStatus, records: readonly PaymentRecord[]): MoneyMove | undefined {
  if (order.payment?.method !== 'card' || to === order.status) return undefined;
  const f = cardFacts(order, records);
  if (order.status === 'cancelled' && (f.refunded > 0 || f.voided)) {
    throw conflict(
      f.voided
        ? `Order #${order.id}'s card authorization was released, so it cannot be reopened: the shopper can order again.`
        : `Order #${order.id} was refunded to the card, so it cannot be reopened: the shopper can order again.`,
    );
  }
  if (!f.reference) return undefined;
  if (to === 'cancelled') {
    if (f.captured > f.refunded) return { kind: 'refund', reference: f.reference, amount: f.captured - f.refunded };
    if (f.captured === 0 && !f.voided) return { kind: 'void', reference: f.reference, amount: 0 };
    return undefined;
  }
  if ((to === 'dispatched' || to === 'delivered') && f.captured === 0 && !f.voided) return { kind: 'capture', reference: f.reference, amount: f.authorized };
  return undefined;
}

/** A change's write, and the card money to move before it (the plan is judged again once it moved). */
export interface PaidWrite extends OrderWrite {
  money?: MoneyMove;
}

export type PaidPlan = (order: Order, products: readonly VariantProduct[], records: readonly PaymentRecord[]) => PaidWrite | Promise<PaidWrite>;

type Change = (
  id: number,
  plan: (order: Order, products: readonly VariantProduct[], tx: Tx) => Promise<OrderWrite>,
  audit: AuditContext | undefined,
  mail: { at: number; message: (order: Order, owner: string) => OutgoingMail | undefined },
) => Promise<Order | undefined>;

/** Rounds of "money moved, but the order changed meanwhile and asks for another move". */
const ROUNDS = 3;

/**
 * One change of order `id` that may move card money. Any operation left pending on the order
 * (a crash, an instance gone, a provider that did not answer) is finished first with its own key.
 * Then the plan is judged with the order locked: when it asks for money, only the intent is
 * committed (the order unchanged), the provider is called with the intent's key outside any
 * transaction, its answer recorded, and the plan judged again: the order is written once no money
 * is left to move, its payment derived from the records. 502 `failed(kind)` when the provider
 * refused or did not answer (the order unchanged; a retry finishes a pending operation, never
 * doing it twice).
 */
export async function changeWithPayment(
  change: Change,
  payments: PaymentService,
  id: number,
  plan: PaidPlan,
  audit: AuditContext | undefined,
  mail: Parameters<Change>[3],
  failed: (kind: MoneyMove['kind']) => string,
): Promise<Order | undefined> {
  let unanswered: PaymentRecord | undefined;
  const unreachable = () => new HttpError(502, failed(unanswered?.kind === 'capture' ? 'capture' : 'refund'));
  const settle = async () => {
    if (await payments.settle(id)) return;
    unanswered = (await payments.recordsOf(id)).find((r) => r.state === 'pending');
    throw unreachable();
  };
  await settle();
  for (let round = 0; round < ROUNDS; round++) {
    let intent: PaymentRecord | undefined;
    let busy = false;
    const order = await change(
      id,
      async (o, products, tx) => {
        const records = await payments.recordsOf(o.id, tx);
        const { money, ...write } = await plan(o, products, records);
        if (!money) {
          const payment = write.set && derivedPayment({ ...o, ...write.set } as Order, records);
          return payment && write.set ? { ...write, set: { ...write.set, payment } } : write;
        }
        intent = await payments.intend(tx, o.id, money);
        busy = intent === undefined;
        return { stock: [] };
      },
      audit,
      mail,
    );
    if (busy) {
      await settle();
      continue;
    }
    if (!intent) return order;
    const done = await payments.complete(intent);
    if (done.state !== 'succeeded') throw new HttpError(502, failed(done.kind as MoneyMove['kind']));
  }
  throw conflict(`Order #${id} changed while its payment moved; try again.`);
}

/** A rule of who may make a status change, judged with the order locked, before any money moves. */
export type StatusCheck = (o: Order, records: readonly PaymentRecord[]) => void;

/**
 * The check of a staff member's status change: without the refunds permission
 * (src/domain/permissions.ts), cancelling an order that would give money back (a captured card, or
 * cash already paid) is refused with 403; any other change is left to the status rules.
 */
export const refundsAllowed =
  (to: OrderStatus, mayRefund: boolean): StatusCheck =>
  (o, records) => {
    if (mayRefund || to !== 'cancelled' || o.status === 'cancelled') return;
    if (givesMoneyBack(o, records)) {
      throw new HttpError(403, `Order #${o.id} is paid: cancelling it gives the money back, which needs the "refunds" permission`);
    }
  };

/** Whether cancelling `o` gives money back: a card captured (refunded), or cash or an older order's payment collected. */
export function givesMoneyBack(o: Order, records: readonly PaymentRecord[]): boolean {
  return statusMove(o, 'cancelled', records)?.kind === 'refund' || paidBackOnCancel(o);
}

/** What a status change answers when its card money could not move. */
export const STATUS_MONEY_FAILED = (kind: MoneyMove['kind']) =>
  `The card payment could not be ${kind === 'capture' ? 'captured' : 'given back'} right now; the order was not changed. Try again.`;

/** The plan of a status change to `to` by `by` at `at`: its card money first (statusMove), then its stock and cash payment. `check`: who may. */
export function statusPlan(to: OrderStatus, by: 'admin' | 'shopper', at: number, check: StatusCheck): PaidPlan {
  return (o, products, records) => {
    check(o, records);
    const money = statusMove(o, to, records);
    // Judged before any money moves: a change the rules refuse moves none.
    const change = transition(o, products, to, by, at);
    if (money) return { stock: [], money };
    const cash = cashPayment(o, to);
    return statusWrite(o, { ...change, ...(cash ? { payment: cash } : {}) });
  };
}
