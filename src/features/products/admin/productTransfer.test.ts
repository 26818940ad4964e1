import { describe, expect, it } from 'vitest';
import { emptyListingQuery, toApiQuery } from '../../../lib/listingQuery';
import { toRowErrors } from './productTransfer';
import { productsExportHref } from './ProductTransferLinks';

describe('product CSV', () => {
  it("Export CSV asks for the list's filters, sort, search and show choice, not its page", () => {
    expect(productsExportHref(toApiQuery(emptyListingQuery()))).toBe('/api/admin/export/products.csv');
    const query = {
      ...emptyListingQuery(),
      filter: { category: ['laptops', 'smartphones'], brand: ['Apple'] },
      sort: { _sort: 'salePrice', _order: 'desc' } as const,
      page: 4,
      q: 'pro',
      deleted: 'active' as const,
      ranges: { salePrice_gte: 100 },
    };
    expect(productsExportHref(toApiQuery(query))).toBe(
      '/api/admin/export/products.csv?category=laptops&category=smartphones&brand=Apple&_sort=salePrice&_order=desc&search=pro&deleted_ne=true&salePrice_gte=100',
    );
  });

  it('reads "row <line>.<field>" keys into rows, in the order of the file', () => {
    expect(toRowErrors({ 'row 10.price': 'p', 'row 3.title': 't', csv: 'whole file' })).toEqual([
      { field: 'csv', message: 'whole file' },
      { row: 3, field: 'title', message: 't' },
      { row: 10, field: 'price', message: 'p' },
    ]);
  });
});
