import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAppAlert } from '../../components/Alerts';
import { buttonClass } from '../../components/controls';
import ErrorMessage from '../../components/ErrorMessage';
import { PageSpinner } from '../../components/Spinner';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { ALREADY_IN_CART } from '../../domain/constants';
import { formatPrice } from '../../domain/pricing';
import { choiceLabel, type ProductVariants } from '../../domain/variants';
import { addToCartAsync, fetchCartAsync, selectCartLoaded, selectItems } from '../../features/cart/cartSlice';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { selectLoggedInUser } from '../../lib/session';
import type { RejectValue } from '../../lib/thunk';
import { loadWishlist, useWishlist, type WishlistItem } from '../../features/wishlist/wishlistStore';
import { removeFromWishlist } from '../../features/wishlist/wishlistWrite';

/** The price the shopper would pay now: the variant's, else the product's displayed price. */
const priceNow = (item: WishlistItem) => item.variant?.salePrice ?? item.product.salePrice;

/** In stock, out of stock or removed: what the item's state lets the shopper do. */
function stockState(item: WishlistItem): { text: string; tone: string; buyable: boolean } {
  if (item.product.deleted) return { text: 'No longer sold', tone: 'text-red-700', buyable: false };
  const stock = item.variant ? item.variant.stock : item.product.stock;
  if (stock <= 0) return { text: 'Out of stock', tone: 'text-amber-800', buyable: false };
  return { text: stock < 5 ? `Only ${stock} left` : 'In stock', tone: 'text-green-800', buyable: true };
}

function WishlistRow({ item }: { item: WishlistItem }) {
  const dispatch = useAppDispatch();
  const alert = useAppAlert();
  const cart = useAppSelector(selectItems);
  const cartLoaded = useAppSelector(selectCartLoaded);
  const [busy, setBusy] = useState<'adding' | 'removing' | null>(null);
  const { product, variant } = item;
  const options = (product as Partial<ProductVariants>).options ?? [];
  const label = variant ? choiceLabel(variant.options, options) : '';
  const name = label ? `${product.title} (${label})` : product.title;
  const link = `/products/${product.id}${variant ? `?variant=${variant.id}` : ''}`;
  const state = stockState(item);
  // A product with options saved as a whole: the shopper chooses a size or colour on its page.
  const needsChoice = !variant && options.length > 0;
  const minimum = Math.max(1, product.minimumOrderQuantity ?? 1);
  const inCart = cart.some((line) => line.product.id === product.id && (!variant || line.variant?.id === variant.id));

  async function add() {
    if (inCart) return alert.error('Item Already added !');
    setBusy('adding');
    try {
      await dispatch(addToCartAsync(variant ? { product: product.id, variant: variant.id, quantity: minimum } : { product: product.id, quantity: minimum })).unwrap();
      alert.success('Item added to Cart !');
    } catch (rejected) {
      const { status, message } = rejected as RejectValue;
      if (status === 409 && message.endsWith(ALREADY_IN_CART)) {
        alert.error('Item Already added !');
        dispatch(fetchCartAsync());
      } else alert.error(`Could not add to cart: ${message}`);
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    setBusy('removing');
    try {
      await removeFromWishlist(item.id);
      alert.success('Removed from your wishlist');
    } catch (failure) {
      alert.error(`Could not remove it from your wishlist: ${(failure as Error).message}`);
      setBusy(null);
    }
  }

  return (
    <li className="flex gap-4 py-5">
      <img src={product.thumbnail} alt="" width={96} height={96} className="size-20 shrink-0 rounded-md bg-gray-100 object-cover sm:size-24" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h2 className="text-base font-medium text-gray-900">
          <Link to={link} className="hover:underline">
            {product.title}
          </Link>
        </h2>
        {label && <p className="text-sm text-gray-700">{label}</p>}
        <p className="text-sm font-semibold text-gray-900">
          <span className="sr-only">Price now: </span>
          {formatPrice(priceNow(item))}
        </p>
        <p className={`text-sm font-medium ${state.tone}`}>{state.text}</p>
        <div className="mt-2 flex flex-wrap gap-2">
          {needsChoice && state.buyable ? (
            <Link to={link} className={buttonClass('primary', 'sm')} aria-label={`Choose options of ${product.title}`}>
              Choose options
            </Link>
          ) : (
            <button
              type="button"
              disabled={!state.buyable || busy !== null || !cartLoaded}
              onClick={() => void add()}
              aria-label={`Add ${name} to Cart`}
              className={buttonClass('primary', 'sm')}
            >
              {busy === 'adding' ? 'Adding…' : 'Add to Cart'}
            </button>
          )}
          <button type="button" disabled={busy !== null} onClick={() => void remove()} aria-label={`Remove ${name} from wishlist`} className={buttonClass('secondary', 'sm')}>
            {busy === 'removing' ? 'Removing…' : 'Remove'}
          </button>
        </div>
      </div>
    </li>
  );
}

/** /wishlist — the shopper's saved products, newest first, with today's price and stock. */
export default function WishlistPage() {
  useDocumentTitle('My Wishlist');
  const owner = useAppSelector(selectLoggedInUser)?.id;
  const { items, error } = useWishlist(owner);
  // Today's prices and stock: read again on every visit.
  useEffect(() => {
    if (owner !== undefined) void loadWishlist(owner, true);
  }, [owner]);

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-gray-900">My Wishlist</h1>
      {error && !items ? (
        <ErrorMessage className="mt-8" title="Your wishlist could not be loaded" message={error} onRetry={() => owner !== undefined && void loadWishlist(owner, true)} />
      ) : !items ? (
        <PageSpinner label="Loading your wishlist…" />
      ) : items.length === 0 ? (
        <div className="mt-8">
          <p className="text-base text-gray-700">Your wishlist is empty. Tap the heart on a product to save it here.</p>
          <Link to="/" className={buttonClass('primary', 'md', 'mt-4')}>
            Browse all products
          </Link>
        </div>
      ) : (
        <ul aria-label="Saved products" className="mt-6 divide-y divide-gray-200 border-y border-gray-200">
          {items.map((item) => (
            <WishlistRow key={item.id} item={item} />
          ))}
        </ul>
      )}
    </div>
  );
}
