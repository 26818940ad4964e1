// What the product listing offers and answers: the filter and sort options, the facet counts and
// the search suggestions (GET /categories, /brands, /products/facets, /products/suggest).
import type { Product } from './productFields';

/** A category or brand filter option; `checked` is UI-only. */
export interface FilterOption {
  id?: number;
  value: string;
  label: string;
  checked?: boolean;
}

export interface SortOption {
  name: string;
  /** The API's sort field: `salePrice` is the price the shopper sees. */
  sort: 'rating' | 'salePrice';
  order: 'asc' | 'desc';
}

/** A category or brand with how many products match the other filters. */
export interface FacetOption {
  value: string;
  label: string;
  count: number;
}

/** GET /products/facets: what each filter would leave, given the others. */
export interface ProductFacets {
  total: number;
  categories: FacetOption[];
  brands: FacetOption[];
  /** Displayed prices of the products the other filters leave; null when none. */
  price: { min: number; max: number } | null;
  /** How many of the products the other filters leave are in stock. */
  inStock: number;
}

/** GET /products/suggest. */
export interface Suggestions {
  products: Pick<Product, 'id' | 'title' | 'thumbnail'>[];
  categories: Pick<FilterOption, 'value' | 'label'>[];
  brands: Pick<FilterOption, 'value' | 'label'>[];
}
