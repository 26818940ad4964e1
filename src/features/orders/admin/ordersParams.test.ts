import { describe, expect, it } from 'vitest';
import { parseOrdersParams, toOrdersParams, withOrderSort, withStatusFilter } from './ordersParams';

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
