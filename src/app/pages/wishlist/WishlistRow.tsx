import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useAppAlert } from '../../../components/Alerts';
import { Button, buttonClass } from '../../../components/controls';
import { ALREADY_IN_CART, MAX_CART_QUANTITY } from '../../../domain/constants';
import { choiceText, type WishlistItem } from '../../../domain/wishlist';
import { addToCartAsync, fetchCartAsync, selectCartLoaded, selectItems } from '../../../features/cart/cartSlice';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import type { RejectValue } from '../../../lib/thunk';
import WishlistPrice from '../../../features/wishlist/components/WishlistPrice';
import { loadWishlistWrite } from '../../../features/wishlist/wishlistStore';
import { useTaxonomyLabels } from '../../../features/products/useTaxonomyLabels';

/** No longer sold, sold out, or in stock: what the item's state lets the shopper do. */
function stockState({ product }: WishlistItem): { text: string; tone: string; buyable: boolean } {
  if (product.deleted) return { text: 'No longer sold', tone: 'text-red-700', buyable: false };
  if (product.soldOut) return { text: 'Sold out', tone: 'text-amber-800', buyable: false };
  // A minimum order above what a cart line holds (older data: the product rules cap it).
  if (product.minimumOrderQuantity > MAX_CART_QUANTITY) return { text: 'Cannot be ordered online', tone: 'text-red-700', buyable: false };
  return { text: product.stock < 5 ? `Only ${product.stock} left` : 'In stock', tone: 'text-green-800', buyable: true };
}

/** One saved item of the Wishlist page (beside it: it adds to the cart, another feature's): its picture, name and saved choice, the price it can be bought at, Add to Cart and Remove. */
export default function WishlistRow({ item, onRemoved }: { item: WishlistItem; onRemoved: () => void }) {
  const names = useTaxonomyLabels({ load: false });
  const dispatch = useAppDispatch();
  const alert = useAppAlert();
  const cart = useAppSelector(selectItems);
  const cartLoaded = useAppSelector(selectCartLoaded);
  const [busy, setBusy] = useState<'adding' | 'removing' | null>(null);
  const { product, variant } = item;
  const label = choiceText(variant);
  const name = label ? `${product.title} (${label})` : product.title;
  const link = `/products/${product.id}${variant ? `?variant=${variant.id}` : ''}`;
  const state = stockState(item);
  // A product with options saved as a whole: the shopper chooses a size or colour on its page.
  const needsChoice = !variant && product.hasOptions;
  const minimum = Math.max(1, product.minimumOrderQuantity);
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
      // The writes are one lazy chunk, shared with the heart's (fetched on the first write).
      await (await loadWishlistWrite()).removeFromWishlist(item.id);
      alert.success('Removed from your wishlist');
      onRemoved();
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
        <p className="text-sm text-gray-600">{names.brand(product.brand)}</p>
        {label && <p className="text-sm text-gray-700">{label}</p>}
        <WishlistPrice item={item} />
        <p className={`text-sm font-medium ${state.tone}`}>{state.text}</p>
        <div className="mt-2 flex flex-wrap gap-2">
          {needsChoice && state.buyable ? (
            <Link to={link} className={buttonClass('primary', 'sm')} aria-label={`Choose options of ${product.title}`}>
              Choose options
            </Link>
          ) : (
            <Button
              size="sm"
              disabled={!state.buyable || busy === 'removing' || !cartLoaded}
              busy={busy === 'adding'}
              onClick={() => void add()}
              aria-label={`Add ${name} to Cart`}
            >
              {busy === 'adding' ? 'Adding…' : 'Add to Cart'}
            </Button>
          )}
          {/* Busy (not disabled) while its own action runs: the button pressed keeps the keyboard focus. */}
          <Button
            look="secondary"
            size="sm"
            data-remove
            disabled={busy === 'adding'}
            busy={busy === 'removing'}
            onClick={() => void remove()}
            aria-label={`Remove ${name} from wishlist`}
          >
            {busy === 'removing' ? 'Removing…' : 'Remove'}
          </Button>
        </div>
      </div>
    </li>
  );
}
