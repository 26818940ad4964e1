import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import ErrorMessage from '../../../components/ErrorMessage';
import Pagination, { pageCount } from '../../../components/Pagination';
import Spinner from '../../../components/Spinner';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { toSearchParams, withPage } from '../../../lib/listingParams';
import { toApiQuery } from '../../../lib/listingQuery';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { useLatest } from '../../../lib/useLatest';
import { fetchBrandsAsync, fetchCategoriesAsync, selectBrands, selectCategories } from '../productsSlice';
import { useListingQuery } from '../useListingQuery';
import BulkActions from './BulkActions';
import ProductTable from './ProductTable';
import ProductTableFilters from './ProductTableFilters';
import { fetchProductTable } from './productTableAPI';

/** Rows a page of the table holds. */
export const TABLE_PAGE_SIZE = 20;

/**
 * /admin/products — the products as a table, beside the card grid of /admin: the grid's search,
 * filters and sort (in the URL), prices and stock edited in place, bulk actions on ticked rows.
 */
export default function AdminProductsScreen() {
  useDocumentTitle('Admin: Products table');
  const dispatch = useAppDispatch();
  const categories = useAppSelector(selectCategories);
  const brands = useAppSelector(selectBrands);
  useEffect(() => {
    dispatch(fetchCategoriesAsync());
    dispatch(fetchBrandsAsync());
  }, [dispatch]);

  const [query, change] = useListingQuery(true);
  const apiQuery = toApiQuery(query, TABLE_PAGE_SIZE);
  const list = useLatest(apiQuery, fetchProductTable);
  const current = list.dataKey === apiQuery && !list.loading;
  // The ticks belong to the list they were made on: another page or filter starts with none.
  const [ticks, setTicks] = useState<{ key: string; ids: Set<number> }>({ key: apiQuery, ids: new Set() });
  const ticked = ticks.key === apiQuery ? ticks.ids : new Set<number>();
  const tick = (ids: number[], on: boolean) => {
    const next = new Set(ticked);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    setTicks({ key: apiQuery, ids: next });
  };
  // A page past the end (an old link, fewer products now) shows the last page instead.
  const pages = pageCount(list.data?.total ?? 0, TABLE_PAGE_SIZE);
  useEffect(() => {
    if (current && pages > 0 && query.page > pages) change(withPage(query, pages), true);
  }, [current, pages, query, change]);
  const { retry } = list;
  const reload = useCallback(() => retry(), [retry]);
  // A saved price or stock can move its row (the table sorted by it) or take it off the page: the
  // focus follows the field to its new place, or goes to the table when the row is no longer shown.
  const table = useRef<HTMLDivElement>(null);
  const focusAfterSave = useRef<string | null>(null);
  const saved = useCallback(
    (focusedId: string | null) => {
      focusAfterSave.current = focusedId;
      retry();
    },
    [retry],
  );
  useEffect(() => {
    const id = focusAfterSave.current;
    if (id === null || !current) return;
    focusAfterSave.current = null;
    const active = document.activeElement;
    if (active === null || active === document.body) (document.getElementById(id) ?? table.current)?.focus();
  }, [current, list.data]);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight text-gray-900">Products table</h1>
        <Link to={`/admin?${toSearchParams(withPage(query, 1)).toString()}`.replace(/\?$/, '')} className="rounded text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
          Card view
        </Link>
      </div>
      <div className="mt-4">
        <ProductTableFilters query={query} onChange={change} options={{ category: categories, brand: brands }} />
      </div>
      <div className="mt-4">
        <BulkActions
          ids={[...ticked]}
          categories={categories}
          brands={brands}
          onDone={() => {
            setTicks({ key: apiQuery, ids: new Set() });
            reload();
          }}
        />
      </div>
      <div className="mt-4">
        {list.error ? (
          <ErrorMessage title="The products could not be loaded" message={list.error} onRetry={list.retry} />
        ) : !list.data ? (
          <Spinner label="Loading products…" />
        ) : list.data.items.length === 0 ? (
          <p className="rounded-md bg-gray-50 p-6 text-center text-sm text-gray-700">No product matches.</p>
        ) : (
          <div
            ref={table}
            role="region"
            aria-label="Products table"
            tabIndex={0}
            aria-busy={!current}
            className={`overflow-x-auto rounded-lg ring-1 ring-gray-900/5 focus-visible:outline-2 focus-visible:outline-brand-600 ${current ? '' : 'opacity-60'}`}
          >
            <ProductTable rows={list.data.items} ticked={ticked} onTick={tick} onSaved={saved} />
          </div>
        )}
      </div>
      {list.data && !list.error && (
        <Pagination
          className="mt-4"
          page={query.page}
          totalItems={list.data.total}
          estimated={list.data.estimated}
          pageSize={TABLE_PAGE_SIZE}
          hrefFor={(page) => `?${toSearchParams(withPage(query, page)).toString()}`}
        />
      )}
    </div>
  );
}
