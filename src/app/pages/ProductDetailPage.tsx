import { useParams } from 'react-router-dom';
import AddToCart from '../../features/cart/components/AddToCart';
import ProductDetail from '../../features/products/components/ProductDetail';

/** /products/:id — the product (products feature) with the cart's 'Add to Cart' for the chosen variant. */
export default function ProductDetailPage() {
  const { id = '' } = useParams();
  return <ProductDetail id={id} buy={(product, selection) => <AddToCart product={product} selection={selection} />} />;
}
