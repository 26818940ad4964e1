// The postgres adapter: the storage port (server/store/port.ts) over the schema of migrations/.
// Every method is one statement or one transaction, so any number of server instances can share
// the database: sessions and throttle counters are rows like everything else, and placing an
// order locks the products it takes (in id order, so two orders cannot deadlock), decrements
// their stock with a guarded UPDATE, stores the order and empties the cart in one transaction.
// A database that cannot be reached answers StoreUnavailableError (503), never a half change:
// PostgreSQL rolls back whatever was not committed.
import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { AuditEntry, CartItem, Customer, FilterOption, Order, OrderStatus, Product, Role } from '../../../src/types';
import { auditEntry, describeOrder, describeProduct } from '../audit';
import { StoreUnavailableError } from '../../errors';
import type { DbSchema, Session, StoredCartLine, StoredUser } from '../../model';
import type {
  AuditContext,
  AuditQuery,
  FilterOptionField,
  ImportResult,
  ImportRow,
  KeyedRequest,
  TimeRange,
  ListQuery,
  OrderChange,
  OrderQuery,
  OrderSortField,
  Page,
  PlaceOrder,
  PlaceOrderResult,
  ProductListField,
  StoreAdapter,
  ThrottleCounter,
  ValueCount,
} from '../port';
import { insertSnapshot, readSnapshot, truncateAll } from './load';
import * as catalogue from './catalogue';
import { listFilterOptions } from './filterOptions';
import * as reports from './reports';
import {
  auditToRow,
  cartLineFromRow,
  isId,
  orderFromRow,
  orderToRow,
  PRODUCT_COLUMNS,
  productChangesToRow,
  productFromRow,
  productToRow,
  userFromRow,
  userToRow,
  withoutId,
} from './rows';
import type { Database } from './schema';

type Db = Kysely<Database> | Transaction<Database>;


/** First keys of the two-key advisory locks (the second is a user id). */
const LOCK = { sessions: 1, orders: 2 } as const;

const ORDER_COLUMN: Record<OrderSortField, string> = {
  id: 'id',
  totalAmount: 'total_amount',
  totalItems: 'total_items',
  status: 'status',
  paymentMethod: 'payment_method',
  user: 'user_id',
  createdAt: 'created_at',
};

/** An import names a product that does not exist: roll the transaction back. */
class Missing extends Error {}

/** A line of an order could not take its stock after all: roll the transaction back. */
class ShortOf extends Error {
  constructor(readonly product: number) {
    super(`short of product ${product}`);
  }
}

/** Errors meaning "the database is not reachable now", as opposed to a bug or a refused statement. */
function unreachable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  const code = typeof e?.code === 'string' ? e.code : '';
  if (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EHOSTUNREACH|EAI_AGAIN)$/.test(code)) return true;
  // SQLSTATE: connection exceptions, too many connections, shutting down / starting up.
  if (/^(08...|53300|57P0[1-3])$/.test(code)) return true;
  const message = typeof e?.message === 'string' ? e.message : '';
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(message);
}

export class PgStore implements StoreAdapter {
  /** The Kysely instance (tests and tools of this engine only; services go through the port). */
  constructor(
    readonly db: Kysely<Database>,
    /** Called once the database is closed (the embedded driver lets go of its data folder). */
    private readonly onClose?: () => void,
  ) {}

  // --- Users ---------------------------------------------------------------------------------

  async userById(id: number): Promise<StoredUser | undefined> {
    if (!isId(id)) return undefined;
    const row = await this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    return row && userFromRow(row);
  }

  async userByEmail(email: string): Promise<StoredUser | undefined> {
    const row = await this.db
      .selectFrom('users')
      .selectAll()
      .where(sql`lower(email)`, '=', email.trim().toLowerCase())
      .executeTakeFirst();
    return row && userFromRow(row);
  }

  async createUser(user: Omit<StoredUser, 'id'>): Promise<StoredUser | undefined> {
    const row = withoutId(userToRow({ id: 0, ...user }));
    const created = await this.db
      .insertInto('users')
      .values(row)
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst();
    return created && userFromRow(created);
  }

  countUsersSince(since: number, role: Role): Promise<number> {
    return reports.countUsersSince(this.db, since, role);
  }

  listCustomers(query: { q?: string; slice?: { start: number; end: number } }, spentStatuses: readonly OrderStatus[]): Promise<Page<Customer>> {
    return reports.listCustomers(this.db, query, spentStatuses);
  }

  async updateUser(id: number, changes: { addresses?: StoredUser['addresses']; name?: string | null }): Promise<StoredUser | undefined> {
    if (!isId(id)) return undefined;
    const set: { addresses?: string; name?: string | null } = {};
    if (changes.addresses) set.addresses = JSON.stringify(changes.addresses);
    if (changes.name !== undefined) set.name = changes.name;
    const query =
      Object.keys(set).length === 0
        ? this.db.selectFrom('users').selectAll().where('id', '=', id)
        : this.db.updateTable('users').set(set).where('id', '=', id).returningAll();
    const row = await query.executeTakeFirst();
    return row && userFromRow(row);
  }

  async setPassword(id: number, hash: string, keepSession?: string): Promise<boolean> {
    if (!isId(id)) return false;
    return this.db.transaction().execute(async (trx) => {
      const updated = await trx.updateTable('users').set({ password: hash }).where('id', '=', id).executeTakeFirst();
      if (updated.numUpdatedRows === 0n) return false;
      let ended = trx.deleteFrom('sessions').where('user_id', '=', id);
      if (keepSession !== undefined) ended = ended.where('id', '<>', keepSession);
      await ended.execute();
      return true;
    });
  }

  // --- Sessions ------------------------------------------------------------------------------

  async createSession(session: Session, { now, maxPerUser }: { now: number; maxPerUser: number }): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      // One sign-in of a user at a time, whichever instance: the cap counts every live session.
      await sql`SELECT pg_advisory_xact_lock(${LOCK.sessions}, ${session.user})`.execute(trx);
      await trx.deleteFrom('sessions').where('expires_at', '<=', now).execute();
      const keep = Math.max(0, maxPerUser - 1);
      await trx
        .deleteFrom('sessions')
        .where('id', 'in', (eb) =>
          eb.selectFrom('sessions').select('id').where('user_id', '=', session.user).orderBy('seq', 'desc').offset(keep),
        )
        .execute();
      await trx
        .insertInto('sessions')
        .values({ id: session.id, user_id: session.user, created_at: session.createdAt, expires_at: session.expiresAt })
        .execute();
    });
  }

  async sessionUser(digest: string, now: number): Promise<StoredUser | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .where('sessions.id', '=', digest)
      .where('sessions.expires_at', '>', now)
      .executeTakeFirst();
    return row && userFromRow(row);
  }

  async deleteSession(digest: string): Promise<boolean> {
    const result = await this.db.deleteFrom('sessions').where('id', '=', digest).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  // --- Throttle counters -----------------------------------------------------------------------

  async throttle(counters: readonly ThrottleCounter[], at: number, since: number): Promise<number | undefined> {
    const sinceDate = new Date(since);
    return this.db.transaction().execute(async (trx) => {
      // Lock each counter (sorted: two attempts never wait on each other in a circle), so
      // attempts on several instances are counted one after the other.
      const names = [...new Set(counters.map((c) => JSON.stringify([c.bucket, c.key])))].sort();
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(name, 0)) FROM unnest(${names}::text[]) AS name`.execute(trx);
      await trx
        .deleteFrom('throttle_events')
        .where((eb) => eb.or(counters.map((c) => eb.and([eb('bucket', '=', c.bucket), eb('key', '=', c.key)]))))
        .where('at', '<=', sinceDate)
        .execute();
      let wait: number | undefined;
      for (const c of counters) {
        // The max-th newest event in the window: while it is there, the counter is full.
        const nth = await trx
          .selectFrom('throttle_events')
          .select('at')
          .where('bucket', '=', c.bucket)
          .where('key', '=', c.key)
          .where('at', '>', sinceDate)
          .orderBy('at', 'desc')
          .offset(c.max - 1)
          .limit(1)
          .executeTakeFirst();
        if (nth) wait = Math.max(wait ?? -Infinity, nth.at.getTime());
      }
      if (wait !== undefined) return wait;
      const atDate = new Date(at);
      await trx
        .insertInto('throttle_events')
        .values(counters.map((c) => ({ bucket: c.bucket, key: c.key, at: atDate })))
        .execute();
      return undefined;
    });
  }

  async forgetLastThrottleEvent(bucket: string, key: string): Promise<void> {
    // SKIP LOCKED: two forgets at once each take their own event.
    await sql`
      DELETE FROM throttle_events WHERE ctid = (
        SELECT ctid FROM throttle_events WHERE bucket = ${bucket} AND key = ${key}
        ORDER BY at DESC LIMIT 1 FOR UPDATE SKIP LOCKED)`.execute(this.db);
  }

  async clearThrottle(bucket: string, key: string): Promise<void> {
    await this.db.deleteFrom('throttle_events').where('bucket', '=', bucket).where('key', '=', key).execute();
  }

  // --- Catalogue -----------------------------------------------------------------------------

  listProducts(query: ListQuery<ProductListField>): Promise<Page<Product>> {
    return catalogue.listProducts(this.db, query);
  }

  countProducts(query: ListQuery<ProductListField>): Promise<number> {
    return catalogue.countProducts(this.db, query);
  }

  countProductsBy(field: 'category' | 'brand', query: ListQuery<ProductListField>): Promise<ValueCount[]> {
    return catalogue.countProductsBy(this.db, field, query);
  }

  salePriceRange(query: ListQuery<ProductListField>): Promise<{ min: number; max: number } | undefined> {
    return catalogue.salePriceRange(this.db, query);
  }

  suggestProducts(terms: readonly string[], limit: number): Promise<Pick<Product, 'id' | 'title' | 'thumbnail'>[]> {
    return catalogue.suggestProducts(this.db, terms, limit);
  }

  async productById(id: number): Promise<Product | undefined> {
    if (!isId(id)) return undefined;
    const row = await this.db.selectFrom('products').select(PRODUCT_COLUMNS).where('id', '=', id).executeTakeFirst();
    return row && productFromRow(row);
  }

  async productsByIds(ids: readonly number[]): Promise<Product[]> {
    const wanted = [...new Set(ids.filter(isId))];
    if (wanted.length === 0) return [];
    const rows = await this.db.selectFrom('products').select(PRODUCT_COLUMNS).where('id', '=', sql<number>`ANY(${wanted}::int[])`).execute();
    return rows.map(productFromRow);
  }

  /** Records an admin write's audit entry inside its transaction. */
  private async audit(trx: Db, ctx: AuditContext | undefined, describe: () => Parameters<typeof auditEntry>[1] | undefined): Promise<void> {
    const described = ctx && describe();
    if (!ctx || !described) return;
    await trx.insertInto('audit').values(withoutId(auditToRow({ id: 0, ...auditEntry(ctx, described) }))).execute();
  }

  private async insertProduct(trx: Db, product: Omit<Product, 'id'>, audit: AuditContext | undefined): Promise<Product> {
    const row = withoutId(productToRow({ id: 0, ...product }));
    const created = productFromRow(await trx.insertInto('products').values(row).returning(PRODUCT_COLUMNS).executeTakeFirstOrThrow());
    await this.audit(trx, audit, () => describeProduct(audit!, undefined, created));
    return created;
  }

  /** Locks the product, changes it with `change`, records the audit entry; in `trx`. */
  private async changeProduct(
    trx: Db,
    id: number,
    change: (product: Product) => Partial<Omit<Product, 'id'>>,
    audit: AuditContext | undefined,
  ): Promise<Product | undefined> {
    const row = await trx.selectFrom('products').select(PRODUCT_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) return undefined;
    const before = productFromRow(row);
    const set = productChangesToRow(change(before));
    if (Object.keys(set).length === 0) return before;
    const after = productFromRow(await trx.updateTable('products').set(set).where('id', '=', id).returning(PRODUCT_COLUMNS).executeTakeFirstOrThrow());
    await this.audit(trx, audit, () => describeProduct(audit!, before, after));
    return after;
  }

  createProduct(product: Omit<Product, 'id'>, audit?: AuditContext): Promise<Product> {
    return this.db.transaction().execute((trx) => this.insertProduct(trx, product, audit));
  }

  async updateProduct(id: number, changes: Partial<Omit<Product, 'id'>>, audit?: AuditContext): Promise<Product | undefined> {
    return this.updateProductWith(id, () => changes, audit);
  }

  async updateProductWith(
    id: number,
    change: (product: Product) => Partial<Omit<Product, 'id'>>,
    audit?: AuditContext,
  ): Promise<Product | undefined> {
    if (!isId(id)) return undefined;
    return this.db.transaction().execute((trx) => this.changeProduct(trx, id, change, audit));
  }

  async importProducts(rows: readonly ImportRow[], audit: AuditContext): Promise<ImportResult> {
    const ids = rows.flatMap((r) => (r.id === undefined ? [] : [r.id]));
    try {
      return await this.db.transaction().execute(async (trx) => {
        const created: number[] = [];
        const updated: number[] = [];
        for (const row of rows) {
          if (row.id === undefined) {
            created.push((await this.insertProduct(trx, row.product, audit)).id);
          } else {
            const product = isId(row.id) ? await this.changeProduct(trx, row.id, () => row.changes, audit) : undefined;
            if (!product) throw new Missing();
            updated.push(product.id);
          }
        }
        return { created, updated };
      });
    } catch (error) {
      if (!(error instanceof Missing)) throw error;
      const found = new Set((await this.productsByIds(ids)).map((p) => p.id));
      return { missing: ids.filter((id) => !found.has(id)) };
    }
  }

  lowStockProducts(defaultThreshold: number, limit: number): Promise<{ id: number; title: string; stock: number; threshold: number }[]> {
    return reports.lowStockProducts(this.db, defaultThreshold, limit);
  }

  // Categories and brands: json-server's list in SQL, as products (filterOptions.ts).
  listCategories(query: ListQuery<FilterOptionField>): Promise<Page<FilterOption>> {
    return listFilterOptions(this.db, 'categories', query);
  }

  listBrands(query: ListQuery<FilterOptionField>): Promise<Page<FilterOption>> {
    return listFilterOptions(this.db, 'brands', query);
  }

  // --- Cart ----------------------------------------------------------------------------------

  async cartItems(user: number): Promise<CartItem[]> {
    if (!isId(user)) return [];
    const rows = await this.db
      .selectFrom('cart')
      .innerJoin('products', 'products.id', 'cart.product_id')
      .select(PRODUCT_COLUMNS.map((c) => `products.${c}` as const))
      .select(['cart.id as line_id', 'cart.quantity as line_quantity'])
      .where('cart.user_id', '=', user)
      .orderBy('cart.id')
      .execute();
    return rows.map((r) => ({ id: r.line_id, product: productFromRow(r), quantity: r.line_quantity }));
  }

  async cartLine(user: number, id: number): Promise<StoredCartLine | undefined> {
    if (!isId(user) || !isId(id)) return undefined;
    const row = await this.db.selectFrom('cart').selectAll().where('id', '=', id).where('user_id', '=', user).executeTakeFirst();
    return row && cartLineFromRow(row);
  }

  async addCartLine({ user, product, quantity }: Omit<StoredCartLine, 'id'>): Promise<StoredCartLine | undefined> {
    const row = await this.db
      .insertInto('cart')
      .values({ user_id: user, product_id: product, quantity })
      .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
      .returningAll()
      .executeTakeFirst();
    return row && cartLineFromRow(row);
  }

  async setCartQuantity(user: number, id: number, quantity: number): Promise<StoredCartLine | undefined> {
    if (!isId(user) || !isId(id)) return undefined;
    const row = await this.db
      .updateTable('cart')
      .set({ quantity })
      .where('id', '=', id)
      .where('user_id', '=', user)
      .returningAll()
      .executeTakeFirst();
    return row && cartLineFromRow(row);
  }

  async removeCartLine(user: number, product: number): Promise<StoredCartLine | undefined> {
    if (!isId(user) || !isId(product)) return undefined;
    const row = await this.db.deleteFrom('cart').where('user_id', '=', user).where('product_id', '=', product).returningAll().executeTakeFirst();
    return row && cartLineFromRow(row);
  }

  // --- Orders --------------------------------------------------------------------------------

  async ordersOf(user: number): Promise<Order[]> {
    if (!isId(user)) return [];
    const rows = await this.db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', user)
      .orderBy(sql`created_at DESC NULLS LAST`)
      .orderBy('id', 'desc')
      .execute();
    return rows.map(orderFromRow);
  }

  async listOrders({ status, user, sort, slice }: OrderQuery): Promise<Page<Order>> {
    const where = sql<SqlBool>`${status ? sql`status = ANY(${[...status]}::text[])` : sql`true`} AND ${user === undefined ? sql`true` : isId(user) ? sql`user_id = ${user}` : sql`false`}`;
    const count = async () => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM orders WHERE ${where}`.execute(this.db)).rows[0].n;
    let order = sql`id`;
    if (sort) {
      const col = sql.ref(ORDER_COLUMN[sort.field]);
      const text = sort.field === 'status' || sort.field === 'paymentMethod';
      // An absent createdAt sorts as '' does: before every date ascending, after them descending.
      const key = text ? sql`${col} COLLATE "C"` : col;
      order = sql`${key} ${sql.raw(sort.order === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS FIRST')}, id`;
    }
    const offset = slice ? Math.max(0, slice.start) : 0;
    const limit = slice ? Math.max(0, slice.end - offset) : null;
    if (limit === 0) return { items: [], total: await count() };
    const { rows } = await sql<OrderRowWithTotal>`
      SELECT orders.*, (SELECT count(*)::int FROM orders WHERE ${where}) AS total
      FROM orders WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`.execute(this.db);
    if (rows.length === 0) return { items: [], total: await count() };
    return { items: rows.map(orderFromRow), total: rows[0].total };
  }

  async orderById(id: number): Promise<Order | undefined> {
    if (!isId(id)) return undefined;
    const row = await this.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
    return row && orderFromRow(row);
  }

  async changeOrder(id: number, plan: (order: Order, products: readonly Product[]) => OrderChange, audit?: AuditContext): Promise<Order | undefined> {
    if (!isId(id)) return undefined;
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (!row) return undefined;
      const order = orderFromRow(row);
      const ids = order.items.map((i) => i.product.id).filter(isId);
      // Locked in id order, as placeOrder locks them: the two never wait on each other in a circle.
      const rows = await trx.selectFrom('products').select(PRODUCT_COLUMNS).where('id', '=', sql<number>`ANY(${ids}::int[])`).orderBy('id').forUpdate().execute();
      const { status, history, stock } = plan(order, rows.map(productFromRow));
      if (status === order.status) return order;
      if (stock.length > 0) {
        const moved = await sql<{ id: number }>`
          UPDATE products p SET stock = p.stock + s.delta
          FROM unnest(${stock.map((s) => s.product)}::int[], ${stock.map((s) => s.delta)}::int[]) AS s(id, delta)
          WHERE p.id = s.id AND p.stock + s.delta >= 0
          RETURNING p.id`.execute(trx);
        // The plan checked the stock with the rows locked: a shortfall here is a bug, not a 409.
        if (moved.rows.length !== stock.length) throw new Error(`changeOrder ${id}: the stock of a product cannot change as planned`);
      }
      const updated = await trx
        .updateTable('orders')
        .set({ status, history: JSON.stringify(history) })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const after = orderFromRow(updated);
      await this.audit(trx, audit, () => describeOrder(order, after));
      return after;
    });
  }

  async hasDeliveredOrderWith(user: number, product: number): Promise<boolean> {
    if (!isId(user) || !isId(product)) return false;
    const { rows } = await sql<{ found: boolean }>`
      SELECT EXISTS (
        SELECT 1 FROM orders WHERE user_id = ${user} AND status = 'delivered' AND items @> ${JSON.stringify([{ product: { id: product } }])}::jsonb
      ) AS found`.execute(this.db);
    return rows[0].found;
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

  private async keyedOrder(db: Db, user: number, key: string): Promise<({ order: Order } & KeyedRequest) | undefined> {
    const row = await db
      .selectFrom('idempotency_keys')
      .innerJoin('orders', 'orders.id', 'idempotency_keys.order_id')
      .selectAll('orders')
      .select('idempotency_keys.fingerprint as key_fingerprint')
      .where('idempotency_keys.user_id', '=', user)
      .where('idempotency_keys.key', '=', key)
      .executeTakeFirst();
    if (!row) return undefined;
    const { key_fingerprint: fingerprint, ...order } = row;
    return { order: orderFromRow(order), ...(fingerprint === null ? {} : { fingerprint }) };
  }

  orderForKey(user: number, key: string): Promise<({ order: Order } & KeyedRequest) | undefined> {
    return this.keyedOrder(this.db, user, key);
  }

  async placeOrder({ user, lines, price, idempotency }: PlaceOrder): Promise<PlaceOrderResult> {
    try {
      return await this.db.transaction().execute(async (trx): Promise<PlaceOrderResult> => {
        if (idempotency) {
          // The same user's keyed orders one at a time: a retry racing its first attempt (on
          // another instance) waits for it and then finds its order.
          await sql`SELECT pg_advisory_xact_lock(${LOCK.orders}, ${user})`.execute(trx);
          const earlier = await this.keyedOrder(trx, user, idempotency.key);
          if (earlier) return { earlier: earlier.order, fingerprint: earlier.fingerprint };
        }
        const ids = lines.map((l) => l.product);
        const rows = await trx
          .selectFrom('products')
          .select(PRODUCT_COLUMNS)
          .where('id', '=', sql<number>`ANY(${ids.filter(isId)}::int[])`)
          .orderBy('id')
          .forUpdate()
          .execute();
        const byId = new Map(rows.map((r) => [r.id, productFromRow(r)]));
        const products: Product[] = [];
        for (const line of lines) {
          const product = byId.get(line.product);
          if (!product) return { shortOf: line.product };
          products.push(product);
        }
        const draft = price(products);
        const short = lines.find((l, i) => products[i].deleted || products[i].stock < l.quantity);
        if (short) return { shortOf: short.product };

        // The guarded decrement: never below zero, never a deleted product, whatever ran before.
        const taken = await sql<{ id: number }>`
          UPDATE products p SET stock = p.stock - l.quantity
          FROM unnest(${ids}::int[], ${lines.map((l) => l.quantity)}::int[]) AS l(id, quantity)
          WHERE p.id = l.id AND p.stock >= l.quantity AND NOT p.deleted
          RETURNING p.id`.execute(trx);
        if (taken.rows.length !== lines.length) {
          const done = new Set(taken.rows.map((r) => r.id));
          throw new ShortOf(ids.find((id) => !done.has(id))!);
        }
        const orderRow = withoutId(orderToRow({ id: 0, ...draft }));
        const stored = await trx.insertInto('orders').values(orderRow).returningAll().executeTakeFirstOrThrow();
        await trx.deleteFrom('cart').where('user_id', '=', user).execute();
        if (idempotency) {
          await trx.deleteFrom('idempotency_keys').where('created_at', '<=', new Date(idempotency.forgetUpTo)).execute();
          await trx
            .insertInto('idempotency_keys')
            .values({
              user_id: user,
              key: idempotency.key,
              order_id: stored.id,
              created_at: new Date(idempotency.at),
              fingerprint: idempotency.fingerprint,
            })
            .execute();
        }
        return { placed: orderFromRow(stored) };
      });
    } catch (error) {
      if (error instanceof ShortOf) return { shortOf: error.product };
      throw error;
    }
  }

  // --- Shared settings -----------------------------------------------------------------------

  /** The cookie-signing secret of every instance on this database (made once, kept in `settings`). */
  async sharedSecret(): Promise<string> {
    await this.db
      .insertInto('settings')
      .values({ key: 'session_secret', value: randomBytes(32).toString('hex') })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const row = await this.db.selectFrom('settings').select('value').where('key', '=', 'session_secret').executeTakeFirstOrThrow();
    return row.value;
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

type OrderRowWithTotal = Parameters<typeof orderFromRow>[0] & { total: number };

// Every method of the port answers StoreUnavailableError (503) when the database cannot be
// reached, whatever the statement: the routes and services need not know what PostgreSQL is.
for (const name of Object.getOwnPropertyNames(PgStore.prototype)) {
  const method: unknown = PgStore.prototype[name as keyof PgStore];
  if (name === 'constructor' || typeof method !== 'function') continue;
  Object.defineProperty(PgStore.prototype, name, {
    value: async function (this: PgStore, ...args: unknown[]) {
      try {
        return await (method as (...a: unknown[]) => Promise<unknown>).apply(this, args);
      } catch (error) {
        throw unreachable(error) ? new StoreUnavailableError(error) : error;
      }
    },
  });
}
