// The app's first render on the shopper's other pages (as firstRender.test.tsx does for the home
// page and a product's): when the app starts on the wishlist, My Orders, an order, an order's
// success page, the cart or the profile, what the page asks for on mounting is asked for before the
// first render, which shows its answer; each request is asked once, a failed one is shown with its
// retry, which asks again, and a signed-out visitor asks for nothing.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WishlistItem } from '../domain/wishlist';
import { startApp } from '../test/startApp';
import { DATA_WAIT_MS } from './firstRender';
import { address, calls, cartItem, jsonResponse, order, product, stubFetch, user } from '../test/utils';

afterEach(() => vi.unstubAllGlobals());

/** The effects of the first commit, and what they started, have run. */
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

/** How many times `call` ("METHOD /path?query") was asked for. */
const count = (fetch: ReturnType<typeof stubFetch>, call: string) => calls(fetch).filter((c) => c === call).length;

/** The shell's answers to a signed-in shopper (`account`), with the page's `more`. */
const signedIn = (more: Parameters<typeof stubFetch>[0], account = user, cart = [cartItem()]) =>
  stubFetch({
    'GET /api/auth/check': () => jsonResponse(account),
    'GET /api/cart': () => jsonResponse(cart),
    'GET /api/users/own': () => jsonResponse(account),
    ...more,
  });

const lamp: WishlistItem = {
  id: 22,
  product: { id: 2, title: 'Desk Lamp', thumbnail: '/images/lamp.webp', brand: 'Glow', price: 25, stock: 9, soldOut: false, hasOptions: false, deleted: false, minimumOrderQuantity: 1 },
  variant: null,
  createdAt: '2026-11-26T00:00:00.000Z',
};
const placed = order({ id: 31, items: [cartItem({ product: product({ id: 4, title: 'Trail Shoe' }) })] });

describe('the first render of a shopper page', () => {
  it('the wishlist: the page of the URL at once, asked for once', async () => {
    const fetch = signedIn({ 'GET /api/wishlist': () => jsonResponse([lamp], 200, { 'X-Total-Count': '21' }) });
    await startApp('/wishlist?page=2');
    expect(screen.getByRole('link', { name: 'Desk Lamp' })).toBeInTheDocument();
    expect(screen.queryByText('Loading your wishlist…')).not.toBeInTheDocument();
    await settle();
    expect(calls(fetch).filter((call) => call.startsWith('GET /api/wishlist'))).toEqual(['GET /api/wishlist?_page=2&_limit=20']);
  });

  it('My Orders: the page of orders at once, asked for once; a later visit asks again', async () => {
    const fetch = signedIn({ 'GET /api/orders/own/': () => jsonResponse([placed], 200, { 'X-Total-Count': '1' }) });
    const { router } = await startApp('/orders');
    expect(screen.getByRole('article', { name: 'Order #31' })).toBeInTheDocument();
    expect(screen.queryByText('Loading your orders…')).not.toBeInTheDocument();
    await settle();
    expect(count(fetch, 'GET /api/orders/own/?_page=1&_limit=10')).toBe(1);

    await act(() => router.navigate('/aboutus'));
    await screen.findByRole('heading', { level: 1, name: 'About us' });
    await act(() => router.navigate('/orders'));
    await screen.findByRole('article', { name: 'Order #31' });
    expect(count(fetch, 'GET /api/orders/own/?_page=1&_limit=10')).toBe(2);
  });

  it('My Orders: a first-screen request that failed is shown as failed, and its retry asks again', async () => {
    let down = true;
    const fetch = signedIn({
      'GET /api/orders/own/': () => (down ? jsonResponse({ message: 'Orders are resting' }, 503) : jsonResponse([placed], 200, { 'X-Total-Count': '1' })),
    });
    await startApp('/orders');
    expect(await screen.findByText(/Orders are resting/)).toBeInTheDocument();
    expect(count(fetch, 'GET /api/orders/own/?_page=1&_limit=10')).toBe(1);
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Order #31' })).toBeInTheDocument();
    expect(count(fetch, 'GET /api/orders/own/?_page=1&_limit=10')).toBe(2);
  });

  it('an order slower than the wait: the first render shows the loader, then the order, still asked for once', async () => {
    const slow = () => new Promise<Response>((resolve) => setTimeout(() => resolve(jsonResponse(placed)), DATA_WAIT_MS + 200));
    const fetch = signedIn({ 'GET /api/orders/31': slow });
    await startApp('/orders/31');
    expect(screen.getByText('Loading your order…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #31' }, { timeout: 2000 })).toBeInTheDocument();
    expect(count(fetch, 'GET /api/orders/31')).toBe(1);
  });

  it('an order: the order at once, asked for once', async () => {
    const fetch = signedIn({ 'GET /api/orders/31': () => jsonResponse(placed) });
    await startApp('/orders/31');
    expect(screen.getByRole('heading', { level: 1, name: 'Order #31' })).toBeInTheDocument();
    expect(screen.queryByText('Loading your order…')).not.toBeInTheDocument();
    await settle();
    expect(count(fetch, 'GET /api/orders/31')).toBe(1);
  });

  it("an order's success page: the order at once, asked for once; the cart is reset and read again as it is shown", async () => {
    const fetch = signedIn({ 'GET /api/orders/31': () => jsonResponse(placed) }, user, []);
    const { store } = await startApp('/orderSuccess/31');
    expect(screen.getByRole('heading', { level: 1, name: 'Order Successfully Placed' })).toBeInTheDocument();
    expect(screen.getByText('Order number #31')).toBeInTheDocument();
    await settle();
    expect(count(fetch, 'GET /api/orders/31')).toBe(1);
    expect(count(fetch, 'GET /api/cart')).toBe(2);
    expect(store.getState().cart).toMatchObject({ items: [], cartLoaded: true });
  });

  it("the cart: the shipping estimate to the first saved address at once, asked for once", async () => {
    const quote = { lines: [], promotions: [], rejected: [], shippingMethods: [{ id: 5, name: 'Standard', country: 'Canada', charge: 8, amount: 8, freeOver: 100 }] };
    const fetch = signedIn({ 'POST /api/checkout/quote': () => jsonResponse(quote) }, { ...user, addresses: [address] });
    await startApp('/cart');
    expect(screen.getByRole('heading', { level: 1, name: 'Cart' })).toBeInTheDocument();
    expect(screen.getByTestId('shipping-estimate')).toHaveTextContent('Shipping from $8.00 · Free shipping over $100.00 to Canada');
    await settle();
    expect(count(fetch, 'POST /api/checkout/quote')).toBe(1);
    expect(count(fetch, 'GET /api/cart')).toBe(1);
  });

  it("the profile: the membership fee at once, asked for once", async () => {
    const fetch = signedIn({ 'GET /api/settings': () => jsonResponse({ contact: {}, membershipFee: 49 }) }, { ...user, name: 'Ada', member: false });
    await startApp('/profile');
    expect(screen.getByRole('heading', { level: 1, name: 'Ada' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Membership' })).toHaveTextContent('Membership costs $49.00 a year.');
    await settle();
    expect(count(fetch, 'GET /api/settings')).toBe(1);
    expect(count(fetch, 'GET /api/users/own')).toBe(1);
  });

  it.each(['/wishlist', '/orders', '/orders/31', '/orderSuccess/31', '/cart', '/profile'])('a visitor opening %s: nothing asked for', async (path) => {
    const fetch = stubFetch({ 'GET /api/auth/check': () => jsonResponse({ message: 'Please sign in' }, 401) });
    await startApp(path);
    await settle();
    expect(calls(fetch)).toEqual(['GET /api/auth/check']);
  });
});
