// Orders: placing one, the shopper's and the back office's reads, status changes, cancelling and
// buying again. Placing (place.ts) reads top to bottom in one transaction: the products locked,
// the order priced (pricing), the stock taken (catalogue), the order stored with its key, the
// promotions counted (pricing), the card's authorization recorded (payments: the provider was
// asked before), the cart emptied (cart), the confirmation put in the outbox (mail) and the
// webhook events queued (webhooks). Every later change of an order, its returns' included, goes
// through `change`: the order and its products locked, the stock moved, the order written (a
// cancel ends the membership it started and gives its promotion uses back; a reopen takes them
// again), audited, mailed, its events queued; card money moves before it (payment.ts).
import type { BuyAgainResult, Order, OrderStatus } from '../../../src/domain/types';
import type { AdminOrder } from '../../../src/domain/backOffice';
import type { AuditContext, OutgoingMail, Page, Store, StoredUser, Tx, VariantProduct, OrderStore } from '../../db/port';
import { conflict, HttpError, notFound } from '../../http/errors';
import { parseId, requireObject } from '../../http/input';
import { boundedPageOf } from '../../query/paging';
import { auditBy, type AuditService } from '../backoffice/audit';
import type { CartService } from '../cart/service';
import type { CatalogueService } from '../catalogue/service';
import { publicOrder } from '../catalogue/publicProduct';
import type { MailService } from '../mail/service';
import { orderStatusMail } from '../mail/messages';
import type { PaymentService } from '../payments/service';
import type { PromotionService } from '../pricing/promotions';
import type { UserService } from '../accounts/users';
import type { WishlistService } from '../wishlist/service';
import type { WebhooksService } from '../webhooks/service';
import { changeEvents } from './webhookEvents';
import { placeOrder, type Shopper } from './place';
import { buyAgain } from './buyAgain';
import { readBulk, readStatus, type BulkStatusResult, type OrderWrite } from './status';
import { changeWithPayment, givesMoneyBack, refundsAllowed, STATUS_MONEY_FAILED, statusPlan, type PaidPlan, type StatusCheck } from './payment';
import { readOrderQuery } from './query';
import { Signal } from '../../signal';
import { readTracking, withTracking } from './tracking';

export { fingerprintBody, IDEMPOTENCY_HEADER, KEY_REUSED, requestFingerprint } from './idempotency';
export { MAX_ORDER_LINES } from './placing';
export { MAX_BULK, type BulkStatusResult, type OrderWrite } from './status';
type Query = Record<string, unknown>;
/** What POST /orders answers: 201 with a new order, 200 with the one an Idempotency-Key placed. */
export interface Placed {
  order: Order;
  created: boolean;
}

/** The other modules an order asks, each through its service. */
export interface OrderModules {
  catalogue: CatalogueService;
  promotions: PromotionService;
  cart: CartService;
  mail: MailService;
  wishlist: WishlistService;
  audit: AuditService;
  users: UserService;
  payments: PaymentService;
  webhooks: WebhooksService;
}

export class OrderService {
  /** Told of each order placed, once committed (never of a retry's): the operations module counts and logs them. */
  readonly placed = new Signal<Order>();
  /** `linkBase`: the start of absolute links in order mail (PUBLIC_URL). */
  constructor(
    private readonly store: OrderStore & Pick<Store, 'transaction'>,
    private readonly deps: OrderModules,
    private readonly now: () => number,
    private readonly linkBase = 'http://localhost:8080',
  ) {}

  /** When expired Idempotency-Keys were last deleted (place.ts). */
  private readonly pruned: { at?: number } = {};

  /** POST /orders for the session's account (place.ts). */
  place(shopper: Shopper, input: unknown, idempotencyKey: string | undefined): Promise<Placed> {
    const { store, deps, now, linkBase, placed, pruned } = this;
    return placeOrder({ store, deps, now, linkBase, placed, pruned }, shopper, input, idempotencyKey);
  }

  /** Puts the message `write` makes for the order's account in the outbox, in `tx` (none when the account is gone). */
  private async mailOwner(tx: Tx, order: Order, at: number, write: (owner: string) => OutgoingMail | undefined): Promise<void> {
    const owner = await this.deps.users.emailOf(tx, order.user);
    const message = owner === undefined ? undefined : write(owner);
    if (message) await this.deps.mail.enqueue(tx, message, at);
  }

  /**
   * One change of order `id`, in one transaction: the order's row locked, then the products of
   * its lines in id order (as placing locks them, so none waits on another in a circle), so two
   * changes of one order (a status change, a return) never interleave and its money moves once.
   * `plan` (the rules; may await the payment provider, may throw, with nothing changed) gets the
   * order and the current products of its lines (those that still exist) and answers the write.
   * Stock given back may bring a sold-out variant back: its subscribers are mailed. The order is
   * written, the audit entry recorded and the owner's mail put in the outbox with it. undefined
   * when there is no such order; a plan without `set` changes nothing.
   */
  async change(
    id: number,
    plan: (order: Order, products: readonly VariantProduct[], tx: Tx) => OrderWrite | Promise<OrderWrite>,
    audit: AuditContext | undefined,
    mail: { at: number; message: (order: Order, owner: string) => OutgoingMail | undefined },
  ): Promise<Order | undefined> {
    return this.store.transaction(async (tx) => {
      const order = await this.store.lockOrder(tx, id);
      if (!order) return undefined;
      const products = await this.deps.catalogue.lockProducts(tx, order.items.map((i) => i.product.id));
      const write = await plan(order, products, tx);
      if (!write.set) return order;
      await this.deps.catalogue.moveStock(tx, write.stock);
      await this.deps.wishlist.alertsAfterStockMove(tx, write.stock.filter((s) => s.delta > 0).map((s) => s.product), mail.at);
      const after = await this.store.updateOrder(tx, id, write.set);
      await this.cancelFollows(tx, order, after);
      if (write.audit) await this.deps.audit.record(tx, audit, write.audit);
      await this.mailOwner(tx, after, mail.at, (owner) => mail.message(after, owner));
      await this.deps.webhooks.emit(tx, changeEvents(order, after, products, write.stock), mail.at);
      return after;
    });
  }

  /**
   * What entering or leaving `cancelled` moves besides the stock, in the change's transaction:
   * cancelling ends the membership the order started (another order's stays) and gives its
   * promotion uses back; leaving `cancelled` counts them again, refused with 409 when a limit was
   * reached since (the transaction rolls back: nothing changes). The promotions are locked before
   * the account, as placing locks them.
   */
  private async cancelFollows(tx: Tx, before: Order, after: Order): Promise<void> {
    if (before.status !== 'cancelled' && after.status === 'cancelled') {
      await this.deps.promotions.giveBack(tx, after.id);
      if (after.membershipFee !== undefined) await this.deps.users.endMembershipOf(tx, after.user, after.id);
    } else if (before.status === 'cancelled' && after.status !== 'cancelled') {
      await this.deps.promotions.takeAgain(tx, after);
    }
  }

  /** The mail for an order's new status (shipped, delivered, cancelled), in the step that changes it. */
  private statusMail() {
    return { at: this.now(), message: (order: Order, owner: string) => orderStatusMail(owner, order, this.linkBase) };
  }

  /** GET /orders/own?_page=&_limit= (or _per_page): one page of the user's orders, newest first, and how many; no page asked: the first MAX_PAGE_SIZE (every list is bounded). */
  async ownPage(user: number, query: Query): Promise<Page<Order>> {
    const page = await this.store.ordersOfPage(user, boundedPageOf(query));
    return { ...page, items: page.items.map(publicOrder) };
  }

  /** All orders with their customer (admin): _page with _per_page (or _limit), _sort/_order, status=, q=, createdAt_gte/_lte. */
  async list(query: Query): Promise<Page<AdminOrder>> {
    const page = await this.store.listOrders({ ...readOrderQuery(query), slice: boundedPageOf(query) });
    return { ...page, items: page.items.map(publicOrder) };
  }

  /** Every order a GET /orders query selects (its paging aside), in its order, `size` at a time. */
  async *orderPages(query: Query, size: number): AsyncGenerator<Order[]> {
    const q = readOrderQuery(query);
    for (let start = 0; ; start += size) {
      const { items } = await this.store.listOrders({ ...q, slice: { start, end: start + size } });
      if (items.length > 0) yield items;
      if (items.length < size) return;
    }
  }

  /** The order with this id, for the modules that check who asks themselves (returns). */
  byId = (id: number): Promise<Order | undefined> => this.store.orderById(id);

  /** One order, for its owner; anyone else is answered as if it did not exist. */
  async get(me: StoredUser, rawId: string): Promise<Order> {
    const id = parseId(rawId);
    const order = id === undefined ? undefined : await this.store.orderById(id);
    // The owner's (staff read others' through the order notes' answer: routes.ts).
    if (!order || order.user !== me.id) throw notFound('Order not found');
    return publicOrder(order);
  }

  /** `change` for a change that may move card money first (payment.ts: changeWithPayment). */
  changePaid(id: number, plan: PaidPlan, audit: AuditContext | undefined, mail: Parameters<OrderService['change']>[3], failed: (kind: 'capture' | 'refund' | 'void') => string): Promise<Order | undefined> {
    return changeWithPayment((...args) => this.change(...args), this.deps.payments, id, plan, audit, mail, failed);
  }

  /** The status change of order `id` to `to` by `by`, its money first (`check`: the rules of who may). */
  private changeStatus(id: number, to: OrderStatus, by: 'admin' | 'shopper', audit: AuditContext | undefined, check: StatusCheck = () => {}): Promise<Order | undefined> {
    return this.changePaid(id, statusPlan(to, by, this.now(), check), audit, this.statusMail(), STATUS_MONEY_FAILED);
  }

  /** The sweep at start: finishes the card operations left pending, and writes their orders' payments. */
  async sweepPayments(): Promise<number> {
    const orders = await this.deps.payments.sweep();
    const quiet = { at: this.now(), message: () => undefined };
    for (const id of orders) await this.changePaid(id, (o) => (o.payment ? { set: { payment: o.payment }, stock: [] } : { stock: [] }), undefined, quiet, STATUS_MONEY_FAILED);
    return orders.length;
  }

  /** Sets the status (staff), with its stock, and the tracking given with dispatched (tracking.ts); nothing else of the body applies. `mayRefund`: see refundsAllowed. */
  async setStatus(admin: StoredUser, rawId: string, input: unknown, mayRefund = true): Promise<Order> {
    const id = parseId(rawId);
    const existing = id === undefined ? undefined : await this.store.orderById(id);
    if (!existing) throw notFound('Order not found');
    const [body, changed, mail] = [requireObject(input), { value: true }, this.statusMail()];
    const to = readStatus(body.status);
    const plan = withTracking(statusPlan(to, 'admin', this.now(), refundsAllowed(to, mayRefund)), readTracking(body, to), changed);
    // A tracking correction alone is not news for the shopper: mailed with a change of status only.
    const order = await this.changePaid(existing.id, plan, auditBy(admin, 'order.status', this.now()), { at: mail.at, message: (o, to) => (changed.value ? mail.message(o, to) : undefined) }, STATUS_MONEY_FAILED);
    if (!order) throw notFound('Order not found');
    return publicOrder(order);
  }

  /** PATCH /orders {ids, status} (staff): each order as PATCH /orders/:id would change it, one at a time; what happened to each, in order. */
  async setStatuses(admin: StoredUser, input: unknown, mayRefund = true): Promise<BulkStatusResult[]> {
    const { ids, status } = readBulk(input);
    const results: BulkStatusResult[] = [];
    // One order at a time: between two orders, the requests that came in meanwhile take the
    // database first (on the embedded driver too: server/db/prepared.ts).
    for (const id of ids) {
      try {
        const order = await this.changeStatus(id, status, 'admin', auditBy(admin, 'order.status', this.now()), refundsAllowed(status, mayRefund));
        results.push(order ? { id, status: 200, order: publicOrder(order) } : { id, status: 404, message: 'Order not found' });
      } catch (err) {
        if (!(err instanceof HttpError) || (err.status !== 403 && err.status !== 409 && err.status !== 502)) throw err;
        results.push({ id, status: err.status, message: err.message });
      }
    }
    return results;
  }

  /** POST /orders/:id/cancel: the shopper cancels their own pending order not yet paid (a card's authorization is voided); its stock comes back. */
  async cancel(me: StoredUser, rawId: string): Promise<Order> {
    const id = parseId(rawId);
    const order =
      id === undefined
        ? undefined
        : await this.changeStatus(id, 'cancelled', 'shopper', auditBy(me, 'order.status', this.now()), (o, records) => {
            if (o.user !== me.id) throw notFound('Order not found');
            if (o.status !== 'pending') throw conflict(`Order #${o.id} is ${o.status}: only a pending order can be cancelled`);
            // Money given back is the shop's to decide (staff with the refunds permission).
            if (givesMoneyBack(o, records)) throw conflict(`Order #${o.id} is paid: to cancel it and get the money back, contact the shop`);
          });
    if (!order) throw notFound('Order not found');
    return publicOrder(order);
  }

  /** POST /orders/:id/buy-again: the order's products that can still be bought go back in the owner's cart (buyAgain.ts). */
  async buyAgain(me: StoredUser, rawId: string): Promise<BuyAgainResult> {
    const order = await this.get(me, rawId);
    if (order.user !== me.id) throw notFound('Order not found');
    return buyAgain(this.deps, me.id, order);
  }

  /** Whether the user has a delivered order holding the product (who may review it). */
  hasDelivered = (user: number, product: number): Promise<boolean> => this.store.hasDeliveredOrderWith(user, product);
}
