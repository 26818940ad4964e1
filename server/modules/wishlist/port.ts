// The wishlist's part of the storage port: saved products and variants, "Notify
// me" subscriptions on sold-out variants, and the account's alerts switch; and what the alerts
// a change of stock or price sends read and use up, in that change's transaction (the rules and
// the mail are WishlistService's).
import type { StockAlert } from '../../../src/domain/wishlist';
import type { Tx } from '../../db/tx';
import type { Page } from '../../query/lists';

/** A wishlist row: `variant` null for the product as a whole. */
export interface StoredWishlistItem {
  id: number;
  user: number;
  product: number;
  variant: number | null;
  /** ISO time it was saved. */
  createdAt: string;
}

/** A wishlist item to add: `price` the price in cents the shopper would pay for it now (the base of price drops). */
export interface NewWishlistItem {
  user: number;
  product: number;
  variant: number | null;
  at: number;
  price: number;
}

/**
 * Why a subscription was not added: the user has it already, the variant has stock, there is no
 * such variant of the product, or the user has as many as they may have.
 */
export type StockAlertRefusal = 'taken' | 'in stock' | 'missing' | 'full';

/** A subscription used up: its variant, and its subscriber's email and alerts switch. */
export interface AlertSubscriber {
  variant: number;
  email: string;
  alerts: boolean;
}

/** A saved item as a price change reads it: the price (cents) it remembers, its owner's email and alerts switch. */
export interface SavedItem {
  id: number;
  variant: number | null;
  lastPrice: number;
  email: string;
  alerts: boolean;
}

export interface WishlistStore {
  /** A slice of the user's wishlist, newest first (then the newest id first), and how many items it has. */
  wishlistPage(user: number, slice: { start: number; end: number }): Promise<Page<StoredWishlistItem>>;
  /**
   * Adds the item, judged with the user's row locked (two saves at once are counted one after the
   * other): 'taken' when the user has that product and variant saved already, 'full' when they
   * have `max` items (or there is no such user); nothing added then.
   */
  addWishlistItem(item: NewWishlistItem, max: number): Promise<StoredWishlistItem | 'taken' | 'full'>;
  /** Removes the user's item; false when the user has no item with this id. */
  removeWishlistItem(user: number, id: number): Promise<boolean>;
  /** The user's waiting subscriptions, newest first. */
  stockAlertsOf(user: number): Promise<StockAlert[]>;
  /**
   * Subscribes the user to `variant` of `product` when it is sold out now, judged with the
   * variant's row locked (a restock committing meanwhile is seen: never a subscription to a
   * variant in stock that would wait for the next restock), and with the user's row locked (two at
   * once are counted one after the other: never more than `max`); the refusal otherwise.
   */
  addStockAlert(alert: { user: number; product: number; variant: number; at: number }, max: number): Promise<StockAlert | StockAlertRefusal>;
  /** Removes the user's subscription; false when the user has none with this id. */
  removeStockAlert(user: number, id: number): Promise<boolean>;

  // The alerts a change of stock or price sends, read and used up in that change's transaction
  // `tx` (the product's row locked by it).
  /** The products among `productIds` that someone waits for (a subscription to one of their variants). */
  productsWithAlerts(tx: Tx, productIds: readonly number[]): Promise<number[]>;
  /** Removes the subscriptions to `variants` of `product`: their subscribers, in any order. */
  takeStockAlerts(tx: Tx, product: number, variants: readonly number[]): Promise<AlertSubscriber[]>;
  /** The saved items of `product` (the product as a whole or one of its variants), by id, locked until `tx` ends. */
  lockSavedItems(tx: Tx, product: number): Promise<SavedItem[]>;
  /** Sets the price (cents) a saved item remembers (the base of its next price drop). */
  setLastPrice(tx: Tx, item: number, price: number): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Wishlists and alerts as stored (db.json)

/** A wishlist item of db.json: `variant` null for the product as a whole; `lastPrice` (cents) what price drops compare with. */
export interface SnapshotWishlistItem {
  id: number;
  user: number;
  product: number;
  variant: number | null;
  createdAt: string;
  lastPrice: number;
}

/** A "Notify me" subscription of db.json. */
export interface SnapshotStockAlert {
  id: number;
  user: number;
  product: number;
  variant: number;
  createdAt: string;
}
