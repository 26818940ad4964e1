// The json adapter: the storage port (server/store/port.ts) over the data file (dataFile.ts).
// Each method reads or changes the arrays and names what it changed in one synchronous step,
// then awaits the commit: no other call sees half of it, and nothing is acknowledged before it is
// on disk. Records are frozen: a write puts a new record in place of the old one, so a record a
// caller was given never changes. Users, sessions, products and orders are also kept in maps by
// id (and users by email), so a session check or a product by id costs the same with ten records
// or a million. Throttle counters live in memory only.
import { discountedPrice } from '../../../src/lib/pricing';
import type { AuditEntry, CartItem, Customer, FilterOption, Order, OrderStatus, Product, Role } from '../../../src/types';
import { auditEntry, describeOrder, describeProduct } from '../audit';
import { DiskWriteError, OrderNotSavedError } from '../../errors';
import { COLLECTIONS, type DbSchema, type Session, type StoredCartLine, type StoredUser } from '../../model';
import type {
  AuditContext,
  AuditQuery,
  FilterOptionField,
  ImportResult,
  ImportRow,
  TimeRange,
  ListQuery,
  OrderChange,
  OrderQuery,
  Page,
  PlaceOrder,
  PlaceOrderResult,
  ProductListField,
  StoreAdapter,
  ThrottleCounter,
  ValueCount,
} from '../port';
import { foldWords, startsWords } from '../../words';
import { openDataFile, type DataFile, type DataFileOptions } from './dataFile';
import { filterRecords, listRecords, type Derived } from '../listing';

/** Next integer id of a collection: max + 1. */
function nextId(items: readonly { id: unknown }[]): number {
  let max = 0;
  for (const item of items) if (typeof item.id === 'number' && item.id > max) max = item.id;
  return max + 1;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** A frozen copy of what a caller handed in. */
const fresh = <T>(value: T): T => deepFreeze(structuredClone(value));

const normalEmail = (email: string) => email.trim().toLowerCase();

/** The product fields a list may filter by that are computed, not stored. */
const DERIVED: Derived = { salePrice: (p: Product) => discountedPrice(p) };

const newestFirst = (a: Order, b: Order) => (b.createdAt ?? '').localeCompare(a.createdAt ?? '') || b.id - a.id;

/** Beyond this many keys in a bucket, every key's old events are dropped. */
const SWEEP_ABOVE = 10_000;

export class JsonStore implements StoreAdapter {
  private readonly users = new Map<number, StoredUser>();
  private readonly usersByEmail = new Map<string, StoredUser>();
  private readonly sessions = new Map<string, Session>();
  private readonly products = new Map<number, Product>();
  private readonly orders = new Map<number, Order>();
  /** Per bucket: the times of recent events per key, oldest first, and the window it was last read with. */
  private readonly throttles = new Map<string, { since: number; keys: Map<string, number[]> }>();

  /** The data file (tests and tools of this engine only; services go through the port). */
  constructor(readonly file: DataFile) {
    this.index();
  }

  private get data(): DbSchema {
    return this.file.data;
  }

  private index(): void {
    for (const name of COLLECTIONS) for (const record of this.data[name]) deepFreeze(record);
    const byId = <T extends { id: K }, K>(map: Map<K, T>, list: readonly T[]) => {
      map.clear();
      for (const r of list) if (!map.has(r.id)) map.set(r.id, r);
    };
    byId(this.users, this.data.users);
    byId(this.sessions, this.data.sessions);
    byId(this.products, this.data.products);
    byId(this.orders, this.data.orders);
    this.usersByEmail.clear();
    for (const u of this.data.users) {
      const key = normalEmail(u.email);
      if (!this.usersByEmail.has(key)) this.usersByEmail.set(key, u);
    }
  }

  /** Puts `next` where `old` is in `list`. */
  private static swap<T>(list: T[], old: T, next: T): void {
    list[list.indexOf(old)] = next;
  }

  // --- Users ---------------------------------------------------------------------------------

  async userById(id: number): Promise<StoredUser | undefined> {
    return this.users.get(id);
  }

  async userByEmail(email: string): Promise<StoredUser | undefined> {
    return this.usersByEmail.get(normalEmail(email));
  }

  async createUser(fields: Omit<StoredUser, 'id'>): Promise<StoredUser | undefined> {
    const key = normalEmail(fields.email);
    if (this.usersByEmail.has(key)) return undefined;
    const user = fresh({ id: nextId(this.data.users), ...fields });
    this.data.users.push(user);
    this.users.set(user.id, user);
    this.usersByEmail.set(key, user);
    await this.file.commit({ users: [user.id] });
    return user;
  }

  async countUsersSince(since: number, role: Role): Promise<number> {
    return this.data.users.filter((u) => u.role === role && u.createdAt !== undefined && Date.parse(u.createdAt) >= since).length;
  }

  async listCustomers(
    { q, slice }: { q?: string; slice?: { start: number; end: number } },
    spentStatuses: readonly OrderStatus[],
  ): Promise<Page<Customer>> {
    const needle = q?.toLowerCase();
    const users = this.data.users
      .filter((u) => !needle || u.email.toLowerCase().includes(needle) || (u.name ?? '').toLowerCase().includes(needle))
      .sort((a, b) => a.id - b.id);
    const page = slice ? users.slice(slice.start, slice.end) : users;
    const items = page.map((u) => {
      const own = this.data.orders.filter((o) => o.user === u.id);
      const customer: Customer = { id: u.id, email: u.email, role: u.role, orders: own.length, totalSpent: 0 };
      if (u.name !== undefined) customer.name = u.name;
      customer.totalSpent = own.filter((o) => spentStatuses.includes(o.status)).reduce((sum, o) => sum + o.totalAmount, 0);
      const last = own.map((o) => o.createdAt).filter((d): d is string => d !== undefined).sort().at(-1);
      if (last) customer.lastOrderAt = last;
      return customer;
    });
    return { items, total: users.length };
  }

  async updateUser(id: number, changes: { addresses?: StoredUser['addresses']; name?: string | null }): Promise<StoredUser | undefined> {
    const old = this.users.get(id);
    if (!old) return undefined;
    const user = { ...old };
    if (changes.addresses) user.addresses = structuredClone(changes.addresses);
    if (changes.name === null) delete user.name;
    else if (changes.name !== undefined) user.name = changes.name;
    deepFreeze(user);
    JsonStore.swap(this.data.users, old, user);
    this.users.set(id, user);
    if (this.usersByEmail.get(normalEmail(old.email)) === old) this.usersByEmail.set(normalEmail(old.email), user);
    await this.file.commit({ users: [id] });
    return user;
  }

  // --- Sessions ------------------------------------------------------------------------------

  async createSession(session: Session, { now, maxPerUser }: { now: number; maxPerUser: number }): Promise<void> {
    const own = this.data.sessions.filter((s) => s.user === session.user && s.expiresAt > now);
    const dropped = new Set(own.slice(0, Math.max(0, own.length - maxPerUser + 1)));
    for (const s of this.data.sessions) if (s.expiresAt <= now) dropped.add(s);
    if (dropped.size > 0) {
      this.data.sessions = this.data.sessions.filter((s) => !dropped.has(s));
      for (const s of dropped) this.sessions.delete(s.id);
    }
    const record = fresh(session);
    this.data.sessions.push(record);
    this.sessions.set(record.id, record);
    await this.file.commit({ sessions: [...[...dropped].map((s) => s.id), record.id] });
  }

  async sessionUser(digest: string, now: number): Promise<StoredUser | undefined> {
    const session = this.sessions.get(digest);
    if (!session || session.expiresAt <= now) return undefined;
    return this.users.get(session.user);
  }

  async deleteSession(digest: string): Promise<boolean> {
    if (!this.sessions.delete(digest)) return false;
    this.data.sessions = this.data.sessions.filter((s) => s.id !== digest);
    await this.file.commit({ sessions: [digest] });
    return true;
  }

  // --- Throttle counters (memory only) -------------------------------------------------------

  /** The key's events later than `since`, pruned in place. */
  private recent(bucket: string, key: string, since: number): number[] {
    let counters = this.throttles.get(bucket);
    if (!counters) this.throttles.set(bucket, (counters = { since, keys: new Map() }));
    counters.since = since;
    const list = (counters.keys.get(key) ?? []).filter((t) => t > since);
    if (list.length === 0) counters.keys.delete(key);
    else counters.keys.set(key, list);
    return list;
  }

  async throttle(counters: readonly ThrottleCounter[], at: number, since: number): Promise<number | undefined> {
    const lists = counters.map((c) => this.recent(c.bucket, c.key, since));
    let wait: number | undefined;
    counters.forEach((c, i) => {
      const list = lists[i];
      if (list.length >= c.max) wait = Math.max(wait ?? -Infinity, list[list.length - c.max]);
    });
    if (wait !== undefined) return wait;
    counters.forEach((c, i) => {
      const bucket = this.throttles.get(c.bucket)!;
      if (bucket.keys.size > SWEEP_ABOVE) for (const k of [...bucket.keys.keys()]) this.recent(c.bucket, k, bucket.since);
      lists[i].push(at);
      bucket.keys.set(c.key, lists[i]);
    });
    return undefined;
  }

  async forgetLastThrottleEvent(bucket: string, key: string): Promise<void> {
    const keys = this.throttles.get(bucket)?.keys;
    const list = keys?.get(key);
    if (!keys || !list) return;
    list.pop();
    if (list.length === 0) keys.delete(key);
  }

  async clearThrottle(bucket: string, key: string): Promise<void> {
    this.throttles.get(bucket)?.keys.delete(key);
  }

  // --- Catalogue -----------------------------------------------------------------------------

  async listProducts(query: ListQuery<ProductListField>): Promise<Page<Product>> {
    return listRecords(this.data.products, query, DERIVED);
  }

  private selected(query: ListQuery<ProductListField>): readonly Product[] {
    return filterRecords(this.data.products, query, DERIVED);
  }

  async countProducts(query: ListQuery<ProductListField>): Promise<number> {
    return this.selected(query).length;
  }

  async countProductsBy(field: 'category' | 'brand', query: ListQuery<ProductListField>): Promise<ValueCount[]> {
    const counts = new Map<string, number>();
    for (const p of this.selected(query)) counts.set(p[field], (counts.get(p[field]) ?? 0) + 1);
    return [...counts].map(([value, count]) => ({ value, count }));
  }

  async salePriceRange(query: ListQuery<ProductListField>): Promise<{ min: number; max: number } | undefined> {
    const prices = this.selected(query).map(discountedPrice);
    return prices.length === 0 ? undefined : { min: Math.min(...prices), max: Math.max(...prices) };
  }

  async suggestProducts(terms: readonly string[], limit: number): Promise<Pick<Product, 'id' | 'title' | 'thumbnail'>[]> {
    const found: Pick<Product, 'id' | 'title' | 'thumbnail'>[] = [];
    const byId = [...this.products.values()].sort((a, b) => a.id - b.id);
    for (const p of byId) {
      if (found.length >= limit) break;
      if (!p.deleted && startsWords(foldWords(p.title), terms)) found.push({ id: p.id, title: p.title, thumbnail: p.thumbnail });
    }
    return found;
  }

  async productById(id: number): Promise<Product | undefined> {
    return this.products.get(id);
  }

  async productsByIds(ids: readonly number[]): Promise<Product[]> {
    return ids.map((id) => this.products.get(id)).filter((p): p is Product => p !== undefined);
  }

  /** Adds the audit entry of a write (in the write's synchronous step); its id, for the commit. */
  private audit(ctx: AuditContext | undefined, describe: () => Parameters<typeof auditEntry>[1] | undefined): number[] {
    const described = ctx && describe();
    if (!ctx || !described) return [];
    const entry = fresh({ id: nextId(this.data.audit), ...auditEntry(ctx, described) });
    this.data.audit.push(entry);
    return [entry.id];
  }

  /** Puts a new product in place (no commit). */
  private addProduct(fields: Omit<Product, 'id'>): Product {
    const product = fresh({ id: nextId(this.data.products), ...fields });
    this.data.products.push(product);
    this.products.set(product.id, product);
    return product;
  }

  /** Puts the changed product in place of the old one (no commit). */
  private replaceProduct(old: Product, changes: Partial<Omit<Product, 'id'>>): Product {
    const product = fresh({ ...old, ...changes });
    JsonStore.swap(this.data.products, old, product);
    this.products.set(product.id, product);
    return product;
  }

  async createProduct(fields: Omit<Product, 'id'>, audit?: AuditContext): Promise<Product> {
    const product = this.addProduct(fields);
    const entries = this.audit(audit, () => describeProduct(audit!, undefined, product));
    await this.file.commit({ products: [product.id], audit: entries });
    return product;
  }

  async updateProduct(id: number, changes: Partial<Omit<Product, 'id'>>, audit?: AuditContext): Promise<Product | undefined> {
    const old = this.products.get(id);
    if (!old) return undefined;
    const product = this.replaceProduct(old, changes);
    const entries = this.audit(audit, () => describeProduct(audit!, old, product));
    await this.file.commit({ products: [id], audit: entries });
    return product;
  }

  async updateProductWith(id: number, change: (product: Product) => Partial<Omit<Product, 'id'>>, audit?: AuditContext): Promise<Product | undefined> {
    const old = this.products.get(id);
    if (!old) return undefined;
    return this.updateProduct(id, change(old), audit);
  }

  async importProducts(rows: readonly ImportRow[], audit: AuditContext): Promise<ImportResult> {
    const missing = rows.flatMap((r) => (r.id !== undefined && !this.products.has(r.id) ? [r.id] : []));
    if (missing.length > 0) return { missing };
    const created: number[] = [];
    const updated: number[] = [];
    const entries: number[] = [];
    for (const row of rows) {
      const old = row.id === undefined ? undefined : this.products.get(row.id)!;
      const product = row.id === undefined ? this.addProduct(row.product) : this.replaceProduct(old!, row.changes);
      (old ? updated : created).push(product.id);
      entries.push(...this.audit(audit, () => describeProduct(audit, old, product)));
    }
    await this.file.commit({ products: [...created, ...updated], audit: entries });
    return { created, updated };
  }

  async lowStockProducts(defaultThreshold: number, limit: number): Promise<{ id: number; title: string; stock: number; threshold: number }[]> {
    return this.data.products
      .map((p) => ({ p, threshold: p.lowStockThreshold ?? defaultThreshold }))
      .filter(({ p, threshold }) => !p.deleted && p.stock <= threshold)
      .sort((a, b) => a.p.stock - b.p.stock || a.p.id - b.p.id)
      .slice(0, limit)
      .map(({ p, threshold }) => ({ id: p.id, title: p.title, stock: p.stock, threshold }));
  }

  async listCategories(query: ListQuery<FilterOptionField>): Promise<Page<FilterOption>> {
    return listRecords(this.data.categories, query);
  }

  async listBrands(query: ListQuery<FilterOptionField>): Promise<Page<FilterOption>> {
    return listRecords(this.data.brands, query);
  }

  // --- Cart ----------------------------------------------------------------------------------

  async cartItems(user: number): Promise<CartItem[]> {
    const items: CartItem[] = [];
    for (const line of this.data.cart) {
      if (line.user !== user) continue;
      const product = this.products.get(line.product);
      if (product) items.push({ id: line.id, product, quantity: line.quantity });
    }
    return items;
  }

  async cartLine(user: number, id: number): Promise<StoredCartLine | undefined> {
    return this.data.cart.find((l) => l.user === user && l.id === id);
  }

  async addCartLine({ user, product, quantity }: Omit<StoredCartLine, 'id'>): Promise<StoredCartLine | undefined> {
    if (this.data.cart.some((l) => l.user === user && l.product === product)) return undefined;
    const line = deepFreeze({ id: nextId(this.data.cart), user, product, quantity });
    this.data.cart.push(line);
    await this.file.commit({ cart: [line.id] });
    return line;
  }

  async setCartQuantity(user: number, id: number, quantity: number): Promise<StoredCartLine | undefined> {
    const old = this.data.cart.find((l) => l.user === user && l.id === id);
    if (!old) return undefined;
    const line = deepFreeze({ ...old, quantity });
    JsonStore.swap(this.data.cart, old, line);
    await this.file.commit({ cart: [id] });
    return line;
  }

  async removeCartLine(user: number, product: number): Promise<StoredCartLine | undefined> {
    const line = this.data.cart.find((l) => l.user === user && l.product === product);
    if (!line) return undefined;
    this.data.cart = this.data.cart.filter((l) => l !== line);
    await this.file.commit({ cart: [line.id] });
    return line;
  }

  // --- Orders --------------------------------------------------------------------------------

  async ordersOf(user: number): Promise<Order[]> {
    return this.data.orders.filter((o) => o.user === user).sort(newestFirst);
  }

  async listOrders({ status, user, sort, slice }: OrderQuery): Promise<Page<Order>> {
    let orders = this.data.orders.filter((o) => (!status || status.includes(o.status)) && (user === undefined || o.user === user));
    if (sort) {
      const { field } = sort;
      const sign = sort.order === 'desc' ? -1 : 1;
      orders.sort((a, b) => {
        const x = a[field] ?? '';
        const y = b[field] ?? '';
        return sign * (x < y ? -1 : x > y ? 1 : 0) || a.id - b.id;
      });
    }
    const total = orders.length;
    if (slice) orders = orders.slice(slice.start, slice.end);
    return { items: orders, total };
  }

  async orderById(id: number): Promise<Order | undefined> {
    return this.orders.get(id);
  }

  async changeOrder(id: number, plan: (order: Order, products: readonly Product[]) => OrderChange, audit?: AuditContext): Promise<Order | undefined> {
    // One synchronous step up to the commit: plan, check, take or give back the stock, store.
    const old = this.orders.get(id);
    if (!old) return undefined;
    const products = old.items.map((i) => this.products.get(i.product.id)).filter((p): p is Product => p !== undefined);
    const { status, history, stock } = plan(old, products);
    if (status === old.status) return old;
    const changed = stock.map(({ product, delta }) => {
      const current = this.products.get(product);
      if (!current || current.stock + delta < 0) throw new Error(`changeOrder: stock of product ${product} cannot change by ${delta}`);
      return { current, next: deepFreeze({ ...current, stock: current.stock + delta }) };
    });
    for (const { current, next } of changed) {
      JsonStore.swap(this.data.products, current, next);
      this.products.set(next.id, next);
    }
    const order = fresh({ ...old, status, history });
    JsonStore.swap(this.data.orders, old, order);
    this.orders.set(id, order);
    const entries = this.audit(audit, () => describeOrder(old, order));
    await this.file.commit({ orders: [id], products: changed.map((c) => c.next.id), audit: entries });
    return order;
  }

  async hasDeliveredOrderWith(user: number, product: number): Promise<boolean> {
    return this.data.orders.some((o) => o.user === user && o.status === 'delivered' && o.items.some((i) => i.product.id === product));
  }

  /** Orders in `statuses` placed in the range. */
  private ordersIn({ from, to }: TimeRange, statuses: readonly OrderStatus[]): Order[] {
    return this.data.orders.filter((o) => {
      const at = o.createdAt === undefined ? NaN : Date.parse(o.createdAt);
      return at >= from && at < to && statuses.includes(o.status);
    });
  }

  async salesByDay(range: TimeRange, statuses: readonly OrderStatus[]): Promise<{ date: string; revenue: number; orders: number }[]> {
    const days = new Map<string, { date: string; revenue: number; orders: number }>();
    for (const o of this.ordersIn(range, statuses)) {
      const date = new Date(o.createdAt!).toISOString().slice(0, 10);
      const day = days.get(date) ?? { date, revenue: 0, orders: 0 };
      day.revenue += o.totalAmount;
      day.orders += 1;
      days.set(date, day);
    }
    return [...days.values()];
  }

  async countOrdersByStatus(): Promise<Partial<Record<OrderStatus, number>>> {
    const counts: Partial<Record<OrderStatus, number>> = {};
    for (const o of this.data.orders) counts[o.status] = (counts[o.status] ?? 0) + 1;
    return counts;
  }

  async topProducts(range: TimeRange, statuses: readonly OrderStatus[], limit: number): Promise<{ id: number; title: string; units: number; revenue: number }[]> {
    const sold = new Map<number, { id: number; title: string; units: number; revenue: number }>();
    for (const o of this.ordersIn(range, statuses)) {
      for (const line of o.items) {
        const id = line.product.id;
        const entry = sold.get(id) ?? { id, title: this.products.get(id)?.title ?? line.product.title, units: 0, revenue: 0 };
        entry.units += line.quantity;
        entry.revenue += discountedPrice(line.product) * line.quantity;
        sold.set(id, entry);
      }
    }
    return [...sold.values()].sort((a, b) => b.units - a.units || b.revenue - a.revenue || a.id - b.id).slice(0, limit);
  }

  async listAudit({ entity, actor, slice }: AuditQuery): Promise<Page<AuditEntry>> {
    const entries = this.data.audit.filter((e) => (entity === undefined || e.entity === entity) && (actor === undefined || e.actor.id === actor)).reverse();
    return { items: slice ? entries.slice(slice.start, slice.end) : entries, total: entries.length };
  }

  private keyedOrder(user: number, key: string): Order | undefined {
    const id = `${user} ${key}`;
    const record = this.data.idempotency.find((k) => k.id === id);
    return record && this.orders.get(record.order);
  }

  async orderForKey(user: number, key: string): Promise<Order | undefined> {
    const order = this.keyedOrder(user, key);
    // Answer only once the first attempt's write is on disk.
    if (order) await this.file.commit({});
    return order;
  }

  async placeOrder({ user, lines, price, idempotency }: PlaceOrder): Promise<PlaceOrderResult> {
    // One synchronous step up to the commit: check, price, take the stock, store, empty the cart.
    const earlier = idempotency && this.keyedOrder(user, idempotency.key);
    if (earlier) {
      await this.file.commit({});
      return { earlier };
    }
    const products: Product[] = [];
    for (const line of lines) {
      const product = this.products.get(line.product);
      if (!product) return { shortOf: line.product };
      products.push(product);
    }
    const draft = price(products);
    for (let i = 0; i < lines.length; i++) {
      if (products[i].deleted || products[i].stock < lines[i].quantity) return { shortOf: lines[i].product };
    }

    const order = fresh({ id: nextId(this.data.orders), ...draft });
    products.forEach((old, i) => {
      const product = deepFreeze({ ...old, stock: old.stock - lines[i].quantity });
      JsonStore.swap(this.data.products, old, product);
      this.products.set(product.id, product);
    });
    this.data.orders.push(order);
    this.orders.set(order.id, order);
    const emptied = this.data.cart.filter((l) => l.user === user).map((l) => l.id);
    this.data.cart = this.data.cart.filter((l) => l.user !== user);
    const keys: string[] = [];
    if (idempotency) {
      const { at, forgetUpTo } = idempotency;
      const expired = new Set(this.data.idempotency.filter((k) => k.createdAt <= forgetUpTo).map((k) => k.id));
      if (expired.size > 0) this.data.idempotency = this.data.idempotency.filter((k) => !expired.has(k.id));
      const record = deepFreeze({ id: `${user} ${idempotency.key}`, user, order: order.id, createdAt: at });
      this.data.idempotency.push(record);
      keys.push(...expired, record.id);
    }
    try {
      await this.file.commit({ orders: [order.id], products: products.map((p) => p.id), cart: emptied, idempotency: keys });
    } catch (err) {
      // The order stands in memory and is written with the next commit.
      if (err instanceof DiskWriteError) throw new OrderNotSavedError(order, err.cause);
      throw err;
    }
    return { placed: order };
  }

  // --- Whole state (tests, tools) ------------------------------------------------------------

  async snapshot(): Promise<DbSchema> {
    return structuredClone(this.data);
  }

  async replace(state: DbSchema): Promise<void> {
    this.file.reset(structuredClone(state));
    this.index();
    await this.file.commit();
  }

  close(): Promise<void> {
    return this.file.close();
  }
}

export function openJsonStore(options: DataFileOptions): JsonStore {
  return new JsonStore(openDataFile(options));
}
