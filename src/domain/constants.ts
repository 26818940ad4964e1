// Business constants and messages, shared by the client and the server.
import type { SortOption } from './types';

export const ITEMS_PER_PAGE = 15;
export const ADMIN_ORDERS_PER_PAGE = 5;
/** The most items one answer of an API list holds (a larger _limit counts as this; README, API). */
export const MAX_PAGE_SIZE = 1000;
export const MAX_CART_QUANTITY = 6;
export const ALERT_TIMEOUT_MS = 5000;
/** What a refused sign-in reads, whichever of the two was wrong. */
export const WRONG_CREDENTIALS = 'Wrong Email or Password';
/** The sign-in's 401 when the password is right and the account needs a two-factor code too. */
export const CODE_REQUIRED = 'Enter your authentication code';
/** The end of the server's 409 message for a product already in the caller's cart. */
export const ALREADY_IN_CART = 'is already in the cart';

/** The most items one wishlist holds. */
export const MAX_WISHLIST_ITEMS = 500;
/** The most "Notify me" subscriptions one shopper has waiting. */
export const MAX_STOCK_ALERTS = 200;
/** The 409 message of a save to a full wishlist. */
export const WISHLIST_FULL = `Your wishlist is full: it holds at most ${MAX_WISHLIST_ITEMS} items`;
/** The 409 message of a "Notify me" beyond MAX_STOCK_ALERTS. */
export const STOCK_ALERTS_FULL = `You have ${MAX_STOCK_ALERTS} stock alerts, the most you can have: remove one to add another`;

export const SORT_OPTIONS: readonly SortOption[] = [
  { name: 'Best Rating', sort: 'rating', order: 'desc' },
  { name: 'Price: Low to High', sort: 'salePrice', order: 'asc' },
  { name: 'Price: High to Low', sort: 'salePrice', order: 'desc' },
];
