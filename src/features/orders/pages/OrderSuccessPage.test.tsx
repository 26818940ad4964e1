import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cartItem, order, renderWithProviders } from '../../../test/utils';
import { initialState as cart } from '../../cart/cartSlice';
import { initialState as orders } from '../ordersSlice';
import OrderSuccessPage from './OrderSuccessPage';

describe('OrderSuccessPage', () => {
  it('shows the order number from the URL, then resets the cart and currentOrder', () => {
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
});
