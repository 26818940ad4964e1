// The storage port: every read and write the services make, and nothing else. One adapter
// implements it (server/db/pgStore.ts) on either driver (server/db/open.ts:
// PostgreSQL in process, or a PostgreSQL server); services (server/services/) talk only to it,
// so each rule is written once.
//
// Contract:
//  - Every method is async. A write resolves only once it is committed.
//  - A record handed out is the caller's to keep and never changes under it; a record handed in
//    is copied: the caller may reuse its object.
//  - Each method is one atomic step: no other call sees half of it (one statement or one
//    transaction).
//  - Ids are positive integers given by the database.
import type { AdminOrder, LowStockEntry, OrderNote } from '../../src/domain/backOffice';
import type { Address, AuditEntry, CartItem, Customer, FilterOption, Order, OrderStatus, Product, Role } from '../../src/domain/types';
import type { DbSchema, Session, StoredCartLine, StoredUser } from './snapshot';
import type { FilterOptionField, ListQuery, Page, ProductListField, ValueCount } from '../query/lists';
import type { CartVariant } from '../../src/domain/variants';
import type { PriceStore } from '../modules/pricing/port';
import type { ReturnStore } from '../modules/returns/port';
import type { WishlistStore } from '../modules/wishlist/port';
import type { ListedProduct, VariantProduct, VariantsWrite } from '../modules/catalogue/variantTypes';
import type { AuditContext, AuditQuery, ImportResult, ImportRow, KeyedRequest, NewOrderNote, OrderChange, OrderMail, OrderQuery, OutboxMessage, OutgoingMail, PlaceOrder, PlaceOrderResult, PricingContext, PricingPlace, ResetToken, ThrottleCounter, TimeRange, VerificationLink } from './records';

export * from '../modules/catalogue/variantTypes';
export * from '../modules/pricing/port';
export * from '../modules/returns/port';
export * from '../modules/wishlist/port';

/** A product to create: its fields, and its options and variants (none: one variant, options {}, the product's stock). */
export type NewProduct = Omit<Product, 'id'> & Partial<VariantsWrite>;

/**
 * A product's changes: its fields and/or its options and variants together (replacing them). On
 * a product without options, `stock` (without `variants`) sets its only variant's stock.
 */
export type ProductChanges = Partial<Omit<Product, 'id'>> & Partial<VariantsWrite>;

/** A cart line as the store reads it: the product with its variants, and the line's variant. */
export type StoredCartItem = CartItem & { product: VariantProduct; variant: CartVariant };

// ---------------------------------------------------------------------------------------------
// Lists (the catalogue's json-server semantics, also for categories and brands): server/query/lists.ts

export * from '../query/lists';

// ---------------------------------------------------------------------------------------------
// Records (orders, the back office, throttling, mail): server/db/records.ts

export * from './records';

// ---------------------------------------------------------------------------------------------
// The port

/** Prices (promotions, shipping methods, tax rates) are declared in ./pricesPort.ts. */
export interface Store extends PriceStore, WishlistStore, ReturnStore {
  // Users. Emails are stored and looked up normalised (trimmed, lower case).
  userById(id: number): Promise<StoredUser | undefined>;
  userByEmail(email: string): Promise<StoredUser | undefined>;
  /**
   * Adds the user; undefined (nothing added) when the email is taken. With `link`: its token is
   * stored for the new user and `link.mail(user)` put in the outbox, in the same step.
   */
  createUser(user: Omit<StoredUser, 'id'>, link?: VerificationLink): Promise<StoredUser | undefined>;
  /** How many accounts with `role` were made at or after `since` (epoch ms). */
  countUsersSince(since: number, role: Role): Promise<number>;
  /**
   * Accounts (by id), with their orders: how many, what those in `spentStatuses` came to, and
   * when the last was placed. `q`: a case-blind substring of the email or the name.
   */
  listCustomers(query: { q?: string; slice?: { start: number; end: number } }, spentStatuses: readonly OrderStatus[]): Promise<Page<Customer>>;
  /** Sets the addresses and/or the name (null removes it); undefined when there is no such user. */
  updateUser(id: number, changes: { addresses?: Address[]; name?: string | null }): Promise<StoredUser | undefined>;
  /** Sets whether the user is a member (issue 23); the user after it, undefined when there is none. */
  setMember(id: number, member: boolean): Promise<StoredUser | undefined>;
  /**
   * Sets the user's password hash and, in the same step, ends every session of the user but
   * `keepSession` (a session digest; none kept when absent). false when there is no such user.
   */
  setPassword(id: number, hash: string, keepSession?: string): Promise<boolean>;

  // Sessions, by the SHA-256 digest of the cookie's id.
  /**
   * Adds the session and, in the same step, removes every session expired at `now` and the
   * user's oldest live sessions so that at most `maxPerUser` remain (the new one included).
   */
  createSession(session: Session, limits: { now: number; maxPerUser: number }): Promise<void>;
  /** The user of the session when it is live at `now` (and the user exists). */
  sessionUser(digest: string, now: number): Promise<StoredUser | undefined>;
  /** Removes the session; false when there was none. */
  deleteSession(digest: string): Promise<boolean>;

  // Throttle counters: shared by every server instance of one store; need not survive a restart.
  /**
   * One attempt against several counters at once: when each has fewer than its `max` events
   * later than `since`, records an event at `at` in every one and resolves undefined; otherwise
   * records nothing and resolves with the time of the event that must leave the window first
   * (the latest over the full counters). Events at or before `since` may be forgotten.
   */
  throttle(counters: readonly ThrottleCounter[], at: number, since: number): Promise<number | undefined>;
  /** Forgets the newest event of a counter (an attempt counted up front that did not count after all). */
  forgetLastThrottleEvent(bucket: string, key: string): Promise<void>;
  /** Forgets every event of a counter. */
  clearThrottle(bucket: string, key: string): Promise<void>;

  // Catalogue.
  /** Lists carry the products' fields, as json-server answers them, with salePrice and priceVaries (no options or variants: productById has them). */
  listProducts(query: ListQuery<ProductListField>): Promise<Page<ListedProduct>>;
  /** How many products the query's q and filters select. */
  countProducts(query: ListQuery<ProductListField>): Promise<number>;
  /** How many products the query selects, by category or brand (values with none left out). */
  countProductsBy(field: 'category' | 'brand', query: ListQuery<ProductListField>): Promise<ValueCount[]>;
  /** The lowest and highest salePrice of the products the query selects; undefined when none. */
  salePriceRange(query: ListQuery<ProductListField>): Promise<{ min: number; max: number } | undefined>;
  /**
   * Up to `limit` products that are not deleted and whose title has, for each of `terms` (folded
   * by server/modules/catalogue/words.ts foldTerms), a word that starts with it; in id order.
   */
  suggestProducts(terms: readonly string[], limit: number): Promise<Pick<Product, 'id' | 'title' | 'thumbnail'>[]>;
  // Products come with their options and variants (./variants.ts); a write naming a SKU another
  // product has throws SkuTaken, with nothing changed.
  productById(id: number): Promise<VariantProduct | undefined>;
  /** The products among `ids` that exist, in any order. */
  productsByIds(ids: readonly number[]): Promise<VariantProduct[]>;
  createProduct(product: NewProduct, audit?: AuditContext): Promise<VariantProduct>;
  /** Sets the given fields; undefined when there is no such product. */
  updateProduct(id: number, changes: ProductChanges, audit?: AuditContext): Promise<VariantProduct | undefined>;
  /**
   * Sets the fields `change` computes from the product as it is, as one atomic step (no other
   * write to the product in between); throws what `change` throws, with nothing changed.
   * Synchronous `change`, which must not change the product it is given.
   */
  updateProductWith(id: number, change: (product: VariantProduct) => ProductChanges, audit?: AuditContext): Promise<VariantProduct | undefined>;
  /**
   * Creates and updates products as one unit (one audit entry each); `missing` (and nothing
   * changed) when an update names a product that does not exist.
   */
  importProducts(rows: readonly ImportRow[], audit: AuditContext): Promise<ImportResult>;
  /** Products not deleted whose stock is at or below their threshold (absent: `defaultThreshold`), lowest stock first. */
  lowStockProducts(defaultThreshold: number, limit: number): Promise<LowStockEntry[]>;
  listCategories(query: ListQuery<FilterOptionField>): Promise<Page<FilterOption>>;
  listBrands(query: ListQuery<FilterOptionField>): Promise<Page<FilterOption>>;

  // Cart: one line per user and variant.
  /** The user's lines in the order they were added, products and variants expanded (a line whose product is gone is left out). */
  cartItems(user: number): Promise<StoredCartItem[]>;
  /** The user's line with this id. */
  cartLine(user: number, id: number): Promise<StoredCartLine | undefined>;
  /**
   * Adds a line of `variant` (absent: the product's first variant); undefined (nothing added)
   * when the user has a line for that variant already, or it is not a variant of the product.
   */
  addCartLine(line: Omit<StoredCartLine, 'id'>): Promise<StoredCartLine | undefined>;
  /** Sets the quantity of the user's line; undefined when the user has no such line. */
  setCartQuantity(user: number, id: number, quantity: number): Promise<StoredCartLine | undefined>;
  /** Removes the user's lines for the product (only that variant's, with `variant`); the first line removed, undefined when there was none. */
  removeCartLine(user: number, product: number, variant?: number): Promise<StoredCartLine | undefined>;

  // Orders.
  /** The user's orders, newest first (createdAt descending, an absent one last, then id descending). */
  ordersOf(user: number): Promise<Order[]>;
  /** The `slice` of the user's orders in ordersOf's order, and how many they have (My Orders' pages). */
  ordersOfPage(user: number, slice: { start: number; end: number }): Promise<Page<Order>>;
  /** Orders with their customer (the back office's list): default newest first. */
  listOrders(query: OrderQuery): Promise<Page<AdminOrder>>;
  orderById(id: number): Promise<Order | undefined>;
  /** The order with its customer and its notes (oldest first), for the back office. */
  orderForAdmin(id: number): Promise<AdminOrder | undefined>;
  /** Adds the note to the order and records `audit` in the same step; undefined (nothing written) when there is no such order. */
  addOrderNote(order: number, note: NewOrderNote, audit: AuditContext): Promise<OrderNote | undefined>;
  /**
   * Changes an order's status as one unit with the stock it gives back or takes: `plan` (the
   * service's rules; synchronous, may throw, must not change what it is given) gets the order
   * and the current products of its lines (those that still exist), and answers the change. The
   * stock deltas are applied with a guard (never below zero), then the status and history. A
   * plan that keeps the order's status changes nothing: nothing is written, nothing audited.
   * undefined when there is no such order; throws what `plan` throws, with nothing changed.
   * `mail`: when the status changed, the message it gives goes in the outbox in the same step.
   */
  changeOrder(id: number, plan: (order: Order, products: readonly VariantProduct[]) => OrderChange | Promise<OrderChange>, audit?: AuditContext, mail?: OrderMail): Promise<Order | undefined>;
  /** Whether the user has a delivered order holding the product. */
  hasDeliveredOrderWith(user: number, product: number): Promise<boolean>;
  /** Per UTC day ('YYYY-MM-DD') with orders in `statuses` placed in the range: their totalAmount less what their refunded returns gave back, summed, and how many. */
  salesByDay(range: TimeRange, statuses: readonly OrderStatus[]): Promise<{ date: string; revenue: number; orders: number }[]>;
  /** How many orders there are in each status (statuses without any may be left out). */
  countOrdersByStatus(): Promise<Partial<Record<OrderStatus, number>>>;
  /**
   * The products sold most (units) in orders in `statuses` placed in the range, with their
   * revenue (each line at its displayed price, SPEC §9, as it was ordered); the current title.
   */
  topProducts(range: TimeRange, statuses: readonly OrderStatus[], limit: number): Promise<{ id: number; title: string; units: number; revenue: number }[]>;

  // Audit log: appended to only by the writes that carry an AuditContext.
  /** Newest first. */
  listAudit(query: AuditQuery): Promise<Page<AuditEntry>>;
  /** The order the user placed with this Idempotency-Key, and the fingerprint of that request. */
  orderForKey(user: number, key: string): Promise<({ order: Order } & KeyedRequest) | undefined>;
  /**
   * Places an order as one unit: checks and takes the stock of every line (a guarded decrement:
   * never below zero), stores the order and its Idempotency-Key, and empties the user's cart.
   * Throws what `price` throws, with nothing changed.
   */
  placeOrder(order: PlaceOrder): Promise<PlaceOrderResult>;
  /** What pricing `user`'s cart with `codes` for `place` reads (issue 23; records.ts PricingContext). */
  pricingContext(user: number, codes: readonly string[], place?: PricingPlace): Promise<PricingContext>;

  // Mail (the outbox) and password resets.
  /**
   * When `email` has an account: stores the reset token for it and, in the same step, puts
   * `mail(user)` in the outbox; true. false (nothing written) when there is no such account.
   */
  requestPasswordReset(email: string, token: ResetToken, mail: (user: StoredUser) => OutgoingMail): Promise<boolean>;
  /**
   * Uses the reset token with this digest when it exists and has not expired at `now`: in one
   * step sets the user's password hash, ends every session of the user and forgets every reset
   * token of the user (this one too: single use). The user's id; undefined (nothing changed) when
   * the token is unknown, used or expired.
   */
  resetPassword(digest: string, hash: string, now: number): Promise<number | undefined>;
  /**
   * Stores a new verification link for user `id` and puts its mail in the outbox, in one step;
   * false (nothing written) when there is no such user or it is verified already.
   */
  requestEmailVerification(id: number, link: VerificationLink): Promise<boolean>;
  /**
   * Uses the verification token with this digest when it exists and has not expired at `now`:
   * marks its user verified and forgets every verification token of the user (single use). The
   * user's id; undefined (nothing changed) when the token is unknown, used or expired.
   */
  verifyEmail(digest: string, now: number): Promise<number | undefined>;
  /** The outbox, newest first. */
  listMail(query: { slice?: { start: number; end: number } }): Promise<Page<OutboxMessage>>;
  /** Puts a copy of message `id` in the outbox as a new message, due at `at`; undefined when there is no such message. */
  resendMail(id: number, at: number): Promise<OutboxMessage | undefined>;
  /**
   * Claims up to `limit` pending messages due at `now` (oldest first) for one delivery attempt:
   * counts the attempt and moves their next attempt to `now + leaseMs`, so no other worker takes
   * them meanwhile (rows locked with SKIP LOCKED: workers on one database never wait for each
   * other). A claim not marked within the lease is due again: a crash never loses a message.
   */
  claimMail(now: number, limit: number, leaseMs: number): Promise<OutboxMessage[]>;
  /** Marks a claimed message sent at `at`. */
  markMailSent(id: number, at: number): Promise<void>;
  /** Records a failed attempt: due again at `retryAt`, or given up ('failed') when absent; the error kept. */
  markMailFailed(id: number, error: string, retryAt?: number): Promise<void>;
}

/** What createApp's caller (tests, tools) gets beside the port: the whole state, for checks and set-ups. */
export interface StoreAdmin {
  /** A copy of everything, in db.json's shape. */
  snapshot(): Promise<DbSchema>;
  /** Replaces everything with `state` (durably). */
  replace(state: DbSchema): Promise<void>;
  /** Waits for pending writes and lets go of files or connections. */
  close(): Promise<void>;
}

export type StoreAdapter = Store & StoreAdmin;
