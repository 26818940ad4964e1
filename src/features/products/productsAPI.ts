import { apiClient } from '../../lib/apiClient';
import { MAX_PAGE_SIZE } from '../../domain/constants';
import { toApiQuery, type ListingQuery } from '../../lib/listingQuery';
import type { FilterOption, Product } from '../../domain/types';

/** A product as the admin form sends it: no id yet; rating and reviews are the server's. */
export type NewProduct = Omit<Product, 'id' | 'rating' | 'reviews'> & Partial<Pick<Product, 'rating' | 'reviews'>>;
export type ProductUpdate = Partial<Product> & Pick<Product, 'id'>;

// GET /products/?{filters}&_sort&_order&_page&_limit&search: X-Total-Count gives totalItems,
// X-Search-Corrected the search a typo was corrected to (null when none was),
// X-Total-Count-Estimated whether totalItems is an estimate.
export const fetchProductsByFilters = (query: ListingQuery) =>
  apiClient
    .list<Product>(`/products?${toApiQuery(query)}`)
    .then(({ items, total, corrected, estimated }) => ({ products: items, totalItems: total, corrected, estimated }));

// GET /products/{id}
export const fetchProductById = (id: number | string) =>
  apiClient.get<Product>(`/products/${encodeURIComponent(String(id))}`);

/** Every item of an API list, read page after page (an answer holds at most MAX_PAGE_SIZE) up to X-Total-Count. */
async function everyItem<T>(path: string): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; ; page++) {
    const { items, total } = await apiClient.list<T>(`${path}?_page=${page}&_limit=${MAX_PAGE_SIZE}`);
    all.push(...items);
    if (items.length < MAX_PAGE_SIZE || all.length >= total) return all;
  }
}

// GET /categories, GET /brands: all of them
export const fetchCategories = () => everyItem<FilterOption>('/categories');
export const fetchBrands = () => everyItem<FilterOption>('/brands');

// POST /products (admin)
export const createProduct = (product: NewProduct) => apiClient.post<Product>('/products', product);

// PATCH /products/{id} (admin); soft delete sends deleted: true.
export const updateProduct = (product: ProductUpdate) =>
  apiClient.patch<Product>(`/products/${product.id}`, product);
