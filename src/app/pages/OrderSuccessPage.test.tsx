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
      preloadedState: { cart: { ...cart, items: [line], cartLoaded: true, status: 'idle' }, orders: { ...orders, currentOrder: order({ id: 42 }) } },
    });
    expect(screen.getByText('Order number #42')).toBeInTheDocument();
    await vi.waitFor(() => expect(store.getState().cart.items).toEqual([line]));
    expect(calls(fetch)).toEqual(['GET /api/cart']);
  });

  it("an order that is not the shopper's, or none, is the app's 404 page, and the cart is left alone", async () => {
    const line = cartItem({ id: 9 });
    const fetch = stubFetch({ 'GET /api/orders/9999': () => jsonResponse({ message: 'Order not found' }, 404) });
    const { store } = renderWithProviders(<OrderSuccessPage />, {
      route: '/orderSuccess/9999',
      path: '/orderSuccess/:id',
      preloadedState: { ...session(user), cart: { ...cart, items: [line], cartLoaded: true, status: 'idle' } },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading your order…');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText("Sorry, we couldn't find the page you're looking for.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
    expect(screen.queryByText('Order Successfully Placed')).not.toBeInTheDocument();
    expect(screen.queryByText(/#9999/)).not.toBeInTheDocument();
    await vi.waitFor(() => expect(document.title).toBe('Page not found | Best Buy Shop'));
    expect(store.getState().cart.items).toEqual([line]);
    expect(calls(fetch)).toEqual(['GET /api/orders/9999']);
  });

  it('asks a signed-out visitor to sign in rather than claim an order was placed', () => {
    stubFetch({});
    renderWithProviders(<OrderSuccessPage />, { route: '/orderSuccess/42', path: '/orderSuccess/:id', preloadedState: session() });
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByText('Order Successfully Placed')).not.toBeInTheDocument();
  });
  it('shows the placed order: number, date, items, payment, total, address and the delivery estimate it stored, with a link to it', () => {
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
      // As stored when placed (UTC days): shown as they are, not recomputed from the lines.
      delivery: { method: 'Express', from: '2026-12-01', to: '2026-12-04' },
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
    expect(within(summary).getByText('Estimated delivery')).toBeInTheDocument();
    expect(within(summary).getByText('Tue, Dec 1 – Fri, Dec 4')).toBeInTheDocument();
    expect(within(summary).getByText('by Express')).toBeInTheDocument();
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
    expect(screen.queryByText('Order Successfully Placed')).not.toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Summary' })).toHaveTextContent('1 item');
    expect(screen.getByRole('heading', { name: 'Order Successfully Placed' })).toBeInTheDocument();
    expect(calls(fetch).filter((c) => c === 'GET /api/orders/42')).toHaveLength(2);
    // An order placed before estimates were kept has none.
    expect(screen.queryByText('Estimated delivery')).not.toBeInTheDocument();
  });
});
