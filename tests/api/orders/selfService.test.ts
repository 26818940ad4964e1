// Order self-service: a shopper cancels their own pending order and gets its stock
// back; whoever changes a status, stock equals what it was minus the quantities of the orders
// that are not cancelled; every order keeps its history; "buy again". On both engines.
//
// Fixture orders (tests/api/fixtures.ts): ids 1–12, odd ones the user's (2), even ones other's
// (3), statuses pending, dispatched, delivered, cancelled in turn; order n holds one of product 1
// (odd n) or product 2 (even n).
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_STOCK } from '../../../server/http/validate';
import type { AuditEntry, BuyAgainResult, Order } from '../../../src/domain/types';
import { clock, expectNoLeaks, makeShop, orderBody, type TestShop } from '../fixtures';

// Cash: these orders leave 'cancelled' again, and a cancelled card order is refunded for good.
const CASH = { paymentMethod: 'cash' };

afterEach(expectNoLeaks);

const stockOf = async (shop: TestShop, id: number) => (await shop.state()).products.find((p) => p.id === id)!.stock;

describe('POST /api/orders/:id/cancel', () => {
  it('the owner cancels a pending order: 200 cancelled, the history says who and when, the stock comes back', async () => {
    const c = clock();
    const shop = makeShop({ now: c.now });
    const user = await shop.as('user');
    const placed = (await user.post('/api/orders').send(orderBody([{ product: 1, quantity: 3 }])).expect(201)).body as Order;
    expect(placed.history).toEqual([{ status: 'pending', at: new Date(c.now()).toISOString(), by: 'shopper' }]);
    expect(await stockOf(shop, 1)).toBe(7);

    c.advance(60_000);
    const res = await user.post(`/api/orders/${placed.id}/cancel`).send({}).expect(200);
    expect(res.body).toMatchObject({ id: placed.id, status: 'cancelled' });
    expect(res.body.history).toEqual([
      { status: 'pending', at: new Date(c.now() - 60_000).toISOString(), by: 'shopper' },
      { status: 'cancelled', at: new Date(c.now()).toISOString(), by: 'shopper' },
    ]);
    expect(await stockOf(shop, 1)).toBe(10);
    expect((await user.get(`/api/orders/${placed.id}`).expect(200)).body).toEqual(res.body);

    // The audit log records it, as the shopper's.
    const audit = (await (await shop.as('admin')).get('/api/admin/audit?entity=order').expect(200)).body as AuditEntry[];
    expect(audit[0]).toMatchObject({
      actor: { id: 2, email: 'user@shop.test', role: 'user' },
      action: 'order.status',
      entityId: String(placed.id),
      before: { status: 'pending' },
      after: { status: 'cancelled' },
    });
  });

  it('409 unless pending, changing nothing; 404 for someone else’s or an unknown order; 401 signed out', async () => {
    const shop = makeShop();
    const user = await shop.as('user');
    const admin = await shop.as('admin');
    const before = await shop.state();
    for (const id of [3, 7]) {
      const res = await user.post(`/api/orders/${id}/cancel`).send({}).expect(409);
      expect(res.body.message).toBe(`Order #${id} is delivered: only a pending order can be cancelled`);
    }
    for (const id of ['2', '999', 'abc']) await user.post(`/api/orders/${id}/cancel`).send({}).expect(404);
    // The admin cancels through PATCH /orders/:id; this is the owner's.
    await admin.post('/api/orders/1/cancel').send({}).expect(404);
    await shop.anon().post('/api/orders/1/cancel').send({}).expect(401);
    expect(await shop.state()).toEqual(before);
  });

  it.each([
    ['cash, delivered (collected)', CASH, 'delivered'],
    ['card, dispatched (captured)', {}, 'dispatched'],
  ] as const)('a pending order already paid (%s, then moved back by the shop): 409, the shop decides the refund', async (_what, payment, paidAt) => {
    const shop = makeShop();
    const user = await shop.as('user');
    const admin = await shop.as('admin');
    const placed = (await user.post('/api/orders').send(orderBody([{ product: 1, quantity: 1 }], payment)).expect(201)).body as Order;
    await admin.patch(`/api/orders/${placed.id}`).send({ status: paidAt }).expect(200);
    const back = (await admin.patch(`/api/orders/${placed.id}`).send({ status: 'pending' }).expect(200)).body as Order;
    expect(back.payment?.status).toBe('paid');
    const before = await shop.state();

    const res = await user.post(`/api/orders/${placed.id}/cancel`).send({}).expect(409);
    expect(res.body).toEqual({ message: `Order #${placed.id} is paid: to cancel it and get the money back, contact the shop` });
    expect(await shop.state()).toEqual(before);
    expect((await user.get(`/api/orders/${placed.id}`).expect(200)).body.payment.status).toBe('paid');
  });

  it('two cancels at once: one 200, one 409, the stock back once', async () => {
    const shop = makeShop();
    const user = await shop.as('user');
    const placed = (await user.post('/api/orders').send(orderBody([{ product: 5, quantity: 2 }])).expect(201)).body as Order;
    const answers = await Promise.all([1, 2].map(() => user.post(`/api/orders/${placed.id}/cancel`).send({})));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await stockOf(shop, 5)).toBe(5);
  });
});

describe('PATCH /api/orders/:id (admin): stock follows the status', () => {
  it('cancelling gives the stock back, leaving cancelled takes it again, other moves leave it', async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    const placed = (await (await shop.as('user')).post('/api/orders').send(orderBody([{ product: 1, quantity: 2 }, { product: 5, quantity: 1 }], CASH)).expect(201)).body as Order;
    const stock = async () => [await stockOf(shop, 1), await stockOf(shop, 5)];
    expect(await stock()).toEqual([8, 4]);
    await admin.patch(`/api/orders/${placed.id}`).send({ status: 'dispatched' }).expect(200);
    expect(await stock()).toEqual([8, 4]);
    await admin.patch(`/api/orders/${placed.id}`).send({ status: 'cancelled' }).expect(200);
    expect(await stock()).toEqual([10, 5]);
    await admin.patch(`/api/orders/${placed.id}`).send({ status: 'cancelled' }).expect(200); // the same again: nothing
    expect(await stock()).toEqual([10, 5]);
    const reopened = await admin.patch(`/api/orders/${placed.id}`).send({ status: 'pending' }).expect(200);
    expect(await stock()).toEqual([8, 4]);
    expect(reopened.body.history.map((e: { status: string; by: string }) => `${e.status} by ${e.by}`)).toEqual([
      'pending by shopper',
      'dispatched by admin',
      'cancelled by admin',
      'pending by admin',
    ]);
  });

  it('409 naming the product when leaving cancelled needs stock that is gone, changing nothing', async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    // Order 4 (cancelled) holds one Galaxy S24 (product 2).
    await admin.patch('/api/products/2').send({ stock: 0 }).expect(200);
    const before = await shop.state();
    const res = await admin.patch('/api/orders/4').send({ status: 'delivered' }).expect(409);
    expect(res.body.message).toBe('"Galaxy S24" is out of stock');
    expect(await shop.state()).toEqual(before);
    await admin.patch('/api/products/2').send({ deleted: true, stock: 5 }).expect(200);
    expect((await admin.patch('/api/orders/4').send({ status: 'pending' }).expect(409)).body.message).toBe('"Galaxy S24" is no longer available');
  });

  it('a cancel gives stock back up to MAX_STOCK, what both engines hold, and no further', async () => {
    const shop = makeShop();
    const [user, admin] = [await shop.as('user'), await shop.as('admin')];
    // Orders 1 and 5 (the user's, pending) hold one iPhone each.
    await admin.patch('/api/products/1').send({ stock: MAX_STOCK }).expect(200);
    await user.post('/api/orders/1/cancel').send({}).expect(200);
    await admin.patch('/api/orders/5').send({ status: 'cancelled' }).expect(200);
    expect(await stockOf(shop, 1)).toBe(MAX_STOCK);
    await admin.patch('/api/products/1').send({ stock: MAX_STOCK - 1 }).expect(200);
    await admin.patch('/api/orders/9').send({ status: 'cancelled' }).expect(200);
    expect(await stockOf(shop, 1)).toBe(MAX_STOCK);
    // Leaving cancelled takes the order's quantity again.
    await admin.patch('/api/orders/9').send({ status: 'pending' }).expect(200);
    expect(await stockOf(shop, 1)).toBe(MAX_STOCK - 1);
  });

  it('stock equals what it was minus the quantities of the orders that are not cancelled, whoever changes them', async () => {
    const shop = makeShop();
    const [user, other, admin] = [await shop.as('user'), await shop.as('other'), await shop.as('admin')];
    const initial = await stockOf(shop, 5);
    const orders: Order[] = [];
    for (const [who, quantity] of [[user, 1], [other, 2], [user, 1], [other, 1]] as const) {
      orders.push((await who.post('/api/orders').send(orderBody([{ product: 5, quantity }], CASH)).expect(201)).body);
    }
    await user.post(`/api/orders/${orders[0].id}/cancel`).send({}).expect(200);
    await admin.patch(`/api/orders/${orders[1].id}`).send({ status: 'cancelled' }).expect(200);
    await admin.patch(`/api/orders/${orders[1].id}`).send({ status: 'dispatched' }).expect(200);
    await admin.patch(`/api/orders/${orders[3].id}`).send({ status: 'cancelled' }).expect(200);
    const state = await shop.state();
    const open = state.orders.filter((o) => orders.some((m) => m.id === o.id) && o.status !== 'cancelled');
    expect(open.map((o) => o.id)).toEqual([orders[1].id, orders[2].id]);
    expect(await stockOf(shop, 5)).toBe(initial - open.reduce((sum, o) => sum + o.items[0].quantity, 0));
  });
});

describe('POST /api/orders/:id/buy-again', () => {
  it('puts back what can still be bought, capped by the stock and 6, and says what was left out and why', async () => {
    const shop = makeShop();
    const user = await shop.as('user');
    const admin = await shop.as('admin');
    const order = (
      await user
        .post('/api/orders')
        .send(orderBody([{ product: 1, quantity: 6 }, { product: 2, quantity: 1 }, { product: 5, quantity: 1 }]))
        .expect(201)
    ).body as Order;
    await admin.patch('/api/products/1').send({ stock: 3 }).expect(200);
    await admin.patch('/api/products/2').send({ stock: 0 }).expect(200);
    await admin.patch('/api/products/5').send({ deleted: true }).expect(200);

    const res = await user.post(`/api/orders/${order.id}/buy-again`).send({}).expect(200);
    const body = res.body as BuyAgainResult;
    expect(body.added).toEqual([{ product: { id: 1, title: 'iPhone 15' }, quantity: 3 }]);
    expect(body.skipped).toEqual([
      { product: { id: 2, title: 'Galaxy S24' }, reason: 'out of stock' },
      { product: { id: 5, title: 'Galaxy Tab S9' }, reason: 'no longer available' },
    ]);
    expect(body.cart.map((l) => [l.product.id, l.quantity])).toEqual([[1, 3]]);
    expect((await user.get('/api/cart').expect(200)).body).toEqual(body.cart);

    // Again: the iPhone is in the cart already.
    const again = (await user.post(`/api/orders/${order.id}/buy-again`).send({}).expect(200)).body as BuyAgainResult;
    expect(again.added).toEqual([]);
    expect(again.skipped[0]).toEqual({ product: { id: 1, title: 'iPhone 15' }, reason: 'already in your cart' });
  });

  it('404 for someone else’s order, also for an admin; 401 signed out', async () => {
    const shop = makeShop();
    await (await shop.as('user')).post('/api/orders/2/buy-again').send({}).expect(404);
    await (await shop.as('admin')).post('/api/orders/1/buy-again').send({}).expect(404);
    await shop.anon().post('/api/orders/1/buy-again').send({}).expect(401);
    expect((await shop.state()).cart).toEqual([{ id: 1, user: 3, product: 1, quantity: 2 }]);
  });
});
