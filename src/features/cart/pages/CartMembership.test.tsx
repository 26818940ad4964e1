import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls, cartItem, jsonResponse, landing, product, renderWithProviders, session, stubFetch, user } from '../../../test/utils';
import type { MembershipLine } from '../../../domain/membership';
import { fetchCartAsync, initialState, type CartState } from '../cartSlice';
import CartPage from './CartPage';

afterEach(() => vi.unstubAllGlobals());

const LINE: MembershipLine = { id: 'membership', kind: 'membership', title: 'Membership (1 year)', price: 49, quantity: 1 };
const lamp = cartItem({ id: 2, product: product({ id: 20, title: 'Lamp', price: 50, discountPercentage: 0, stock: 40 }), quantity: 1 });

const render = (cart: Partial<CartState>) =>
  renderWithProviders(<CartPage />, {
    route: '/cart',
    path: '/cart',
    preloadedState: { ...session(user), cart: { ...initialState, status: 'idle', cartLoaded: true, ...cart } },
    routes: [landing('/')],
  });

describe('the cart’s membership line', () => {
  it('GET /cart keeps the membership line apart from the product lines', async () => {
    stubFetch({ 'GET /api/cart': () => jsonResponse([lamp, LINE]) });
    const { store } = render({ cartLoaded: false });
    await store.dispatch(fetchCartAsync());
    expect(store.getState().cart.items).toEqual([lamp]);
    expect(store.getState().cart.membership).toEqual(LINE);
  });

  it('shows the line with its price beside the products, and the fee apart from the goods’ subtotal', () => {
    render({ items: [lamp], membership: LINE });
    const line = screen.getByTestId('membership-line');
    expect(within(line).getByRole('heading', { name: 'Membership (1 year)' })).toBeInTheDocument();
    expect(line).toHaveTextContent('$49.00');
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$50');
    expect(screen.getByTestId('cart-membership')).toHaveTextContent('$49.00');
  });

  it('a cart holding membership alone is a cart (no redirect), and Remove takes the line out', async () => {
    const fetch = stubFetch({ 'DELETE /api/cart/membership': () => jsonResponse(LINE) });
    const { store } = render({ items: [], membership: LINE });
    expect(screen.getByRole('heading', { name: 'Cart' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Membership (1 year)' }));
    expect(calls(fetch)).toEqual(['DELETE /api/cart/membership']);
    expect(store.getState().cart.membership).toBeNull();
    // Nothing left: the empty cart goes home.
    expect(await screen.findByText('Landed on /')).toBeInTheDocument();
  });

  it('a refused removal says why and keeps the line', async () => {
    stubFetch({ 'DELETE /api/cart/membership': () => jsonResponse({ message: 'Membership is not in your cart' }, 404) });
    const { store } = render({ items: [lamp], membership: LINE });
    await userEvent.click(screen.getByRole('button', { name: 'Remove Membership (1 year)' }));
    expect(await screen.findByText('Could not remove the membership: Membership is not in your cart')).toBeInTheDocument();
    expect(store.getState().cart.membership).toEqual(LINE);
  });
});
