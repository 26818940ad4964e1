// /wishlist: the saved products in pages of 20 (the page in the URL), each with its saved choice
// named, the price it can be bought at ("From" the cheapest choice in stock; sold out: "Sold out"
// and the last price), 'Add to Cart' (the saved variant) and 'Remove'; the empty list, loading
// and a failed load with 'Try again'.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetWishlist } from '../../features/wishlist/wishlistStore';
import type { WishlistItem, WishlistProduct } from '../../domain/wishlist';
import { initialState as cart } from '../../features/cart/cartSlice';
import { calls, cartItem, jsonResponse, product, renderWithProviders, sent, session, stubFetch, user } from '../../test/utils';
import WishlistPage from './WishlistPage';

afterEach(() => {
  vi.unstubAllGlobals();
  resetWishlist();
});

const summary = (p: Partial<WishlistProduct> & Pick<WishlistProduct, 'id' | 'title' | 'price' | 'stock'>): WishlistProduct => ({
  thumbnail: `/images/products/${p.id}/thumb.webp`,
  brand: 'Acme',
  soldOut: p.stock === 0,
  hasOptions: false,
  deleted: false,
  minimumOrderQuantity: 1,
  ...p,
});
const at = '2026-11-26T00:00:00.000Z';
const boots: WishlistItem = {
  id: 21,
  product: summary({ id: 1, title: 'Chelsea Boots', price: 90, stock: 3, hasOptions: true }),
  variant: { id: 11, sku: 'B-42', options: [{ name: 'Size', value: '42' }] },
  createdAt: at,
};
const lamp: WishlistItem = { id: 22, product: summary({ id: 2, title: 'Desk Lamp', price: 25, stock: 0 }), variant: null, createdAt: at };
// A laptop saved as a whole (its cheapest choice in stock is $1,599: the $1,374 one is sold out), and that sold-out choice.
const laptop: WishlistItem = { id: 31, product: summary({ id: 3, title: 'Zenbook 14', price: 1599, stock: 5, hasOptions: true }), variant: null, createdAt: at };
const laptop8: WishlistItem = {
  id: 32,
  product: summary({ id: 3, title: 'Zenbook 14', price: 1374, stock: 0, hasOptions: true }),
  variant: { id: 41, sku: 'ZB-8', options: [{ name: 'Memory', value: '8 GB' }, { name: 'Colour', value: 'Black' }] },
  createdAt: at,
};
const items = [boots, lamp];

const page = (list: WishlistItem[], total = list.length) => () =>
  new Response(JSON.stringify(list), { status: 200, headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(total) } });

const render = (route = '/wishlist') =>
  renderWithProviders(<WishlistPage />, { route, preloadedState: { ...session(user), cart: { ...cart, cartLoaded: true, status: 'idle' } } });
const row = (title: string) => within(screen.getByRole('link', { name: title }).closest('li')!);

describe('WishlistPage', () => {
  it('lists each item with its choice, price and stock, and adds the saved variant to the cart', async () => {
    const fetch = stubFetch({
      'GET /api/wishlist': page(items),
      'POST /api/cart': () => jsonResponse(cartItem({ product: product({ id: 1, title: 'Chelsea Boots' }) }), 201),
    });
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'My Wishlist' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Chelsea Boots' })).toHaveAttribute('href', '/products/1?variant=11');
    expect(calls(fetch)).toContain('GET /api/wishlist?_page=1&_limit=20');
    const boot = row('Chelsea Boots');
    expect(boot.getByText('Size 42')).toBeInTheDocument();
    expect(boot.getByText('$90')).toBeInTheDocument();
    expect(boot.getByText('Only 3 left')).toBeInTheDocument();
    const lampRow = row('Desk Lamp');
    expect(lampRow.getByText('Sold out')).toBeInTheDocument();
    expect(lampRow.getByRole('button', { name: 'Add Desk Lamp to Cart' })).toBeDisabled();

    await userEvent.click(boot.getByRole('button', { name: 'Add Chelsea Boots (Size 42) to Cart' }));
    expect(await screen.findByText('Item added to Cart !')).toBeInTheDocument();
    expect(sent(fetch, 'POST /api/cart')).toEqual([{ product: 1, variant: 11, quantity: 1 }]);
  });

  it('shows prices that can be paid: the cheapest choice in stock, or "Sold out" with the last price; the saved choice named', async () => {
    stubFetch({ 'GET /api/wishlist': page([laptop, laptop8]) });
    render();
    const [whole, eight] = await screen.findAllByRole('listitem');
    const wholeRow = within(whole);
    expect(wholeRow.getByText('From $1,599')).toBeInTheDocument();
    expect(wholeRow.getByText('In stock')).toBeInTheDocument();
    expect(wholeRow.queryByText(/1,374/)).not.toBeInTheDocument();
    expect(wholeRow.getByRole('link', { name: 'Choose options of Zenbook 14' })).toHaveAttribute('href', '/products/3');

    const eightRow = within(eight);
    expect(eightRow.getByText('Memory 8 GB · Colour Black')).toBeInTheDocument();
    expect(eightRow.getByText('Sold out')).toBeInTheDocument();
    expect(eightRow.getByText('Last price', { exact: false })).toHaveTextContent('Last price $1,374');
    expect(eightRow.queryByText('In stock')).not.toBeInTheDocument();
    expect(eightRow.getByRole('button', { name: 'Add Zenbook 14 (Memory 8 GB · Colour Black) to Cart' })).toBeDisabled();
  });

  it('pages a long list: the page in the URL, page links, X-Total-Count', async () => {
    const fetch = stubFetch({ 'GET /api/wishlist': page([laptop], 45) });
    render('/wishlist?page=3');
    expect(await screen.findByRole('link', { name: 'Zenbook 14' })).toBeInTheDocument();
    expect(calls(fetch)).toEqual(['GET /api/wishlist?_page=3&_limit=20']);
    expect(screen.getByText('3', { selector: '[aria-current="page"]' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', '/wishlist');
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('href', '/wishlist?page=2');
  });

  it('removes an item from the page, and says so', async () => {
    const fetch = stubFetch({
      'GET /api/wishlist': page(items),
      'DELETE /api/wishlist/22': () => new Response(null, { status: 204 }),
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Desk Lamp from wishlist' }));
    expect(await screen.findByText('Removed from your wishlist')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Desk Lamp' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Chelsea Boots' })).toBeInTheDocument();
    expect(calls(fetch)).toContain('DELETE /api/wishlist/22');
  });

  it('says when the wishlist is empty', async () => {
    stubFetch({ 'GET /api/wishlist': page([]) });
    render();
    expect(await screen.findByText(/Your wishlist is empty/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all products' })).toHaveAttribute('href', '/');
  });

  it('shows a failed load with Try again, which loads it', async () => {
    let fail = true;
    stubFetch({ 'GET /api/wishlist': () => (fail ? jsonResponse({ message: 'The database is not available' }, 503) : page(items)()) });
    render();
    expect(await screen.findByText('Your wishlist could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('The database is not available')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Chelsea Boots' })).toBeInTheDocument();
  });
});
