// The shopper's listing, asked for before the app's first render when the app starts on it
// (src/lib/firstScreen.ts): the products of the URL's listing, the category and brand lists and
// the filter counts. ProductList finds these requests by the same keys instead of asking again.
import { firstScreenAnswer, firstScreenRequest, startForFirstScreen, type FirstScreenContext } from '../../lib/firstScreen';
import { toApiQuery, type ListingQuery } from '../../lib/listingQuery';
import type { ProductFacets } from '../../domain/types';
import { facetsQuery, fetchFacets } from './catalogueAPI';
import { fetchBrandsAsync, fetchCategoriesAsync, fetchProductsByFiltersAsync } from './productsSlice';
import { listingOfSearch } from './useListingQuery';

const FILTERS_KEY = 'catalogue filters';
const listKey = (query: ListingQuery) => `products ${toApiQuery(query)}`;
const facetsKey = (filters: string) => `facets ${filters}`;

type ListRequest = ReturnType<ReturnType<typeof fetchProductsByFiltersAsync>>;

/** The first screen's request for the products of `query`, if there is one. */
export const firstListRequest = (query: ListingQuery) => firstScreenRequest<ListRequest>(listKey(query));
/** Has the first screen asked for the category and brand lists? */
export const firstScreenHasFilters = () => firstScreenRequest(FILTERS_KEY) !== undefined;
/** The filter counts of a listing's filters (facetsQuery), if the first screen has them. */
export const facetsAnswer = (filters: string) => firstScreenAnswer<ProductFacets>(facetsKey(filters));

export function listingFirstScreen({ dispatch, search }: FirstScreenContext): Promise<unknown> {
  const query = listingOfSearch(search, false);
  const filters = facetsQuery(query);
  return Promise.all([
    startForFirstScreen(listKey(query), dispatch(fetchProductsByFiltersAsync(query))),
    startForFirstScreen(FILTERS_KEY, Promise.all([dispatch(fetchCategoriesAsync()), dispatch(fetchBrandsAsync())])),
    startForFirstScreen(facetsKey(filters), fetchFacets(filters)),
  ]);
}
