import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls, cartItem, jsonResponse, order, renderWithProviders, stubFetch } from '../../test/utils';
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
});
