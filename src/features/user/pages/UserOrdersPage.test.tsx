import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartItem, jsonResponse, order, product, renderWithProviders, stubFetch, user, session } from '../../../test/utils';
import UserOrdersPage from './UserOrdersPage';

afterEach(() => vi.unstubAllGlobals());

const signedIn = session(user);

describe('UserOrdersPage', () => {
  it('lists each order with its items, totals and shipping address', async () => {
    stubFetch({
      'GET /api/orders/own/': () =>
        jsonResponse([
          order({
            id: 31,
            status: 'dispatched',
            totalAmount: 270,
            totalItems: 3,
            items: [cartItem({ quantity: 3, product: product({ title: 'Lamp', brand: 'Glow' }) })],
          }),
          order({ id: 12 }),
        ]),
    });
    renderWithProviders(<UserOrdersPage />, { preloadedState: signedIn });
    const first = await screen.findByRole('article', { name: 'Order # 31' });
    expect(within(first).getByText('Order 1')).toBeInTheDocument();
    expect(within(first).getByText('Lamp')).toBeInTheDocument();
    expect(within(first).getByText('Glow')).toBeInTheDocument();
    expect(within(first).getByText('Qty: 3')).toBeInTheDocument();
    expect(within(first).getByText('$270')).toBeInTheDocument();
    expect(within(first).getByText('3 items')).toBeInTheDocument();
    expect(within(first).getByText('dispatched')).toBeInTheDocument();
    expect(within(first).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(first).getByText('Toronto, Ontario, Canada M5V 2T6')).toBeInTheDocument();
    expect(within(first).getByText('Phone: 5550100')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Order # 12' })).toBeInTheDocument();
  });

  it('shows an error with a retry', async () => {
    let fail = true;
    stubFetch({
      'GET /api/orders/own/': () => (fail ? jsonResponse({ message: 'Server down' }, 500) : jsonResponse([])),
    });
    renderWithProviders(<UserOrdersPage />, { preloadedState: signedIn });
    expect(await screen.findByRole('alert')).toHaveTextContent('Server down');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/You have not placed any orders yet/)).toBeInTheDocument();
  });

  it('invites a signed-out visitor to log in (no guard, SPEC §6)', () => {
    renderWithProviders(<UserOrdersPage />, { preloadedState: session() });
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });
});
