import { useDocumentTitle } from '../../../components/useDocumentTitle';
import ProductList from '../components/ProductList';
import PromoBanner from '../components/PromoBanner';

export default function HomePage() {
  useDocumentTitle('All Products');
  return (
    <>
      <PromoBanner />
      <ProductList />
    </>
  );
}
