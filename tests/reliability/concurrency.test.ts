// Item 3: concurrency. 50 shoppers sign up, fill their carts and place orders all at once, over
// real sockets, against a product with 20 in stock in the size they all want (stock is
// a variant's; the product's other sizes are not touched). Stock is never stored below zero, exactly 20
// orders succeed, every failure is a 409 naming the product, every success is stored (in the data
// file on json, committed in the database on postgres) with the right owner and totals, and the
// failures changed nothing. Runs on the engine of its project: json (`server`) and postgres
// (`server-pg`, a pool of 10 connections as in production, so the orders really overlap).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SnapshotProduct } from '../../server/db/snapshot';
import { address, expectNoLeaks, makeData, TEST_CARD } from '../api/fixtures';
import { Client, type Answer } from './http';
import { between, newFigures, prng, saveFigures } from './summary';
import { makeDurableShop, type DurableShop } from './support';

const figures = newFigures('Concurrency');

// Every answer, also under load and around kills, is free of passwords and hashes.
afterEach(expectNoLeaks);
const SHOPPERS = 50;
const LIMITED_STOCK = 20;
const LIMITED = 6;
const PLENTY = 5;
const PLENTY_STOCK = 1000;
/** The size everybody wants (20 in stock), beside one with 5 (never sold here) and one sold out. */
const WANTED = 602;
const OTHER_SIZE = 601;
const OTHER_STOCK = 5;

// Prices chosen so the rounding to whole dollars matters: 499 − 10 % = 449.1 → 449; 300 − 20 % = 240.
const LIMITED_PRODUCT: SnapshotProduct = {
  ...makeData().products[0],
  id: LIMITED,
  title: 'Limited Edition Console',
  price: 499,
  discountPercentage: 10,
  stock: LIMITED_STOCK + OTHER_STOCK,
  brand: 'Samsung',
  options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
  variants: [
    { id: OTHER_SIZE, sku: 'LEC-S', options: { Size: 'S' }, price: null, discountPercentage: null, stock: OTHER_STOCK },
    { id: WANTED, sku: 'LEC-M', options: { Size: 'M' }, price: null, discountPercentage: null, stock: LIMITED_STOCK },
    { id: 603, sku: 'LEC-L', options: { Size: 'L' }, price: null, discountPercentage: null, stock: 0 },
  ],
};
const UNIT = { [LIMITED]: 449, [PLENTY]: 240 };

let shop: DurableShop;
let server: http.Server;
let origin: string;

beforeAll(async () => {
  const data = makeData();
  data.products.find((p) => p.id === PLENTY)!.stock = PLENTY_STOCK;
  data.products.push(LIMITED_PRODUCT);
  shop = await makeDurableShop(figures, { data, poolSize: 10 });
  server = http.createServer(shop.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Watch every order placed, not just the end state: after each transaction (every order is
  // placed in one), what is stored (read apart from the server) must not hold a stock below zero.
  const transaction = shop.store.transaction.bind(shop.store);
  shop.store.transaction = async <T>(work: Parameters<typeof transaction<T>>[0]): Promise<T> => {
    const result = await transaction(work);
    lowestStock = Math.min(lowestStock, ...(await shop.readStored()).products.flatMap((p) => [p.stock, ...(p.variants ?? []).map((v) => v.stock)]));
    return result;
  };
});
let lowestStock = Infinity;

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await shop?.cleanup();
  saveFigures('concurrency', figures);
});

interface Outcome {
  email: string;
  id: number;
  plenty: number;
  /** Where it stopped: 'ordered', or the step that got 409. */
  result: 'ordered' | 'cart' | 'order';
  order?: Answer;
  refusal?: Answer;
}

/** One shopper's journey, as the storefront makes it: sign up, add two products, check out. */
async function shopper(i: number, plenty: number): Promise<Outcome> {
  const client = new Client(origin, figures);
  const email = `shopper${i}@shop.test`;
  const signup = await client.call('POST', '/api/auth/signup', { email, password: 'Shopper123', addresses: [] });
  expect(signup.status).toBe(201);
  const outcome: Outcome = { email, id: signup.body.id, plenty, result: 'ordered' };

  const limited = await client.call('POST', '/api/cart', { product: LIMITED, variant: WANTED, quantity: 1 });
  if (limited.status === 409) return { ...outcome, result: 'cart', refusal: limited };
  expect(limited.status, JSON.stringify(limited.body)).toBe(201);
  const more = await client.call('POST', '/api/cart', { product: PLENTY, quantity: plenty });
  expect(more.status, JSON.stringify(more.body)).toBe(201);

  const cart = await client.call('GET', '/api/cart');
  expect(cart.status).toBe(200);
  // The client's own totals are wrong on purpose: the server must re-price.
  const order = await client.call('POST', '/api/orders', {
    items: cart.body,
    user: 1,
    totalAmount: 1,
    totalItems: 1,
    ...(i % 2 ? { paymentMethod: 'card', card: TEST_CARD } : { paymentMethod: 'cash' }),
    selectedAddress: address({ name: `Shopper ${i}` }),
    status: 'delivered',
  });
  if (order.status === 409) return { ...outcome, result: 'order', refusal: order };
  expect(order.status, JSON.stringify(order.body)).toBe(201);
  return { ...outcome, order };
}

describe('50 shoppers at once, 20 in stock', () => {
  let outcomes: Outcome[];

  beforeAll(async () => {
    const random = prng(20260601);
    const quantities = Array.from({ length: SHOPPERS }, () => between(random, 1, 3));
    outcomes = await Promise.all(quantities.map((q, i) => shopper(i, q)));
    figures.cases += 1;
  });

  it('exactly as many orders succeed as there was stock; every failure is a 409 naming the product', () => {
    const ordered = outcomes.filter((o) => o.result === 'ordered');
    const refused = outcomes.filter((o) => o.result !== 'ordered');
    expect(ordered).toHaveLength(LIMITED_STOCK);
    expect(refused).toHaveLength(SHOPPERS - LIMITED_STOCK);
    for (const o of refused) {
      expect(o.refusal!.status).toBe(409);
      expect(o.refusal!.body.message).toContain('Limited Edition Console');
    }
    console.log(
      `concurrency: ${SHOPPERS} shoppers, ${ordered.length} orders, ` +
        `${refused.filter((o) => o.result === 'cart').length} refused at add-to-cart, ` +
        `${refused.filter((o) => o.result === 'order').length} refused at checkout (409)`,
    );
  });

  it('stock never goes below zero, and moves by exactly what was sold', async () => {
    expect(lowestStock).toBe(0);
    const ordered = outcomes.filter((o) => o.result === 'ordered');
    for (const data of [await shop.readStored(), await shop.state()]) {
      expect(data.products.every((p) => p.stock >= 0)).toBe(true);
      // The wanted size is sold out; the product still holds its other size's stock, untouched.
      const limited = data.products.find((p) => p.id === LIMITED)!;
      expect(limited.variants!.find((v) => v.id === WANTED)!.stock).toBe(0);
      expect(limited.variants!.find((v) => v.id === OTHER_SIZE)!.stock).toBe(OTHER_STOCK);
      expect(limited.stock).toBe(OTHER_STOCK);
      const sold = ordered.reduce((n, o) => n + o.plenty, 0);
      expect(data.products.find((p) => p.id === PLENTY)!.stock).toBe(PLENTY_STOCK - sold);
    }
  });

  it('every acknowledged order is stored, owned by its shopper, re-priced, totals adding up', async () => {
    const stored = await shop.readStored();
    const ordered = outcomes.filter((o) => o.result === 'ordered');
    const fresh = stored.orders.filter((o) => o.id > 12);
    expect(fresh).toHaveLength(ordered.length);
    let revenue = 0;
    for (const o of ordered) {
      const order = stored.orders.find((x) => x.id === o.order!.body.id);
      // Stored as answered, but for a card payment's internal reference (never answered) and the
      // returns, tracking and delivery estimate every answer carries (none: [], refunded 0, no
      // tracking, delivery null without a shipping method; an order without them stores none).
      const paid = order?.payment?.reference ? { ...order, payment: { ...order.payment, reference: undefined } } : order;
      const answered = paid && { ...paid, returns: [], refunded: 0, tracking: null, delivery: paid.delivery ?? null };
      expect(answered, `order ${o.order!.body.id} of ${o.email}`).toEqual(o.order!.body);
      const expected = UNIT[LIMITED] + UNIT[PLENTY] * o.plenty;
      expect(order).toMatchObject({ user: o.id, status: 'pending', totalAmount: expected, totalItems: 1 + o.plenty });
      expect(order!.items.map((l) => [l.product.id, l.quantity])).toEqual([
        [LIMITED, 1],
        [PLENTY, o.plenty],
      ]);
      // Each line keeps the variant it took its stock from.
      expect(order!.items.map((l) => l.variant?.sku)).toEqual(['LEC-M', `SKU-${PLENTY}`]);
      revenue += expected;
      figures.writesChecked += 1;
    }
    expect(fresh.reduce((sum, o) => sum + o.totalAmount, 0)).toBe(revenue);
    expect(new Set(stored.orders.map((o) => o.id)).size).toBe(stored.orders.length);
  });

  it('every signup is stored with a distinct id; carts are empty after an order, untouched after a 409', async () => {
    const stored = await shop.readStored();
    expect(new Set(stored.users.map((u) => u.id)).size).toBe(stored.users.length);
    for (const o of outcomes) {
      expect(stored.users.find((u) => u.id === o.id)?.email).toBe(o.email);
      figures.writesChecked += 1;
      const lines = stored.cart.filter((l) => l.user === o.id).map((l) => [l.product, l.quantity]);
      if (o.result === 'ordered') expect(lines).toEqual([]);
      if (o.result === 'order') {
        expect(lines).toEqual([
          [LIMITED, 1],
          [PLENTY, o.plenty],
        ]);
        figures.writesChecked += 2;
      }
      if (o.result === 'cart') expect(lines).toEqual([]);
    }
    // And what is stored is what the server serves.
    expect(stored).toEqual(JSON.parse(JSON.stringify(await shop.state())));
  });
});

describe('races on one record', () => {
  it('20 signups with the same email at once: exactly one account', async () => {
    figures.cases += 1;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        new Client(origin, figures).call('POST', '/api/auth/signup', {
          email: i % 2 ? 'Twin@Shop.test' : 'twin@shop.test',
          password: 'Twins1234',
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    expect((await shop.readStored()).users.filter((u) => u.email === 'twin@shop.test')).toHaveLength(1);
    figures.writesChecked += 1;
  });

  it('one shopper adding the same product 10 times at once: one cart line', async () => {
    figures.cases += 1;
    const client = new Client(origin, figures);
    const me = await client.call('POST', '/api/auth/login', { email: 'user@shop.test', password: 'User12345' });
    expect(me.status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => client.call('POST', '/api/cart', { product: PLENTY, quantity: 1 })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect((await shop.readStored()).cart.filter((l) => l.user === me.body.id && l.product === PLENTY)).toHaveLength(1);
    figures.writesChecked += 1;
  });

  it('two shoppers buying the last 3 items (2 + 2) at once: one order, stock 1, never negative', async () => {
    figures.cases += 1;
    await shop.update((data) => {
      data.products.find((p) => p.id === 2)!.stock = 3;
    });
    const buyers = [new Client(origin, figures), new Client(origin, figures)];
    await buyers[0].call('POST', '/api/auth/login', { email: 'other@shop.test', password: 'Other1234' });
    await buyers[1].call('POST', '/api/auth/login', { email: 'admin@shop.test', password: 'Admin1234' });
    const answers = await Promise.all(
      buyers.map((b) =>
        b.call('POST', '/api/orders', {
          items: [{ product: 2, quantity: 2 }],
          paymentMethod: 'cash',
          selectedAddress: address(),
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect((await shop.readStored()).products.find((p) => p.id === 2)!.stock).toBe(1);
    figures.writesChecked += 1;
  });
});
