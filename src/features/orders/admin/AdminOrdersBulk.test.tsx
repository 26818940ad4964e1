import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gets, openOrders, orderNumbers, ordersServer, rowOf } from '../../../test/adminOrders';
import { jsonResponse, sent, stubFetch } from '../../../test/utils';

afterEach(() => {
  vi.unstubAllGlobals();
});

const box = (id: number) => within(rowOf(id)).getByRole('checkbox', { name: `Select order #${id}` });
const pageBox = () => screen.getByRole('checkbox', { name: 'Select all orders on this page' });
const apply = () => screen.getByRole('button', { name: 'Apply' });
const status = () => screen.getByRole('status');

describe('bulk order status', () => {
  it('ticks two orders, sets them dispatched in one PATCH, shows the summary and the page as it is now', async () => {
    const mock = ordersServer();
    const user = userEvent.setup();
    openOrders();
    await screen.findByText('#4');
    expect(apply()).toBeDisabled();

    await user.click(box(2));
    await user.click(box(4));
    expect(screen.getByText('2 orders selected')).toBeInTheDocument();
    // A status must be chosen too.
    expect(apply()).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('New status'), 'dispatched');
    const before = gets(mock).length;
    await user.click(apply());

    await waitFor(() => expect(status()).toHaveTextContent('2 orders updated'));
    // Focus moves to the summary (the Apply button is disabled now that nothing is ticked).
    expect(screen.getByText('2 orders updated')).toHaveFocus();
    expect(sent(mock, 'PATCH /api/orders')).toEqual([{ ids: [2, 4], status: 'dispatched' }]);
    expect(gets(mock).length).toBe(before + 1);
    await waitFor(() => expect(within(rowOf(4)).getByText('dispatched')).toBeInTheDocument());
    expect(within(rowOf(2)).getByText('dispatched')).toBeInTheDocument();
    expect(box(2)).not.toBeChecked();
    expect(box(4)).not.toBeChecked();
    expect(screen.getByText('No orders selected')).toBeInTheDocument();
  });

  it('names each order that failed and why, and keeps it ticked', async () => {
    const mock = ordersServer({ shortOfStock: '"Galaxy S24" is out of stock' });
    const user = userEvent.setup();
    openOrders();
    await screen.findByText('#3');

    await user.click(box(3)); // cancelled: leaving it needs stock
    await user.click(box(4)); // pending
    await user.click(box(5)); // dispatched
    await user.selectOptions(screen.getByLabelText('New status'), 'delivered');
    await user.click(apply());

    await waitFor(() => expect(status()).toHaveTextContent('2 orders updated; 1 failed: #3 "Galaxy S24" is out of stock'));
    expect(sent(mock, 'PATCH /api/orders')).toEqual([{ ids: [3, 4, 5], status: 'delivered' }]);
    expect(box(3)).toBeChecked();
    expect(box(4)).not.toBeChecked();
    expect(box(5)).not.toBeChecked();
    expect(within(rowOf(3)).getByText('cancelled')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf(5)).getByText('delivered')).toBeInTheDocument());
    expect(screen.getByText('1 order selected')).toBeInTheDocument();
  });

  it('a refused request says why; the selection stays and the page is read again', async () => {
    const mock = ordersServer({ failPatch: true });
    const user = userEvent.setup();
    openOrders();
    await screen.findByText('#1');
    await user.click(box(1));
    await user.selectOptions(screen.getByLabelText('New status'), 'delivered');
    const before = gets(mock).length;
    await user.click(apply());
    expect(await screen.findByRole('alert')).toHaveTextContent('The status change did not go through: Admins only');
    expect(box(1)).toBeChecked();
    await waitFor(() => expect(gets(mock).length).toBe(before + 1));
  });

  it('the header checkbox ticks and unticks the whole page, and is mixed when only some are ticked', async () => {
    ordersServer();
    const user = userEvent.setup();
    openOrders();
    await screen.findByText('#5');

    await user.click(box(2));
    expect((pageBox() as HTMLInputElement).indeterminate).toBe(true);
    await user.click(pageBox());
    expect([1, 2, 3, 4, 5].map((id) => (box(id) as HTMLInputElement).checked)).toEqual([true, true, true, true, true]);
    expect(pageBox()).toBeChecked();
    expect((pageBox() as HTMLInputElement).indeterminate).toBe(false);
    expect(screen.getByText('5 orders selected')).toBeInTheDocument();

    await user.click(pageBox());
    expect(screen.getByText('No orders selected')).toBeInTheDocument();

    // Keyboard: Space on a focused checkbox ticks it.
    box(1).focus();
    await user.keyboard(' ');
    expect(box(1)).toBeChecked();
  });

  it('the selection lasts across pages of one filter and is dropped for another filter', async () => {
    ordersServer();
    const user = userEvent.setup();
    openOrders();
    await screen.findByText('#1');
    await user.click(box(1));
    await user.click(screen.getByRole('link', { name: /Next/ }));
    await waitFor(() => expect(orderNumbers()[0]).toBe('#6'));
    await user.click(box(6));
    expect(screen.getByText('2 orders selected')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Filter by status'), 'pending');
    await waitFor(() => expect(orderNumbers()).toEqual(['#4', '#8', '#12']));
    expect(screen.getByText('No orders selected')).toBeInTheDocument();
  });

  it('"Select all N matching" ticks every order of the filter; cancelling them asks first', async () => {
    const mock = ordersServer();
    const user = userEvent.setup();
    openOrders('/admin/orders?user=8');
    await screen.findByText('#7');
    expect(orderNumbers()).toEqual(['#7', '#8', '#9', '#10', '#11']);

    await user.click(screen.getByRole('button', { name: 'Select all 6 orders matching' }));
    await waitFor(() => expect(screen.getByText('6 orders selected')).toBeInTheDocument());
    expect(gets(mock)).toContain('GET /api/orders?_page=1&_per_page=1000&user=8');
    expect(screen.queryByRole('button', { name: /Select all 6/ })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('New status'), 'cancelled');
    await user.click(apply());
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Cancel 6 orders?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep them' }));
    expect(sent(mock, 'PATCH /api/orders')).toEqual([]);

    await user.click(apply());
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel 6 orders' }));
    await waitFor(() => expect(status()).toHaveTextContent('6 orders updated'));
    expect(sent(mock, 'PATCH /api/orders')).toEqual([{ ids: [7, 8, 9, 10, 11, 12], status: 'cancelled' }]);
  });
});

describe('bulkStatus API', () => {
  it('sends at most 1000 ids a PATCH and joins the answers in order', async () => {
    const { setStatuses } = await import('./bulkStatus');
    const mock = stubFetch({
      'PATCH /api/orders': ({ body }) =>
        jsonResponse((body as { ids: number[] }).ids.map((id) => ({ id, status: 404, message: 'Order not found' }))),
    });
    const ids = Array.from({ length: 2500 }, (_, i) => i + 1);
    const results = await setStatuses({ ids, status: 'pending' });
    expect(sent(mock, 'PATCH /api/orders').map((b) => (b as { ids: number[] }).ids.length)).toEqual([1000, 1000, 500]);
    expect(results.map((r) => r.id)).toEqual(ids);
  });

  it('fetches the matching orders a page of 1000 at a time until it has them all, and which are paid', async () => {
    const { fetchMatchingOrders } = await import('./bulkStatus');
    const all = Array.from({ length: 1500 }, (_, i) => ({ id: i + 1, status: 'pending', payment: { method: 'cash', status: i === 0 ? 'paid' : 'pending' } }));
    const mock = stubFetch({
      'GET /api/orders': ({ url }) => {
        const page = Number(url.searchParams.get('_page'));
        return jsonResponse(all.slice((page - 1) * 1000, page * 1000), 200, { 'X-Total-Count': '1500' });
      },
    });
    expect(await fetchMatchingOrders({ status: 'pending' })).toEqual(all.map((o) => ({ id: o.id, refunds: o.id === 1 })));
    expect(gets(mock)).toEqual([
      'GET /api/orders?_page=1&_per_page=1000&status=pending',
      'GET /api/orders?_page=2&_per_page=1000&status=pending',
    ]);
  });

  it('summarizes: one sentence with every failure', async () => {
    const { summarize } = await import('./bulkStatus');
    expect(summarize([{ id: 1, status: 404, message: 'Order not found' }]).text).toBe('0 orders updated; 1 failed: #1 Order not found');
  });
});

describe('one customer\'s orders (?user=<id>)', () => {
  it('lists only their orders, names the filter in a chip, and its link shows every order again', async () => {
    const mock = ordersServer();
    const user = userEvent.setup();
    const { router } = openOrders('/admin/orders?user=7&status=pending');
    await screen.findByText('#4');
    expect(gets(mock)[0]).toBe('GET /api/orders?_page=1&_per_page=5&status=pending&user=7');
    expect(orderNumbers()).toEqual(['#4']);
    expect(screen.getByText('Orders of customer #7')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/export/orders.csv?status=pending&user=7',
    );

    await user.click(screen.getByRole('link', { name: "Show every customer's orders" }));
    await waitFor(() => expect(orderNumbers()).toEqual(['#4', '#8', '#12']));
    expect(router.state.location.search).toBe('?status=pending');
    expect(screen.queryByText(/Orders of customer/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/admin/export/orders.csv?status=pending');
  });
});
