// /wishlist: the saved products with their choice, price now and stock, 'Add to Cart'
// (the saved variant) and 'Remove'; the empty list, loading and a failed load with 'Try again'.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetWishlist } from '../../features/wishlist/wishlistStore';
import type { WishlistItem } from '../../domain/wishlist';
import { initialState as cart } from '../../features/cart/cartSlice';
import { calls, cartItem, jsonResponse, product, renderWithProviders, sent, session, stubFetch, user } from '../../test/utils';
import WishlistPage from './WishlistPage';

afterEach(() => {
  vi.unstubAllGlobals();
  resetWishlist();
});

const options = [{ name: 'Size', values: ['42', '43'] }];
const boots = { ...product({ id: 1, title: 'Chelsea Boots', stock: 3 }), salePrice: 90, options, variants: [] };
const lamp = { ...product({ id: 2, title: 'Desk Lamp', stock: 0 }), salePrice: 25 };
const items: WishlistItem[] = [
  { id: 21, product: boots, variant: { id: 11, sku: 'B-42', options: { Size: '42' }, price: 100, salePrice: 90, stock: 3 }, createdAt: '2026-11-26T00:00:00.000Z' },
  { id: 22, product: lamp, variant: null, createdAt: '2026-11-25T00:00:00.000Z' },
];

const render = () =>
  renderWithProviders(<WishlistPage />, { preloadedState: { ...session(user), cart: { ...cart, cartLoaded: true, status: 'idle' } } });
const row = (title: string) => screen.getByRole('link', { name: title }).closest('li')!;

describe('WishlistPage', () => {
  it('lists each item with its choice, price now and stock, and adds the saved variant to the cart', async () => {
    const fetch = stubFetch({
      'GET /api/wishlist': () => jsonResponse(items),
      'POST /api/cart': () => jsonResponse(cartItem({ product: boots }), 201),
    });
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'My Wishlist' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Chelsea Boots' })).toHaveAttribute('href', '/products/1?variant=11');
    const boot = within(row('Chelsea Boots'));
    expect(boot.getByText('Size 42')).toBeInTheDocument();
    expect(boot.getByText('$90')).toBeInTheDocument();
    expect(boot.getByText('Only 3 left')).toBeInTheDocument();
    const lampRow = within(row('Desk Lamp'));
    expect(lampRow.getByText('Out of stock')).toBeInTheDocument();
    expect(lampRow.getByRole('button', { name: 'Add Desk Lamp to Cart' })).toBeDisabled();

    await userEvent.click(boot.getByRole('button', { name: 'Add Chelsea Boots (Size 42) to Cart' }));
    expect(await screen.findByText('Item added to Cart !')).toBeInTheDocument();
    expect(sent(fetch, 'POST /api/cart')).toEqual([{ product: 1, variant: 11, quantity: 1 }]);
  });

  it('removes an item, and says so', async () => {
    const fetch = stubFetch({
      'GET /api/wishlist': () => jsonResponse(items),
      'DELETE /api/wishlist/22': () => new Response(null, { status: 204 }),
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Desk Lamp from wishlist' }));
    expect(await screen.findByText('Removed from your wishlist')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Desk Lamp' })).not.toBeInTheDocument();
    expect(calls(fetch)).toContain('DELETE /api/wishlist/22');
  });

  it('a product with options saved as a whole asks for a choice on its page', async () => {
    stubFetch({ 'GET /api/wishlist': () => jsonResponse([{ ...items[0], id: 23, variant: null }]) });
    render();
    expect(await screen.findByRole('link', { name: 'Choose options of Chelsea Boots' })).toHaveAttribute('href', '/products/1');
  });

  it('says when the wishlist is empty', async () => {
    stubFetch({ 'GET /api/wishlist': () => jsonResponse([]) });
    render();
    expect(await screen.findByText(/Your wishlist is empty/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all products' })).toHaveAttribute('href', '/');
  });

  it('shows a failed load with Try again, which loads it', async () => {
    let fail = true;
    stubFetch({ 'GET /api/wishlist': () => (fail ? jsonResponse({ message: 'The database is not available' }, 503) : jsonResponse(items)) });
    render();
    expect(await screen.findByText('Your wishlist could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('The database is not available')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Chelsea Boots' })).toBeInTheDocument();
  });
});
