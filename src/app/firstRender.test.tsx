// The app's first render (src/main.tsx, src/app/firstRender.ts): it waits for the page's and the
// shell's code and first-screen data, so what it commits is the screen as it stays: the page with
// its navbar (and an unconfirmed shopper's reminder), the home page with its products, filters,
// counts, banner, cart count and hearts, a product's page with the product and its heart. Each of
// those is asked for once; a page opened later asks for its own, fresh.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetWishlist, type WishlistItem } from '../features/wishlist/wishlistStore';
import { facets, stubCatalogue } from '../test/catalogue';
import { startApp } from '../test/startApp';
import { calls, cartItem, jsonResponse, product, stubFetch, user } from '../test/utils';

beforeEach(resetWishlist);
afterEach(() => {
  vi.unstubAllGlobals();
  resetWishlist();
});

/** What src/main.tsx does: the session check, the wait, then one render. */
const start = async (path: string) => (await startApp(path)).router;

const zen = product({ id: 1, title: 'Zen Phone' });
const saved: WishlistItem = {
  id: 5,
  product: { id: 1, title: zen.title, thumbnail: zen.thumbnail, brand: zen.brand, price: 90, stock: 10, soldOut: false, hasOptions: false, deleted: false, minimumOrderQuantity: 1 },
  variant: null,
  createdAt: '2026-11-26T00:00:00.000Z',
};

describe('the first render', () => {
  it('home: the products, filters, counts, banner, cart count and hearts at once, each asked for once', async () => {
    const fetch = stubCatalogue({
      products: [zen, product({ id: 2, title: 'Old Phone' })],
      more: {
        'GET /api/auth/check': () => jsonResponse(user),
        'GET /api/cart': () => jsonResponse([cartItem({ quantity: 2 })]),
        'GET /api/users/own': () => jsonResponse(user),
        'GET /api/promotions/banner': () => jsonResponse({ id: 4, text: 'Spring sale: 10% off shoes', membersOnly: false, has: false }),
        'GET /api/wishlist': () => jsonResponse([saved]),
      },
    });
    const router = await start('/?category=smartphones');

    // No waiting: what the first commit shows.
    expect(screen.getByRole('link', { name: /^Zen Phone/ })).toBeInTheDocument();
    expect(screen.queryByText('Loading products…')).not.toBeInTheDocument();
    expect(screen.getByText('Spring sale: 10% off shoes')).toBeInTheDocument();
    expect(screen.getAllByText('Cart, 2 items')[0]).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Zen Phone from wishlist' })).toHaveAttribute('aria-pressed', 'true');
    const filters = screen.getByRole('form', { name: 'Product filters' });
    expect(filters).toHaveAttribute('aria-busy', 'false');
    expect(within(filters).getByRole('button', { name: /^Category/ })).toHaveTextContent('1 selected');

    // The effects have run: nothing was asked for twice.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    const asked = calls(fetch).map((call) => call.replace(/\?.*/, ''));
    for (const path of ['/api/products', '/api/categories', '/api/brands', '/api/products/facets', '/api/cart', '/api/users/own', '/api/promotions/banner', '/api/wishlist']) {
      expect(asked.filter((call) => call === `GET ${path}`), path).toHaveLength(1);
    }
    expect(calls(fetch)).toContain('GET /api/products/facets?category=smartphones');

    // A later visit to the listing asks again.
    await act(() => router.navigate('/aboutus'));
    await screen.findByRole('heading', { level: 1, name: 'About us' });
    await act(() => router.navigate('/'));
    await screen.findByRole('link', { name: /^Zen Phone/ });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(calls(fetch).filter((call) => call.startsWith('GET /api/products?'))).toHaveLength(2);
    expect(calls(fetch).filter((call) => call.startsWith('GET /api/categories'))).toHaveLength(2);
  });

  it('home: a first-screen request that failed is shown as failed, and retried on request', async () => {
    let down = true;
    const fetch = stubFetch({
      'GET /api/auth/check': () => jsonResponse(user),
      'GET /api/cart': () => jsonResponse([]),
      'GET /api/users/own': () => jsonResponse(user),
      'GET /api/promotions/banner': () => new Response(null, { status: 204 }),
      'GET /api/wishlist': () => jsonResponse([]),
      'GET /api/products': () => jsonResponse([zen], 200, { 'X-Total-Count': '1' }),
      'GET /api/products/facets': () => jsonResponse(facets()),
      'GET /api/brands': () => jsonResponse([]),
      'GET /api/categories': () => (down ? jsonResponse({ message: 'The catalogue is resting' }, 503) : jsonResponse([])),
    });
    await start('/');
    expect(screen.getAllByText(/The catalogue is resting/)[0]).toBeInTheDocument();
    down = false;
    await userEvent.click(screen.getAllByRole('button', { name: 'Try again' })[0]);
    await vi.waitFor(() => expect(calls(fetch).filter((call) => call.startsWith('GET /api/categories'))).toHaveLength(2));
  });

  it("a product's page: the product and its heart at once, each asked for once", async () => {
    const fetch = stubFetch({
      'GET /api/auth/check': () => jsonResponse(user),
      'GET /api/cart': () => jsonResponse([]),
      'GET /api/users/own': () => jsonResponse(user),
      'GET /api/wishlist': () => jsonResponse([saved]),
      'GET /api/products/1': () => jsonResponse(zen),
    });
    await start('/products/1');
    expect(screen.getByRole('heading', { level: 1, name: 'Zen Phone' })).toBeInTheDocument();
    expect(screen.queryByText('Loading product…')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Zen Phone from wishlist' })).toHaveAttribute('aria-pressed', 'true');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    for (const call of ['GET /api/products/1', 'GET /api/wishlist']) expect(calls(fetch).filter((c) => c === call), call).toHaveLength(1);
  });

  it("any page: the navbar and an unconfirmed shopper's address reminder at once, not their fallbacks", async () => {
    stubFetch({
      'GET /api/auth/check': () => jsonResponse({ ...user, verified: false }),
      'GET /api/cart': () => jsonResponse([]),
      'GET /api/users/own': () => jsonResponse({ ...user, verified: false }),
    });
    await start('/aboutus');
    expect(screen.getByRole('heading', { level: 1, name: 'About us' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Confirm your email address' })).toBeInTheDocument();
  });

  it('a visitor: no navbar, no reminder, and no shopper data asked for', async () => {
    const fetch = stubFetch({ 'GET /api/auth/check': () => jsonResponse({ message: 'Please sign in' }, 401) });
    await start('/aboutus');
    expect(screen.getByRole('heading', { level: 1, name: 'About us' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Confirm your email address' })).not.toBeInTheDocument();
    expect(calls(fetch).filter((call) => /cart|users|wishlist|products/.test(call))).toEqual([]);
  });

  it("a visitor opening a shopper's page (a product's): nothing asked for before the guard sends them to /login", async () => {
    const fetch = stubFetch({ 'GET /api/auth/check': () => jsonResponse({ message: 'Please sign in' }, 401) });
    await start('/products/1');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(calls(fetch).filter((call) => /products|wishlist/.test(call))).toEqual([]);
  });
});
