import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import ErrorMessage from '../../../components/ErrorMessage';
import Pagination, { pageCount } from '../../../components/Pagination';
import { ITEMS_PER_PAGE } from '../../../domain/constants';
import { toApiQuery, type DeletedFilter } from '../../../lib/listingQuery';
import {
  activeFilterCount,
  toSearchParams,
  withDeleted,
  withFilter,
  withPage,
  withPriceRange,
  withRange,
  withSearch,
} from '../../../lib/listingParams';
import { useLatest } from '../../../lib/useLatest';
import { facetsQuery, fetchFacets } from '../catalogueAPI';
import {
  fetchBrandsAsync,
  fetchCategoriesAsync,
  fetchProductsByFiltersAsync,
  selectBrands,
  selectCategories,
  selectFiltersError,
  selectProductListError,
  selectTotalItems,
} from '../productsSlice';
import FilterChips from './FilterChips';
import type { FilterActions } from './filterActions';
import FilterSections from './FilterSections';
import ListingHeader, { FILTERS_BUTTON_ID } from './ListingHeader';
import { focusSoon } from '../../../lib/useFocusNeighbour';
import type { CardAction } from './ProductCard';
import ProductResults from './ProductResults';
import SearchBox from './SearchBox';
import type { Suggestion } from './SuggestionList';
import { useListingQuery } from '../useListingQuery';
import { facetsAnswer, firstListRequest, firstScreenHasFilters } from '../listingFirstScreen';
import { Select } from '../../../components/controls';

// The slide-over (Headless UI's Dialog) is fetched when first opened (its size: npm run test:budget).
const MobileFilters = lazy(() => import('./MobileFilters'));

interface ProductListProps {
  /** The back office's list: edit links, admin detail links and the deleted/active filter. */
  admin?: boolean;
  /** The back office's extra header links for the list as it is (its CSV import and export), given its API query. */
  tools?: (apiQuery: string) => ReactNode;
  /** The shopper's list: the button over each card's corner (the wishlist's heart, which the products feature does not import). */
  cardAction?: CardAction;
}

/** The whole product listing of home and /admin; its state lives in the URL's search params. */
export default function ProductList({ admin = false, tools, cardAction }: ProductListProps) {
  const dispatch = useAppDispatch();
  const totalItems = useAppSelector(selectTotalItems);
  const error = useAppSelector(selectProductListError);
  const categories = useAppSelector(selectCategories);
  const brands = useAppSelector(selectBrands);
  const filtersError = useAppSelector(selectFiltersError);
  const [query, change] = useListingQuery(admin);
  const navigate = useNavigate();
  const [mobileFiltersOpen, setMobileFiltersOpen] = useState(false);
  const [mobileFiltersUsed, setMobileFiltersUsed] = useState(false);
  // The search a typo was corrected to (X-Search-Corrected), shown above the results.
  const [corrected, setCorrected] = useState<string | null>(null);
  const [estimated, setEstimated] = useState(false);

  const loadFilters = useCallback(() => {
    dispatch(fetchCategoriesAsync());
    dispatch(fetchBrandsAsync());
  }, [dispatch]);
  // On the page the app started on, the first screen has asked already (listingFirstScreen.ts).
  useEffect(() => {
    if (!firstScreenHasFilters()) loadFilters();
  }, [loadFilters]);
  // The counts load beside the list, never before it; the last counts stay until new ones come.
  const facets = useLatest(facetsQuery(query), fetchFacets, 0, facetsAnswer);

  const load = useCallback((first = false) => {
    const request = (first && firstListRequest(query)) || dispatch(fetchProductsByFiltersAsync(query));
    request
      .unwrap()
      .then(({ totalItems: total, corrected, estimated }) => {
        setCorrected(corrected ?? null); // none twice: no render
        setEstimated(Boolean(estimated));
        // Back to page 1 when the result count no longer reaches the current page.
        if (query.page > 1 && query.page > pageCount(total, ITEMS_PER_PAGE)) change(withPage(query, 1), true);
      })
      .catch(() => undefined);
    return request;
  }, [dispatch, query, change]);
  useEffect(() => {
    const request = load(true);
    // A newer listing supersedes this one; its late answer must not overwrite the newer list.
    return () => request.abort();
  }, [load]);

  const options = { category: categories, brand: brands };
  const actions: FilterActions = {
    toggle: (group, value, checked) => change(withFilter(query, group, value, checked)),
    setRange: (rangeKey, value) => change(withRange(query, rangeKey, value)),
    setPrice: (min, max) => change(withPriceRange(query, min, max)),
  };
  const sections = { query, options, facets: facets.data, actions };
  // A product suggestion opens the product; a category or brand becomes a filter instead of the text.
  const pick = (suggestion: Suggestion) => {
    if (suggestion.kind === 'product') navigate(admin ? `/admin/productdetail/${suggestion.id}` : `/products/${suggestion.id}`);
    else change(withSearch(withFilter(query, suggestion.kind, suggestion.value, true), ''));
  };
  const filtersFailed = [filtersError && `The categories and brands could not be loaded: ${filtersError}`, facets.error && `The filter counts could not be loaded: ${facets.error}`].filter(Boolean).join('\n');
  const retryFilters = () => {
    if (filtersError) loadFilters();
    if (facets.error) facets.retry();
  };

  return (
    <div className="bg-white">
      {mobileFiltersUsed && (
        <Suspense fallback={null}>
          {/* Closed, the focus goes back to Filters: on the first opening the panel, loaded then, mounts already open and its dialog has nothing to give it back to. */}
          <MobileFilters open={mobileFiltersOpen} onClose={() => (setMobileFiltersOpen(false), focusSoon(() => document.getElementById(FILTERS_BUTTON_ID)))} {...sections} />
        </Suspense>
      )}

      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <ListingHeader
          admin={admin}
          tools={tools?.(toApiQuery(query))}
          query={query}
          onChange={change}
          filterCount={activeFilterCount(query)}
          onOpenFilters={() => {
            setMobileFiltersUsed(true);
            setMobileFiltersOpen(true);
          }}
        />

        <div className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
          <SearchBox value={query.q ?? ''} onSearch={(q) => change(withSearch(query, q))} onPick={pick} />
          {admin && (
            <div className="flex items-center gap-2">
              <label htmlFor="show-deleted" className="text-sm font-medium text-gray-700">
                Show
              </label>
              <Select
                compact
                id="show-deleted"
                value={query.deleted ?? 'all'}
                onChange={(event) => change(withDeleted(query, event.target.value as DeletedFilter))}
              >
                <option value="all">All products</option>
                <option value="active">Active only</option>
                <option value="deleted">Deleted only</option>
              </Select>
            </div>
          )}
        </div>
        <FilterChips query={query} options={options} onChange={change} />

        <section aria-labelledby="products-heading" className="pb-16">
          <h2 id="products-heading" className="sr-only">
            Products
          </h2>
          <div className="grid grid-cols-1 gap-x-8 gap-y-10 lg:grid-cols-4">
            <form
              className="hidden lg:block"
              aria-label="Product filters"
              aria-busy={facets.loading}
              onSubmit={(event) => event.preventDefault()}
            >
              {filtersFailed && <ErrorMessage title="The filters could not be loaded" message={filtersFailed} onRetry={retryFilters} className="mb-4" />}
              <FilterSections idPrefix="filter" {...sections} />
            </form>

            <div className="lg:col-span-3">
              {filtersFailed && <ErrorMessage title="The filters could not be loaded" message={filtersFailed} onRetry={retryFilters} className="mb-4 lg:hidden" />}
              {corrected && (
                <p role="status" className="mb-4 text-sm text-gray-700">
                  Showing results for {corrected}
                </p>
              )}
              <ProductResults admin={admin} onRetry={() => load()} cardAction={cardAction} />
              {!error && (
                <Pagination
                  className="mt-8"
                  page={query.page}
                  totalItems={totalItems}
                  estimated={estimated}
                  pageSize={ITEMS_PER_PAGE}
                  hrefFor={(page) => `?${toSearchParams(withPage(query, page)).toString()}`}
                />
              )}
            </div>
          </div>
        </section>
      </div>
    </div>
  );
}
