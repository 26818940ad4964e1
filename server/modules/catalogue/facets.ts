// GET /products/facets: the counts beside the product list, read over the catalogue's store.
import type { FilterOption, ProductFacets } from '../../../src/domain/types';
import type { CatalogueStore, ListFilter, ListQuery, ProductListField } from '../../db/port';
import { readProductList, withCorrection } from './productSearch';

/**
 * GET /products/facets: for the list's filters (sort and paging ignored), how many products
 * match, and what each filter group would leave given all the other filters: the categories
 * and brands with their counts (every known one, 0 included), the displayed price range, and
 * how many are in stock.
 */
export async function productFacets(store: CatalogueStore, rawQuery: Record<string, unknown>): Promise<ProductFacets> {
  // A search corrected as the list corrects it, so the facets count what the list shows.
  const { list } = await withCorrection(readProductList(rawQuery).list, (terms) => store.correctSearch(terms), async (list) => ({
    list,
    total: list.search ? await store.countProducts(list) : 1,
  }));
  const filters = list.filters ?? [];
  const without = (field: ProductListField, add: ListFilter<ProductListField>[] = []): ListQuery<ProductListField> => ({
    q: list.q,
    search: list.search,
    none: list.none,
    filters: [...filters.filter((f) => f.field !== field), ...add],
  });
  const [total, byCategory, byBrand, price, inStock, categories, brands] = await Promise.all([
    store.countProducts({ q: list.q, search: list.search, none: list.none, filters }),
    store.countProductsBy('category', without('category')),
    store.countProductsBy('brand', without('brand')),
    store.salePriceRange(without('salePrice')),
    store.countProducts(without('stock', [{ field: 'stock', op: 'gte', values: ['1'] }])),
    store.listCategories({}),
    store.listBrands({}),
  ]);
  const counted = (options: FilterOption[], counts: { value: string; count: number }[]) => {
    const of = new Map(counts.map((c) => [c.value, c.count]));
    return options.map((o) => ({ value: o.value, label: o.label, count: of.get(o.value) ?? 0 }));
  };
  return {
    total,
    categories: counted(categories.items, byCategory),
    brands: counted(brands.items, byBrand),
    price: price ?? null,
    inStock,
  };
}
