import { afterEach, describe, expect, it } from 'vitest';
import type { Product } from '../../../src/domain/types';
import { expectNoLeaks, makeShop } from '../fixtures';

afterEach(expectNoLeaks);

/** A line as answered: the product with its options and its one variant, the line's variant. */
const line = (id: number, product: Product, quantity: number) => ({
  id,
  product: { ...product, options: [], variants: [{ id: expect.any(Number), sku: `SKU-${product.id}`, options: {}, price: null, discountPercentage: null, stock: product.stock }] },
  variant: expect.objectContaining({ sku: `SKU-${product.id}`, options: {}, price: product.price, stock: product.stock }),
  quantity,
});

const QUANTITY = 'Quantity must be a whole number from 1 to 6';

describe('GET /api/cart', () => {
  it("401 signed out; only the caller's lines, products expanded", async () => {
    const shop = makeShop();
    await shop.anon().get('/api/cart').expect(401);
    expect((await (await shop.as('user')).get('/api/cart').expect(200)).body).toEqual([]);
    const other = (await (await shop.as('other')).get('/api/cart').expect(200)).body;
    expect(other).toEqual([line(1, (await shop.state()).products[0], 2)]);
  });
});

describe('POST /api/cart', () => {
  it('adds a line (201, expanded) that GET then shows; stored with the owner', async () => {
    const shop = makeShop();
    const a = await shop.as('user');
    const res = await a.post('/api/cart').send({ product: 2, quantity: 1 }).expect(201);
    expect(res.body).toEqual(line(2, (await shop.state()).products[1], 1));
    expect((await shop.state()).cart[1]).toEqual({ id: 2, user: 2, product: 2, quantity: 1 });
    expect((await a.get('/api/cart')).body).toEqual([res.body]);
  });

  it('accepts a numeric string or an expanded product, ignores a forged user', async () => {
    const shop = makeShop();
    const a = await shop.as('user');
    await a.post('/api/cart').send({ product: '5', quantity: '2', user: 3 }).expect(201);
    await a.post('/api/cart').send({ product: { id: 1 }, quantity: 1 }).expect(201);
    expect((await shop.state()).cart.filter((l) => l.user === 2).map((l) => l.product)).toEqual([5, 1]);
    expect((await shop.state()).cart.filter((l) => l.user === 3)).toHaveLength(1);
  });

  it('refuses the same product twice (409)', async () => {
    const shop = makeShop();
    const a = await shop.as('other');
    const res = await a.post('/api/cart').send({ product: 1, quantity: 1 }).expect(409);
    expect(res.body.message).toMatch(/iPhone 15.*already in the cart/);
    expect((await shop.state()).cart).toHaveLength(1);
  });

  it.each([
    [{ product: 999, quantity: 1 }, 404, /not found/],
    [{ product: 4, quantity: 1 }, 409, /no longer available/],
    [{ product: 3, quantity: 1 }, 409, /out of stock/],
    [{ product: 2, quantity: 3 }, 409, /Only 2 of "Galaxy S24" left/],
    [{ product: 'abc', quantity: 1 }, 400, /Invalid product/],
    [{ quantity: 1 }, 400, /Invalid product/],
    [{ product: 1, quantity: 0 }, 400, /Invalid quantity/],
    [{ product: 1, quantity: 7 }, 400, /Invalid quantity/],
    [{ product: 1, quantity: 1.5 }, 400, /Invalid quantity/],
    [{ product: 1, quantity: 'two' }, 400, /Invalid quantity/],
    [{ product: 1, quantity: null }, 400, /Invalid quantity/],
    [{ product: 1, quantity: '0x2' }, 400, /Invalid quantity/],
    [{ product: 1, quantity: '2e0' }, 400, /Invalid quantity/],
  ])('refuses %j with %i', async (body, status, message) => {
    const shop = makeShop();
    const res = await (await shop.as('user')).post('/api/cart').send(body).expect(status);
    expect(res.body.message).toMatch(message);
    if (status === 400 && /quantity/.test(res.body.message)) expect(res.body.errors).toEqual({ quantity: QUANTITY });
    expect((await shop.state()).cart).toHaveLength(1);
  });
});

describe('PATCH /api/cart/:id', () => {
  it('changes the quantity of an own line', async () => {
    const shop = makeShop();
    const a = await shop.as('other');
    const res = await a.patch('/api/cart/1').send({ id: 1, quantity: 3, product: 2, user: 2 }).expect(200);
    expect(res.body).toEqual(line(1, (await shop.state()).products[0], 3));
    expect((await shop.state()).cart[0]).toEqual({ id: 1, user: 3, product: 1, quantity: 3 });
  });

  it('applies the same quantity rules', async () => {
    const shop = makeShop();
    const a = await shop.as('user');
    const line = (await a.post('/api/cart').send({ product: 2, quantity: 1 }).expect(201)).body;
    await a.patch(`/api/cart/${line.id}`).send({ quantity: 7 }).expect(400);
    await a.patch(`/api/cart/${line.id}`).send({}).expect(400);
    await a.patch(`/api/cart/${line.id}`).send({ quantity: 3 }).expect(409);
    await a.patch(`/api/cart/${line.id}`).send({ quantity: 2 }).expect(200);
  });

  it("answers someone else's line as missing (404) and leaves it alone", async () => {
    const shop = makeShop();
    const res = await (await shop.as('user')).patch('/api/cart/1').send({ quantity: 5 }).expect(404);
    expect(res.body).toEqual({ message: 'Cart item not found' });
    expect((await shop.state()).cart[0].quantity).toBe(2);
    await (await shop.as('admin')).patch('/api/cart/1').send({ quantity: 5 }).expect(404);
    await shop.anon().patch('/api/cart/1').send({ quantity: 5 }).expect(401);
  });
});

describe('DELETE /api/cart/:productId', () => {
  it("removes the caller's line for that product, then 404", async () => {
    const shop = makeShop();
    const a = await shop.as('other');
    const res = await a.delete('/api/cart/1').type('json').expect(200);
    expect(res.body).toMatchObject({ id: 1, quantity: 2, product: { id: 1 } });
    expect((await shop.state()).cart).toEqual([]);
    await a.delete('/api/cart/1').type('json').expect(404);
  });

  it("never touches another user's line", async () => {
    const shop = makeShop();
    await (await shop.as('user')).delete('/api/cart/1').type('json').expect(404);
    await shop.anon().delete('/api/cart/1').type('json').expect(401);
    expect((await shop.state()).cart).toHaveLength(1);
  });
});
