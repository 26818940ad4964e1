import { afterEach, describe, expect, it } from 'vitest';
import { discountedPrice } from '../../../src/domain/pricing';
import type { Order } from '../../../src/domain/types';
import { KEY_REUSED } from '../../../server/modules/orders/service';
import { address, clock, expectNoLeaks, makeShop, orderBody, PRODUCTS } from '../fixtures';

afterEach(expectNoLeaks);

describe('POST /api/orders', () => {
  it('re-prices, takes the user from the session, decrements stock, empties the cart', async () => {
    const c = clock();
    const shop = makeShop({ now: c.now });
    const a = await shop.as('user');
    await a.post('/api/cart').send({ product: 1, quantity: 2 }).expect(201);
    await a.post('/api/cart').send({ product: 2, quantity: 1 }).expect(201);

    const res = await a.post('/api/orders').send(orderBody([{ product: 1, quantity: 2 }, { product: 2, quantity: 1 }])).expect(201);
    const order: Order = res.body;
    const expected = 2 * discountedPrice(PRODUCTS[0]) + discountedPrice(PRODUCTS[1]);
    expect(expected).toBe(2 * 900 + 700);
    expect(order).toMatchObject({
      id: 13,
      user: 2,
      totalAmount: expected,
      totalItems: 3,
      paymentMethod: 'card',
      selectedAddress: { ...address(), stateCode: 'KA' },
      status: 'pending',
      createdAt: new Date(c.now()).toISOString(),
    });
    expect(order.items.map((i) => [i.product.id, i.product.price, i.quantity])).toEqual([
      [1, 1000, 2],
      [2, 800, 1],
    ]);
    expect(order.items[0].product.title).toBe('iPhone 15');
    expect((await shop.state()).products[0].stock).toBe(8);
    expect((await shop.state()).products[1].stock).toBe(1);
    expect((await a.get('/api/cart')).body).toEqual([]);
    expect((await shop.state()).cart).toEqual([{ id: 1, user: 3, product: 1, quantity: 2 }]);
    // Stored as answered, but for the card payment's internal reference (never answered) and the
    // returns, tracking and delivery estimate every answer carries (none yet: [], refunded 0,
    // tracking null; no shipping method here, so delivery null; an order stores none).
    const stored = (await shop.state()).orders.at(-1)!;
    expect(stored.payment).toEqual({ method: 'card', status: 'authorized', brand: 'Visa', last4: '4242', reference: expect.any(String), refunded: 0 });
    expect({ ...stored, payment: { ...stored.payment, reference: undefined }, returns: [], refunded: 0, tracking: null, delivery: null }).toEqual(order);
  });

  it('keeps a snapshot: later product edits do not change the order', async () => {
    const shop = makeShop();
    const a = await shop.as('user');
    const order = (await a.post('/api/orders').send(orderBody([{ product: 5, quantity: 1 }])).expect(201)).body;
    await (await shop.as('admin')).patch('/api/products/5').send({ price: 999 }).expect(200);
    expect((await shop.state()).orders.at(-1)!.items[0].product.price).toBe(300);
    expect(order.totalAmount).toBe(240);
  });

  it('409 naming the product when stock is short, with nothing changed', async () => {
    const shop = makeShop();
    const a = await shop.as('other');
    const before = structuredClone(await shop.state());
    const res = await a.post('/api/orders').send(orderBody([{ product: 1, quantity: 2 }, { product: 2, quantity: 3 }])).expect(409);
    expect(res.body.message).toBe('Only 2 of "Galaxy S24" left in stock');
    expect(await shop.state()).toEqual(before);
  });

  it('409 for a deleted or sold-out product', async () => {
    const shop = makeShop();
    const a = await shop.as('user');
    expect((await a.post('/api/orders').send(orderBody([{ product: 4, quantity: 1 }])).expect(409)).body.message).toMatch(/Sauvage/);
    expect((await a.post('/api/orders').send(orderBody([{ product: 3, quantity: 1 }])).expect(409)).body.message).toMatch(/MacBook Air/);
    expect((await shop.state()).orders).toHaveLength(12);
  });

  it.each([
    ['paymentMethod', { paymentMethod: 'bitcoin' }, 'paymentMethod', 'Payment method must be one of cash, card'],
    ['no items', { items: [] }, 'items', 'The order has no items'],
    ['items missing', { items: undefined }, 'items', 'The order has no items'],
    ['a quantity of 7', { items: [{ product: 1, quantity: 7 }] }, 'items.0.quantity', 'Quantity must be a whole number from 1 to 6'],
    ['an unknown product', { items: [{ product: 99, quantity: 1 }] }, 'items.0.product', 'Unknown product'],
    ['a product twice', { items: [{ product: 1, quantity: 1 }, { product: { id: 1 }, quantity: 1 }] }, 'items.1.product', 'The same product twice'],
    ['no address', { selectedAddress: undefined }, 'selectedAddress', 'Address must be an object'],
    ['an address without city', { selectedAddress: address({ city: '' }) }, 'selectedAddress.city', 'City is Required'],
    ['an address in France', { selectedAddress: { ...address(), country: 'France' } }, 'selectedAddress.country', 'Country must be one of India, United States, Canada, Mexico'],
  ])('400 for %s', async (_label, overrides, field, message) => {
    const shop = makeShop();
    const res = await (await shop.as('user')).post('/api/orders').send(orderBody([{ product: 1, quantity: 1 }], overrides)).expect(400);
    expect(res.body.errors[field]).toBe(message);
    expect((await shop.state()).orders).toHaveLength(12);
    expect((await shop.state()).products[0].stock).toBe(10);
  });

  it('401 signed out', async () => {
    await makeShop().anon().post('/api/orders').send(orderBody([{ product: 1, quantity: 1 }])).expect(401);
  });
});

describe('POST /api/orders with an Idempotency-Key', () => {
  const body = () => orderBody([{ product: 1, quantity: 2 }]);

  it('the same key from the same user answers 200 with the first order, ordering and taking stock once', async () => {
    const shop = makeShop();
    const a = await shop.as('user');
    const first = await a.post('/api/orders').set('Idempotency-Key', 'attempt-1').send(body()).expect(201);
    await a.post('/api/cart').send({ product: 2, quantity: 1 }).expect(201);
    // A retry is the same request, whatever order its client writes the keys in: the first order back.
    const reordered = Object.fromEntries(Object.entries(body()).reverse());
    const again = await a.post('/api/orders').set('Idempotency-Key', 'attempt-1').send(reordered);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    // The same key with another request (other items, another payment method, no body): 422, nothing placed.
    for (const other of [orderBody([{ product: 2, quantity: 1 }]), { ...body(), paymentMethod: 'cash' }, {}]) {
      const refused = await a.post('/api/orders').set('Idempotency-Key', 'attempt-1').send(other);
      expect([refused.status, refused.body]).toEqual([422, { message: KEY_REUSED }]);
    }
    expect((await shop.state()).orders).toHaveLength(13);
    expect((await shop.state()).products[0].stock).toBe(8);
    expect((await shop.state()).products[1].stock).toBe(2);
    expect((await shop.state()).cart.filter((l) => l.user === 2)).toHaveLength(1); // the retry emptied nothing
    // A new key is a new order.
    const second = await a.post('/api/orders').set('Idempotency-Key', 'attempt-2').send(body()).expect(201);
    expect(second.body.id).toBe(14);
    expect((await shop.state()).products[0].stock).toBe(6);
  });

  it('the same key sent several times at once: one order, every answer is it, stock taken once', async () => {
    const shop = makeShop();
    const a = await shop.as('user');
    const answers = await Promise.all(Array.from({ length: 4 }, () => a.post('/api/orders').set('Idempotency-Key', 'racing').send(body())));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 201]);
    for (const r of answers) expect(r.body).toEqual(answers[0].body);
    expect((await shop.state()).orders).toHaveLength(13);
    expect((await shop.state()).products[0].stock).toBe(8);
  });

  it("keys belong to their user: another shopper's same key places that shopper's own order", async () => {
    const shop = makeShop();
    const a = await shop.as('user');
    const b = await shop.as('other');
    const mine = await a.post('/api/orders').set('Idempotency-Key', 'shared-key').send(body()).expect(201);
    const theirs = await b.post('/api/orders').set('Idempotency-Key', 'shared-key').send(body()).expect(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(theirs.body.user).toBe(3);
    expect((await shop.state()).products[0].stock).toBe(6);
  });

  it('keys are kept for 24 hours', async () => {
    const c = clock();
    const shop = makeShop({ now: c.now });
    const a = await shop.as('user');
    const first = await a.post('/api/orders').set('Idempotency-Key', 'k').send(body()).expect(201);
    c.advance(24 * 60 * 60 * 1000 - 1000);
    expect((await a.post('/api/orders').set('Idempotency-Key', 'k').send(body()).expect(200)).body.id).toBe(first.body.id);
    c.advance(2000);
    // Once expired, the next order forgets the key (and the key may place a new order).
    await a.post('/api/orders').set('Idempotency-Key', 'other').send(body()).expect(201);
    expect((await shop.state()).idempotency.map((k) => k.id)).toEqual(['2 other']);
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(256)],
    ['with a space', 'two words'],
    ['non-ASCII', 'clé'],
  ])('400 for a key that is %s, and nothing is ordered', async (_label, key) => {
    const shop = makeShop();
    const a = await shop.as('user');
    const res = await a.post('/api/orders').set('Idempotency-Key', key).send(body()).expect(400);
    expect(res.body.errors).toEqual({ 'Idempotency-Key': 'Idempotency-Key must be 1 to 255 visible ASCII characters' });
    expect((await shop.state()).orders).toHaveLength(12);
    expect((await shop.state()).products[0].stock).toBe(10);
  });
});

describe('GET /api/orders/own', () => {
  it("the caller's orders only, newest first", async () => {
    const shop = makeShop();
    const a = await shop.as('user');
    const res = await a.get('/api/orders/own/').expect(200);
    expect(res.body.map((o: Order) => o.id)).toEqual([11, 9, 7, 5, 3, 1]);
    expect(res.body.every((o: Order) => o.user === 2)).toBe(true);
    await shop.anon().get('/api/orders/own').expect(401);
  });
});

describe('GET /api/orders/:id', () => {
  it('owner or admin; anyone else gets 404', async () => {
    const shop = makeShop();
    await (await shop.as('user')).get('/api/orders/1').expect(200);
    await (await shop.as('admin')).get('/api/orders/2').expect(200);
    await (await shop.as('user')).get('/api/orders/2').expect(404);
  });
});

describe('GET /api/orders (admin)', () => {
  const ids = (body: Order[]) => body.map((o) => o.id);

  it('403 for a user, 401 signed out', async () => {
    const shop = makeShop();
    await (await shop.as('user')).get('/api/orders').expect(403);
    await shop.anon().get('/api/orders/?_page=1&_per_page=5').expect(401);
  });

  it('pages with _per_page (or _limit) and counts in X-Total-Count', async () => {
    const a = await makeShop().as('admin');
    const all = await a.get('/api/orders').expect(200);
    expect(all.body).toHaveLength(12);
    expect(all.headers['x-total-count']).toBe('12');
    const page3 = await a.get('/api/orders/?_page=3&_per_page=5').expect(200);
    // Newest first (the fixtures' orders are placed one a day, in id order).
    expect(ids(page3.body)).toEqual([2, 1]);
    expect(page3.headers['x-total-count']).toBe('12');
    expect(ids((await a.get('/api/orders?_page=2&_limit=5')).body)).toEqual([7, 6, 5, 4, 3]);
    expect((await a.get('/api/orders?_page=9&_per_page=5')).body).toEqual([]);
  });

  it('filters by status and sorts', async () => {
    const a = await makeShop().as('admin');
    const pending = await a.get('/api/orders?status=pending&status=cancelled&_page=1&_per_page=5');
    expect(ids(pending.body)).toEqual([12, 9, 8, 5, 4]);
    expect(pending.headers['x-total-count']).toBe('6');
    expect(ids((await a.get('/api/orders?_sort=totalAmount&_order=desc&_per_page=3')).body)).toEqual([12, 11, 10]);
    expect(ids((await a.get('/api/orders?_sort=-createdAt&_per_page=2')).body)).toEqual([12, 11]);
    expect(ids((await a.get('/api/orders?_sort=status&_per_page=3')).body)).toEqual([4, 8, 12]);
    // Every scalar field of an order sorts, as with json-server.
    for (const field of ['totalItems', 'paymentMethod', 'user']) {
      const all = (await a.get(`/api/orders?_sort=${field}&_per_page=50`).expect(200)).body as Record<string, string | number>[];
      const keys = all.map((o) => o[field]);
      expect(keys).toEqual([...keys].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
    }
  });

  it("filters by user: a customer's orders, with the other filters", async () => {
    const a = await makeShop().as('admin');
    const mine = await a.get('/api/orders?user=2&_sort=-createdAt&_per_page=4').expect(200);
    expect(ids(mine.body)).toEqual([11, 9, 7, 5]);
    expect(mine.headers['x-total-count']).toBe('6');
    const pending = await a.get('/api/orders?user=3&status=pending&status=cancelled').expect(200);
    expect(ids(pending.body)).toEqual([12, 8, 4]);
    // An account without orders, and an id no account has: no orders.
    expect((await a.get('/api/orders?user=1').expect(200)).body).toEqual([]);
    expect((await a.get('/api/orders?user=9999999999999999').expect(200)).headers['x-total-count']).toBe('0');
    for (const bad of ['0', '-1', 'two', '1.5', '', '2&user=3']) {
      const res = await a.get(`/api/orders?user=${bad}`).expect(400);
      expect(res.body.errors).toEqual({ user: 'Customer must be a user id' });
    }
  });

  it('400 for bad parameters', async () => {
    const a = await makeShop().as('admin');
    await a.get('/api/orders?_sort=password').expect(400);
    await a.get('/api/orders?_order=sideways&_sort=id').expect(400);
    await a.get('/api/orders?_page=0').expect(400);
    await a.get('/api/orders?_per_page=abc').expect(400);
    await a.get('/api/orders?status=lost').expect(400);
  });
});

describe('PATCH /api/orders/:id (admin)', () => {
  it('applies only status', async () => {
    const shop = makeShop();
    const before = structuredClone((await shop.state()).orders[0]);
    const res = await (await shop.as('admin'))
      .patch('/api/orders/1')
      .send({ ...before, status: 'cancelled', totalAmount: 1, user: 3, note: 'x' })
      .expect(200);
    const history = [{ status: 'cancelled', at: expect.any(String), by: 'admin' }];
    // Answered without the reviews the (older) stored snapshot still holds.
    const items = before.items.map((item) => ({ ...item, product: { ...item.product, reviews: [] } }));
    // An order older than priced snapshots answers one derived from its lines.
    expect(res.body).toMatchObject({ ...before, items, status: 'cancelled', history });
    expect(res.body.totals).toEqual({ subtotal: before.totalAmount, discount: 0, shipping: 0, tax: 0, total: before.totalAmount });
    expect((await shop.state()).orders[0]).toEqual({ ...before, status: 'cancelled', history });
  });

  it('any status from any other, but only the four', async () => {
    const shop = makeShop();
    const a = await shop.as('admin');
    for (const status of ['delivered', 'pending', 'dispatched', 'cancelled', 'pending']) {
      await a.patch('/api/orders/3').send({ status }).expect(200);
    }
    const bad = await a.patch('/api/orders/3').send({ status: 'shipped' }).expect(400);
    expect(bad.body.errors.status).toMatch(/pending, dispatched, delivered, cancelled/);
    await a.patch('/api/orders/999').send({ status: 'pending' }).expect(404);
  });

  it('403 for a user (even the owner), 401 signed out', async () => {
    const shop = makeShop();
    await (await shop.as('user')).patch('/api/orders/1').send({ status: 'cancelled' }).expect(403);
    await shop.anon().patch('/api/orders/1').send({ status: 'cancelled' }).expect(401);
    expect((await shop.state()).orders[0].status).toBe('pending');
  });
});
