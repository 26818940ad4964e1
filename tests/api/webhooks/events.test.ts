// The events the shop's changes emit, each queued in the transaction of its change (both
// drivers): order.status_changed, return.requested, order.refunded, product.updated and stock.low
// (an order taking a variant to its low-stock threshold), none for a refused change; and what the
// log records when there is no answer (a closed port) or the name resolves to a private address.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '../../../src/domain/types';
import type { NewWebhookEndpoint, WebhookDelivery } from '../../../src/domain/webhooks';
import { WebhookWorker } from '../../../server/modules/webhooks/worker';
import { clock, expectNoLeaks, makeShop, orderBody, type TestShop } from '../fixtures';
import { receiveInThisFile } from './receiver';

afterEach(expectNoLeaks);

const receiver = receiveInThisFile();

function setUp() {
  const c = clock();
  const shop = makeShop({ now: c.now, webhooks: { allowPrivate: true } });
  // One delivery a round, so they arrive in the order they were queued (a worker posts a round's
  // deliveries at once, and the order is not promised).
  const worker = new WebhookWorker(shop.store, { now: c.now, allowPrivate: true, batch: 1 });
  return { c, shop, worker };
}

async function subscribe(shop: TestShop, events: string[], url = receiver.url()): Promise<NewWebhookEndpoint> {
  return (await (await shop.as('admin')).post('/api/admin/webhooks').send({ url, events }).expect(201)).body;
}

/** A port nothing listens on (one just let go). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** What the receiver got, as [type, data]. */
const received = () => receiver.requests.map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> }).map((e) => [e.type, e.data] as const);

describe('events', () => {
  it('an order through its life: placed, status changes, a return requested, refunded', async () => {
    const { shop, worker } = setUp();
    await subscribe(shop, ['order.status_changed', 'return.requested', 'order.refunded']);
    const user = await shop.as('user');
    const admin = await shop.as('admin');
    const order = (await user.post('/api/orders').send(orderBody([{ product: 5, quantity: 1 }])).expect(201)).body as Order;
    await admin.patch(`/api/orders/${order.id}`).send({ status: 'dispatched' }).expect(200);
    await admin.patch(`/api/orders/${order.id}`).send({ status: 'delivered' }).expect(200);
    // The same status again changes nothing, and tells nothing.
    await admin.patch(`/api/orders/${order.id}`).send({ status: 'delivered' }).expect(200);
    const line = order.items[0].id;
    await user.post(`/api/orders/${order.id}/returns`).send({ items: [{ line, quantity: 1 }], reason: 'Too big' }).expect(201);
    for (const status of ['approved', 'received', 'refunded']) await admin.patch(`/api/orders/${order.id}/returns/1`).send({ status }).expect(200);
    await worker.drain();

    const events = received();
    expect(events.map(([type]) => type)).toEqual(['order.status_changed', 'order.status_changed', 'return.requested', 'order.refunded']);
    expect(events[0][1]).toMatchObject({ from: 'pending', to: 'dispatched', order: { id: order.id, status: 'dispatched' } });
    expect(events[1][1]).toMatchObject({ from: 'dispatched', to: 'delivered' });
    expect(events[2][1]).toMatchObject({ order: { id: order.id }, return: { id: 1, status: 'requested', items: [{ line, quantity: 1 }], reason: 'Too big' } });
    const refunded = events[3][1] as { amount: number; order: Order; return: { id: number } };
    expect(refunded.amount).toBe(order.totals!.total);
    expect(refunded.order.refunded).toBe(order.totals!.total);
    expect(refunded.return.id).toBe(1);
  });

  it('product.updated for an admin write; stock.low when an order takes a variant to its threshold; nothing for a refused order', async () => {
    const { shop, worker } = setUp();
    await subscribe(shop, ['product.updated', 'stock.low', 'order.placed']);
    const admin = await shop.as('admin');
    const user = await shop.as('user');
    await admin.patch('/api/products/1').send({ price: 950 }).expect(200);
    // iPhone: 10 in stock, no threshold of its own (5): 4 taken leaves 6, then 1 more leaves 5.
    await user.post('/api/orders').send(orderBody([{ product: 1, quantity: 4 }])).expect(201);
    await user.post('/api/orders').send(orderBody([{ product: 1, quantity: 1 }])).expect(201);
    // Already at or below it: no new event when more is taken.
    await user.post('/api/orders').send(orderBody([{ product: 1, quantity: 1 }])).expect(201);
    // Refused (too few left): nothing queued with it.
    await user.post('/api/orders').send(orderBody([{ product: 1, quantity: 5 }])).expect(409);
    await worker.drain();

    const events = received();
    expect(events.map(([type]) => type)).toEqual(['product.updated', 'order.placed', 'order.placed', 'stock.low', 'order.placed']);
    expect(events[0][1]).toMatchObject({ product: { id: 1, price: 950, salePrice: 855, stock: 10 } });
    expect(events[3][1]).toEqual({ product: { id: 1, title: 'iPhone 15' }, stock: 5, threshold: 5 });
    expect(events.filter(([type]) => type === 'order.placed').map(([, data]) => (data.order as Order).id)).toEqual([13, 14, 15]);
  });

  it('the log records an attempt without an answer, and a name resolved to a private address is not posted to', async () => {
    const { c, shop } = setUp();
    const closed = await subscribe(shop, ['order.placed'], `http://127.0.0.1:${await closedPort()}/hooks`);
    const named = await subscribe(shop, ['order.placed'], 'https://hooks.example.test/in');
    await (await shop.as('user')).post('/api/orders').send(orderBody([{ product: 5, quantity: 1 }])).expect(201);
    const strict = new WebhookWorker(shop.store, {
      now: c.now,
      allowPrivate: false,
      lookup: async (name) => (name === 'hooks.example.test' ? ['93.184.215.14', '10.1.2.3'] : []),
    });
    // The closed port is a private address too: the strict worker refuses it before trying.
    expect((await strict.runOnce()).retried).toHaveLength(2);
    const admin = await shop.as('admin');
    const log = async (id: number) => (await admin.get(`/api/admin/webhooks/${id}/deliveries`).expect(200)).body as WebhookDelivery[];
    expect((await log(named.id)).map((a) => [a.status, a.response])).toEqual([[null, 'Not sent: hooks.example.test resolves to 10.1.2.3, a private, loopback or reserved address']]);
    expect((await log(closed.id)).map((a) => [a.status, a.response])).toEqual([[null, 'Not sent: 127.0.0.1 is a private, loopback or reserved address']]);

    c.advance(30_000);
    const open = new WebhookWorker(shop.store, { now: c.now, allowPrivate: true, lookup: async () => ['93.184.215.14'] });
    await open.runOnce();
    const [second] = await log(closed.id);
    expect(second).toMatchObject({ attempt: 2, status: null, response: expect.stringMatching(/ECONNREFUSED/) });
    expect(receiver.requests).toEqual([]);
  });
});
