import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrder } from '../../../domain/backOffice';
import type { OrderReturn, ReturnStatus, ReturnStep } from '../../../domain/returns';
import { nthOrder } from '../../../test/adminOrders';
import { admin, cartItem, jsonResponse, product, renderWithProviders, sent, session, staffUser, stubFetch } from '../../../test/utils';
import type { User } from '../../../domain/types';
import AdminOrdersScreen from './AdminOrdersScreen';

afterEach(() => vi.unstubAllGlobals());

const AT = '2026-03-10T09:00:00.000Z';

function ret(id: number, status: ReturnStatus, extra: Partial<OrderReturn> = {}): OrderReturn {
  return {
    id,
    status,
    items: [
      { line: 1, quantity: 1 },
      { line: 2, quantity: 2 },
    ],
    reason: 'Wrong size',
    createdAt: AT,
    refund: status === 'requested' ? null : { amount: 52.5, method: 'card' },
    history: [{ status: 'requested', at: AT, by: 'shopper' }],
    ...extra,
  };
}

function anOrder(returns: OrderReturn[], refunded = 0): AdminOrder {
  const order = nthOrder(4);
  order.status = 'delivered';
  order.paymentMethod = 'card';
  order.items = [
    cartItem({ id: 1, quantity: 2, product: product({ id: 4, title: 'Trail Shoe' }), variant: { id: 40, sku: 'SHOE-44', options: { Size: '44' }, price: 35 } }),
    cartItem({ id: 2, quantity: 2, product: product({ id: 5, title: 'Mug' }) }),
  ];
  order.customer = { id: 7, email: 'customer7@shop.test', name: 'Asha Rao' };
  order.notes = [];
  return { ...order, returns, refunded };
}

/** The server: PATCH moves the return to the status sent (or answers `fail`). */
function server(order: AdminOrder, fail?: { status: number; message: string }) {
  let current = order;
  return stubFetch({
    'GET /api/orders/4': () => jsonResponse(current),
    'PATCH /api/orders/4/returns/3': ({ body }) => {
      if (fail) return jsonResponse({ message: fail.message }, fail.status);
      const { status } = body as ReturnStep;
      const returns = current.returns!.map((r) => (r.id === 3 ? { ...r, status, refund: r.refund ?? { amount: 52.5, method: 'card' as const } } : r));
      const plain: Record<string, unknown> = { ...current, returns, refunded: status === 'refunded' ? 52.5 : current.refunded };
      delete plain.customer;
      delete plain.notes;
      current = { ...current, ...(plain as Partial<AdminOrder>) };
      return jsonResponse(plain);
    },
  });
}

const open = (who: User = admin) => renderWithProviders(<AdminOrdersScreen />, { path: '/admin/orders/:id', route: '/admin/orders/4', preloadedState: session(who) });
const returnItem = async () => within(await screen.findByRole('region', { name: 'Returns' })).getByRole('listitem', { name: 'Return #3' });

describe("the back office's returns of an order", () => {
  it('takes a return through Approve, Mark received (damaged lines), Refund $X after a confirmation; the order shows Refunded beside its totals', async () => {
    const mock = server(anOrder([ret(3, 'requested')]));
    const user = userEvent.setup();
    open();
    let item = await returnItem();
    expect(item).toHaveTextContent('Requested');
    expect(within(item).getByRole('list', { name: 'Items of return #3' })).toHaveTextContent('1 × Trail Shoe (Size 44)2 × Mug');
    expect(item).toHaveTextContent('Reason: Wrong size');
    expect(within(item).getByRole('button', { name: 'Reject return #3' })).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: /Refund/ })).not.toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: 'Approve return #3' }));
    expect(await screen.findByText('Return #3 is approved')).toBeInTheDocument();
    item = await returnItem();
    expect(item).toHaveTextContent('Approved');
    expect(item).toHaveTextContent('Refund $52.50 to the card');
    expect(within(item).queryByRole('button', { name: 'Approve return #3' })).not.toBeInTheDocument();

    // By keyboard: tick the mug as damaged (Space), then Mark received.
    const mug = within(item).getByRole('checkbox', { name: '2 × Mug damaged' });
    mug.focus();
    await user.keyboard(' ');
    expect(mug).toBeChecked();
    within(item).getByRole('button', { name: 'Mark return #3 received' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Return #3 is received')).toBeInTheDocument();

    item = await returnItem();
    await user.click(within(item).getByRole('button', { name: 'Refund $52.50 for return #3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund $52.50 for return #3?' });
    expect(dialog).toHaveTextContent('The amount goes back to the card the order was paid with.');
    await user.click(within(dialog).getByRole('button', { name: 'Refund $52.50' }));
    expect(await screen.findByText('Return #3 is refunded')).toBeInTheDocument();
    item = await returnItem();
    expect(item).toHaveTextContent('Refunded $52.50 to the card');
    expect(within(item).queryByRole('button')).not.toBeInTheDocument();

    expect(sent(mock, 'PATCH /api/orders/4/returns/3')).toEqual([{ status: 'approved' }, { status: 'received', damaged: [2] }, { status: 'refunded' }]);
    expect(within(screen.getByRole('region', { name: 'Items' })).getByText('Refunded').parentElement).toHaveTextContent('Refunded$52.50');
    // The customer stays on the page.
    expect(screen.getByText('customer7@shop.test')).toBeInTheDocument();
  });

  it('asks before rejecting; shows why a step failed (e.g. the card refund was declined) and keeps the buttons', async () => {
    server(anOrder([ret(3, 'received')]), { status: 502, message: 'The card refund failed: declined by the provider' });
    const user = userEvent.setup();
    open();
    const item = await returnItem();
    await user.click(within(item).getByRole('button', { name: 'Refund $52.50 for return #3' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Refund $52.50' }));
    expect(await within(item).findByRole('alert')).toHaveTextContent('Return #3 could not be refunded: The card refund failed: declined by the provider');
    expect(within(item).getByRole('button', { name: 'Refund $52.50 for return #3' })).toBeInTheDocument();
  });

  it('fulfilment staff take a return up to received but get no Refund button; support staff no step at all', async () => {
    server(anOrder([ret(3, 'received')]));
    const { unmount } = open(staffUser('fulfilment'));
    const item = await returnItem();
    expect(item).toHaveTextContent('Refund $52.50 to the card');
    expect(within(item).queryByRole('button', { name: /Refund/ })).not.toBeInTheDocument();
    unmount();
    server(anOrder([ret(3, 'requested')]));
    open(staffUser('support'));
    expect(within(await returnItem()).queryByRole('button')).not.toBeInTheDocument();
  });

  it('a step out of order (409) says so; Reject asks first and Keep it sends nothing', async () => {
    const mock = server(anOrder([ret(3, 'requested')]), { status: 409, message: 'Return #3 is already approved' });
    const user = userEvent.setup();
    open();
    const item = await returnItem();
    await user.click(within(item).getByRole('button', { name: 'Reject return #3' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Reject return #3?' })).getByRole('button', { name: 'Keep it' }));
    expect(sent(mock, 'PATCH /api/orders/4/returns/3')).toEqual([]);
    await user.click(within(item).getByRole('button', { name: 'Approve return #3' }));
    expect(await within(item).findByRole('alert')).toHaveTextContent('Return #3 could not be approved: Return #3 is already approved');
  });

  it('says when there are none; a rejected or refunded return has no buttons', async () => {
    server(anOrder([]));
    const { unmount } = open();
    expect(await screen.findByText('No returns asked for.')).toBeInTheDocument();
    unmount();
    server(anOrder([ret(3, 'rejected', { refund: null })]));
    open();
    const item = await returnItem();
    expect(item).toHaveTextContent('Rejected');
    expect(within(item).queryByRole('button')).not.toBeInTheDocument();
  });
});
