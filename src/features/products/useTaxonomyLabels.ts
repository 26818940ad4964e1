// The display names (labels) of brands and categories, which products store by value (slug): the
// lists the store already holds (fetched once here when nothing asked for them yet), a value
// shown as it is while they load or when it is not listed.
import { useEffect } from 'react';
import type { FilterOption } from '../../domain/types';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { fetchBrandsAsync, fetchCategoriesAsync, selectBrands, selectCategories } from './productsSlice';

let asked = false;

export function labelOf(options: readonly FilterOption[], value: string | undefined | null): string {
  if (!value) return '';
  return options.find((o) => o.value === value)?.label ?? value;
}

/**
 * `load`: fetch the lists when the store has none (the product pages). Without it (the cart, the
 * wishlist, whose requests stay their own) the labels come once the lists are loaded elsewhere.
 */
export function useTaxonomyLabels({ load = true }: { load?: boolean } = {}): { brand: (value?: string | null) => string; category: (value?: string | null) => string } {
  const dispatch = useAppDispatch();
  const brands = useAppSelector(selectBrands);
  const categories = useAppSelector(selectCategories);
  const empty = brands.length === 0 && categories.length === 0;
  useEffect(() => {
    if (!load || !empty || asked) return;
    asked = true;
    void Promise.all([dispatch(fetchBrandsAsync()), dispatch(fetchCategoriesAsync())]).finally(() => {
      asked = false;
    });
  }, [dispatch, empty, load]);
  return { brand: (value) => labelOf(brands, value), category: (value) => labelOf(categories, value) };
}
