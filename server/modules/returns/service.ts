// Returns and refunds. The order's owner asks to return units of a delivered order's lines within
// their product's return window; an admin moves the return requested -> approved | rejected,
// approved -> received (stock back unless damaged), received -> refunded (a card's money back
// through the payment provider). Returns are kept in their order: each step is one change of the
// order (OrderService.change: the order and its products locked, the stock put back, the order
// written with the return's history, the audit entry and the shopper's mail, in one transaction).
// The refund rule is README "Returns and refunds": see refundCents.
import { toCents, toDollars, type Cents } from '../../../src/domain/checkout';
import {
  MAX_RETURN_REASON,
  RETURN_NEXT_STEPS,
  RETURN_STATUSES,
  returnableUntil,
  returnLastDay,
  returnWindowDays,
  type OrderReturn,
  type ReturnLine,
  type ReturnStatus,
} from '../../../src/domain/returns';
import type { AuditEntry, Order } from '../../../src/domain/types';
import { toNumber } from '../../../src/domain/validation';
import { assertValid, badRequest, conflict, notFound } from '../../http/errors';
import { returnMail } from '../mail/returnMessages';
import type { StoredUser } from '../../db/port';
import type { MoneyMove } from '../payments/service';
import { cardFacts } from '../orders/payment';
import type { OutgoingMail, PaymentRecord, VariantProduct } from '../../db/port';
import { MAX_STOCK, type Errors } from '../../http/validate';
import { auditBy } from '../backoffice/audit';
import { parseId, requireObject } from '../../http/input';
import { MAX_ORDER_LINES, type OrderService, type OrderWrite } from '../orders/service';
import { publicOrder, withPricedSnapshot } from '../catalogue/publicProduct';
import { lineVariant } from '../catalogue/variantRules';

/** Units of each line held by `returns` (by line id). */
function unitsByLine(returns: readonly OrderReturn[]): Map<number, number> {
  const units = new Map<number, number>();
  for (const r of returns) for (const i of r.items) units.set(i.line, (units.get(i.line) ?? 0) + i.quantity);
  return units;
}

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));

/**
 * What return `ret` of `order` gives back, in cents, given the order's other returns: for each
 * unit, its share of its line as the order stored it (line total × units / line quantity: the
 * unit price less its share of the line's discount), plus the order's tax rate on that, summed
 * exactly and rounded half-up to the cent once. Shipping (with its tax) only when this return
 * makes the whole order returned (every unit of every line in returns approved or later): then
 * the refund is what is left of the order's goods. The goods are the total less a membership fee
 * the order bought: a return gives goods back, and the membership bought with them (and its fee)
 * stays. Never more than the goods less the refunds of the other returns (approved or later), so
 * an order's refunds never exceed what was paid for its goods.
 */
export function refundCents(order: Order, ret: Pick<OrderReturn, 'id' | 'items'>, returns: readonly OrderReturn[]): Cents {
  const priced = withPricedSnapshot(order);
  const others = returns.filter((r) => r.id !== ret.id && r.refund !== null);
  const paid = toCents(priced.totals!.total) - toCents(priced.totals!.membership ?? 0);
  const left = Math.max(0, paid - others.reduce((sum, r) => sum + toCents(r.refund!.amount), 0));
  const held = unitsByLine([...others, { ...ret } as OrderReturn]);
  if (priced.items.every((i) => (held.get(i.id) ?? 0) >= i.quantity)) return left;
  // Σ lineTotal × units / lineQuantity as an exact fraction num/den, then × (1 + rate), rounded once.
  let num = 0n;
  let den = 1n;
  for (const { line, quantity } of ret.items) {
    const item = priced.items.find((i) => i.id === line)!;
    const q = BigInt(item.quantity);
    num = num * q + BigInt(toCents(item.total!)) * BigInt(quantity) * den;
    den *= q;
    const common = gcd(num, den);
    if (common > 1n) [num, den] = [num / common, den / common];
  }
  const rate = BigInt(Math.round((priced.tax?.rate ?? 0) * 1_000_000));
  const n = num * (100_000_000n + rate);
  const d = den * 100_000_000n;
  return Math.min(Number((2n * n + d) / (2n * d)), left);
}

/** A change of an order's returns, as the rules decide it. */
interface ReturnChange {
  /** The order's whole list of returns after the change. */
  returns: OrderReturn[];
  /** Stock to put back (positive), per variant of a product (capped: never beyond MAX_STOCK). */
  stock: readonly { product: number; variant: number; delta: number }[];
  /** What the audit entry records of the return (entity 'order', the order's id). */
  audit: Pick<AuditEntry, 'before' | 'after'>;
}

/** The change as the order's write: its returns written (its payment follows: orders/payment.ts), its stock put back, audited. */
function orderWrite(order: Order, change: ReturnChange): OrderWrite {
  return {
    set: { returns: change.returns },
    stock: change.stock,
    audit: { entity: 'order', entityId: String(order.id), ...change.audit },
  };
}

export class ReturnService {
  constructor(
    private readonly orders: OrderService,
    private readonly now: () => number,
    /** The start of absolute links in mail (PUBLIC_URL). */
    private readonly linkBase: string,
  ) {}

  private mail(returnId: () => number): { at: number; message: (order: Order, owner: string) => OutgoingMail | undefined } {
    return {
      at: this.now(),
      message: (order, owner) => {
        const ret = order.returns?.find((r) => r.id === returnId());
        return ret && returnMail(owner, order, ret, this.linkBase);
      },
    };
  }

  /** POST /orders/:id/returns { items: [{ line, quantity }], reason } (the order's owner): 201 with the order. */
  async request(me: StoredUser, rawId: string, input: unknown): Promise<Order> {
    const id = parseId(rawId);
    const existing = id === undefined ? undefined : await this.orders.byId(id);
    if (!existing || existing.user !== me.id) throw notFound('Order not found');
    const body = requireObject(input);
    const errors: Errors = {};
    const raw = Array.isArray(body.items) ? (body.items as unknown[]) : undefined;
    if (!raw || raw.length === 0) errors.items = 'Choose at least one item to return';
    else if (raw.length > MAX_ORDER_LINES) errors.items = `At most ${MAX_ORDER_LINES} lines per return`;
    const asked: ReturnLine[] = [];
    raw?.slice(0, MAX_ORDER_LINES).forEach((value, i) => {
      const item = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
      const line = parseId(item.line);
      // A JSON number or a plain decimal string, as every number the API takes.
      const quantity = toNumber(item.quantity);
      if (line === undefined) errors[`items.${i}.line`] = 'Line must be a line of the order';
      else if (asked.some((a) => a.line === line)) errors[`items.${i}.line`] = 'The same line twice';
      if (!Number.isSafeInteger(quantity) || quantity < 1) errors[`items.${i}.quantity`] = 'Quantity must be a whole number of at least 1';
      else if (line !== undefined) asked.push({ line, quantity });
    });
    const reason = typeof body.reason === 'string' ? body.reason.trim() : undefined;
    if (reason === undefined || reason.length === 0) errors.reason = 'Reason is required';
    else if ([...reason].length > MAX_RETURN_REASON) errors.reason = `Reason must be at most ${MAX_RETURN_REASON} characters`;
    assertValid(errors, 'Invalid return');

    const at = new Date(this.now());
    let created = 0;
    const order = await this.orders.change(
      existing.id,
      (o) => {
        if (o.user !== me.id) throw notFound('Order not found');
        if (o.status !== 'delivered') throw conflict(`Order #${o.id} is ${o.status}: only a delivered order can be returned`);
        const returns = o.returns ?? [];
        const held = unitsByLine(returns.filter((r) => r.status !== 'rejected'));
        const lineErrors: Errors = {};
        asked.forEach(({ line, quantity }, i) => {
          const item = o.items.find((l) => l.id === line);
          if (!item) lineErrors[`items.${i}.line`] = 'There is no such line in this order';
          else if (quantity > item.quantity) lineErrors[`items.${i}.quantity`] = `You bought ${item.quantity} of "${item.product.title}"`;
        });
        assertValid(lineErrors, 'Invalid return');
        for (const { line, quantity } of asked) {
          const item = o.items.find((l) => l.id === line)!;
          const title = item.product.title;
          if (returnWindowDays(item.product.returnPolicy) === null) throw conflict(`"${title}" cannot be returned: ${item.product.returnPolicy ?? 'No return policy'}`);
          const until = returnableUntil(o, item);
          if (until && until.getTime() <= at.getTime()) {
            throw conflict(`The return window of "${title}" (${item.product.returnPolicy}) ended on ${returnLastDay(until)}`);
          }
          const inReturns = held.get(line) ?? 0;
          if (quantity > item.quantity - inReturns) {
            throw conflict(`${inReturns} of the ${item.quantity} "${title}" are already in a return: at most ${item.quantity - inReturns} more can be returned`);
          }
        }
        created = returns.reduce((max, r) => Math.max(max, r.id), 0) + 1;
        const ret: OrderReturn = {
          id: created,
          status: 'requested',
          items: asked,
          reason: reason!,
          createdAt: at.toISOString(),
          refund: null,
          history: [{ status: 'requested', at: at.toISOString(), by: 'shopper' }],
        };
        return orderWrite(o, { returns: [...returns, ret], stock: [], audit: { before: null, after: { return: ret.id, status: ret.status, items: ret.items, reason: ret.reason } } });
      },
      auditBy(me, 'order.return', at.getTime()),
      this.mail(() => created),
    );
    if (!order) throw notFound('Order not found');
    return publicOrder(order);
  }

  /** PATCH /orders/:id/returns/:returnId { status, damaged } (admin): the next step, 200 with the order. */
  async step(admin: StoredUser, rawId: string, rawReturnId: string, input: unknown): Promise<Order> {
    const id = parseId(rawId);
    const returnId = parseId(rawReturnId);
    if (id === undefined) throw notFound('Order not found');
    const body = requireObject(input);
    const status = body.status as ReturnStatus;
    const errors: Errors = {};
    if (!RETURN_STATUSES.includes(status)) errors.status = `Status must be one of ${RETURN_STATUSES.join(', ')}`;
    let damaged: number[] = [];
    if (body.damaged !== undefined && body.damaged !== null) {
      const list = Array.isArray(body.damaged) ? body.damaged.map(parseId) : undefined;
      if (!list || list.some((l) => l === undefined)) errors.damaged = 'Damaged must be a list of line ids';
      else if (status !== 'received' && list.length > 0) errors.damaged = 'Damaged lines are marked when the return is received';
      else damaged = list as number[];
    }
    assertValid(errors, 'Invalid return step');

    const at = this.now();
    const order = await this.orders.changePaid(
      id,
      async (o, products, records) => {
        const returns = o.returns ?? [];
        const ret = returns.find((r) => r.id === returnId);
        if (!ret) throw notFound('Return not found');
        if (!RETURN_NEXT_STEPS[ret.status].includes(status)) {
          const next = RETURN_NEXT_STEPS[ret.status];
          throw conflict(`Return #${ret.id} is ${ret.status}: ${next.length ? `it can only become ${next.join(' or ')}` : 'it has no further step'}`);
        }
        const unknown = damaged.filter((l) => !ret.items.some((i) => i.line === l));
        if (unknown.length > 0) throw badRequest('Invalid return step', { damaged: 'Damaged lines must be lines of this return' });
        const change = this.plan(o, products, records, ret, status, damaged);
        if (change.money) return { stock: [], money: change.money };
        const after: OrderReturn = {
          ...ret,
          status,
          refund: change.refund,
          history: [...ret.history, { status, at: new Date(at).toISOString(), by: 'admin' }],
        };
        return orderWrite(o, {
          returns: returns.map((r) => (r.id === ret.id ? after : r)),
          stock: change.stock,
          audit: {
            before: { return: ret.id, status: ret.status },
            after: { return: ret.id, status, ...(after.refund ? { refund: after.refund.amount } : {}), ...(status === 'received' ? { damaged } : {}) },
          },
        });
      },
      auditBy(admin, 'order.return', at),
      this.mail(() => returnId!),
      () => `The refund to the card could not be made right now; return #${returnId} is still received. Try again.`,
    );
    if (!order) throw notFound('Order not found');
    return publicOrder(order);
  }

  /** What a step moves besides the return's status: the refund it fixes, the stock it puts back, the money it gives back. */
  private plan(
    order: Order,
    products: readonly VariantProduct[],
    records: readonly PaymentRecord[],
    ret: OrderReturn,
    to: ReturnStatus,
    damaged: readonly number[],
  ): { refund: OrderReturn['refund']; stock: ReturnChange['stock']; money?: MoneyMove } {
    const method = order.payment?.method ?? order.paymentMethod;
    if (to === 'approved') return { refund: { amount: toDollars(refundCents(order, ret, order.returns ?? [])), method }, stock: [] };
    if (to === 'rejected') return { refund: null, stock: [] };
    if (to === 'received') {
      // Each line not damaged goes back to its variant (a product or variant that is gone has no
      // stock to take it; never beyond MAX_STOCK).
      const given = new Map<number, number>();
      const stock = ret.items.flatMap(({ line, quantity }) => {
        const item = order.items.find((i) => i.id === line);
        const product = item && products.find((p) => p.id === item.product.id);
        const variant = product && lineVariant(product, item);
        if (!variant || damaged.includes(line)) return [];
        const delta = Math.min(quantity, MAX_STOCK - product.stock - (given.get(product.id) ?? 0));
        if (delta <= 0) return [];
        given.set(product.id, (given.get(product.id) ?? 0) + delta);
        return [{ product: product.id, variant: variant.id, delta }];
      });
      return { refund: ret.refund, stock };
    }
    // refunded: a card's money goes back through the provider first, once per return (its
    // refund's record); the order's payment follows from its records and refunded returns.
    const amount = toCents(ret.refund?.amount ?? 0);
    const reference = order.payment?.method === 'card' ? cardFacts(order, records).reference : undefined;
    const given = records.some((r) => r.kind === 'refund' && r.returnId === ret.id && r.state === 'succeeded');
    if (reference && amount > 0 && !given) return { refund: ret.refund, stock: [], money: { kind: 'refund', reference, amount, returnId: ret.id } };
    return { refund: ret.refund, stock: [] };
  }
}
