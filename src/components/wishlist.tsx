// The shopper's wishlist and its heart. The list is shared by every heart and the Wishlist page through a tiny
// external store instead of a slice: a slice would sit in every page's store, and the hearts are
// on the home page, whose first load is nearly full. The list is fetched once, after the first
// paint (the first heart's effect), for the user signed in; another user starts from nothing. The
// store and the heart are one module: one small chunk of the home page. Writes: wishlistWrite.ts.
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { WishlistItem } from '../domain/wishlist';
import { apiClient, NETWORK_ERROR_MESSAGE } from '../lib/apiClient';
import { useAppSelector } from '../lib/hooks';
import { selectLoggedInUser } from '../lib/session';
import { useAppAlert } from './Alerts';

export type { WishlistItem };

export interface WishlistState {
  /** null until the first answer. */
  items: WishlistItem[] | null;
  error: string | null;
  /** The user the list belongs to. */
  owner: number | null;
}

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

/** The wishlist of `owner` (undefined: nobody signed in), loaded by the first component that asks. */
export function useWishlist(owner: number | undefined): WishlistState {
  const snapshot = useSyncExternalStore(subscribe, () => state);
  useEffect(() => {
    if (owner !== undefined) void loadWishlist(owner);
  }, [owner]);
  return owner !== undefined && snapshot.owner === owner ? snapshot : NONE;
}

/** The item saving this product (variant null: the product as a whole). */
export const findItem = (items: WishlistItem[] | null, product: number, variant: number | null) =>
  items?.find((item) => item.product.id === product && (item.variant?.id ?? null) === variant);

/** Changes the list in place after a write (src/lib/wishlistWrite.ts), for the user it belongs to. */
export function changeItems(owner: number | null, change: (items: WishlistItem[]) => WishlistItem[]) {
  if (state.owner === owner) update({ ...state, items: change(state.items ?? []) });
}

/** The user whose list is loaded. */
export const wishlistOwner = () => state.owner;

interface WishlistHeartProps {
  product: { id: number; title: string };
  /** The chosen variant (the product page); none: the product as a whole (cards). */
  variant?: number | null;
  /** "Size 44 / Colour Black", said after the title when a variant is saved. */
  label?: string;
  className?: string;
}

/** The heart that saves a product (or the chosen variant) to the wishlist, or removes it: a toggle button. */
export function WishlistHeart({ product, variant = null, label = '', className = '' }: WishlistHeartProps) {
  const owner = useAppSelector(selectLoggedInUser)?.id;
  const { items, error } = useWishlist(owner);
  const alert = useAppAlert();
  const [busy, setBusy] = useState(false);
  const item = findItem(items, product.id, variant);
  const name = label ? `${product.title} (${label})` : product.title;
  const text = item ? `Remove ${name} from wishlist` : `Save ${name} to wishlist`;

  async function toggle() {
    setBusy(true);
    try {
      await (await import('./wishlistWrite')).toggleWishlist(alert, item, product.id, variant);
    } catch {
      alert.error(NETWORK_ERROR_MESSAGE);
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      aria-pressed={Boolean(item)}
      aria-label={text}
      // Until the list has answered, pressed or not is unknown.
      disabled={busy || owner === undefined || (items === null && !error)}
      onClick={() => void toggle()}
      className={`inline-flex size-11 items-center justify-center rounded-full bg-white/90 text-brand-700 ring-1 ring-gray-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-wait disabled:opacity-60 ${className}`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" strokeWidth={1.5} stroke="currentColor" fill={item ? 'currentColor' : 'none'} className="size-6">
        <path
          strokeLinecap="round"
          strokeLinejoin="round"
          d="M21 8.25c0-2.485-2.099-4.5-4.688-4.5-1.935 0-3.597 1.126-4.312 2.733-.715-1.607-2.377-2.733-4.313-2.733C5.1 3.75 3 5.765 3 8.25c0 7.22 9 12 9 12s9-4.78 9-12Z"
        />
      </svg>
    </button>
  );
}

/** For tests: forget everything. */
export function resetWishlist() {
  loading = null;
  update(NONE);
}
