import { describe, expect, it } from 'vitest';
import { SORT_OPTIONS } from '../domain/constants';
import { emptyListingQuery, toApiQuery, type ListingQuery } from './listingQuery';
import {
  activeFilterCount,
  parseListingParams,
  toSearchParams,
  withDeleted,
  withFilter,
  withoutFilters,
  withPage,
  withPriceRange,
  withRange,
  withSearch,
  withSort,
} from './listingParams';

const full: ListingQuery = {
  filter: { category: ['smartphones', 'laptops'], brand: ['Novaphone'] },
  sort: { _sort: 'salePrice', _order: 'asc' },
  page: 3,
  q: 'zen',
  ranges: {},
};

describe('listingQuery', () => {
  it('round-trips the listing through the URL', () => {
    const params = toSearchParams(full);
    expect(params.toString()).toBe('category=smartphones&category=laptops&brand=Novaphone&sort=price&order=asc&q=zen&page=3');
    expect(parseListingParams(params)).toEqual(full);
  });

  it('keeps the plain URL clean for the default listing', () => {
    expect(toSearchParams(emptyListingQuery()).toString()).toBe('');
    expect(parseListingParams(new URLSearchParams())).toEqual(emptyListingQuery());
  });

  it('builds the API query: filters repeated, then sort, then paging', () => {
    expect(toApiQuery(full)).toBe(
      'category=smartphones&category=laptops&brand=Novaphone&_sort=salePrice&_order=asc&_page=3&_limit=15&search=zen',
    );
    expect(toApiQuery(emptyListingQuery())).toBe('_page=1&_limit=15');
    expect(toApiQuery(emptyListingQuery(), 5)).toBe('_page=1&_limit=5');
  });

  it('maps the admin "show" choice to the deleted filter', () => {
    const base = emptyListingQuery();
    expect(toApiQuery(withDeleted(base, 'active'))).toBe('_page=1&_limit=15&deleted_ne=true');
    expect(toApiQuery(withDeleted(base, 'deleted'))).toBe('_page=1&_limit=15&deleted=true');
    expect(withDeleted(base, 'all').deleted).toBeUndefined();
    expect(toSearchParams(withDeleted(base, 'deleted')).toString()).toBe('deleted=deleted');
    expect(parseListingParams(new URLSearchParams('deleted=active')).deleted).toBe('active');
  });

  it('ignores malformed URL values instead of failing', () => {
    const parsed = parseListingParams(
      new URLSearchParams('sort=title&order=asc&page=-2&deleted=maybe&category=&category=a&category=a&q=%20%20'),
    );
    expect(parsed).toEqual({ filter: { category: ['a'], brand: [] }, page: 1, ranges: {} });
    expect(parseListingParams(new URLSearchParams('page=2.5')).page).toBe(1);
    expect(parseListingParams(new URLSearchParams('sort=price&order=sideways')).sort).toBeUndefined();
  });

  it('ticking adds a value, unticking removes it, and both go back to page 1', () => {
    const onPage3 = withPage(emptyListingQuery(), 3);
    const ticked = withFilter(onPage3, 'category', 'laptops', true);
    expect(ticked.filter.category).toEqual(['laptops']);
    expect(ticked.page).toBe(1);
    const twice = withFilter(withFilter(ticked, 'category', 'smartphones', true), 'category', 'smartphones', true);
    expect(twice.filter.category).toEqual(['laptops', 'smartphones']);
    const unticked = withFilter(withPage(twice, 2), 'category', 'laptops', false);
    expect(unticked.filter.category).toEqual(['smartphones']);
    expect(unticked.page).toBe(1);
    expect(activeFilterCount(withFilter(unticked, 'brand', 'Acme', true))).toBe(2);
  });

  it('sorting and searching go back to page 1; paging keeps everything else', () => {
    const sorted = withSort(withPage(emptyListingQuery(), 4), SORT_OPTIONS[0]);
    expect(sorted.sort).toEqual({ _sort: 'rating', _order: 'desc' });
    expect(sorted.page).toBe(1);
    const searched = withSearch(withPage(sorted, 2), '  phone ');
    expect(searched.q).toBe('phone');
    expect(searched.page).toBe(1);
    expect(withSearch(searched, '   ').q).toBeUndefined();
    expect(withPage(searched, 5)).toEqual({ ...searched, page: 5 });
    expect(withPage(searched, 0).page).toBe(1);
  });

  it('carries the facet filters in the URL under their own names, and to the API under theirs', () => {
    const query: ListingQuery = { ...emptyListingQuery(), ranges: { salePrice_gte: 20, salePrice_lte: 300, rating_gte: 4, stock_gte: 1 } };
    const params = toSearchParams(query);
    expect(params.toString()).toBe('min_price=20&max_price=300&rating=4&in_stock=1');
    expect(parseListingParams(params)).toEqual(query);
    expect(toApiQuery({ ...query, q: 'zen', filter: { category: ['laptops'], brand: [] } })).toBe(
      'category=laptops&_page=1&_limit=15&search=zen&salePrice_gte=20&salePrice_lte=300&rating_gte=4&stock_gte=1',
    );
  });

  it('drops facet filters the API would refuse', () => {
    const parsed = parseListingParams(new URLSearchParams('min_price=-5&max_price=12.5&rating=6&in_stock=yes'));
    expect(parsed.ranges).toEqual({});
    expect(parseListingParams(new URLSearchParams('rating=0')).ranges).toEqual({});
    expect(parseListingParams(new URLSearchParams('rating=3.5&max_price=0')).ranges).toEqual({ rating_gte: 3.5, salePrice_lte: 0 });
  });

  it('a facet filter goes back to page 1; the price range is set and removed as one', () => {
    const onPage2 = withPage(emptyListingQuery(), 2);
    const rated = withRange(onPage2, 'rating_gte', 3);
    expect(rated).toMatchObject({ page: 1, ranges: { rating_gte: 3 } });
    expect(withRange(rated, 'rating_gte', undefined).ranges).toEqual({});
    const priced = withPriceRange(rated, 100, 500);
    expect(priced.ranges).toEqual({ rating_gte: 3, salePrice_gte: 100, salePrice_lte: 500 });
    expect(withPriceRange(priced, undefined, 80).ranges).toEqual({ rating_gte: 3, salePrice_lte: 80 });
    expect(activeFilterCount(withFilter(priced, 'brand', 'Acme', true))).toBe(3);
    expect(activeFilterCount(withRange(priced, 'stock_gte', 1))).toBe(3);
  });

  it("'Clear all' drops every filter and the search, and keeps the sort and the admin's choice", () => {
    const busy: ListingQuery = {
      ...full,
      deleted: 'active',
      ranges: { salePrice_gte: 1, stock_gte: 1 },
    };
    expect(withoutFilters(busy)).toEqual({ ...emptyListingQuery(), sort: full.sort, deleted: 'active' });
  });
});
