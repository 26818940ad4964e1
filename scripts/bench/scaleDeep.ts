// The scale bench's filtered-and-sorted deep pages: every sort the storefront offers
// (src/domain/constants.ts SORT_OPTIONS) within a category and within a brand, at pages 20–24,
// one page after another across requests. Sent as the storefront's listing sends them
// (src/lib/listingQuery.ts toApiQuery: filters, _sort, _order, _page, _limit; a shopper's listing
// sends no `deleted_ne`).
import { ITEMS_PER_PAGE, SORT_OPTIONS } from '../../src/domain/constants';

export type DeepFilteredKey =
  | 'deepCategoryRating'
  | 'deepCategoryPriceAsc'
  | 'deepCategoryPriceDesc'
  | 'deepBrandRating'
  | 'deepBrandPriceAsc'
  | 'deepBrandPriceDesc';

/** A category (one of 12 equal ones) and a brand (one of its category's two). */
export const SCALE_DEEP_CATEGORY = 'laptops';
export const SCALE_DEEP_BRAND = 'Stridewell';
/** The pages asked for, in turn (a brand of a 10,000-product catalogue has ~410 products: 27 pages). */
export const DEEP_FILTERED_PAGES = [20, 21, 22, 23, 24];

export interface DeepFilteredCase {
  key: DeepFilteredKey;
  filter: 'category' | 'brand';
  value: string;
  sort: (typeof SORT_OPTIONS)[number];
  name: string;
}

const KEYS: Record<'category' | 'brand', Record<string, DeepFilteredKey>> = {
  category: { 'rating desc': 'deepCategoryRating', 'salePrice asc': 'deepCategoryPriceAsc', 'salePrice desc': 'deepCategoryPriceDesc' },
  brand: { 'rating desc': 'deepBrandRating', 'salePrice asc': 'deepBrandPriceAsc', 'salePrice desc': 'deepBrandPriceDesc' },
};

export const DEEP_FILTERED: DeepFilteredCase[] = (['category', 'brand'] as const).flatMap((filter) =>
  SORT_OPTIONS.map((sort) => ({
    key: KEYS[filter][`${sort.sort} ${sort.order}`],
    filter,
    value: filter === 'category' ? SCALE_DEEP_CATEGORY : SCALE_DEEP_BRAND,
    sort,
    name: `${filter} "${sort.name}" pages 20–24`,
  })),
);

export const DEEP_FILTERED_KEYS: DeepFilteredKey[] = DEEP_FILTERED.map((c) => c.key);

/** The request of a case for one page. */
export function deepFilteredPath(c: DeepFilteredCase, page: number): string {
  const params = new URLSearchParams([
    [c.filter, c.value],
    ['_sort', c.sort.sort],
    ['_order', c.sort.order],
    ['_page', String(page)],
    ['_limit', String(ITEMS_PER_PAGE)],
  ]);
  return `/api/products?${params.toString()}`;
}

/** A path function that goes through DEEP_FILTERED_PAGES, one page a request. */
export function rotatingPath(c: DeepFilteredCase): () => string {
  let turn = 0;
  return () => deepFilteredPath(c, DEEP_FILTERED_PAGES[turn++ % DEEP_FILTERED_PAGES.length]);
}
