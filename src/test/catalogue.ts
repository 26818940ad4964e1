// The catalogue as the listing's tests see it: categories, brands, facet counts and a page of products.
import type { ProductFacets, FilterOption, Product } from '../domain/types';
import { calls, jsonResponse, product, stubFetch } from './utils';

export const categories: FilterOption[] = [
  { id: 1, value: 'laptops', label: 'Laptops' },
  { id: 2, value: 'smartphones', label: 'Smartphones' },
];
export const brands: FilterOption[] = [{ id: 1, value: 'Novaphone', label: 'Novaphone' }];

export const facets = (overrides: Partial<ProductFacets> = {}): ProductFacets => ({
  total: 32,
  categories: [
    { value: 'laptops', label: 'Laptops', count: 0 },
    { value: 'smartphones', label: 'Smartphones', count: 32 },
  ],
  brands: [{ value: 'Novaphone', label: 'Novaphone', count: 32 }],
  price: { min: 12, max: 950 },
  inStock: 30,
  ...overrides,
});

type Answer = (url: URL) => Response | Promise<Response>;

interface CatalogueStub {
  total?: number;
  products?: Product[];
  /** Answers each facets request (default: `facets()`). */
  facets?: Answer;
  /** Answers each suggestions request (default: none found). */
  suggest?: Answer;
  /** Other calls the page makes (the wishlist's, on the home page). */
  more?: Parameters<typeof stubFetch>[0];
}

/** Stubs the listing's calls. */
export function stubCatalogue({
  total = 32,
  products = [product({ id: 1, title: 'Zen Phone' }), product({ id: 2, title: 'Old Phone', deleted: true })],
  facets: answerFacets = () => jsonResponse(facets()),
  suggest = () => jsonResponse({ products: [], categories: [], brands: [] }),
  more = {},
}: CatalogueStub = {}) {
  return stubFetch({
    ...more,
    'GET /api/products': () => jsonResponse(products, 200, { 'X-Total-Count': String(total) }),
    'GET /api/categories': () => jsonResponse(categories),
    'GET /api/brands': () => jsonResponse(brands),
    'GET /api/products/facets': ({ url }) => answerFacets(url),
    'GET /api/products/suggest': ({ url }) => suggest(url),
  });
}

/** The product list requests a stubbed fetch received. */
export const productCalls = (fetch: ReturnType<typeof stubFetch>) =>
  calls(fetch).filter((c) => c.startsWith('GET /api/products?'));
