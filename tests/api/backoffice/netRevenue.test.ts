// The back office's money figures follow the dashboard's revenue rule: what an order was charged
// less what was refunded of it, cancelled orders left out. The top products count each line at
// what it was charged (its promotions taken off; an older line without stored prices at what the
// API derives for it) less the share of it that refunded returns gave back; a customer's total
// spent is what their orders were charged less their refunds.
import { afterEach, describe, expect, it } from 'vitest';
import { toCents } from '../../../src/domain/checkout';
import type { Customer, Order, ShopStats } from '../../../src/domain/types';
import { TestPaymentProvider } from '../../../server/modules/payments/testProvider';
import { address, clock, expectNoLeaks, makeShop, PRODUCTS, TEST_CARD, type Agent, type TestShop } from '../fixtures';
import { priceData } from '../priceData';

afterEach(expectNoLeaks);

const NOW = Date.UTC(2026, 5, 10, 12);
const cash = { paymentMethod: 'cash' };

/** An order placed before prices were stored: two Galaxy S24 of a variant sold at $750, one of them returned and refunded. */
const olderOrder: Order = {
  id: 50,
  user: 3,
  items: [{ id: 1, product: PRODUCTS[1], variant: { id: 2, sku: 'S24-512', options: { Storage: '512 GB' }, price: 750 }, quantity: 2 }],
  totalAmount: 1500,
  totalItems: 2,
  paymentMethod: 'cash',
  selectedAddress: address(),
  status: 'delivered',
  createdAt: new Date(Date.UTC(2026, 5, 5)).toISOString(),
  returns: [
    {
      id: 1,
      status: 'refunded',
      items: [{ line: 1, quantity: 1 }],
      reason: 'Too big',
      createdAt: new Date(Date.UTC(2026, 5, 6)).toISOString(),
      refund: { amount: 750, method: 'cash' },
      history: [{ status: 'refunded', at: new Date(Date.UTC(2026, 5, 7)).toISOString(), by: 'admin' }],
    },
  ],
};

function shopWithOrders(): TestShop {
  const data = priceData();
  data.orders = [olderOrder];
  return makeShop({ data, now: clock(NOW).now, payments: new TestPaymentProvider() });
}

async function place(as: Agent, items: { product: number; quantity: number }[], extra: Record<string, unknown>): Promise<Order> {
  return (await as.post('/api/orders').send({ items, selectedAddress: address(), ...extra }).expect(201)).body;
}

async function deliver(admin: Agent, id: number): Promise<void> {
  for (const status of ['dispatched', 'delivered']) await admin.patch(`/api/orders/${id}`).send({ status }).expect(200);
}

/** The shopper returns `items`; the admin approves, receives and refunds it. The order after. */
async function returnAndRefund(shopper: Agent, admin: Agent, order: Order, items: { line: number; quantity: number }[]): Promise<Order> {
  const asked = (await shopper.post(`/api/orders/${order.id}/returns`).send({ items, reason: 'Changed my mind' }).expect(201)).body as Order;
  const id = asked.returns!.at(-1)!.id;
  let after = asked;
  for (const status of ['approved', 'received', 'refunded']) after = (await admin.patch(`/api/orders/${order.id}/returns/${id}`).send({ status }).expect(200)).body;
  return after;
}

const cents = (dollars: number) => toCents(dollars);

/**
 * The shopper's only order, with two codes, refunded in full (every unit returned); the other
 * shopper's phone with a code (not delivered yet), three tabs with a code of which one is
 * returned and refunded, and a cancelled phone; and the older order.
 */
async function history() {
  const shop = shopWithOrders();
  const [user, other, admin] = [await shop.as('user'), await shop.as('other'), await shop.as('admin')];
  const a = await place(user, [{ product: 1, quantity: 2 }, { product: 5, quantity: 1 }], { paymentMethod: 'card', card: TEST_CARD, codes: ['SAVE10', 'FIVE'], shippingMethod: 2 });
  expect(a.totals!.discount).toBeGreaterThan(0);
  await deliver(admin, a.id);
  const refundedA = await returnAndRefund(user, admin, a, a.items.map((i) => ({ line: i.id, quantity: i.quantity })));
  expect(refundedA.refunded).toBe(a.totals!.total);
  const b = await place(other, [{ product: 1, quantity: 1 }], { ...cash, codes: ['SAVE10'] });
  const c = await place(other, [{ product: 5, quantity: 3 }], { ...cash, codes: ['FIVE'] });
  await deliver(admin, c.id);
  const refundedC = await returnAndRefund(other, admin, c, [{ line: c.items[0].id, quantity: 1 }]);
  const d = await place(other, [{ product: 1, quantity: 1 }], cash);
  await other.post(`/api/orders/${d.id}/cancel`).send({}).expect(200);
  return { admin, b, c, refundedC };
}

describe('net revenue in the back office', () => {
  it('top products: each line as charged (an older line as the API derives it), less what refunded returns gave back of it; cancelled orders left out', async () => {
    const { admin, b, c } = await history();
    const stats = (await admin.get('/api/admin/stats?days=30').expect(200)).body as ShopStats;
    expect(stats.topProducts).toEqual([
      // Two of the three tabs kept, at what the line was charged ($715 for three): $476.67.
      { id: 5, title: 'Galaxy Tab S9', units: 4, revenue: Math.round((cents(c.items[0].total!) * 2) / 3) / 100 },
      { id: 1, title: 'iPhone 15', units: 3, revenue: b.items[0].total },
      // The older line at the variant's price it kept, less the unit refunded.
      { id: 2, title: 'Galaxy S24', units: 2, revenue: 750 },
    ]);
    expect(c.items[0].total).toBe(715);
  });

  it("customers: what their orders were charged less what was refunded, the dashboard's revenue rule", async () => {
    const { admin, b, c, refundedC } = await history();
    const customers = (await admin.get('/api/admin/customers').expect(200)).body as Customer[];
    expect(Object.fromEntries(customers.map((x) => [x.id, x.totalSpent]))).toEqual({
      1: 0,
      // The shopper's only order was refunded in full.
      2: 0,
      3: (cents(b.totalAmount) + cents(c.totalAmount) - cents(refundedC.refunded!) + cents(1500) - cents(750)) / 100,
    });
    // One rule: what the customers spent adds up to the dashboard's revenue over the same orders.
    const stats = (await admin.get('/api/admin/stats?days=30').expect(200)).body as ShopStats;
    expect(customers.reduce((sum, x) => sum + cents(x.totalSpent), 0)).toBe(cents(stats.revenue.last30));
  });
});
