// Order status history in the back office: each order's history, and a refused status change.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openOrders, ordersServer, rowOf } from '../../../test/adminOrders';

afterEach(() => vi.unstubAllGlobals());

const historyOf = (id: number) => within(rowOf(id)).getByRole('list', { name: 'Status history' });

describe('AdminOrdersScreen, order history', () => {
  it('shows each order’s history behind a History toggle, with who made each change', async () => {
    ordersServer({ history: true });
    const user = userEvent.setup();
    openOrders();
    await screen.findByText('#1');
    const toggle = within(rowOf(1)).getByText('History', { selector: 'summary' });
    expect(within(rowOf(1)).queryByRole('list', { name: 'Status history' })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(historyOf(1)).toBeVisible();
    expect(within(historyOf(1)).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^pending · Mar 1, 2026, .* · shopper$/),
    ]);
  });

  it('a status change adds to the history as the server answered', async () => {
    ordersServer({ history: true });
    const user = userEvent.setup();
    openOrders();
    await screen.findByText('#4');
    await user.click(within(rowOf(4)).getByRole('button', { name: 'Edit status of order #4' }));
    await user.selectOptions(within(rowOf(4)).getByLabelText('Status of order #4'), 'dispatched');
    await user.click(within(rowOf(4)).getByRole('button', { name: 'Save status of order #4' }));
    await user.click(within(rowOf(4)).getByText('History', { selector: 'summary' }));
    await waitFor(() => expect(within(historyOf(4)).getAllByRole('listitem')).toHaveLength(2));
    expect(within(historyOf(4)).getAllByRole('listitem')[1]).toHaveTextContent(/^dispatched · Mar 2, 2026, .* · admin$/);
  });

  it('says which product is short when an order cannot leave cancelled, and keeps its status', async () => {
    const message = 'Only 0 of "Product 3" left in stock: order #3 cannot leave cancelled';
    ordersServer({ history: true, shortOfStock: message });
    const user = userEvent.setup();
    openOrders();
    await screen.findByText('#3');
    await user.click(within(rowOf(3)).getByRole('button', { name: 'Edit status of order #3' }));
    await user.selectOptions(within(rowOf(3)).getByLabelText('Status of order #3'), 'pending');
    await user.click(within(rowOf(3)).getByRole('button', { name: 'Save status of order #3' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `The status of order #3 could not be changed to pending: ${message}. It is still cancelled.`,
    );
    expect(within(rowOf(3)).getByText('cancelled', { selector: 'span' })).toBeInTheDocument();
    await user.click(within(rowOf(3)).getByText('History', { selector: 'summary' }));
    expect(within(historyOf(3)).getAllByRole('listitem')).toHaveLength(1);
  });
});
