import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nthOrder } from '../../../test/adminOrders';
import { jsonResponse, renderWithProviders, stubFetch } from '../../../test/utils';
import PackingSlip from './PackingSlipScreen';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const open = () => renderWithProviders(<PackingSlip />, { path: '/admin/orders/:id/packing-slip', route: '/admin/orders/4/packing-slip' });

describe('the packing slip (/admin/orders/:id/packing-slip)', () => {
  it('shows the number, date, address and each line with SKU, option and quantity, no prices; Print prints', async () => {
    const order = nthOrder(4);
    order.items[0].variant = { id: 40, sku: 'P104-BLK-44', options: { Size: '44', Colour: 'Black' }, price: 35 };
    stubFetch({ 'GET /api/orders/4': () => jsonResponse(order) });
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Packing slip · Order #4' })).toBeInTheDocument();
    expect(screen.getByText(order.selectedAddress.street)).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Items to pack' })).getAllByRole('row');
    expect(within(rows[1]).getByText('P104-BLK-44')).toBeInTheDocument();
    expect(within(rows[1]).getByText(order.items[0].product.title)).toBeInTheDocument();
    expect(within(rows[1]).getByText(String(order.items[0].quantity))).toBeInTheDocument();
    expect(screen.queryByText(/\$/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Order #4/ })).toHaveAttribute('href', '/admin/orders/4');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('says so when the order is missing, with a retry', async () => {
    stubFetch({ 'GET /api/orders/4': () => jsonResponse({ message: 'Order not found' }, 404) });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('Order not found');
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
  });
});
