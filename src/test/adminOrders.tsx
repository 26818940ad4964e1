// The admin orders screen's test bench: a tiny orders API and ways to read the table.
import { screen, within } from '@testing-library/react';
import AdminOrdersScreen from '../features/orders/admin/AdminOrdersScreen';
import { ORDER_STATUSES, type Order, type OrderStatus } from '../types';
import { calls, jsonResponse, order as makeOrder, product, renderWithProviders, stubFetch } from './utils';

/** Order n: one line of Product n, total 20·n, status by n mod 4 (1 dispatched … 4 pending). */
export const nthOrder = (id: number): Order =>
  makeOrder({
    id,
    items: [{ id: id * 10, quantity: 2, product: product({ id: id + 100, title: `Product ${id}`, price: 10 * id, discountPercentage: 0 }) }],
    totalAmount: 20 * id,
    totalItems: 2,
    status: ORDER_STATUSES[id % 4],
  });

interface OrdersServerOptions {
  failPatch?: boolean;
  /** Each PATCH waits for this promise before it answers (a save in flight). */
  hold?: Promise<void>;
  /** Orders keep a status history, and a PATCH appends to it (issue 16). */
  history?: boolean;
  /** A PATCH out of 'cancelled' answers 409 with this message (stock short). */
  shortOfStock?: string;
}

/** A tiny json-server: 12 orders, _page/_per_page, status filter, _sort/_order, PATCH status. */
export function ordersServer({ failPatch = false, hold, history = false, shortOfStock }: OrdersServerOptions = {}) {
  const orders = Array.from({ length: 12 }, (_, i) => nthOrder(i + 1));
  if (history) {
    for (const order of orders) order.history = [{ status: 'pending', at: '2026-03-01T09:00:00.000Z', by: 'shopper' }];
  }
  const patches = Object.fromEntries(
    orders.map((order) => [
      `PATCH /api/orders/${order.id}`,
      async ({ body }: { body: unknown }) => {
        await hold;
        if (failPatch) return jsonResponse({ message: 'Admins only' }, 403);
        const status = (body as { status: OrderStatus }).status;
        if (shortOfStock && order.status === 'cancelled' && status !== 'cancelled') {
          return jsonResponse({ message: shortOfStock }, 409);
        }
        order.status = status;
        order.history = order.history && [...order.history, { status, at: '2026-03-02T10:30:00.000Z', by: 'admin' }];
        return jsonResponse(order);
      },
    ]),
  );
  return stubFetch({
    'GET /api/orders': ({ url }) => {
      const p = url.searchParams;
      let list = orders.filter((o) => !p.get('status') || o.status === p.get('status'));
      const sort = p.get('_sort') as 'id' | 'totalAmount' | null;
      if (sort) {
        const sign = p.get('_order') === 'desc' ? -1 : 1;
        list = [...list].sort((a, b) => sign * (a[sort] - b[sort]));
      }
      const page = Number(p.get('_page'));
      const perPage = Number(p.get('_per_page'));
      return jsonResponse(list.slice((page - 1) * perPage, page * perPage), 200, {
        'X-Total-Count': String(list.length),
      });
    },
    ...patches,
  });
}

/** The order list requests the stub received, as "GET /api/orders?query". */
export const gets = (mock: ReturnType<typeof stubFetch>) => calls(mock).filter((r) => r.startsWith('GET /api/orders'));

export function openOrders(route = '/admin/orders') {
  return renderWithProviders(<AdminOrdersScreen />, { path: '/admin/orders', route });
}

const rows = () => within(screen.getAllByRole('rowgroup')[1]).getAllByRole('row');
export const orderNumbers = () => rows().map((row) => within(row).getAllByRole('cell')[2].textContent);
export const rowOf = (id: number) => rows().find((row) => within(row).getAllByRole('cell')[2].textContent === `#${id}`)!;
