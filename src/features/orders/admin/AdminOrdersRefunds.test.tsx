import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nthOrder, openOrders, ordersServer, rowOf } from '../../../test/adminOrders';
import { admin, jsonResponse, renderWithProviders, sent, session, staffUser, stubFetch } from '../../../test/utils';
import type { Order } from '../../../domain/types';
import AdminOrdersScreen from './AdminOrdersScreen';
import { cancelRefunds } from './paidCancel';

afterEach(() => {
  vi.unstubAllGlobals();
});

// Orders 1 (dispatched), 2 and 6 (delivered) are paid; 4 (pending) and 5 (dispatched) are not.
const PAYMENTS: Partial<Record<number, Order['payment']>> = {
  1: { method: 'card', status: 'paid', refunded: 0, brand: 'Visa', last4: '4242' },
  2: { method: 'cash', status: 'paid', refunded: 0 },
  4: { method: 'card', status: 'authorized', refunded: 0, brand: 'Visa', last4: '4242' },
  5: { method: 'cash', status: 'pending', refunded: 0 },
  6: { method: 'cash', status: 'paid', refunded: 0 },
};
const fulfilment = staffUser('fulfilment');
const why = (id: number) => `Order #${id} is paid: cancelling it gives the money back, which needs the "refunds" permission.`;
const cancelledOption = (select: HTMLElement) => within(select).getByRole('option', { name: 'cancelled' });
const box = (id: number) => within(rowOf(id)).getByRole('checkbox', { name: `Select order #${id}` });
const apply = () => screen.getByRole('button', { name: 'Apply' });

describe('cancelling a paid order needs the refunds permission', () => {
  it('is judged as the server judges it: a captured card not given back in full, or cash paid', () => {
    const paid = (payment: Order['payment'], status: Order['status'] = 'delivered') => cancelRefunds({ status, payment });
    expect(paid({ method: 'card', status: 'paid' })).toBe(true);
    expect(paid({ method: 'card', status: 'partially_refunded' })).toBe(true);
    expect(paid({ method: 'card', status: 'refunded' })).toBe(false);
    expect(paid({ method: 'card', status: 'authorized' })).toBe(false);
    expect(paid({ method: 'card', status: 'voided' })).toBe(false);
    expect(paid({ method: 'cash', status: 'paid' })).toBe(true);
    expect(paid({ method: 'cash', status: 'pending' })).toBe(false);
    expect(paid(undefined)).toBe(false);
    // Cancelled already: nothing more to give back by cancelling.
    expect(paid({ method: 'card', status: 'paid' }, 'cancelled')).toBe(false);
  });

  it("the list's status select offers it disabled, with the reason, to fulfilment staff; admins may", async () => {
    ordersServer({ payments: PAYMENTS });
    const user = userEvent.setup();
    const { unmount } = openOrders('/admin/orders', fulfilment);
    await screen.findByText('#1');
    await user.click(within(rowOf(1)).getByRole('button', { name: 'Edit status of order #1' }));
    const paidSelect = within(rowOf(1)).getByLabelText('Status of order #1');
    expect(cancelledOption(paidSelect)).toBeDisabled();
    expect(paidSelect).toHaveAccessibleDescription(why(1));
    await user.keyboard('{Escape}');

    await user.click(within(rowOf(4)).getByRole('button', { name: 'Edit status of order #4' }));
    const unpaidSelect = within(rowOf(4)).getByLabelText('Status of order #4');
    expect(cancelledOption(unpaidSelect)).toBeEnabled();
    expect(unpaidSelect).not.toHaveAccessibleDescription();
    unmount();

    openOrders('/admin/orders', admin);
    await screen.findByText('#1');
    await user.click(within(rowOf(1)).getByRole('button', { name: 'Edit status of order #1' }));
    expect(cancelledOption(within(rowOf(1)).getByLabelText('Status of order #1'))).toBeEnabled();
  });

  it("the order page's status select offers it disabled, with the reason", async () => {
    const order = { ...nthOrder(2), payment: PAYMENTS[2], history: [] };
    stubFetch({ 'GET /api/orders/2': () => jsonResponse(order) });
    renderWithProviders(<AdminOrdersScreen />, { path: '/admin/orders/:id', route: '/admin/orders/2', preloadedState: session(fulfilment) });
    const select = await screen.findByLabelText('Change status');
    expect(cancelledOption(select)).toBeDisabled();
    expect(select).toHaveAccessibleDescription(why(2));
  });

  it('the bulk bar names the ticked paid orders and waits until they are unticked', async () => {
    const mock = ordersServer({ payments: PAYMENTS });
    const user = userEvent.setup();
    openOrders('/admin/orders', fulfilment);
    await screen.findByText('#5');
    for (const id of [1, 4, 5]) await user.click(box(id));
    await user.selectOptions(screen.getByLabelText('New status'), 'cancelled');
    expect(apply()).toBeDisabled();
    expect(apply()).toHaveAccessibleDescription(why(1));

    await user.click(screen.getByRole('button', { name: 'Untick it to cancel the others' }));
    expect(box(1)).not.toBeChecked();
    expect(apply()).toBeEnabled();
    expect(apply()).toHaveFocus();
    await user.click(apply());
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel 2 orders' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('2 orders updated'));
    expect(sent(mock, 'PATCH /api/orders')).toEqual([{ ids: [4, 5], status: 'cancelled' }]);
  });

  it('knows the paid ones among "Select all N matching", off the page too', async () => {
    ordersServer({ payments: PAYMENTS });
    const user = userEvent.setup();
    openOrders('/admin/orders?user=7', fulfilment);
    await screen.findByText('#5');
    await user.click(screen.getByRole('button', { name: 'Select all 6 orders matching' }));
    await waitFor(() => expect(screen.getByText('6 orders selected')).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('New status'), 'cancelled');
    expect(apply()).toBeDisabled();
    expect(apply()).toHaveAccessibleDescription('Orders #1, #2 and #6 are paid: cancelling them gives the money back, which needs the "refunds" permission.');
    expect(screen.getByRole('button', { name: 'Untick them to cancel the others' })).toBeInTheDocument();
  });
});
