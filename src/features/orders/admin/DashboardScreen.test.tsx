import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { admin, calls, jsonResponse, renderWithProviders, session, staffUser, stubFetch } from '../../../test/utils';
import type { User } from '../../../domain/types';
import type { ShopStats } from '../../../domain/backOffice';
import DashboardScreen from './DashboardScreen';

// jsdom has no canvas: only uPlot's drawing is replaced, by a stand-in that keeps what it was given.
const plots = vi.hoisted(() => [] as { data: number[][] }[]);
vi.mock('uplot', () => ({
  default: class {
    static tzDate = (date: Date) => date;
    constructor(_options: unknown, data: number[][]) {
      plots.push({ data });
    }
    setSize() {}
    destroy() {}
  },
}));

afterEach(() => {
  vi.unstubAllGlobals();
  plots.length = 0;
});

const days = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    date: `2026-03-${String(i + 1).padStart(2, '0')}`,
    revenue: i === 1 ? 1250.5 : i === 2 ? 79.79 : 0,
    orders: i === 1 ? 3 : i === 2 ? 1 : 0,
  }));

const STATS: ShopStats = {
  revenue: { today: 189.29, last7: 1330.29, last30: 4321.07 },
  ordersByStatus: { pending: 4, dispatched: 2, delivered: 9, cancelled: 1 },
  averageOrderValue: 332.5,
  newCustomers: 6,
  revenueByDay: days(30),
  topProducts: [{ id: 12, title: 'Novaphone Zen 8', units: 5, revenue: 899.95 }],
  lowStock: [
    { id: 9, title: 'Chelsea Boots', stock: 1, threshold: 5, variant: { id: 91, sku: 'CB-44-BLACK', options: { Size: '44', Colour: 'Black' } } },
    { id: 7, title: 'Desk Lamp', stock: 2, threshold: 5 },
  ],
};

const EMPTY: ShopStats = {
  revenue: { today: 0, last7: 0, last30: 0 },
  ordersByStatus: { pending: 0, dispatched: 0, delivered: 0, cancelled: 0 },
  averageOrderValue: 0,
  newCustomers: 0,
  revenueByDay: days(7).map((day) => ({ ...day, revenue: 0, orders: 0 })),
  topProducts: [],
  lowStock: [],
};

function open(route = '/admin/dashboard', answer: (days: string) => Response = () => jsonResponse(STATS), user: User = admin) {
  const mock = stubFetch({ 'GET /api/admin/stats': ({ url }) => answer(url.searchParams.get('days') ?? '') });
  const rendered = renderWithProviders(<DashboardScreen />, { route, preloadedState: session(user) });
  return { mock, ...rendered };
}

const kpi = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

describe('DashboardScreen', () => {
  it('shows the server’s figures: KPIs, the backlog linked to the orders, top products, low stock', async () => {
    const { mock } = open();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the dashboard…');
    expect(await screen.findByRole('heading', { name: 'Orders by status' })).toBeInTheDocument();
    expect(calls(mock)).toEqual(['GET /api/admin/stats?days=30']);
    expect(document.title).toBe('Admin: Dashboard | Best Buy Shop');

    // To the cent, as every money figure of the shop.
    expect(kpi('Revenue today')).toBe('$189.29');
    expect(kpi('Revenue, last 7 days')).toBe('$1,330.29');
    expect(kpi('Revenue, last 30 days')).toBe('$4,321.07');
    expect(kpi('Average order value, last 30 days')).toBe('$332.50');
    expect(kpi('New customers, last 30 days')).toBe('6');

    expect(screen.getByRole('link', { name: '4 pending orders' })).toHaveAttribute('href', '/admin/orders?status=pending');
    expect(screen.getByRole('link', { name: '9 delivered orders' })).toHaveAttribute('href', '/admin/orders?status=delivered');
    expect(screen.getByRole('link', { name: 'Novaphone Zen 8' })).toHaveAttribute('href', '/admin/productdetail/12');
    expect(screen.getByRole('row', { name: /Novaphone Zen 8/ })).toHaveTextContent('Novaphone Zen 85$899.95');
    const lowStock = within(screen.getByRole('region', { name: 'Low stock table' }));
    expect(lowStock.getByRole('row', { name: /Desk Lamp/ })).toHaveTextContent('Desk Lamp25Edit');
    expect(lowStock.getByRole('link', { name: 'Edit Desk Lamp' })).toHaveAttribute('href', '/admin/product-form/edit/7');
    // A variant of a product with options: named with its choice, its product's form to edit it.
    expect(lowStock.getByRole('row', { name: /Chelsea Boots/ })).toHaveTextContent('Chelsea Boots — Size 44, Black15Edit');
    expect(lowStock.getByRole('link', { name: 'Edit Chelsea Boots — Size 44, Black' })).toHaveAttribute('href', '/admin/product-form/edit/9');
  });

  it('draws revenue per day, named in words, with the same figures as a table', async () => {
    const user = userEvent.setup();
    open();
    const chart = await screen.findByRole('img', { name: /^Revenue per day over the last 30 days/ });
    expect(chart).toHaveAccessibleName(
      'Revenue per day over the last 30 days: $1,330.29 in total, highest $1,250.50 on Mar 2, 2026',
    );
    expect(plots).toHaveLength(1);
    expect(plots[0].data[1]).toEqual(STATS.revenueByDay.map((day) => day.revenue));
    expect(plots[0].data[0][0]).toBe(Date.UTC(2026, 2, 1) / 1000);

    await user.click(screen.getByText('Show the figures as a table'));
    const table = within(screen.getByRole('region', { name: 'Revenue per day, as a table' }));
    expect(table.getAllByRole('row')).toHaveLength(31);
    expect(table.getByRole('row', { name: /Mar 2, 2026/ })).toHaveTextContent('Mar 2, 2026$1,250.503');
  });

  it('keeps the period in the URL: choosing 7 days asks the server for 7', async () => {
    const user = userEvent.setup();
    const { mock, router } = open('/admin/dashboard?days=90');
    await screen.findByText('Average order value, last 90 days');
    expect(screen.getByLabelText('Period')).toHaveValue('90');

    await user.selectOptions(screen.getByLabelText('Period'), 'Last 7 days');
    expect(router.state.location.search).toBe('?days=7');
    await screen.findByText('Average order value, last 7 days');
    expect(calls(mock)).toEqual(['GET /api/admin/stats?days=90', 'GET /api/admin/stats?days=7']);

    await user.selectOptions(screen.getByLabelText('Period'), 'Last 30 days');
    expect(router.state.location.search).toBe('');
    await screen.findByText('Average order value, last 30 days');
  });

  it('a period it does not offer falls back to 30 days', async () => {
    const { mock } = open('/admin/dashboard?days=abc');
    await screen.findByText('Average order value, last 30 days');
    expect(calls(mock)).toEqual(['GET /api/admin/stats?days=30']);
  });

  it('says what failed and tries again on request', async () => {
    const user = userEvent.setup();
    let fail = true;
    open('/admin/dashboard', () => (fail ? jsonResponse({ message: 'Admins only' }, 403) : jsonResponse(STATS)));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The dashboard could not be loaded');
    expect(alert).toHaveTextContent('Admins only');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Top products' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so when the period has no orders, nothing sold and nothing low on stock', async () => {
    open('/admin/dashboard?days=7', () => jsonResponse(EMPTY));
    expect(await screen.findByText('No orders in this period.')).toBeInTheDocument();
    expect(screen.getByText('No products sold in this period.')).toBeInTheDocument();
    expect(screen.getByText('No product is low on stock.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    await waitFor(() => expect(kpi('Revenue today')).toBe('$0.00'));
  });

  it('links a figure only to a page the role may open: plain text otherwise', async () => {
    const { unmount } = open('/admin/dashboard', undefined, staffUser('catalogue'));
    await screen.findByRole('heading', { name: 'Orders by status' });
    // Catalogue staff cannot open the orders: the backlog is figures only; the products are theirs.
    expect(screen.queryByRole('link', { name: /pending orders/ })).not.toBeInTheDocument();
    expect(screen.getByText('pending orders').parentElement).toHaveTextContent('4 pending orders');
    expect(screen.getByRole('link', { name: 'Novaphone Zen 8' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Desk Lamp' })).toBeInTheDocument();
    unmount();

    for (const role of ['fulfilment', 'support'] as const) {
      const { unmount: close } = open('/admin/dashboard', undefined, staffUser(role));
      await screen.findByRole('heading', { name: 'Orders by status' });
      expect(screen.getByRole('link', { name: '4 pending orders' })).toHaveAttribute('href', '/admin/orders?status=pending');
      // No product page and no product form for them: the names only, and no Edit column.
      expect(screen.getByRole('row', { name: /Novaphone Zen 8/ })).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Novaphone Zen 8' })).not.toBeInTheDocument();
      const lowStock = within(screen.getByRole('region', { name: 'Low stock table' }));
      expect(lowStock.getByRole('row', { name: /Desk Lamp/ })).toHaveTextContent('Desk Lamp25');
      expect(lowStock.queryByRole('link')).not.toBeInTheDocument();
      expect(lowStock.getAllByRole('columnheader')).toHaveLength(3);
      close();
    }
  });
});
