import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls, jsonResponse, renderWithProviders, stubFetch } from '../../../test/utils';
import type { Customer } from '../../../domain/backOffice';
import CustomersScreen from './CustomersScreen';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Customer n: shopper-n@shop.test, n orders (n − 1 of them counted), every third with no name; customer 4 spent $282.94. */
const nth = (n: number): Customer => ({
  id: n,
  email: `shopper-${n}@shop.test`,
  name: n % 3 === 0 ? undefined : `Shopper ${n}`,
  role: n === 1 ? 'admin' : 'user',
  orders: n - 1,
  totalSpent: n === 4 ? 282.94 : (n - 1) * 1000,
  lastOrderAt: n > 1 ? '2026-03-04T15:30:00.000Z' : undefined,
  verified: n % 4 !== 0,
});

/** A tiny /admin/customers: 45 accounts, q on email or name, _page and _limit, X-Total-Count. */
function customersServer({ fail }: { fail?: () => boolean } = {}) {
  const all = Array.from({ length: 45 }, (_, i) => nth(i + 1));
  return stubFetch({
    'GET /api/admin/customers': ({ url }) => {
      if (fail?.()) return jsonResponse({ message: 'The server is down' }, 500);
      const q = url.searchParams.get('q')?.toLowerCase() ?? '';
      const found = all.filter((c) => c.email.includes(q) || c.name?.toLowerCase().includes(q));
      const page = Number(url.searchParams.get('_page'));
      const limit = Number(url.searchParams.get('_limit'));
      return jsonResponse(found.slice((page - 1) * limit, page * limit), 200, { 'X-Total-Count': String(found.length) });
    },
  });
}

const open = (route = '/admin/customers') => renderWithProviders(<CustomersScreen />, { route });
const emails = () => screen.getAllByRole('rowheader').map((cell) => cell.textContent);

describe('CustomersScreen', () => {
  it('lists the accounts with their orders (one click away), spending and last order; 20 a page', async () => {
    const mock = customersServer();
    open();
    expect(screen.getByRole('status')).toHaveTextContent('Loading customers…');
    await screen.findByText('shopper-1@shop.test');
    expect(document.title).toBe('Admin: Customers | Best Buy Shop');
    expect(calls(mock)).toEqual(['GET /api/admin/customers?_page=1&_limit=20']);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Email',
      'Verified',
      'Name',
      'Role',
      'Orders',
      'Total spent',
      'Last order',
    ]);
    expect(emails()).toHaveLength(20);
    expect(screen.getByText(/^Showing/).textContent).toBe('Showing 1 to 20 of 45 results');

    const row = screen.getByRole('row', { name: /shopper-4@shop.test/ });
    expect(row).toHaveTextContent('shopper-4@shop.testNot verifiedShopper 4user3 orders of shopper-4@shop.test$282.94Mar 4, 2026');
    expect(within(row).getByRole('link', { name: '3 orders of shopper-4@shop.test' })).toHaveAttribute(
      'href',
      '/admin/orders?user=4',
    );
    // No orders: no link, and 'Never'.
    const first = screen.getByRole('row', { name: /shopper-1@shop.test/ });
    expect(within(first).queryByRole('link')).not.toBeInTheDocument();
    expect(first).toHaveTextContent('shopper-1@shop.testVerifiedShopper 1admin0$0.00Never');
  });

  it('searches by email or name and pages, both kept in the URL', async () => {
    const mock = customersServer();
    const user = userEvent.setup();
    const { router } = open();
    await screen.findByText('shopper-1@shop.test');

    await user.type(screen.getByLabelText('Search by email or name'), 'shopper-1');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.search).toBe('?q=shopper-1');
    await waitFor(() => expect(emails()).toHaveLength(11));
    expect(calls(mock).at(-1)).toBe('GET /api/admin/customers?q=shopper-1&_page=1&_limit=20');
    expect(screen.getByText(/^Showing/).textContent).toBe('Showing 1 to 11 of 11 results');

    await user.clear(screen.getByLabelText('Search by email or name'));
    await user.type(screen.getByLabelText('Search by email or name'), '{Enter}');
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(emails()).toHaveLength(20));
    await user.click(screen.getByRole('link', { name: 'Page 3' }));
    expect(router.state.location.search).toBe('?page=3');
    await waitFor(() => expect(emails()).toEqual(['shopper-41@shop.test', 'shopper-42@shop.test', 'shopper-43@shop.test', 'shopper-44@shop.test', 'shopper-45@shop.test']));
    expect(calls(mock).at(-1)).toBe('GET /api/admin/customers?_page=3&_limit=20');
  });

  it('opens on the URL’s search and page', async () => {
    const mock = customersServer();
    open('/admin/customers?q=Shopper&page=2');
    await screen.findByText('shopper-21@shop.test');
    expect(screen.getByText(/^Showing/).textContent).toBe('Showing 21 to 40 of 45 results');
    expect(calls(mock)).toEqual(['GET /api/admin/customers?q=Shopper&_page=2&_limit=20']);
    expect(screen.getByLabelText('Search by email or name')).toHaveValue('Shopper');
  });

  it('says when nobody matches', async () => {
    customersServer();
    open('/admin/customers?q=nobody');
    expect(await screen.findByText('No customer matches “nobody”.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says what failed and tries again on request', async () => {
    let down = true;
    customersServer({ fail: () => down });
    const user = userEvent.setup();
    open();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The customers could not be loaded');
    expect(alert).toHaveTextContent('The server is down');
    down = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('shopper-1@shop.test')).toBeInTheDocument();
  });
});
