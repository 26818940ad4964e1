// The admin orders screen's test bench: a tiny orders API and ways to read the table.
import { screen, within } from '@testing-library/react';
import AdminOrdersScreen from '../features/orders/admin/AdminOrdersScreen';
import type { AdminOrder } from '../domain/backOffice';
import { ORDER_STATUSES, type Order, type OrderStatus, type User } from '../domain/types';
import { admin, calls, jsonResponse, order as makeOrder, product, renderWithProviders, session, stubFetch } from './utils';

/**
 * Order n: one line of Product n, total 20·n, status by n mod 4 (1 dispatched … 4 pending), placed
 * on day n of March 2026; orders 1–6 are user 7's (customer7@shop.test), the others user 8's.
 * Cash without a stored payment, but order 2 (a card refunded in full) and 3 (a card refunded $15 of $60).
 */
const PAYMENTS: Partial<Record<number, Order['payment']>> = {
  2: { method: 'card', status: 'refunded', refunded: 40, brand: 'Visa', last4: '4242' },
  3: { method: 'card', status: 'partially_refunded', refunded: 15, brand: 'Visa', last4: '4242' },
};

export const nthOrder = (id: number): AdminOrder => ({
  ...makeOrder({
    id,
    items: [{ id: id * 10, quantity: 2, product: product({ id: id + 100, title: `Product ${id}`, price: 10 * id, discountPercentage: 0 }) }],
    totalAmount: 20 * id,
    totalItems: 2,
    status: ORDER_STATUSES[id % 4],
    user: id <= 6 ? 7 : 8,
    createdAt: new Date(Date.UTC(2026, 2, id, 12)).toISOString(),
    ...(PAYMENTS[id] ? { paymentMethod: 'card' as const, payment: PAYMENTS[id] } : {}),
  }),
  customer: { id: id <= 6 ? 7 : 8, email: `customer${id <= 6 ? 7 : 8}@shop.test` },
});

interface OrdersServerOptions {
  failPatch?: boolean;
  /** Each PATCH waits for this promise before it answers (a save in flight). */
  hold?: Promise<void>;
  /** Orders keep a status history, and a PATCH appends to it. */
  history?: boolean;
  /** A PATCH out of 'cancelled' answers 409 with this message (stock short). */
  shortOfStock?: string;
  /** Payments of some orders, in place of the usual ones. */
  payments?: Partial<Record<number, Order['payment']>>;
}

/** A tiny json-server: 12 orders, _page/_per_page, status and user filters, _sort/_order, PATCH status (one or bulk). */
export function ordersServer({ failPatch = false, hold, history = false, shortOfStock, payments = {} }: OrdersServerOptions = {}) {
  const orders = Array.from({ length: 12 }, (_, i) => ({ ...nthOrder(i + 1), ...(payments[i + 1] ? { payment: payments[i + 1] } : {}) }));
  if (history) {
    for (const order of orders) order.history = [{ status: 'pending', at: '2026-03-01T09:00:00.000Z', by: 'shopper' }];
  }
  /** One order's change: the order, or the refusal's status and message. */
  const change = (order: Order, status: OrderStatus): Order | { status: 409; message: string } => {
    if (shortOfStock && order.status === 'cancelled' && status !== 'cancelled') return { status: 409, message: shortOfStock };
    order.status = status;
    order.history = order.history && [...order.history, { status, at: '2026-03-02T10:30:00.000Z', by: 'admin' }];
    return order;
  };
  const patches = Object.fromEntries(
    orders.map((order) => [
      `PATCH /api/orders/${order.id}`,
      async ({ body }: { body: unknown }) => {
        await hold;
        if (failPatch) return jsonResponse({ message: 'Admins only' }, 403);
        const result = change(order, (body as { status: OrderStatus }).status);
        return 'items' in result ? jsonResponse(result) : jsonResponse({ message: result.message }, 409);
      },
    ]),
  );
  return stubFetch({
    'GET /api/orders': ({ url }) => {
      const p = url.searchParams;
      let list = orders.filter(
        (o) => (!p.get('status') || o.status === p.get('status')) && (!p.get('user') || String(o.user) === p.get('user')),
      );
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
    // PATCH /orders {ids, status}: what happened to each, in the order given.
    'PATCH /api/orders': async ({ body }) => {
      await hold;
      if (failPatch) return jsonResponse({ message: 'Admins only' }, 403);
      const { ids, status } = body as { ids: number[]; status: OrderStatus };
      return jsonResponse(
        ids.map((id) => {
          const order = orders.find((o) => o.id === id);
          if (!order) return { id, status: 404, message: 'Order not found' };
          const result = change(order, status);
          return 'items' in result ? { id, status: 200, order: result } : { id, ...result };
        }),
      );
    },
  });
}

/** The order list requests the stub received, as "GET /api/orders?query". */
export const gets = (mock: ReturnType<typeof stubFetch>) => calls(mock).filter((r) => r.startsWith('GET /api/orders'));

export function openOrders(route = '/admin/orders', user: User = admin) {
  return renderWithProviders(<AdminOrdersScreen />, { path: '/admin/orders', route, preloadedState: session(user) });
}

const rows = () => within(screen.getAllByRole('rowgroup')[1]).getAllByRole('row');
/** A row's order number: its link's text ("#3"), after the checkbox when there is one. */
const numberOf = (row: HTMLElement) => within(row).getByRole('link', { name: /^#\d+$/ }).textContent;
export const orderNumbers = () => rows().map(numberOf);
export const rowOf = (id: number) => rows().find((row) => numberOf(row) === `#${id}`)!;
