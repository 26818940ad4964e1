import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gets, openOrders, orderNumbers, ordersServer } from '../../../test/adminOrders';
import { parseOrdersParams, toOrdersParams } from './ordersParams';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the admin orders list per page', () => {
  it('offers 5 (the default), 20 and 50; a choice goes to page 1 and stays in the URL', async () => {
    const mock = ordersServer();
    const user = userEvent.setup();
    const { router } = openOrders('/admin/orders?page=2');
    await screen.findByText('#6');
    const select = screen.getByLabelText('Per page');
    expect(select).toHaveValue('5');
    expect([...(select as HTMLSelectElement).options].map((o) => o.value)).toEqual(['5', '20', '50']);

    await user.selectOptions(select, '20');
    await waitFor(() => expect(orderNumbers()).toHaveLength(12));
    expect(router.state.location.search).toBe('?per_page=20');
    expect(gets(mock).at(-1)).toBe('GET /api/orders?_page=1&_per_page=20');

    await user.selectOptions(screen.getByLabelText('Per page'), '5');
    await waitFor(() => expect(orderNumbers()).toEqual(['#1', '#2', '#3', '#4', '#5']));
    expect(router.state.location.search).toBe('');
  });

  it('reads only the offered sizes from the URL', () => {
    expect(parseOrdersParams(new URLSearchParams('per_page=50&page=2'))).toEqual({ page: 2, perPage: 50 });
    expect(parseOrdersParams(new URLSearchParams('per_page=7'))).toEqual({ page: 1 });
    expect(parseOrdersParams(new URLSearchParams('per_page=5'))).toEqual({ page: 1 });
    expect(toOrdersParams({ page: 3, perPage: 20 }).toString()).toBe('per_page=20&page=3');
  });
});
