import { ArrowDownTrayIcon, ArrowUpTrayIcon } from '@heroicons/react/20/solid';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../../components/controls';
import type { ListingQuery } from '../../../lib/listingQuery';
import { productsExportHref } from './productTransfer';

/** The product list's 'Import CSV' and 'Export CSV' (the list as it is filtered, sorted and searched). */
export default function ProductTransferLinks({ query }: { query: ListingQuery }) {
  return (
    <>
      <Link to="/admin/import" className={buttonClass('secondary')}>
        <ArrowUpTrayIcon aria-hidden="true" className="size-4" />
        Import CSV
      </Link>
      <a href={productsExportHref(query)} download className={buttonClass('secondary', 'md', 'mr-2')}>
        <ArrowDownTrayIcon aria-hidden="true" className="size-4" />
        Export CSV
      </a>
    </>
  );
}
