import { useState } from 'react';
import { useAppAlert } from '../../../components/Alerts';
import { NETWORK_ERROR_MESSAGE } from '../../../lib/apiClient';
import { useAppSelector } from '../../../lib/hooks';
import { selectLoggedInUser } from '../../../lib/session';
import { findItem, loadWishlistWrite, useWishlist } from '../wishlistStore';

interface WishlistHeartProps {
  product: { id: number; title: string };
  /** The chosen variant (the product page); none: the product as a whole (cards). */
  variant?: number | null;
  /** "Size 44 / Colour Black", said after the title when a variant is saved. */
  label?: string;
  className?: string;
}

/** The heart that saves a product (or the chosen variant) to the wishlist, or removes it: a toggle button. */
export default function WishlistHeart({ product, variant = null, label = '', className = '' }: WishlistHeartProps) {
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
      await (await loadWishlistWrite()).toggleWishlist(alert, item, product.id, variant);
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
      // Until the list has answered, pressed or not is unknown. While it saves it is busy, not
      // disabled (which would lose the keyboard focus), and a press is ignored.
      disabled={owner === undefined || (items === null && !error)}
      aria-disabled={busy || undefined}
      onClick={busy ? undefined : () => void toggle()}
      className={`inline-flex size-11 items-center justify-center rounded-full bg-white/90 text-brand-700 ring-1 ring-gray-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-wait disabled:opacity-60 aria-disabled:cursor-wait aria-disabled:opacity-60 ${className}`}
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
