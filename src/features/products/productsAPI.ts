import { apiClient } from '../../lib/apiClient';
import { toApiQuery, type ListingQuery } from '../../lib/listingQuery';
import type { FilterOption, Product } from '../../types';

/** A product as the admin form sends it: no id yet; rating and reviews are the server's. */
export type NewProduct = Omit<Product, 'id' | 'rating' | 'reviews'> & Partial<Pick<Product, 'rating' | 'reviews'>>;
export type ProductUpdate = Partial<Product> & Pick<Product, 'id'>;

// GET /products/?{filters}&_sort&_order&_page&_limit&q: X-Total-Count gives totalItems.
export const fetchProductsByFilters = (query: ListingQuery) =>
  apiClient
    .list<Product>(`/products?${toApiQuery(query)}`)
    .then(({ items, total }) => ({ products: items, totalItems: total }));

// GET /products/{id}
export const fetchProductById = (id: number | string) =>
  apiClient.get<Product>(`/products/${encodeURIComponent(String(id))}`);

// GET /categories, GET /brands
export const fetchCategories = () => apiClient.get<FilterOption[]>('/categories');
export const fetchBrands = () => apiClient.get<FilterOption[]>('/brands');

// POST /products (admin)
export const createProduct = (product: NewProduct) => apiClient.post<Product>('/products', product);

// PATCH /products/{id} (admin); soft delete sends deleted: true.
export const updateProduct = (product: ProductUpdate) =>
  apiClient.patch<Product>(`/products/${product.id}`, product);
