import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartItem, jsonResponse, order, product, renderWithProviders, sent, session, stubFetch, user } from '../../test/utils';
import type { OrderReturn } from '../../domain/returns';
import type { Order } from '../../domain/types';
import OrderPage from './OrderPage';
import MyOrdersPage from './MyOrdersPage';

afterEach(() => vi.unstubAllGlobals());

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();
const utcDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** A card order delivered `deliveredDaysAgo` days ago: 3 shoes (30 days' returns), 1 lamp (no returns), 2 mugs (7 days). */
function delivered(deliveredDaysAgo = 2, overrides: Partial<Order> = {}): Order {
  const shoe = product({ id: 4, title: 'Trail Shoe', returnPolicy: '30 days return policy' });
  const lamp = product({ id: 5, title: 'Desk Lamp', returnPolicy: 'No return policy' });
  const mug = product({ id: 6, title: 'Mug', returnPolicy: '7 days return policy' });
  return order({
    id: 31,
    status: 'delivered',
    paymentMethod: 'card',
    createdAt: daysAgo(deliveredDaysAgo + 3),
    totalItems: 6,
    history: [
      { status: 'pending', at: daysAgo(deliveredDaysAgo + 3), by: 'shopper' },
      { status: 'delivered', at: daysAgo(deliveredDaysAgo), by: 'admin' },
    ],
    items: [
      { ...cartItem({ id: 1, quantity: 3, product: shoe, variant: { id: 9, sku: 'SHOE-44', options: { Size: '44' }, price: 80 } }), unitPrice: 80, discount: 0, total: 240 },
      { ...cartItem({ id: 2, quantity: 1, product: lamp }), unitPrice: 90, discount: 0, total: 90 },
      { ...cartItem({ id: 3, quantity: 2, product: mug }), unitPrice: 10, discount: 0, total: 20 },
    ],
    returns: [],
    refunded: 0,
    ...overrides,
  });
}

const requested = (items: OrderReturn['items'], reason: string, extra: Partial<OrderReturn> = {}): OrderReturn => ({
  id: 1,
  status: 'requested',
  items,
  reason,
  createdAt: new Date().toISOString(),
  refund: null,
  history: [{ status: 'requested', at: new Date().toISOString(), by: 'shopper' }],
  ...extra,
});

const render = () => renderWithProviders(<OrderPage />, { route: '/orders/31', path: '/orders/:id', preloadedState: session(user) });

describe('Returns on the order page', () => {
  it('says per line until when it can be returned; the form (by keyboard) checks, sends the lines and the reason, and the return appears', async () => {
    const placed = delivered(2);
    const mock = stubFetch({
      'GET /api/orders/31': () => jsonResponse(placed),
      'POST /api/orders/31/returns': ({ body }) => {
        const { items, reason } = body as { items: OrderReturn['items']; reason: string };
        return jsonResponse({ ...placed, returns: [requested(items, reason)] }, 201);
      },
    });
    render();
    const section = await screen.findByRole('region', { name: 'Returns' });
    const windows = within(within(section).getByRole('list', { name: 'Return windows' })).getAllByRole('listitem');
    // The last day of the window: the UTC day the policy's days after the delivery.
    const until = (days: number) => `${utcDay.format(new Date(new Date(placed.history![1].at).getTime() + days * DAY))} (UTC)`;
    expect(windows.map((w) => w.textContent)).toEqual([
      `Trail Shoe (Size 44)Returnable until ${until(30)}`,
      'Desk LampNot returnable',
      `MugReturnable until ${until(7)}`,
    ]);
    expect(within(section).getByText('You have not returned anything from this order.')).toBeInTheDocument();

    // Keyboard: Tab to 'Return items', Enter opens the form (loaded on demand) with focus on its title.
    const open = within(section).getByRole('button', { name: 'Return items' });
    open.focus();
    await userEvent.keyboard('{Enter}');
    const form = await within(section).findByRole('form', { name: 'Return items' });
    await waitFor(() => expect(within(form).getByRole('heading', { name: 'Return items' })).toHaveFocus());
    // Only the returnable lines, each up to what can be returned.
    const shoe = within(form).getByRole('spinbutton', { name: 'Trail Shoe (Size 44)' });
    expect(shoe).toHaveAttribute('max', '3');
    expect(shoe).toHaveAccessibleDescription('up to 3');
    expect(within(form).getByRole('spinbutton', { name: 'Mug' })).toHaveAttribute('max', '2');
    expect(within(form).queryByRole('spinbutton', { name: 'Desk Lamp' })).not.toBeInTheDocument();

    // Nothing chosen, no reason: the messages, nothing sent.
    await userEvent.click(within(form).getByRole('button', { name: 'Request return' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('The return could not be requested: check the fields marked below.');
    expect(within(form).getByText('Choose at least one item to return')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription(/Reason is required/);
    // Too many.
    await userEvent.clear(shoe);
    await userEvent.type(shoe, '4');
    await userEvent.click(within(form).getByRole('button', { name: 'Request return' }));
    expect(shoe).toHaveAccessibleDescription('up to 3 Enter a whole number from 0 to 3');
    await waitFor(() => expect(shoe).toHaveFocus());
    expect(sent(mock, 'POST /api/orders/31/returns')).toEqual([]);

    await userEvent.clear(shoe);
    await userEvent.type(shoe, '2');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Reason' }), '  Too small  ');
    await userEvent.click(within(form).getByRole('button', { name: 'Request return' }));

    const list = await within(section).findByRole('list', { name: 'Returns of this order' });
    expect(sent(mock, 'POST /api/orders/31/returns')).toEqual([{ items: [{ line: 1, quantity: 2 }], reason: 'Too small' }]);
    const ret = within(list).getByRole('listitem', { name: 'Return #1' });
    expect(ret).toHaveTextContent('Requested');
    expect(within(ret).getByRole('list', { name: 'Items of return #1' })).toHaveTextContent('2 × Trail Shoe (Size 44)');
    expect(ret).toHaveTextContent('Reason: Too small');
    expect(screen.queryByRole('form', { name: 'Return items' })).not.toBeInTheDocument();
    expect(await screen.findByText('Your return for order #31 is requested')).toBeInTheDocument();
    // One shoe is left to return.
    expect(within(section).getByRole('list', { name: 'Return windows' })).toHaveTextContent(`Trail Shoe (Size 44)Returnable until ${until(30)}`);
  });

  it("puts the server's field messages next to their fields and its message in the alert", async () => {
    const placed = delivered(2);
    stubFetch({
      'GET /api/orders/31': () => jsonResponse(placed),
      'POST /api/orders/31/returns': () =>
        jsonResponse({ message: 'Check the return', errors: { 'items.0.quantity': 'Quantity is more than you can return (1 left)', reason: 'Reason is too long' } }, 400),
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Return items' }));
    const form = await screen.findByRole('form', { name: 'Return items' });
    await userEvent.type(within(form).getByRole('spinbutton', { name: 'Mug' }), '{Backspace}1');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Reason' }), 'Chipped');
    await userEvent.click(within(form).getByRole('button', { name: 'Request return' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('The return could not be requested: Check the return');
    expect(within(form).getByRole('spinbutton', { name: 'Mug' })).toHaveAccessibleDescription('up to 2 Quantity is more than you can return (1 left)');
    expect(within(form).getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription(/Reason is too long/);
  });

  it('a 409 shows its message; Cancel closes the form and gives focus back to the button', async () => {
    const placed = delivered(2);
    stubFetch({
      'GET /api/orders/31': () => jsonResponse(placed),
      'POST /api/orders/31/returns': () => jsonResponse({ message: 'The return window of Mug is over' }, 409),
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Return items' }));
    const form = await screen.findByRole('form', { name: 'Return items' });
    await userEvent.type(within(form).getByRole('spinbutton', { name: 'Mug' }), '{Backspace}2');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Reason' }), 'Not needed');
    await userEvent.click(within(form).getByRole('button', { name: 'Request return' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('The return could not be requested: The return window of Mug is over');
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Return items' })).toHaveFocus());
  });

  it('shows each return with its status and refund; nothing to return when windows are over; nothing at all on an undelivered order', async () => {
    const refundedOne = requested([{ line: 1, quantity: 1 }], 'Too small', { status: 'refunded', refund: { amount: 84.8, method: 'card' } });
    const approved = requested([{ line: 3, quantity: 2 }], 'Chipped', { id: 2, status: 'approved', refund: { amount: 21.2, method: 'card' }, createdAt: '2026-12-07T23:53:00.000Z' });
    const placed = delivered(10, { returns: [refundedOne, approved], refunded: 84.8 });
    stubFetch({ 'GET /api/orders/31': () => jsonResponse(placed) });
    const { unmount } = render();
    const section = await screen.findByRole('region', { name: 'Returns' });
    const windows = within(within(section).getByRole('list', { name: 'Return windows' })).getAllByRole('listitem');
    expect(windows[1]).toHaveTextContent('Not returnable');
    expect(windows[2]).toHaveTextContent('All 2 in a return');
    const list = within(section).getByRole('list', { name: 'Returns of this order' });
    const [first, second] = within(list).getAllByRole('listitem', { name: /^Return #/ });
    expect(first).toHaveTextContent('Refunded');
    expect(first).toHaveTextContent('Refunded $84.80 to your card');
    expect(second).toHaveTextContent('Approved');
    expect(second).toHaveTextContent('Refund $21.20 to your card');
    // The UTC day, said so, as the windows' days are.
    expect(second).toHaveTextContent('asked Dec 7, 2026 (UTC)');
    expect(section).toHaveTextContent('Refunded so far: $84.80');
    // The totals stay what was charged; the refund beside them.
    expect(screen.getByRole('region', { name: 'Items' })).toHaveTextContent(/Refunded\$84\.80/);
    unmount();

    stubFetch({ 'GET /api/orders/31': () => jsonResponse(delivered(40, { items: delivered().items.slice(2) })) });
    const again = render();
    const over = await screen.findByRole('region', { name: 'Returns' });
    expect(over).toHaveTextContent(/MugNot returnable: the return window ended [A-Z][a-z]{2} \d{1,2}, \d{4} \(UTC\)/);
    expect(within(over).queryByRole('button', { name: 'Return items' })).not.toBeInTheDocument();
    again.unmount();

    stubFetch({ 'GET /api/orders/31': () => jsonResponse(delivered(2, { status: 'dispatched' })) });
    render();
    await screen.findByRole('heading', { level: 1, name: 'Order #31' });
    expect(screen.queryByRole('region', { name: 'Returns' })).not.toBeInTheDocument();
  });

  it('My Orders says which orders have a return under way', async () => {
    const asked = delivered(2, { id: 31, returns: [requested([{ line: 1, quantity: 1 }], 'Too small', { status: 'approved' })] });
    const done = delivered(2, { id: 30, returns: [requested([{ line: 1, quantity: 1 }], 'Too small', { status: 'refunded' })] });
    stubFetch({ 'GET /api/orders/own/': () => jsonResponse([asked, done], 200, { 'X-Total-Count': '2' }) });
    renderWithProviders(<MyOrdersPage />, { route: '/orders', path: '/orders', preloadedState: session(user) });
    expect(await screen.findByRole('article', { name: 'Order #31' })).toHaveTextContent('Return approved');
    expect(screen.getByRole('article', { name: 'Order #30' })).not.toHaveTextContent(/Return/);
  });
});
