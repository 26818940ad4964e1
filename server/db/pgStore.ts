// The postgres adapter: the storage port (server/db/port.ts) over the schema of migrations/,
// on either driver (a PostgreSQL server, or PGlite in process). Every method is one statement or
// one transaction, so any number of server instances can share the database: sessions and
// throttle counters are rows like everything else (users.ts), and placing an order locks the
// products it takes (orders.ts). The SQL lives in the modules beside this file, one per part of
// the port; this class binds them to a database. A database that cannot be reached answers
// StoreUnavailableError (503), never a half change: PostgreSQL rolls back what was not committed.
import type { Kysely } from 'kysely';
import type { AdminOrder, LowStockEntry, OrderNote } from '../../src/domain/backOffice';
import type { AuditEntry, Customer, Order, OrderStatus, Role } from '../../src/domain/types';
import { isUnreachable, StoreUnavailableError } from '../http/errors';
import type { DbSchema } from './snapshot';
import {
  SkuTaken,
  type AuditQuery,
  type KeyedRequest,
  type NewOrder,
  type NewOrderNote,
  type OrderQuery,
  type OrderUpdate,
  type Page,
  type PricingContext,
  type PricingPlace,
  type RedemptionRefused,
  type StoreAdapter,
  type StoredCartLine,
  type TimeRange,
  type Tx,
} from './port';
import * as cart from '../modules/cart/pg';
import type { EmptiedCart } from '../modules/cart/port';
import { withCatalogue } from '../modules/catalogue/pg/store';
import { skuViolation } from '../modules/catalogue/pg/variants';
import { readCacheOf } from '../modules/catalogue/pg/readCache';
import { insertSnapshot, readSnapshot, truncateAll } from './load';
import * as adminOrders from '../modules/orders/pg/adminOrders';
import * as orders from '../modules/orders/pg/orders';
import * as promotionUse from '../modules/pricing/pg/promotionUse';
import * as reports from '../modules/backoffice/pg/reports';
import { PgBase, trxOf } from './pgBase';
import * as audit from '../modules/backoffice/pg/audit';
import { withPricing } from '../modules/pricing/pg/store';
import { withMail } from '../modules/mail/pg/store';
import { withWishlist } from '../modules/wishlist/pg/store';
import { withPayments } from '../modules/payments/pg/store';
import { withMedia } from '../modules/media/pg/store';
import { withAccounts } from '../modules/accounts/pg/store';
import { withOperations } from '../modules/operations/pg/store';
import { withWebhooks } from '../modules/webhooks/pg/store';
import { withSettings } from '../modules/settings/pg/store';
import type { Database } from './schema';

export class PgStore extends withSettings(withMedia(withWebhooks(withOperations(withPayments(withAccounts(withWishlist(withMail(withPricing(withCatalogue(PgBase)))))))))) implements StoreAdapter {
  constructor(
    db: Kysely<Database>,
    /** Called once the database is closed (the embedded driver lets go of its data folder). */
    private readonly onClose?: () => void,
  ) {
    super(db);
  }

  // --- Back office's reports on accounts and stock (reports.ts) --------------------------------

  countUsersSince(since: number, role: Role): Promise<number> {
    return reports.countUsersSince(this.db, since, role);
  }
  listCustomers(query: { q?: string; slice?: { start: number; end: number } }, spentStatuses: readonly OrderStatus[]): Promise<Page<Customer>> {
    return reports.listCustomers(this.db, query, spentStatuses);
  }
  lowStockProducts(defaultThreshold: number, limit: number): Promise<LowStockEntry[]> {
    return reports.lowStockProducts(this.db, defaultThreshold, limit);
  }

  // --- Cart (cart.ts) -------------------------------------------------------------------------

  cartLines(user: number): Promise<StoredCartLine[]> {
    return cart.cartLines(this.db, user);
  }
  cartLine(user: number, id: number): Promise<StoredCartLine | undefined> {
    return cart.cartLine(this.db, user, id);
  }
  addCartLine(line: Omit<StoredCartLine, 'id'>): Promise<StoredCartLine | undefined> {
    return cart.addCartLine(this.db, line);
  }
  setCartQuantity(user: number, id: number, quantity: number): Promise<StoredCartLine | undefined> {
    return cart.setCartQuantity(this.db, user, id, quantity);
  }
  removeCartLine(user: number, product: number, variant?: number): Promise<StoredCartLine | undefined> {
    return cart.removeCartLine(this.db, user, product, variant);
  }
  emptyCart(tx: Tx, user: number): Promise<EmptiedCart> {
    return cart.emptyCart(trxOf(tx), user);
  }
  hasMembershipLine(user: number, tx?: Tx): Promise<boolean> {
    return cart.hasMembershipLine(tx ? trxOf(tx) : this.db, user, tx !== undefined);
  }
  addMembershipLine(user: number): Promise<boolean> {
    return cart.addMembershipLine(this.db, user);
  }
  removeMembershipLine(user: number): Promise<boolean> {
    return cart.removeMembershipLine(this.db, user);
  }

  // --- Orders (orders.ts) and reports (reports.ts) ----------------------------------------------

  ordersOf(user: number): Promise<Order[]> {
    return orders.ordersOf(this.db, user);
  }
  ordersOfPage(user: number, slice: { start: number; end: number }): Promise<Page<Order>> {
    return orders.ordersOfPage(this.db, user, slice);
  }
  listOrders(query: OrderQuery): Promise<Page<AdminOrder>> {
    return adminOrders.listOrders(this.db, query);
  }
  orderForAdmin(id: number): Promise<AdminOrder | undefined> {
    return adminOrders.orderForAdmin(this.db, id);
  }
  addOrderNote(tx: Tx, order: number, note: NewOrderNote): Promise<OrderNote | undefined> {
    return adminOrders.addOrderNote(trxOf(tx), order, note);
  }
  orderById(id: number): Promise<Order | undefined> {
    return orders.orderById(this.db, id);
  }
  hasDeliveredOrderWith(user: number, product: number): Promise<boolean> {
    return orders.hasDeliveredOrderWith(this.db, user, product);
  }
  orderForKey(user: number, key: string, notBefore: number): Promise<({ order: Order } & KeyedRequest) | undefined> {
    return orders.orderForKey(this.db, user, key, notBefore);
  }
  lockOrder(tx: Tx, id: number): Promise<Order | undefined> {
    return orders.lockOrder(trxOf(tx), id);
  }
  insertOrder(tx: Tx, order: NewOrder): Promise<Order> {
    return orders.insertOrder(trxOf(tx), order);
  }
  updateOrder(tx: Tx, id: number, changes: OrderUpdate): Promise<Order> {
    return orders.updateOrder(trxOf(tx), id, changes);
  }
  insertKeyedOrder(tx: Tx, order: NewOrder, key: { user: number; key: string; fingerprint: string; at: number; forgetUpTo: number }): Promise<Order | undefined> {
    return orders.insertKeyedOrder(trxOf(tx), order, key);
  }
  forgetIdempotencyKeys(upTo: number): Promise<number> {
    return orders.forgetIdempotencyKeys(this.db, upTo);
  }

  pricingContext(user: number, codes: readonly string[], place: PricingPlace | undefined, at: number, tx?: Tx): Promise<PricingContext> {
    return promotionUse.pricingContext(tx ? trxOf(tx) : this.db, user, codes, place, at);
  }
  redeemPromotions(tx: Tx, ids: readonly number[], user: number, order: number): Promise<RedemptionRefused | undefined> {
    return promotionUse.redeemPromotions(trxOf(tx), ids, user, order);
  }
  releasePromotions(tx: Tx, order: number): Promise<void> {
    return promotionUse.releasePromotions(trxOf(tx), order);
  }
  reclaimPromotions(tx: Tx, ids: readonly number[], user: number, order: number): Promise<RedemptionRefused | undefined> {
    return promotionUse.reclaimPromotions(trxOf(tx), ids, user, order);
  }
  salesByDay(range: TimeRange, statuses: readonly OrderStatus[]): Promise<{ date: string; revenue: number; orders: number }[]> {
    return reports.salesByDay(this.db, range, statuses);
  }
  countOrdersByStatus(): Promise<Partial<Record<OrderStatus, number>>> {
    return reports.countOrdersByStatus(this.db);
  }
  topProducts(range: TimeRange, statuses: readonly OrderStatus[], limit: number): Promise<{ id: number; title: string; units: number; revenue: number }[]> {
    return reports.topProducts(this.db, range, statuses, limit);
  }
  listAudit(query: AuditQuery): Promise<Page<AuditEntry>> {
    return reports.listAudit(this.db, query);
  }
  recordAudit(tx: Tx, entry: Omit<AuditEntry, 'id'>): Promise<void> {
    return audit.insertAudit(trxOf(tx), entry);
  }
  recordAudits(tx: Tx, entries: readonly Omit<AuditEntry, 'id'>[]): Promise<void> {
    return audit.insertAudits(trxOf(tx), entries);
  }
  lastAuditAt(entity: AuditEntry['entity'], ids: readonly string[]): Promise<Map<string, string>> {
    return audit.lastAuditAt(this.db, entity, ids);
  }

  // --- Transactions ------------------------------------------------------------------------------

  async transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction().execute((trx) => work(trx as unknown as Tx));
    } catch (error) {
      // A SKU's uniqueness is checked at commit (deferred, so a product's variants may swap SKUs):
      // a race past the product write's own check is told in the port's words.
      const sku = skuViolation(error);
      throw sku === undefined ? error : new SkuTaken(sku);
    }
  }

  async changeCount(): Promise<number | undefined> {
    return readCacheOf(this.db)?.changes();
  }

  // --- Whole state (tests, tools) ------------------------------------------------------------

  snapshot(): Promise<DbSchema> {
    return readSnapshot(this.db);
  }

  async replace(state: DbSchema): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await truncateAll(trx);
      await insertSnapshot(trx, state);
    });
  }

  async close(): Promise<void> {
    await this.db.destroy();
    this.onClose?.();
  }
}

// Every method of the port answers StoreUnavailableError (503) when the database cannot be
// reached, whatever the statement: the routes and services need not know what PostgreSQL is.
// The methods are PgStore's own and its parts' (the mixins between it and PgBase).
for (let proto: object = PgStore.prototype; proto !== PgBase.prototype; proto = Object.getPrototypeOf(proto) as object) {
  for (const name of Object.getOwnPropertyNames(proto)) {
    wrapUnreachable(proto, name);
  }
}

function wrapUnreachable(proto: object, name: string): void {
  const method: unknown = (proto as Record<string, unknown>)[name];
  if (name === 'constructor' || typeof method !== 'function') return;
  Object.defineProperty(proto, name, {
    value: async function (this: PgStore, ...args: unknown[]) {
      try {
        return await (method as (...a: unknown[]) => Promise<unknown>).apply(this, args);
      } catch (error) {
        throw isUnreachable(error) && !(error instanceof StoreUnavailableError) ? new StoreUnavailableError(error) : error;
      }
    },
  });
}
