import { describe, expect, it } from 'vitest';
import { ordersQueryString } from '../ordersQuery';
import { ordersExportHref, parseOrdersParams, toOrdersParams, withOrderSort, withStatusFilter } from './ordersParams';

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
