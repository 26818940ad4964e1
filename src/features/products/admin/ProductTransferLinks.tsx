import { Link } from 'react-router-dom';
import { buttonClass } from '../../../components/controls';
import { API_URL } from '../../../lib/apiClient';

/**
 * GET /admin/export/products.csv with the list's filters, sort and search (every page of them);
 * `apiQuery` is the list's query as it asks the API (lib/listingQuery.ts: toApiQuery).
 */
export function productsExportHref(apiQuery: string): string {
  const params = new URLSearchParams(apiQuery);
  params.delete('_page');
  params.delete('_limit');
  const search = params.toString();
  return `${API_URL}/admin/export/products.csv${search ? `?${search}` : ''}`;
}

/** The product list's 'Import CSV' and 'Export CSV' (the list as it is filtered, sorted and searched). */
export default function ProductTransferLinks({ apiQuery }: { apiQuery: string }) {
  return (
    <>
      <Link to="/admin/import" className={buttonClass('secondary')}>
        Import CSV
      </Link>
      <a href={productsExportHref(apiQuery)} download className={buttonClass('secondary', 'md', 'mr-2')}>
        Export CSV
      </a>
    </>
  );
}
