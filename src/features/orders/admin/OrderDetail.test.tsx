import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrder, OrderNote } from '../../../domain/backOffice';
import { nthOrder } from '../../../test/adminOrders';
import { admin, jsonResponse, renderWithProviders, sent, session, staffUser, stubFetch } from '../../../test/utils';
import type { User } from '../../../domain/types';
import AdminOrdersScreen from './AdminOrdersScreen';

afterEach(() => {
  vi.unstubAllGlobals();
});

const NOTE: OrderNote = { id: 1, text: 'Customer called about the delivery day.', at: '2026-03-04T10:15:00.000Z', by: { id: 1, email: 'admin@shop.test' } };

function anOrder(): AdminOrder {
  const order = nthOrder(4); // pending, user 7
  order.items[0].variant = { id: 40, sku: 'P104-BLK-44', options: { Size: '44', Colour: 'Black' }, price: 35 };
  order.history = [{ status: 'pending', at: '2026-03-04T09:00:00.000Z', by: 'shopper' }];
  order.customer = { id: 7, email: 'customer7@shop.test', name: 'Asha Rao' };
  order.notes = [NOTE];
  return order;
}

function server(order: AdminOrder | null, { noteError }: { noteError?: { status: number; body: unknown } } = {}) {
  return stubFetch({
    'GET /api/orders/4': () => (order ? jsonResponse(order) : jsonResponse({ message: 'Order not found' }, 404)),
    'PATCH /api/orders/4': ({ body }) => {
      const { status, tracking } = body as { status: AdminOrder['status']; tracking?: { carrier: string | null; number: string | null } };
      const history = [...order!.history!, { status, at: '2026-03-05T08:00:00.000Z', by: 'admin' as const }];
      const url = tracking?.carrier === 'UPS' ? `https://www.ups.com/track?tracknum=${tracking.number}` : null;
      // PATCH answers the order as a shopper's answer would be: without customer or notes.
      const plain: Record<string, unknown> = { ...order!, status, history, tracking: tracking ? { ...tracking, url } : null };
      delete plain.customer;
      delete plain.notes;
      return jsonResponse(plain);
    },
    'POST /api/orders/4/notes': ({ body }) =>
      noteError
        ? jsonResponse(noteError.body, noteError.status)
        : jsonResponse({ id: 2, text: (body as { text: string }).text.trim(), at: '2026-03-05T09:00:00.000Z', by: { id: 1, email: 'admin@shop.test' } }, 201),
  });
}

const open = (who: User = admin) => renderWithProviders(<AdminOrdersScreen />, { path: '/admin/orders/:id', route: '/admin/orders/4', preloadedState: session(who) });

describe('the order page (/admin/orders/:id)', () => {
  it('shows everything about the order: lines with their variant, totals, customer, address, payment, history and notes', async () => {
    server(anOrder());
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #4' })).toBeInTheDocument();
    const items = screen.getByRole('region', { name: 'Items' });
    expect(within(items).getByText('Product 4')).toBeInTheDocument();
    expect(within(items).getByText('Size 44 / Colour Black')).toBeInTheDocument();
    expect(within(items).getByText('Qty 2 × $35.00')).toBeInTheDocument();
    // An order placed before prices were kept: its stored total, no discount, shipping or tax.
    const total = within(items).getByText('Total').parentElement!;
    expect(total).toHaveTextContent('Total$80.00');
    expect(within(items).getByText('Shipping (Free shipping)')).toBeInTheDocument();
    const customer = screen.getByRole('region', { name: 'Customer' });
    expect(within(customer).getByText('customer7@shop.test')).toBeInTheDocument();
    expect(within(customer).getByText('Asha Rao')).toBeInTheDocument();
    expect(within(customer).getByRole('link', { name: 'All orders of this customer' })).toHaveAttribute('href', '/admin/orders?user=7');
    expect(within(customer).getByText('Cash on delivery — Not paid yet')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Status history' })).getByText('pending')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Notes' })).getByText(NOTE.text)).toBeInTheDocument();
  });

  it('a cancelled card order refunded in full reads Refunded, never Paid', async () => {
    const order = { ...anOrder(), status: 'cancelled' as const, paymentMethod: 'card' as const };
    order.payment = { method: 'card', status: 'refunded', refunded: 80, brand: 'Visa', last4: '4242' };
    server(order);
    open();
    const customer = await screen.findByRole('region', { name: 'Customer' });
    expect(within(customer).getByText('Card •••• 4242 (Visa) — Refunded')).toBeInTheDocument();
    expect(within(customer).queryByText(/Paid/)).not.toBeInTheDocument();
  });

  it('support staff read the status, its history and the notes, with nothing to change them', async () => {
    server(anOrder());
    open(staffUser('support'));
    expect(await screen.findByRole('heading', { name: 'Status' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Change status')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save status' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'History' })).toBeInTheDocument();
    // The notes too: read, not added to.
    expect(screen.getByText(NOTE.text)).toBeInTheDocument();
    expect(screen.queryByLabelText('Add a note')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add note' })).not.toBeInTheDocument();
  });

  it('changes the status with the select and Save status; the history follows', async () => {
    const mock = server(anOrder());
    const user = userEvent.setup();
    open();
    const select = await screen.findByLabelText('Change status');
    expect(screen.getByRole('button', { name: 'Save status' })).toBeDisabled();
    await user.selectOptions(select, 'delivered');
    await user.click(screen.getByRole('button', { name: 'Save status' }));
    expect(await screen.findByText('Order #4 is now delivered')).toBeInTheDocument();
    expect(sent(mock, 'PATCH /api/orders/4')).toEqual([{ status: 'delivered' }]);
    expect(within(screen.getByRole('list', { name: 'Status history' })).getAllByRole('listitem')).toHaveLength(2);
    // The customer and the notes stay on the page.
    expect(screen.getByText(NOTE.text)).toBeInTheDocument();
    expect(screen.getByText('customer7@shop.test')).toBeInTheDocument();
  });

  it('cancelling asks first: "Keep it" sends nothing, the confirmation saves it', async () => {
    const mock = server(anOrder());
    const user = userEvent.setup();
    open();
    await user.selectOptions(await screen.findByLabelText('Change status'), 'cancelled');
    await user.click(screen.getByRole('button', { name: 'Save status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order #4?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent(mock, 'PATCH /api/orders/4')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Save status' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel order #4' }));
    expect(await screen.findByText('Order #4 is now cancelled')).toBeInTheDocument();
    expect(sent(mock, 'PATCH /api/orders/4')).toEqual([{ status: 'cancelled' }]);
  });

  it('dispatching asks for an optional carrier and tracking number, sent with the status and shown', async () => {
    const mock = server(anOrder());
    const user = userEvent.setup();
    open();
    const select = await screen.findByLabelText('Change status');
    expect(screen.queryByLabelText(/Tracking number/)).not.toBeInTheDocument();
    await user.selectOptions(select, 'dispatched');
    await user.type(screen.getByLabelText(/Carrier/), 'UPS');
    await user.type(screen.getByLabelText(/Tracking number/), ' 1Z999 ');
    expect(screen.getByLabelText(/Tracking number/)).toHaveAttribute('maxLength', '100');
    await user.click(screen.getByRole('button', { name: 'Save status' }));
    expect(await screen.findByText('Order #4 is now dispatched')).toBeInTheDocument();
    expect(sent(mock, 'PATCH /api/orders/4')).toEqual([{ status: 'dispatched', tracking: { carrier: 'UPS', number: '1Z999' } }]);
    expect(screen.getByRole('link', { name: /1Z999/ })).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999');
  });

  it('dispatching with the fields left empty sends the status alone', async () => {
    const mock = server(anOrder());
    const user = userEvent.setup();
    open();
    await user.selectOptions(await screen.findByLabelText('Change status'), 'dispatched');
    await user.click(screen.getByRole('button', { name: 'Save status' }));
    expect(await screen.findByText('Order #4 is now dispatched')).toBeInTheDocument();
    expect(sent(mock, 'PATCH /api/orders/4')).toEqual([{ status: 'dispatched' }]);
  });

  it('adds a note; an empty note is refused with its message, before any request', async () => {
    const mock = server(anOrder());
    const user = userEvent.setup();
    open();
    const field = await screen.findByLabelText('Add a note');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(screen.getByText('Note is required')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(sent(mock, 'POST /api/orders/4/notes')).toEqual([]);

    await user.type(field, 'Left with the neighbour at number 12.');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    const notes = screen.getByRole('list', { name: 'Notes' });
    await waitFor(() => expect(within(notes).getAllByRole('listitem')).toHaveLength(2));
    expect(within(notes).getByText('Left with the neighbour at number 12.')).toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(screen.queryByText('Note is required')).not.toBeInTheDocument();
  });

  it("shows the server's message beside the field when it refuses the note", async () => {
    server(anOrder(), { noteError: { status: 400, body: { message: 'Invalid note', errors: { text: 'Note must be at most 2000 characters' } } } });
    const user = userEvent.setup();
    open();
    await user.type(await screen.findByLabelText('Add a note'), 'Too long, says the server');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Note must be at most 2000 characters')).toBeInTheDocument();
  });

  it('says so when there is no such order', async () => {
    server(null);
    open();
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All orders' })).toHaveAttribute('href', '/admin/orders');
  });

  it('says why when the order cannot be loaded, and retries', async () => {
    let fail = true;
    stubFetch({ 'GET /api/orders/4': () => (fail ? jsonResponse({ message: 'Server down' }, 500) : jsonResponse(anOrder())) });
    const user = userEvent.setup();
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('Server down');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #4' })).toBeInTheDocument();
  });
});
