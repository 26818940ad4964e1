import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls, cartItem, jsonResponse, order, product, renderWithProviders, stubFetch, user, session } from '../../test/utils';
import type { Order } from '../../domain/types';
import OrderPage from './OrderPage';

afterEach(() => vi.unstubAllGlobals());

const render = (id = 31, state = session(user)) =>
  renderWithProviders(<OrderPage />, { route: `/orders/${id}`, path: '/orders/:id', preloadedState: state });

const history: Order['history'] = [
  { status: 'pending', at: '2026-03-01T09:00:00.000Z', by: 'shopper' },
  { status: 'dispatched', at: '2026-03-02T10:30:00.000Z', by: 'admin' },
];

describe('OrderPage', () => {
  it('shows the lines (with the variant chosen) and the charges it stored, the summary, address, payment and the status history', async () => {
    const shoe = product({ id: 4, title: 'Trail Shoe', thumbnail: '/images/shoe.webp', price: 100, discountPercentage: 0 });
    const placed = order({
      id: 31,
      status: 'dispatched',
      paymentMethod: 'card',
      createdAt: '2026-03-01T09:00:00.000Z',
      totalAmount: 326.46,
      totalItems: 4,
      history,
      items: [
        { ...cartItem({ id: 1, quantity: 3, product: shoe, variant: { id: 9, sku: 'SHOE-44-BLK', options: { Size: '44', Colour: 'Black' }, price: 80 } }), unitPrice: 80, discount: 48, total: 192 },
        { ...cartItem({ id: 2, quantity: 1, product: product({ id: 5, title: 'Lamp', price: 100, discountPercentage: 10 }) }), unitPrice: 90, discount: 0, total: 90 },
      ],
      promotions: [{ id: 1, code: null, label: 'Members save 20%', amount: 48 }],
      shipping: { method: 3, name: 'Express', amount: 19.99 },
      tax: { rate: 13, amount: 24.47 },
      totals: { subtotal: 330, discount: 48, shipping: 19.99, tax: 24.47, total: 316.46 },
      payment: { method: 'card', status: 'authorized', brand: 'Visa', last4: '4242' },
      delivery: { method: 'Express', from: '2026-03-04', to: '2026-03-06' },
    });
    stubFetch({ 'GET /api/orders/31': () => jsonResponse(placed) });
    render();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your order…');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #31' })).toBeInTheDocument();

    const lines = within(screen.getByRole('list', { name: 'Items' })).getAllByRole('listitem');
    expect(within(lines[0]).getByRole('heading', { name: 'Trail Shoe' })).toBeInTheDocument();
    expect(within(lines[0]).getByText('Size 44 / Colour Black')).toBeInTheDocument();
    expect(within(lines[0]).getByText('Qty 3 × $80.00')).toBeInTheDocument();
    expect(within(lines[0]).getByText('Discount −$48.00')).toBeInTheDocument();
    expect(lines[0]).toHaveTextContent('Line total $192.00');
    expect(lines[0].querySelector('img')).toHaveAttribute('src', '/images/shoe.webp');
    expect(within(lines[1]).getByText('Qty 1 × $90.00')).toBeInTheDocument();
    expect(within(lines[1]).queryByText(/Discount/)).not.toBeInTheDocument();
    // The five figures as stored (the total is not recomputed: the stored one is shown).
    const rows = within(document.querySelector<HTMLElement>('dl[aria-label="Order #31 total"]')!).getAllByRole('term');
    expect(rows.map((t) => [t.textContent, t.nextElementSibling?.textContent])).toEqual([
      ['Subtotal', '$330.00'],
      ['Members save 20%', '−$48.00'],
      ['Shipping (Express)', '$19.99'],
      ['Tax (13%)', '$24.47'],
      ['Total', '$316.46'],
    ]);

    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Mar 1, 2026')).toBeInTheDocument();
    expect(within(summary).getByText('4 items')).toBeInTheDocument();
    expect(within(summary).getByText('Card •••• 4242 (Visa) — Authorized, not charged yet')).toBeInTheDocument();
    expect(within(summary).getByText('$316.46')).toBeInTheDocument();
    // The delivery estimate it stored when placed, as stored.
    expect(within(summary).getByText('Wed, Mar 4 – Fri, Mar 6')).toBeInTheDocument();
    expect(within(summary).getByText('by Express')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Shipping address' })).getByText('Ada Lovelace')).toBeInTheDocument();

    const steps = within(screen.getByRole('list', { name: 'Status history' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      expect.stringMatching(/^pending · Mar 1, 2026, .* · by you$/),
      expect.stringMatching(/^dispatched · Mar 2, 2026, .* · by the shop$/),
    ]);
    // Dispatched: it can no longer be cancelled; buying again still can.
    expect(screen.queryByRole('button', { name: /^Cancel order/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Buy again/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/orders');
  });

  it('cancels a pending order after a confirmation, and shows it cancelled', async () => {
    const placed = order({ id: 31, history: [history[0]] });
    const cancelled: Order = { ...placed, status: 'cancelled', history: [history[0], { status: 'cancelled', at: '2026-03-01T10:00:00.000Z', by: 'shopper' }] };
    const fetch = stubFetch({ 'GET /api/orders/31': () => jsonResponse(placed), 'POST /api/orders/31/cancel': () => jsonResponse(cancelled) });
    render();
    await userEvent.click(await screen.findByRole('button', { name: /^Cancel order/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order #31?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    expect(calls(fetch)).not.toContain('POST /api/orders/31/cancel');

    await userEvent.click(screen.getByRole('button', { name: /^Cancel order/ }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Order #31 is cancelled')).toBeInTheDocument();
    expect(screen.getByText('cancelled', { selector: 'span.rounded-full' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Cancel order/ })).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Status history' })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('a pending order already paid (the shop moved it back) offers no Cancel: it says to contact the shop', async () => {
    const payment = { method: 'cash' as const, status: 'paid' as const };
    stubFetch({ 'GET /api/orders/31': () => jsonResponse(order({ id: 31, status: 'pending', paymentMethod: 'cash', payment })) });
    render();
    expect(await screen.findByText(/^Paid: to cancel this order and get the money back,/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'contact us' })).toHaveAttribute('href', '/contactus');
    expect(screen.queryByRole('button', { name: /^Cancel order/ })).not.toBeInTheDocument();
  });

  it('says why an order could not be cancelled, and shows it as it is now', async () => {
    let status: Order['status'] = 'pending';
    const fetch = stubFetch({
      'GET /api/orders/31': () => jsonResponse(order({ id: 31, status })),
      'POST /api/orders/31/cancel': () => {
        status = 'dispatched';
        return jsonResponse({ message: 'Order #31 is dispatched: only a pending order can be cancelled' }, 409);
      },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: /^Cancel order/ }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText(/Order #31 could not be cancelled: Order #31 is dispatched/)).toBeInTheDocument();
    expect(await screen.findByText('dispatched', { selector: 'span.rounded-full' })).toBeInTheDocument();
    expect(calls(fetch).filter((c) => c === 'GET /api/orders/31')).toHaveLength(2);
  });

  it('Buy again puts the products back in the cart and says what was left out and why', async () => {
    const lamp = product({ id: 4, title: 'Lamp' });
    const placed = order({
      id: 31,
      status: 'delivered',
      items: [cartItem({ id: 1, quantity: 3, product: lamp }), cartItem({ id: 2, quantity: 1, product: product({ id: 5, title: 'Old Phone' }) })],
    });
    stubFetch({
      'GET /api/orders/31': () => jsonResponse(placed),
      'POST /api/orders/31/buy-again': () =>
        jsonResponse({
          added: [{ product: { id: 4, title: 'Lamp' }, quantity: 2 }],
          skipped: [{ product: { id: 5, title: 'Old Phone' }, reason: 'no longer available' }],
          cart: [cartItem({ id: 90, quantity: 2, product: lamp })],
        }),
    });
    const { store } = render();
    await userEvent.click(await screen.findByRole('button', { name: /^Buy again/ }));
    expect(await screen.findByText(/Added to your cart/)).toHaveTextContent('Added to your cart: Lamp × 2 (of 3 ordered). Left out: Old Phone (no longer available).');
    expect(screen.getByRole('link', { name: 'Go to cart' })).toHaveAttribute('href', '/cart');
    expect(store.getState().cart.items).toEqual([cartItem({ id: 90, quantity: 2, product: lamp })]);
  });

  it('words a card refunded in part in its summary: what was given back of what was paid', async () => {
    const payment = { method: 'card' as const, status: 'partially_refunded' as const, refunded: 30, brand: 'Visa', last4: '4242' };
    const totals = { subtotal: 120, discount: 0, shipping: 0, tax: 0, total: 120 };
    stubFetch({ 'GET /api/orders/31': () => jsonResponse(order({ id: 31, status: 'delivered', paymentMethod: 'card', totalAmount: 120, totals, payment })) });
    render();
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Card •••• 4242 (Visa) — Refunded $30.00 of $120.00')).toBeInTheDocument();
  });

  it('shows the tracking the shop gave, linked to the carrier', async () => {
    const tracking = { carrier: 'FedEx', number: '7946', url: 'https://www.fedex.com/fedextrack/?trknbr=7946' };
    stubFetch({ 'GET /api/orders/31': () => jsonResponse(order({ id: 31, status: 'dispatched', tracking })) });
    render();
    expect(await screen.findByRole('heading', { name: 'Tracking' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /7946/ })).toHaveAttribute('href', tracking.url);
  });

  it("someone else's order, or none, is the app's 404 page", async () => {
    stubFetch({ 'GET /api/orders/32': () => jsonResponse({ message: 'Order not found' }, 404) });
    render(32);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText("Sorry, we couldn't find the page you're looking for.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
    expect(screen.queryByText(/Order #32/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Buy again/ })).not.toBeInTheDocument();
    await vi.waitFor(() => expect(document.title).toBe('Page not found | Best Buy Shop'));
  });

  it('shows an error with a retry when the order cannot be loaded', async () => {
    let fail = true;
    stubFetch({ 'GET /api/orders/31': () => (fail ? jsonResponse({ message: 'Server down' }, 500) : jsonResponse(order({ id: 31 }))) });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Server down');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: /^Buy again/ })).toBeInTheDocument();
  });

  it('invites a signed-out visitor to log in', () => {
    render(31, session());
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });
});
