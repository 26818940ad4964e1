// Minimum order quantity: a product's minimumOrderQuantity (1 when absent) is the
// fewest a cart line or an order line may hold; buy again raises a line to it when it can.
import { afterEach, describe, expect, it } from 'vitest';
import { address, expectNoLeaks, makeShop } from '../fixtures';

afterEach(expectNoLeaks);

const IPHONE = 'The minimum order quantity for "iPhone 15" is 3';

/** A shop whose iPhone 15 (id 1, stock 10) must be ordered 3 at a time. */
async function shop3() {
  const shop = makeShop();
  await shop.update((d) => {
    d.products[0].minimumOrderQuantity = 3;
  });
  return shop;
}

describe('cart', () => {
  it('POST /api/cart refuses fewer than the minimum with 400 naming it, nothing added', async () => {
    const shop = await shop3();
    const a = await shop.as('user');
    for (const quantity of [1, 2]) {
      const res = await a.post('/api/cart').send({ product: 1, quantity }).expect(400);
      expect(res.body).toEqual({ message: IPHONE, errors: { quantity: IPHONE } });
    }
    // No quantity = 1: also below it.
    expect((await a.post('/api/cart').send({ product: 1 }).expect(400)).body.errors).toEqual({ quantity: IPHONE });
    expect((await shop.state()).cart.filter((l) => l.user === 2)).toEqual([]);
    // The minimum and more are fine.
    expect((await a.post('/api/cart').send({ product: 1, quantity: 3 }).expect(201)).body.quantity).toBe(3);
  });

  it('PATCH /api/cart/:id refuses fewer than the minimum, the line unchanged', async () => {
    const shop = await shop3();
    const b = await shop.as('other'); // line 1: iPhone 15 × 2, stored before the minimum
    const res = await b.patch('/api/cart/1').send({ quantity: 1 }).expect(400);
    expect(res.body).toEqual({ message: IPHONE, errors: { quantity: IPHONE } });
    expect((await shop.state()).cart.find((l) => l.id === 1)?.quantity).toBe(2);
    expect((await b.patch('/api/cart/1').send({ quantity: 4 }).expect(200)).body.quantity).toBe(4);
  });

  it('a product whose minimum is 1 takes 1', async () => {
    const shop = makeShop();
    const a = await shop.as('user');
    await a.post('/api/cart').send({ product: 5, quantity: 1 }).expect(201);
    await a.post('/api/cart').send({ product: 1, quantity: 1 }).expect(201);
  });
});

describe('POST /api/orders', () => {
  it('refuses a line below the minimum (400, items.N.quantity), nothing placed, no stock taken', async () => {
    const shop = await shop3();
    const a = await shop.as('user');
    const before = await shop.state();
    const res = await a
      .post('/api/orders')
      .send({ items: [{ product: 5, quantity: 1 }, { product: 1, quantity: 2 }], paymentMethod: 'cash', selectedAddress: address() })
      .expect(400);
    expect(res.body.errors).toEqual({ 'items.1.quantity': IPHONE });
    const after = await shop.state();
    expect(after.orders).toHaveLength(before.orders.length);
    expect(after.products.map((p) => p.stock)).toEqual(before.products.map((p) => p.stock));
    // At the minimum it is placed.
    await a
      .post('/api/orders')
      .send({ items: [{ product: 1, quantity: 3 }], paymentMethod: 'cash', selectedAddress: address() })
      .expect(201);
  });
});

describe('POST /api/orders/:id/buy-again', () => {
  it('raises a line to the minimum when there is that much stock', async () => {
    const shop = await shop3();
    const a = await shop.as('user');
    // Order 1 (user 2): iPhone 15 × 1, placed before the minimum.
    const res = await a.post('/api/orders/1/buy-again').send({}).expect(200);
    expect(res.body.added).toEqual([{ product: { id: 1, title: 'iPhone 15' }, quantity: 3 }]);
    expect(res.body.skipped).toEqual([]);
    expect((await shop.state()).cart.filter((l) => l.user === 2).map((l) => [l.product, l.quantity])).toEqual([[1, 3]]);
  });

  it('skips it with why when fewer than the minimum are left', async () => {
    const shop = await shop3();
    await shop.update((d) => {
      d.products[0].minimumOrderQuantity = 4;
      d.products[0].stock = 3;
    });
    const a = await shop.as('user');
    const res = await a.post('/api/orders/1/buy-again').send({}).expect(200);
    expect(res.body.added).toEqual([]);
    expect(res.body.skipped).toEqual([{ product: { id: 1, title: 'iPhone 15' }, reason: 'only 3 left, fewer than its minimum order quantity of 4' }]);
    expect((await shop.state()).cart.filter((l) => l.user === 2)).toEqual([]);
  });
});
