import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls, cartItem, jsonResponse, order, product, renderWithProviders, stubFetch, user, session } from '../../test/utils';
import type { Order } from '../../domain/types';
import MyOrdersPage from './MyOrdersPage';

afterEach(() => vi.unstubAllGlobals());

const signedIn = session(user);

describe('MyOrdersPage', () => {
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
    renderWithProviders(<MyOrdersPage />, { preloadedState: signedIn });
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
    renderWithProviders(<MyOrdersPage />, { preloadedState: signedIn });
    expect(await screen.findByRole('alert')).toHaveTextContent('Server down');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/You have not placed any orders yet/)).toBeInTheDocument();
  });

  it('invites a signed-out visitor to log in (no guard, SPEC §6)', () => {
    renderWithProviders(<MyOrdersPage />, { preloadedState: session() });
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it("shows each order's status history, oldest first, with who changed it", async () => {
    const history: Order['history'] = [
      { status: 'pending', at: '2026-03-01T09:00:00.000Z', by: 'shopper' },
      { status: 'dispatched', at: '2026-03-02T10:30:00.000Z', by: 'admin' },
    ];
    stubFetch({ 'GET /api/orders/own/': () => jsonResponse([order({ id: 31, status: 'dispatched', history }), order({ id: 12 })]) });
    renderWithProviders(<MyOrdersPage />, { preloadedState: signedIn });
    const first = await screen.findByRole('article', { name: 'Order # 31' });
    const steps = within(within(first).getByRole('list', { name: 'Status history' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      expect.stringMatching(/^pending · Mar 1, 2026, \d+:\d\d [AP]M · by you$/),
      expect.stringMatching(/^dispatched · Mar 2, 2026, \d+:\d\d [AP]M · by the shop$/),
    ]);
    expect(within(steps[1]).getByText(/Mar 2, 2026/)).toHaveAttribute('datetime', '2026-03-02T10:30:00.000Z');
    // An order placed before histories were kept has none to show.
    const older = screen.getByRole('article', { name: 'Order # 12' });
    expect(within(older).queryByRole('list', { name: 'Status history' })).not.toBeInTheDocument();
  });

  it('cancels a pending order after a confirmation, and shows it cancelled', async () => {
    const placed = order({ id: 31, history: [{ status: 'pending', at: '2026-03-01T09:00:00.000Z', by: 'shopper' }] });
    const cancelled: Order = {
      ...placed,
      status: 'cancelled',
      history: [...placed.history!, { status: 'cancelled', at: '2026-03-01T10:00:00.000Z', by: 'shopper' }],
    };
    const fetch = stubFetch({
      'GET /api/orders/own/': () => jsonResponse([placed, order({ id: 12, status: 'delivered' })]),
      'POST /api/orders/31/cancel': () => jsonResponse(cancelled),
    });
    renderWithProviders(<MyOrdersPage />, { preloadedState: signedIn });
    const card = await screen.findByRole('article', { name: 'Order # 31' });
    expect(within(screen.getByRole('article', { name: 'Order # 12' })).queryByRole('button', { name: /Cancel order/ })).not.toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: /^Cancel order/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order #31?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    expect(calls(fetch)).not.toContain('POST /api/orders/31/cancel');

    await userEvent.click(within(card).getByRole('button', { name: /^Cancel order/ }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Order #31 is cancelled')).toBeInTheDocument();
    expect(within(card).getByText('cancelled', { selector: 'span.rounded-full' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /^Cancel order/ })).not.toBeInTheDocument();
    expect(within(within(card).getByRole('list', { name: 'Status history' })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('says why an order could not be cancelled, and shows the orders as they are now', async () => {
    let status: Order['status'] = 'pending';
    const fetch = stubFetch({
      'GET /api/orders/own/': () => jsonResponse([order({ id: 31, status })]),
      'POST /api/orders/31/cancel': () => {
        status = 'dispatched';
        return jsonResponse({ message: 'Order #31 is dispatched: only a pending order can be cancelled' }, 409);
      },
    });
    renderWithProviders(<MyOrdersPage />, { preloadedState: signedIn });
    const card = await screen.findByRole('article', { name: 'Order # 31' });
    await userEvent.click(within(card).getByRole('button', { name: /^Cancel order/ }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText(/Order #31 could not be cancelled: Order #31 is dispatched/)).toBeInTheDocument();
    expect(calls(fetch).filter((c) => c === 'GET /api/orders/own/')).toHaveLength(2);
    expect(await within(screen.getByRole('article', { name: 'Order # 31' })).findByText('dispatched')).toBeInTheDocument();
  });

  it('Buy again puts the products back in the cart and says what was left out and why', async () => {
    const lamp = product({ id: 4, title: 'Lamp' });
    const placed = order({
      id: 31,
      status: 'delivered',
      items: [
        cartItem({ id: 1, quantity: 3, product: lamp }),
        cartItem({ id: 2, quantity: 1, product: product({ id: 5, title: 'Old Phone' }) }),
      ],
    });
    const fetch = stubFetch({
      'GET /api/orders/own/': () => jsonResponse([placed]),
      'POST /api/orders/31/buy-again': () =>
        jsonResponse({
          added: [{ product: { id: 4, title: 'Lamp' }, quantity: 2 }],
          skipped: [{ product: { id: 5, title: 'Old Phone' }, reason: 'no longer available' }],
          cart: [cartItem({ id: 90, quantity: 2, product: lamp })],
        }),
    });
    const { store } = renderWithProviders(<MyOrdersPage />, { preloadedState: signedIn });
    const card = await screen.findByRole('article', { name: 'Order # 31' });
    await userEvent.click(within(card).getByRole('button', { name: /^Buy again/ }));
    const said = await within(card).findByText(/Added to your cart/);
    expect(said).toHaveTextContent('Added to your cart: Lamp × 2 (of 3 ordered). Left out: Old Phone (no longer available).');
    expect(within(card).getByRole('link', { name: 'Go to cart' })).toHaveAttribute('href', '/cart');
    expect(store.getState().cart.items).toEqual([cartItem({ id: 90, quantity: 2, product: lamp })]);
    expect(calls(fetch)).toContain('POST /api/orders/31/buy-again');
  });

  it('Buy again says when nothing could be added, and when the call failed', async () => {
    let fail = false;
    stubFetch({
      'GET /api/orders/own/': () => jsonResponse([order({ id: 31, status: 'delivered' })]),
      'POST /api/orders/31/buy-again': () =>
        fail
          ? jsonResponse({ message: 'Server down' }, 500)
          : jsonResponse({ added: [], skipped: [{ product: { id: 1, title: 'Novaphone Zen 8' }, reason: 'out of stock' }], cart: [] }),
    });
    renderWithProviders(<MyOrdersPage />, { preloadedState: signedIn });
    const card = await screen.findByRole('article', { name: 'Order # 31' });
    await userEvent.click(within(card).getByRole('button', { name: /^Buy again/ }));
    expect(await within(card).findByText('Nothing was added to your cart. Left out: Novaphone Zen 8 (out of stock).')).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'Go to cart' })).not.toBeInTheDocument();
    fail = true;
    await userEvent.click(within(card).getByRole('button', { name: /^Buy again/ }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Could not buy order #31 again: Server down');
  });
});
