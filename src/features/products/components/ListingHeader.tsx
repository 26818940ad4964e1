import type { ReactNode } from 'react';
import { FunnelIcon, PlusIcon, Squares2X2Icon } from '@heroicons/react/20/solid';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../../components/controls';
import { PRICES_BEFORE_TAX } from '../../../domain/pricing';
import type { ListingQuery } from '../../../lib/listingQuery';
import { withSort } from '../../../lib/listingParams';
import SortMenu from './SortMenu';

interface ListingHeaderProps {
  admin: boolean;
  query: ListingQuery;
  onChange: (next: ListingQuery) => void;
  /** Filters in use, shown on the small screens' Filters button. */
  filterCount: number;
  onOpenFilters: () => void;
  /** The back office's links beside 'Add New Product'. */
  tools?: ReactNode;
}

/** The Filters button's id (the slide-over gives the focus back to it). */
export const FILTERS_BUTTON_ID = 'open-filters';

/** 'All Products' (with 'Prices are before tax.' for shoppers), 'Add New Product' (admin), the Sort menu, the grid icon and the Filters button. */
export default function ListingHeader({ admin, query, onChange, filterCount, onOpenFilters, tools }: ListingHeaderProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4 border-b border-gray-200 pt-8 pb-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">All Products</h1>
        {!admin && <p className="mt-1 text-sm text-gray-600">{PRICES_BEFORE_TAX}</p>}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {admin && (
          <Link to="/admin/product-form" className={buttonClass('create', 'md', 'mr-2')}>
            <PlusIcon aria-hidden="true" className="size-4" />
            Add New Product
          </Link>
        )}
        {tools}
        <SortMenu query={query} onSort={(option) => onChange(withSort(query, option))} />
        <span role="img" aria-label="Grid view" title="Grid view" className="p-2 text-gray-500">
          <Squares2X2Icon aria-hidden="true" className="size-5" />
        </span>
        <button
          type="button"
          id={FILTERS_BUTTON_ID}
          onClick={onOpenFilters}
          className="inline-flex items-center gap-1 rounded-md p-2 text-sm font-medium text-gray-700 hover:text-gray-900 lg:hidden"
        >
          <FunnelIcon aria-hidden="true" className="size-5" />
          Filters
          {filterCount > 0 && <span className="text-xs text-brand-700">({filterCount})</span>}
        </button>
      </div>
    </div>
  );
}
