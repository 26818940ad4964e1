import { describe, expect, it } from 'vitest';
import { ordersQueryString } from '../ordersQuery';
import { ordersExportHref, parseOrdersParams, shownSort, toOrdersParams, withOrderSort, withSearch, withStatusFilter } from './ordersParams';

const parse = (search: string) => parseOrdersParams(new URLSearchParams(search));

describe('orders query in the URL', () => {
  it('reads page, status and sort, ignoring anything malformed', () => {
    expect(parse('')).toEqual({ page: 1 });
    expect(parse('page=3&status=delivered&sort=totalAmount&order=desc')).toEqual({
      page: 3,
      status: 'delivered',
      sort: 'totalAmount',
      order: 'desc',
    });
    expect(parse('page=-2&status=lost&sort=password&order=up')).toEqual({ page: 1 });
    expect(parse('page=1.5&sort=id')).toEqual({ page: 1, sort: 'id', order: 'asc' });
  });

  it('writes only what differs from the default, and round-trips', () => {
    expect(toOrdersParams({ page: 1 }).toString()).toBe('');
    const query = { page: 2, status: 'pending' as const, sort: 'id' as const, order: 'desc' as const };
    expect(parse(toOrdersParams(query).toString())).toEqual(query);
  });

  it('sorting toggles the direction and filtering or sorting goes back to page 1', () => {
    const sorted = withOrderSort({ page: 4 }, 'totalAmount');
    expect(sorted).toEqual({ page: 1, sort: 'totalAmount', order: 'asc' });
    expect(withOrderSort({ ...sorted, page: 2 }, 'totalAmount')).toMatchObject({ order: 'desc', page: 1 });
    expect(withOrderSort(sorted, 'id')).toMatchObject({ sort: 'id', order: 'asc' });
    expect(withStatusFilter({ page: 3 }, 'cancelled')).toEqual({ page: 1, status: 'cancelled' });
  });
});

describe('the customer filter and the export link', () => {
  it('reads user=<id> (a positive whole number only) and writes it back', () => {
    expect(parse('user=7')).toEqual({ page: 1, user: 7 });
    expect(parse('user=0')).toEqual({ page: 1 });
    expect(parse('user=-3&status=pending')).toEqual({ page: 1, status: 'pending' });
    expect(parse('user=1e3')).toEqual({ page: 1 });
    expect(parse('user=99999999999999999999')).toEqual({ page: 1 });
    expect(toOrdersParams({ page: 2, user: 7, status: 'pending' }).toString()).toBe('status=pending&user=7&page=2');
    // Filtering by status keeps the customer.
    expect(withStatusFilter({ page: 3, user: 7 }, 'delivered')).toEqual({ page: 1, user: 7, status: 'delivered' });
  });

  it('the API query carries the customer', () => {
    expect(ordersQueryString({ page: 1, user: 7 })).toBe('_page=1&_per_page=5&user=7');
  });

  it('Export CSV asks for what the screen shows: status, customer and sort, not the page', () => {
    expect(ordersExportHref({ page: 3 })).toBe('/api/admin/export/orders.csv');
    expect(ordersExportHref({ page: 2, status: 'pending', user: 7, sort: 'totalAmount', order: 'desc' })).toBe(
      '/api/admin/export/orders.csv?status=pending&user=7&_sort=totalAmount&_order=desc',
    );
  });
});

describe('the search and the days placed', () => {
  it('reads q (trimmed), from and to (real days only; an end before the start is dropped) and round-trips them', () => {
    expect(parse('q=%20user@shop%20&from=2026-03-01&to=2026-03-31')).toEqual({ page: 1, q: 'user@shop', from: '2026-03-01', to: '2026-03-31' });
    expect(parse('q=%20%20&from=2026-02-30&to=yesterday')).toEqual({ page: 1 });
    expect(parse('from=2026-03-10&to=2026-03-01')).toEqual({ page: 1, from: '2026-03-10' });
    const query = { page: 2, q: '12', from: '2026-01-01', to: '2026-01-31', status: 'pending' as const };
    expect(parse(toOrdersParams(query).toString())).toEqual(query);
  });

  it('a search goes back to page 1, and empty fields are no filter', () => {
    expect(withSearch({ page: 4, status: 'pending' }, { q: ' 12 ', from: '', to: '2026-01-31' })).toEqual({ page: 1, status: 'pending', q: '12', to: '2026-01-31' });
    expect(withSearch({ page: 2, q: 'old', from: '2026-01-01' }, { q: '', from: '', to: '' })).toEqual({ page: 1 });
  });

  it('the API query, the export and "Select all" carry them in the API\'s words', () => {
    expect(ordersQueryString({ page: 1, q: 'user@shop', from: '2026-03-01', to: '2026-03-31' })).toBe(
      '_page=1&_per_page=5&q=user%40shop&createdAt_gte=2026-03-01&createdAt_lte=2026-03-31',
    );
    expect(ordersExportHref({ page: 1, q: '7', sort: 'email', order: 'asc' })).toBe('/api/admin/export/orders.csv?q=7&_sort=email&_order=asc');
  });

  it('no sort is newest first; the date sorts newest first on its first click, the other columns ascending', () => {
    expect(shownSort({})).toEqual({ sort: 'createdAt', order: 'desc' });
    expect(withOrderSort({ page: 2 }, 'createdAt')).toEqual({ page: 1, sort: 'createdAt', order: 'asc' });
    expect(withOrderSort({ page: 1, sort: 'email', order: 'asc' }, 'createdAt')).toMatchObject({ sort: 'createdAt', order: 'desc' });
    expect(withOrderSort({ page: 1 }, 'email')).toMatchObject({ sort: 'email', order: 'asc' });
  });
});
