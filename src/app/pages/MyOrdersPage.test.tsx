import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { address, calls, cartItem, jsonResponse, order, product, renderWithProviders, stubFetch, user, session } from '../../test/utils';
import type { Order } from '../../domain/types';
import MyOrdersPage from './MyOrdersPage';

afterEach(() => vi.unstubAllGlobals());

const signedIn = session(user);

/** `count` orders, newest (highest id) first, with their page of 10 for `page`. */
function ordersPage(count: number) {
  const all = Array.from({ length: count }, (_, i) =>
    order({ id: count - i, totalItems: i + 1, totalAmount: 10 * (i + 1), createdAt: new Date(2026, 2, 28 - i, 12).toISOString() }),
  );
  return ({ url }: { url: URL }) => {
    const page = Number(url.searchParams.get('_page'));
    const size = Number(url.searchParams.get('_limit'));
    return jsonResponse(all.slice((page - 1) * size, page * size), 200, { 'X-Total-Count': String(count) });
  };
}

/** The value next to `term` in an order's facts. */
const fact = (article: HTMLElement, term: string) => within(article).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

const render = (route = '/orders') => renderWithProviders(<MyOrdersPage />, { route, path: '/orders', preloadedState: signedIn });

describe('MyOrdersPage', () => {
  it('lists each order: serial number, number (a link to it), date, status, payment, lines, subtotal, total items, total and address', async () => {
    const shoe = product({ id: 4, title: 'Trail Shoe', brand: 'Stride', thumbnail: '/images/shoe.webp', price: 100, discountPercentage: 0 });
    const lamp = product({ id: 5, title: 'Desk Lamp', brand: 'Lumen', thumbnail: '/images/lamp.webp', price: 100, discountPercentage: 10 });
    const placed = order({
      id: 31,
      status: 'dispatched',
      paymentMethod: 'card',
      createdAt: '2026-03-01T12:00:00.000Z',
      totalAmount: 270,
      totalItems: 3,
      items: [
        { ...cartItem({ id: 1, quantity: 2, product: shoe, variant: { id: 9, sku: 'SHOE-44-BLK', options: { Size: '44', Colour: 'Black' }, price: 90 } }), unitPrice: 90, discount: 0, total: 180 },
        { ...cartItem({ id: 2, quantity: 1, product: lamp }), unitPrice: 90, discount: 0, total: 90 },
      ],
      totals: { subtotal: 270, discount: 0, shipping: 0, tax: 0, total: 270 },
      payment: { method: 'card', status: 'authorized', brand: 'Visa', last4: '4242' },
    });
    const fetch = stubFetch({
      'GET /api/orders/own/': () => jsonResponse([placed, order({ id: 12, totalItems: 1 })], 200, { 'X-Total-Count': '2' }),
    });
    render();
    const first = await screen.findByRole('article', { name: 'Order #31' });
    expect(within(first).getByText('No. 1')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Order #31' })).toHaveAttribute('href', '/orders/31');
    expect(within(first).getByText('Mar 1, 2026')).toHaveAttribute('datetime', '2026-03-01T12:00:00.000Z');
    expect(within(first).getByText('dispatched')).toBeInTheDocument();
    expect(fact(first, 'Payment')).toBe('Card •••• 4242 (Visa) — Authorized, not charged yet');

    const lines = within(within(first).getByRole('list', { name: 'Items' })).getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect(within(lines[0]).getByRole('heading', { name: 'Trail Shoe' })).toBeInTheDocument();
    expect(within(lines[0]).getByText('Stride')).toBeInTheDocument();
    expect(within(lines[0]).getByText('Size 44 / Colour Black')).toBeInTheDocument();
    expect(within(lines[0]).getByText('Qty 2 × $90.00')).toBeInTheDocument();
    expect(lines[0].querySelector('img')).toHaveAttribute('src', '/images/shoe.webp');
    expect(within(lines[1]).getByRole('heading', { name: 'Desk Lamp' })).toBeInTheDocument();
    expect(within(lines[1]).getByText('Lumen')).toBeInTheDocument();
    expect(within(lines[1]).getByText('Qty 1 × $90.00')).toBeInTheDocument();
    expect(lines[1].querySelector('img')).toHaveAttribute('src', '/images/lamp.webp');

    expect(fact(first, 'Subtotal')).toBe('$270.00');
    expect(fact(first, 'Total items')).toBe('3 items');
    expect(fact(first, 'Total')).toBe('$270.00');
    const shipTo = within(first).getByRole('region', { name: 'Order #31 Shipping address' });
    for (const text of [address.name, address.city, address.state, address.country, address.pincode, address.email, address.phoneNumber]) {
      expect(shipTo).toHaveTextContent(text);
    }

    const second = screen.getByRole('article', { name: 'Order #12' });
    expect(within(second).getByText('No. 2')).toBeInTheDocument();
    expect(fact(second, 'Total items')).toBe('1 item');
    expect(fact(second, 'Payment')).toBe('Cash on delivery — Not paid yet');
    expect(within(second).getByText('pending')).toBeInTheDocument();
    expect(within(second).getByRole('heading', { name: 'Novaphone Zen 8' })).toBeInTheDocument();
    expect(calls(fetch)).toEqual(['GET /api/orders/own/?_page=1&_limit=10']);
    // One page only: the results are counted, every page control disabled.
    expect(screen.getByText(/results/).textContent).toBe('Showing 1 to 2 of 2 results');
  });

  it("words each order's payment as its money went: a card refunded in full, one refunded in part", async () => {
    const paid = { totals: { subtotal: 80, discount: 0, shipping: 0, tax: 0, total: 80 }, totalAmount: 80, paymentMethod: 'card' as const, status: 'cancelled' as const };
    stubFetch({
      'GET /api/orders/own/': () =>
        jsonResponse(
          [
            order({ id: 41, ...paid, payment: { method: 'card', status: 'refunded', refunded: 80, brand: 'Visa', last4: '4242' } }),
            order({ id: 40, ...paid, status: 'delivered', payment: { method: 'card', status: 'partially_refunded', refunded: 25.5, brand: 'Visa', last4: '4242' } }),
          ],
          200,
          { 'X-Total-Count': '2' },
        ),
    });
    render();
    expect(fact(await screen.findByRole('article', { name: 'Order #41' }), 'Payment')).toBe('Card •••• 4242 (Visa) — Refunded');
    expect(fact(screen.getByRole('article', { name: 'Order #40' }), 'Payment')).toBe('Card •••• 4242 (Visa) — Refunded $25.50 of $80.00');
  });

  it('shows 10 a page, the page in the URL, and moves between pages by its links', async () => {
    const fetch = stubFetch({ 'GET /api/orders/own/': ordersPage(23) });
    const { router } = render('/orders?page=2');
    expect(await screen.findByRole('article', { name: 'Order #13' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(10);
    // Serial numbers count on from the first page.
    expect(within(screen.getByRole('article', { name: 'Order #13' })).getByText('No. 11')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Your orders, newest first' })).toHaveAttribute('start', '11');
    expect(screen.getByText(/results/).textContent).toBe('Showing 11 to 20 of 23 results');
    expect(calls(fetch)).toEqual(['GET /api/orders/own/?_page=2&_limit=10']);

    await userEvent.click(screen.getByRole('link', { name: 'Page 3' }));
    expect(await screen.findByRole('article', { name: 'Order #3' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(router.state.location.search).toBe('?page=3');

    await userEvent.click(screen.getByRole('link', { name: 'Page 1' }));
    expect(await screen.findByRole('article', { name: 'Order #23' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('a page past the last says so and links to the first', async () => {
    stubFetch({ 'GET /api/orders/own/': ordersPage(3) });
    render('/orders?page=7');
    expect(await screen.findByText(/There is no page 7 of your orders/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the first page' })).toHaveAttribute('href', '/orders');
  });

  it('says when there are no orders yet', async () => {
    stubFetch({ 'GET /api/orders/own/': () => jsonResponse([] as Order[], 200, { 'X-Total-Count': '0' }) });
    render();
    expect(await screen.findByText(/You have not placed any orders yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start shopping' })).toHaveAttribute('href', '/');
  });

  it('shows loading, then an error with a retry', async () => {
    let fail = true;
    stubFetch({
      'GET /api/orders/own/': () => (fail ? jsonResponse({ message: 'Server down' }, 500) : jsonResponse([order({ id: 5 })], 200, { 'X-Total-Count': '1' })),
    });
    render();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your orders…');
    expect(await screen.findByRole('alert')).toHaveTextContent('Server down');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Order #5' })).toBeInTheDocument();
  });

  it('invites a signed-out visitor to log in (the page has no guard)', () => {
    renderWithProviders(<MyOrdersPage />, { preloadedState: session() });
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });
});
