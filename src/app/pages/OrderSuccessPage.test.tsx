import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls, cartItem, jsonResponse, order, product, renderWithProviders, session, stubFetch, user } from '../../test/utils';
import { initialState as cart } from '../../features/cart/cartSlice';
import { initialState as orders } from '../../features/orders/ordersSlice';
import OrderSuccessPage from './OrderSuccessPage';

afterEach(() => vi.unstubAllGlobals());

describe('OrderSuccessPage', () => {
  it('shows the order number from the URL, then resets the cart and currentOrder', () => {
    stubFetch({ 'GET /api/cart': () => jsonResponse([]) });
    const { store } = renderWithProviders(<OrderSuccessPage />, {
      route: '/orderSuccess/42',
      path: '/orderSuccess/:id',
      preloadedState: {
        cart: { ...cart, items: [cartItem()], cartLoaded: true, status: 'idle' },
        orders: { ...orders, currentOrder: order({ id: 42 }) },
      },
    });
    expect(screen.getByRole('heading', { name: 'Order Successfully Placed' })).toBeInTheDocument();
    expect(screen.getByText('Order number #42')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Account > My Orders' })).toHaveAttribute('href', '/orders');
    expect(store.getState().cart.items).toEqual([]);
    expect(store.getState().orders.currentOrder).toBeNull();
  });

  it('then reloads the cart, so a later visit shows what the server holds', async () => {
    const line = cartItem({ id: 9 });
    const fetch = stubFetch({ 'GET /api/cart': () => jsonResponse([line]) });
    const { store } = renderWithProviders(<OrderSuccessPage />, {
      route: '/orderSuccess/42',
      path: '/orderSuccess/:id',
      preloadedState: { cart: { ...cart, items: [line], cartLoaded: true, status: 'idle' } },
    });
    expect(screen.getByText('Order number #42')).toBeInTheDocument();
    await vi.waitFor(() => expect(store.getState().cart.items).toEqual([line]));
    expect(calls(fetch)).toEqual(['GET /api/cart']);
  });
  it('shows the placed order: number, date, items, payment, total, address and the delivery estimate, with a link to it', () => {
    stubFetch({ 'GET /api/cart': () => jsonResponse([]) });
    const placed = order({
      id: 42,
      createdAt: new Date(2026, 10, 25, 12).toISOString(), // a Wednesday
      totalItems: 3,
      totalAmount: 250,
      paymentMethod: 'card',
      items: [
        cartItem({ id: 1, quantity: 2, product: product({ id: 1, shippingInformation: 'Ships overnight' }) }),
        cartItem({ id: 2, quantity: 1, product: product({ id: 2, shippingInformation: 'Ships in 3-5 business days' }) }),
      ],
    });
    renderWithProviders(<OrderSuccessPage />, {
      route: '/orderSuccess/42',
      path: '/orderSuccess/:id',
      preloadedState: { ...session(user), orders: { ...orders, currentOrder: placed } },
    });
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('#42')).toBeInTheDocument();
    expect(within(summary).getByText('Nov 25, 2026')).toBeInTheDocument();
    expect(within(summary).getByText('3 items')).toBeInTheDocument();
    // An order placed before prices were kept: the API derives its charges (card: paid).
    expect(within(summary).getByText('Card — Paid')).toBeInTheDocument();
    expect(within(summary).getByText('$250.00')).toBeInTheDocument();
    const total = document.querySelector<HTMLElement>('dl[aria-label="Order #42 total"]')!;
    expect(within(total).getByText('Shipping (Free shipping)')).toBeInTheDocument();
    // The slowest line (3-5 business days from a Wednesday) sets it.
    expect(within(summary).getByText('Mon, Nov 30 – Wed, Dec 2')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Shipping address' })).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View order #42' })).toHaveAttribute('href', '/orders/42');
  });

  it('after a reload, loads the order from the API (and says when it cannot)', async () => {
    let fail = true;
    const fetch = stubFetch({
      'GET /api/cart': () => jsonResponse([]),
      'GET /api/orders/42': () => (fail ? jsonResponse({ message: 'Server down' }, 500) : jsonResponse(order({ id: 42, totalItems: 1 }))),
    });
    renderWithProviders(<OrderSuccessPage />, { route: '/orderSuccess/42', path: '/orderSuccess/:id', preloadedState: session(user) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Server down');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Summary' })).toHaveTextContent('1 item');
    expect(calls(fetch).filter((c) => c === 'GET /api/orders/42')).toHaveLength(2);
    // An order without its date has no estimate.
    expect(screen.queryByText('Estimated delivery')).not.toBeInTheDocument();
  });
});
