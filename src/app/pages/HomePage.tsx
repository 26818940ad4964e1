import { useDocumentTitle } from '../../components/useDocumentTitle';
import ProductList from '../../features/products/components/ProductList';
import PromoBanner from '../../features/products/components/PromoBanner';
import WishlistHeart from '../../features/wishlist/components/WishlistHeart';

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
