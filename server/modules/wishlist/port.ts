// The wishlist's part of the storage port: saved products and variants, "Notify
// me" subscriptions on sold-out variants, and the account's alerts switch. The alert mail itself
// is written by the product writes (and the stock an order gives back) in their own transaction:
// each subscriber of a variant that is in stock again gets one mail and the subscription is used
// up; each saved item whose price a write lowered gets one mail and remembers the new price.
import type { StockAlert } from '../../../src/domain/wishlist';
import type { StoredUser } from '../../db/snapshot';
import type { OutgoingMail, Tx } from '../../db/records';
import type { Variant, VariantProduct } from '../catalogue/variantTypes';

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

/** Why a subscription was not added: the user has it already, the variant has stock, or there is no such variant of the product. */
export type StockAlertRefusal = 'taken' | 'in stock' | 'missing';

/** The messages the store writes to the outbox about a user's wishlist and subscriptions. */
export interface AlertMailer {
  /** `variant` of `product` (as it is after the write) is in stock again. */
  backInStock(to: string, product: VariantProduct, variant: Variant): OutgoingMail;
  /** The price (cents) of the saved product (`variant` null: its lowest price) or variant fell from `was` to `now`. */
  priceDrop(to: string, product: VariantProduct, variant: Variant | null, was: number, now: number): OutgoingMail;
}

export interface WishlistStore {
  /**
   * How alert mail is worded and linked (the service gives it once, with the shop's public
   * address). Kept for the process: one shop per process.
   */
  useAlertMailer(mailer: AlertMailer): void;
  /** The user's wishlist, newest first (then the newest id first). */
  wishlistOf(user: number): Promise<StoredWishlistItem[]>;
  /** Adds the item; undefined (nothing added) when the user has that product and variant saved already. */
  addWishlistItem(item: NewWishlistItem): Promise<StoredWishlistItem | undefined>;
  /** Removes the user's item; false when the user has no item with this id. */
  removeWishlistItem(user: number, id: number): Promise<boolean>;
  /** The user's waiting subscriptions, newest first. */
  stockAlertsOf(user: number): Promise<StockAlert[]>;
  /**
   * Subscribes the user to `variant` of `product` when it is sold out now, judged with the
   * variant's row locked (a restock committing meanwhile is seen: never a subscription to a
   * variant in stock that would wait for the next restock); the refusal otherwise.
   */
  addStockAlert(alert: { user: number; product: number; variant: number; at: number }): Promise<StockAlert | StockAlertRefusal>;
  /** Removes the user's subscription; false when the user has none with this id. */
  removeStockAlert(user: number, id: number): Promise<boolean>;
  /** Sets whether the user gets alert mail; the user after it, undefined when there is none. */
  setAlerts(user: number, alerts: boolean): Promise<StoredUser | undefined>;
  /**
   * After stock moved up for these products (an order cancelled, a return received), in `tx`: the
   * subscriptions to their variants that have stock now are used up and their subscribers mailed.
   */
  alertsAfterStockMove(tx: Tx, productIds: readonly number[], at: number): Promise<void>;
}
