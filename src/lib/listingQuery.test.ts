import { describe, expect, it } from 'vitest';
import { SORT_OPTIONS } from './constants';
import { emptyListingQuery, toApiQuery, type ListingQuery } from './listingQuery';
import { activeFilterCount, parseListingParams, toSearchParams, withDeleted, withFilter, withPage, withSearch, withSort } from './listingParams';

const full: ListingQuery = {
  filter: { category: ['smartphones', 'laptops'], brand: ['Novaphone'] },
  sort: { _sort: 'price', _order: 'asc' },
  page: 3,
  q: 'zen',
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

  it('builds the API query of SPEC §7: filters repeated, then sort, then paging', () => {
    expect(toApiQuery(full)).toBe(
      'category=smartphones&category=laptops&brand=Novaphone&_sort=price&_order=asc&_page=3&_limit=15&q=zen',
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
    expect(parsed).toEqual({ filter: { category: ['a'], brand: [] }, page: 1 });
    expect(parseListingParams(new URLSearchParams('page=2.5')).page).toBe(1);
    expect(parseListingParams(new URLSearchParams('sort=price&order=sideways')).sort).toBeUndefined();
  });

  it('ticking adds a value, unticking removes it, and both go back to page 1 (SPEC §4)', () => {
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
});
