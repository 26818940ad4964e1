import { useDocumentTitle } from '../../../components/useDocumentTitle';
import ProductList from '../components/ProductList';
import ProductTransferLinks from './ProductTransferLinks';

/**
 * /admin — the shared product listing in its admin form: same filters, sort and paging,
 * plus 'Import CSV' and 'Export CSV' (back-office code, handed in so no shopper downloads it).
 */
export default function AdminHomeScreen() {
  useDocumentTitle('Admin: Products');
  return <ProductList admin tools={(apiQuery) => <ProductTransferLinks apiQuery={apiQuery} />} />;
}
