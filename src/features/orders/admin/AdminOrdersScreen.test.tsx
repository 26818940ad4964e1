import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gets, nthOrder, openOrders, orderNumbers, ordersServer, rowOf } from '../../../test/adminOrders';
import { calls, jsonResponse, sent, staffUser, stubFetch } from '../../../test/utils';
import { ORDER_STATUSES } from '../../../domain/types';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AdminOrdersScreen', () => {
  it('shows the orders table, five orders a page, with the total from X-Total-Count', async () => {
    const mock = ordersServer();
    const user = userEvent.setup();
    const { router } = openOrders();

    await screen.findByText('#1');
    // After the bulk status change's checkboxes: number, date, customer, items, total, payment and status.
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Selection',
      'Order Number',
      'Date',
      'Customer',
      'Items',
      'Total Amount',
      'Payment',
      'Status',
    ]);
    // No sort chosen: newest first, as the server answers.
    expect(screen.getByRole('columnheader', { name: 'Date' })).toHaveAttribute('aria-sort', 'descending');
    expect(orderNumbers()).toEqual(['#1', '#2', '#3', '#4', '#5']);
    expect(gets(mock)[0]).toBe('GET /api/orders?_page=1&_per_page=5');
    expect(screen.getByText(/Showing/).textContent).toBe('Showing 1 to 5 of 12 results');
    const first = rowOf(1);
    expect(within(first).getByText('Product 1')).toBeInTheDocument();
    expect(within(first).getByText('2 items')).toBeInTheDocument();
    expect(within(first).getByText('customer7@shop.test')).toBeInTheDocument();
    expect(within(first).getByText('Mar 1, 2026')).toBeInTheDocument();
    // The payment follows the money, in the words every page uses.
    expect(within(first).getByText('Cash on delivery — Not paid yet')).toBeInTheDocument();
    expect(within(rowOf(2)).getByText('Card •••• 4242 (Visa) — Refunded')).toBeInTheDocument();
    expect(within(rowOf(3)).getByText('Card •••• 4242 (Visa) — Refunded $15.00 of $60.00')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: '#1' })).toHaveAttribute('href', '/admin/orders/1');
    expect(within(first).getByText('$20.00')).toBeInTheDocument();
    expect(within(first).getByText('dispatched')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: /Next/ }));
    await waitFor(() => expect(orderNumbers()).toEqual(['#6', '#7', '#8', '#9', '#10']));
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByText(/Showing/).textContent).toBe('Showing 6 to 10 of 12 results');

    await user.click(screen.getByRole('link', { name: 'Page 3' }));
    await waitFor(() => expect(orderNumbers()).toEqual(['#11', '#12']));
    expect(gets(mock).at(-1)).toBe('GET /api/orders?_page=3&_per_page=5');
  });

  it('Edit turns the status into a select of the four statuses; choosing one saves nothing, Save saves it', async () => {
    const mock = ordersServer();
    const user = userEvent.setup();
    openOrders();
    await screen.findByText('#3');

    await user.click(within(rowOf(3)).getByRole('button', { name: 'Edit status of order #3' }));
    const select = within(rowOf(3)).getByLabelText('Status of order #3');
    expect(select).toHaveFocus();
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual([...ORDER_STATUSES]);
    expect(select).toHaveValue('cancelled');

    await user.selectOptions(select, 'delivered');
    await user.selectOptions(select, 'pending');
    await user.selectOptions(select, 'delivered');
    expect(calls(mock).filter((r) => r.startsWith('PATCH'))).toHaveLength(0);
    await user.click(within(rowOf(3)).getByRole('button', { name: 'Save status of order #3' }));
    await waitFor(() => expect(within(rowOf(3)).queryByRole('combobox')).not.toBeInTheDocument());
    expect(within(rowOf(3)).getByText('delivered')).toBeInTheDocument();
    expect(sent(mock, 'PATCH /api/orders/3')).toEqual([{ id: 3, status: 'delivered' }]);
    // Focus returns to the row's Edit button.
    expect(within(rowOf(3)).getByRole('button', { name: 'Edit status of order #3' })).toHaveFocus();
    expect(await screen.findByText('Order #3 is now delivered')).toBeInTheDocument();
  });

  it('while the save is under way the select shows the chosen status, not the stored one', async () => {
    let answer!: () => void;
    ordersServer({ hold: new Promise((resolve) => (answer = resolve)) });
    const user = userEvent.setup();
    openOrders();
    await screen.findByText('#3');
    await user.click(within(rowOf(3)).getByRole('button', { name: 'Edit status of order #3' }));
    await user.selectOptions(within(rowOf(3)).getByLabelText('Status of order #3'), 'delivered');
    await user.click(within(rowOf(3)).getByRole('button', { name: 'Save status of order #3' }));
    const select = within(rowOf(3)).getByLabelText('Status of order #3');
    expect(select).toHaveValue('delivered');
    expect(select).toBeDisabled();
    expect(within(rowOf(3)).getByText('Saving…')).toBeInTheDocument();
    answer();
    expect(await screen.findByText('Order #3 is now delivered')).toBeInTheDocument();
    expect(within(rowOf(3)).getByText('delivered')).toBeInTheDocument();
  });

  it('saving cancelled asks first: Keep it saves nothing, confirming saves it', async () => {
    const mock = ordersServer();
    const user = userEvent.setup();
    openOrders();
    await screen.findByText('#4');
    await user.click(within(rowOf(4)).getByRole('button', { name: 'Edit status of order #4' }));
    await user.selectOptions(within(rowOf(4)).getByLabelText('Status of order #4'), 'cancelled');
    await user.click(within(rowOf(4)).getByRole('button', { name: 'Save status of order #4' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order #4?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(calls(mock).filter((r) => r.startsWith('PATCH'))).toHaveLength(0);
    expect(within(rowOf(4)).getByLabelText('Status of order #4')).toHaveValue('cancelled');
    await user.click(within(rowOf(4)).getByRole('button', { name: 'Save status of order #4' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Cancel order #4?' })).getByRole('button', { name: 'Cancel order #4' }));
    expect(await screen.findByText('Order #4 is now cancelled')).toBeInTheDocument();
    expect(sent(mock, 'PATCH /api/orders/4')).toEqual([{ id: 4, status: 'cancelled' }]);
  });

  it('support staff read the orders with nothing to change them: no Edit, no checkboxes, no bulk status', async () => {
    ordersServer();
    openOrders('/admin/orders', staffUser('support'));
    await screen.findByText('#3');
    expect(within(rowOf(3)).getByText('cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit status/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
  });

  it('Escape leaves edit mode without saving', async () => {
    const mock = ordersServer();
    const user = userEvent.setup();
    openOrders();
    await screen.findByText('#2');
    await user.click(within(rowOf(2)).getByRole('button', { name: /Edit/ }));
    await user.keyboard('{Escape}');
    expect(within(rowOf(2)).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(rowOf(2)).getByText('delivered')).toBeInTheDocument();
    expect(calls(mock).filter((r) => r.startsWith('PATCH'))).toHaveLength(0);
  });

  it('a failed save says so clearly and the row keeps the stored status', async () => {
    ordersServer({ failPatch: true });
    const user = userEvent.setup();
    openOrders();
    await screen.findByText('#4');
    await user.click(within(rowOf(4)).getByRole('button', { name: /Edit/ }));
    await user.selectOptions(within(rowOf(4)).getByLabelText('Status of order #4'), 'delivered');
    await user.click(within(rowOf(4)).getByRole('button', { name: 'Save status of order #4' }));

    expect(await screen.findByText(/could not be changed/)).toHaveTextContent(
      'The status of order #4 could not be changed to delivered: Admins only. It is still pending.',
    );
    expect(within(rowOf(4)).getByText('pending')).toBeInTheDocument();
    expect(within(rowOf(4)).queryByText('delivered')).not.toBeInTheDocument();
  });

  it('filters by status and sorts by order number or total amount, kept in the URL', async () => {
    const mock = ordersServer();
    const user = userEvent.setup();
    const { router } = openOrders('/admin/orders?page=2');
    await screen.findByText('#6');

    await user.selectOptions(screen.getByLabelText('Filter by status'), 'pending');
    await waitFor(() => expect(orderNumbers()).toEqual(['#4', '#8', '#12']));
    expect(router.state.location.search).toBe('?status=pending');
    expect(gets(mock).at(-1)).toBe('GET /api/orders?_page=1&_per_page=5&status=pending');

    await user.click(screen.getByRole('button', { name: 'Total Amount' }));
    await waitFor(() => expect(screen.getByRole('columnheader', { name: 'Total Amount' })).toHaveAttribute('aria-sort', 'ascending'));
    await user.click(screen.getByRole('button', { name: 'Total Amount' }));
    await waitFor(() => expect(orderNumbers()).toEqual(['#12', '#8', '#4']));
    expect(screen.getByRole('columnheader', { name: 'Total Amount' })).toHaveAttribute('aria-sort', 'descending');
    expect(router.state.location.search).toBe('?status=pending&sort=totalAmount&order=desc');
    expect(gets(mock).at(-1)).toBe('GET /api/orders?_page=1&_per_page=5&_sort=totalAmount&_order=desc&status=pending');
  });

  it('reads page, filter and sort from the URL on arrival', async () => {
    const mock = ordersServer();
    openOrders('/admin/orders?sort=id&order=desc&page=2');
    await waitFor(() => expect(orderNumbers()).toEqual(['#7', '#6', '#5', '#4', '#3']));
    expect(gets(mock)[0]).toBe('GET /api/orders?_page=2&_per_page=5&_sort=id&_order=desc');
    expect(screen.getByRole('columnheader', { name: 'Order Number' })).toHaveAttribute('aria-sort', 'descending');
  });

  it('a page past the end shows the last page instead', async () => {
    ordersServer();
    const { router } = openOrders('/admin/orders?page=9');
    await waitFor(() => expect(orderNumbers()).toEqual(['#11', '#12']));
    expect(router.state.location.search).toBe('?page=3');
  });

  it('a filter whose orders cannot be loaded shows no total of the list before it (no "Select all N", no page count)', async () => {
    let fail = false;
    stubFetch({
      'GET /api/orders': ({ url }) =>
        fail
          ? jsonResponse({ message: 'Server down' }, 500)
          : jsonResponse([nthOrder(7), nthOrder(9)], 200, { 'X-Total-Count': String(url.searchParams.get('user') ? 6 : 12) }),
    });
    const user = userEvent.setup();
    openOrders('/admin/orders?user=8');
    expect(await screen.findByRole('button', { name: 'Select all 6 orders matching' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();
    fail = true;
    await user.selectOptions(screen.getByLabelText('Filter by status'), 'delivered');
    expect(await screen.findByText('The orders could not be loaded')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Select all \d+ orders matching/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
  });

  it('says why when the orders cannot be loaded, and retries', async () => {
    let fail = true;
    stubFetch({
      'GET /api/orders': () =>
        fail
          ? jsonResponse({ message: 'Server down' }, 500)
          : jsonResponse([nthOrder(1)], 200, { 'X-Total-Count': '1' }),
    });
    const user = userEvent.setup();
    openOrders();
    expect(await screen.findByRole('alert')).toHaveTextContent('Server down');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('#1')).toBeInTheDocument();
  });
});
