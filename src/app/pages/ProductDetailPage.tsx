import { useParams } from 'react-router-dom';
import type { Product } from '../../domain/types';
import AddToCart from '../../features/cart/components/AddToCart';
import NotifyMe from '../../features/products/components/NotifyMe';
import ProductDetail, { type VariantSelection } from '../../features/products/components/ProductDetail';
import { productFirstScreen } from '../../features/products/useSelectedProduct';
import WishlistHeart from '../../features/wishlist/components/WishlistHeart';
import { loadWishlist } from '../../features/wishlist/wishlistStore';
import type { FirstScreen } from '../../lib/firstScreen';

/**
 * What the app asks for before its first render when it starts here (src/lib/firstScreen.ts): the
 * product, and the shopper's wishlist for the heart.
 */
export const firstScreen: FirstScreen = (context) => {
  const id = context.params?.id;
  // A visitor is sent to /login: nothing to ask for.
  if (id === undefined || !context.user) return undefined;
  return Promise.all([productFirstScreen(context, id), loadWishlist(context.user.id)]);
};

/** What the shopper can do with the product: add it, save it (the chosen variant, if any), and ask for a sold-out choice. */
function Actions({ product, selection }: { product: Product; selection: VariantSelection }) {
  // A product with options saves (and awaits) the chosen variant; one without, the product.
  const chosen = selection.hasOptions ? selection.variant : undefined;
  const soldOut = !product.deleted && (selection.hasOptions ? chosen !== undefined && chosen.stock <= 0 : product.stock <= 0);
  return (
    <>
      <AddToCart product={product} selection={selection} />
      <div className="mt-3 flex items-center gap-2">
        <WishlistHeart product={product} variant={chosen?.id ?? null} label={chosen ? selection.label : ''} />
      </div>
      {soldOut && <NotifyMe key={chosen?.id ?? 'product'} product={product} variant={chosen?.id ?? selection.variant?.id ?? null} />}
    </>
  );
}

/** /products/:id — the product (products feature) with the cart's 'Add to Cart' for the chosen variant, the heart and "Notify me". */
export default function ProductDetailPage() {
  const { id = '' } = useParams();
  return <ProductDetail id={id} buy={(product, selection) => <Actions product={product} selection={selection} />} />;
}
