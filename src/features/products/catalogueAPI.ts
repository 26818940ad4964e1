// The catalogue's reads for the listing's filters and the search box. Apart from productsAPI.ts,
// which the store imports: this code loads with the listing, not with every first page.
import { apiClient } from '../../lib/apiClient';
import { toApiQuery, type ListingQuery } from '../../lib/listingQuery';
import type { ProductFacets, Suggestions } from '../../domain/types';

const NOT_FILTERS = ['_sort', '_order', '_page', '_limit'];

/** The listing's filters in their API form (q, category, brand, deleted, price…): no sort or page. */
export function facetsQuery(query: ListingQuery): string {
  const params = new URLSearchParams(toApiQuery(query));
  for (const key of NOT_FILTERS) params.delete(key);
  return params.toString();
}

// GET /products/facets?{the list's filters}: each group's counts, the price range, in stock.
export const fetchFacets = (filters: string) => apiClient.get<ProductFacets>(`/products/facets?${filters}`);

// GET /products/suggest?q=: up to 5 products, categories and brands.
export const fetchSuggestions = (q: string) =>
  apiClient.get<Suggestions>(`/products/suggest?${new URLSearchParams({ q }).toString()}`);
