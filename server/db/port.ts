// The storage port: every read and write the services make, and nothing else. One adapter
// implements it (server/db/pgStore.ts) on either driver (server/db/open.ts:
// PostgreSQL in process, or a PostgreSQL server); the services of server/modules/ talk only
// to it, so each rule is written once. Each module declares its part (server/modules/<module>/port.ts);
// the Store is all of them, and one adapter binds every module's SQL to the database.
//
// Contract:
//  - Every method is async. A write resolves only once it is committed.
//  - A record handed out is the caller's to keep and never changes under it; a record handed in
//    is copied: the caller may reuse its object.
//  - Each method is one atomic step: no other call sees half of it (one statement or one
//    transaction).
//  - Ids are positive integers given by the database.
import type { DbSchema } from './snapshot';
import type { Tx } from './tx';
import type { AccountStore } from '../modules/accounts/port';
import type { BackofficeStore } from '../modules/backoffice/port';
import type { CartStore } from '../modules/cart/port';
import type { CatalogueStore } from '../modules/catalogue/port';
import type { MailStore } from '../modules/mail/port';
import type { OperationsStore } from '../modules/operations/port';
import type { MediaStore } from '../modules/media/port';
import type { OrderStore } from '../modules/orders/port';
import type { PaymentStore } from '../modules/payments/port';
import type { PricingStore } from '../modules/pricing/port';
import type { WishlistStore } from '../modules/wishlist/port';
import type { WebhookStore } from '../modules/webhooks/port';
import type { SettingsStore } from '../modules/settings/port';

export * from '../modules/accounts/port';
export * from '../modules/backoffice/port';
export * from '../modules/cart/port';
export * from '../modules/catalogue/port';
export * from '../modules/catalogue/variantTypes';
export * from '../modules/mail/port';
export * from '../modules/operations/port';
export * from '../modules/media/port';
export * from '../modules/orders/port';
export * from '../modules/payments/port';
export * from '../modules/pricing/port';
export * from '../modules/wishlist/port';
export * from '../modules/webhooks/port';
export * from '../modules/settings/port';
export * from '../query/lists';
export * from './tx';

/** The storage port: every module's part. */
export interface Store
  extends AccountStore,
    CatalogueStore,
    CartStore,
    OrderStore,
    PaymentStore,
    PricingStore,
    WishlistStore,
    BackofficeStore,
    MailStore,
    OperationsStore,
    WebhookStore,
    MediaStore,
    SettingsStore {
  /**
   * Runs `work` in one transaction: the methods given its `tx` run in it, and nothing of them is
   * kept unless `work` resolves; what `work` throws is thrown after the rollback. A service opens
   * it and hands `tx` down to its own store and to the other modules' services it asks.
   */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * A count that moves whenever the database may have changed: while it stays the same, every
   * read answers as before, so a service may keep an answer made of reads next to the count it
   * was made at. Only the embedded driver knows it (this process is the database's only user);
   * undefined on a PostgreSQL server, which other instances write too, and when the embedded
   * driver's read cache is off (READ_CACHE=off).
   */
  changeCount(): Promise<number | undefined>;
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
