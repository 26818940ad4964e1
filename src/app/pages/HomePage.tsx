import { useDocumentTitle } from '../../components/useDocumentTitle';
import ProductList from '../../features/products/components/ProductList';
import PromoBanner, { bannerFirstScreen } from '../../features/products/components/PromoBanner';
import { listingFirstScreen } from '../../features/products/listingFirstScreen';
import WishlistHeart from '../../features/wishlist/components/WishlistHeart';
import { loadWishlist } from '../../features/wishlist/wishlistStore';
import type { FirstScreen } from '../../lib/firstScreen';

/**
 * What the app asks for before its first render when it starts here (src/lib/firstScreen.ts): the
 * promotion, the listing of the URL and the shopper's wishlist, for the hearts. A visitor is sent
 * to /login.
 */
export const firstScreen: FirstScreen = (context) =>
  context.user
    ? Promise.all([bannerFirstScreen(context), listingFirstScreen(context), loadWishlist(context.user.id)])
    : undefined;

/** / — the promotion and the catalogue (products feature), a wishlist heart on each card. */
export default function HomePage() {
  useDocumentTitle('All Products');
  return (
    <>
      <PromoBanner />
      <ProductList cardAction={WishlistHeart} />
    </>
  );
}
