// The shopper's wishlist, shared by every heart and the Wishlist page through a tiny external store
// instead of a slice: a slice would sit in every page's store, and the hearts are on the home page,
// whose first load is nearly full. The list is fetched once, after the first paint (the first
// heart's effect), for the user signed in; another user starts from nothing. The store and the
// heart are one chunk of the home page (vite.config.ts); the writes are wishlistWrite.ts.
import { useEffect, useSyncExternalStore } from 'react';
import type { WishlistItem } from '../../domain/wishlist';
import { apiClient } from '../../lib/apiClient';
import { importAgain } from '../../lib/importAgain';

export type { WishlistItem };

export interface WishlistState {
  /** null until the first answer. */
  items: WishlistItem[] | null;
  error: string | null;
  /** The user the list belongs to. */
  owner: number | null;
}

/** The writes' chunk, fetched with the first write (and fetched anew after a failed fetch). */
export const loadWishlistWrite = importAgain(() => import('./wishlistWrite'));

const NONE: WishlistState = { items: null, error: null, owner: null };
let state = NONE;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function update(next: WishlistState) {
  state = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** GET /wishlist for `owner`; once per user unless `again` (the Wishlist page asks for today's prices). */
export function loadWishlist(owner: number, again = false): Promise<void> {
  if (state.owner !== owner) {
    update({ ...NONE, owner });
    loading = null;
  }
  if (loading && !again) return loading;
  if (again) update({ ...state, error: null, items: state.error ? null : state.items });
  const current = apiClient.get<WishlistItem[]>('/wishlist').then(
    (items) => {
      if (loading === current) update({ items, error: null, owner });
    },
    (error: unknown) => {
      if (loading === current) update({ ...state, error: (error as Error).message });
    },
  );
  loading = current;
  return current;
}

/** The state as `owner`'s hearts see it: NONE until there is a list or an error of theirs. */
const seenBy = (owner: number | undefined) =>
  owner !== undefined && state.owner === owner && (state.items !== null || state.error !== null) ? state : NONE;

/**
 * The wishlist of `owner` (undefined: nobody signed in), loaded by the first component that asks.
 * Starting the load changes nothing a heart shows, so it re-renders none of them: on the home page
 * that render ran, for every card, inside the task that mounts the list.
 */
export function useWishlist(owner: number | undefined): WishlistState {
  const snapshot = useSyncExternalStore(subscribe, () => seenBy(owner));
  useEffect(() => {
    if (owner !== undefined) void loadWishlist(owner);
  }, [owner]);
  return snapshot;
}

/** The item saving this product (variant null: the product as a whole). */
export const findItem = (items: WishlistItem[] | null, product: number, variant: number | null) =>
  items?.find((item) => item.product.id === product && (item.variant?.id ?? null) === variant);

/** Changes the list in place after a write (wishlistWrite.ts), for the user it belongs to. */
export function changeItems(owner: number | null, change: (items: WishlistItem[]) => WishlistItem[]) {
  if (state.owner === owner) update({ ...state, items: change(state.items ?? []) });
}

/** The user whose list is loaded. */
export const wishlistOwner = () => state.owner;

/** For tests: forget everything. */
export function resetWishlist() {
  loading = null;
  update(NONE);
}
