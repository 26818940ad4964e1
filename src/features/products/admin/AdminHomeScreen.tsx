import { useDocumentTitle } from '../../../components/useDocumentTitle';
import ProductList from '../components/ProductList';

/** /admin — the shared product listing in its admin form (SPEC §2): same filters, sort and paging. */
export default function AdminHomeScreen() {
  useDocumentTitle('Admin: Products');
  return <ProductList admin />;
}
