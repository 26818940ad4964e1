// The json adapter's own guarantees, beside the API tests that run on it: every write names
// what it changed (checked by replaying the journal, where a record a write forgot would be
// lost), records handed out never change, and placeOrder is one unit.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { address, makeData } from '../../../tests/api/fixtures';
import type { Product } from '../../../src/types';
import { conflict } from '../../errors';
import type { PlaceOrder } from '../port';
import { readDataFile } from './dataFile';
import { openJsonStore, type JsonStore } from './jsonStore';

let dir: string;
let dataFile: string;
const opened: JsonStore[] = [];

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'shop-json-store-'));
  dataFile = path.join(dir, 'db.json');
  writeFileSync(dataFile, JSON.stringify(makeData(), null, 2) + '\n');
});
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A store on the data file that writes every change through the journal. */
function journaled(): JsonStore {
  const store = openJsonStore({ dataFile, journalAbove: 0 });
  opened.push(store);
  return store;
}

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 5, 1);

function order(user: number, lines: { product: number; quantity: number }[], key?: string, at = T0): PlaceOrder {
  return {
    user,
    lines,
    price: (products: readonly Product[]) => ({
      items: lines.map((l, i) => ({ id: i + 1, product: products[i], quantity: l.quantity })),
      user,
      totalAmount: 1,
      totalItems: lines.length,
      paymentMethod: 'cash',
      selectedAddress: address(),
      status: 'pending',
      createdAt: new Date(at).toISOString(),
    }),
    idempotency: key === undefined ? undefined : { key, at, forgetUpTo: at - DAY },
  };
}

describe('every write reaches the journal whole', () => {
  it('replaying the journal gives the state in memory, after each kind of write', async () => {
    const store = journaled();
    const check = async (what: string) => {
      expect(readDataFile(dataFile), what).toEqual(await store.snapshot());
    };

    const user = await store.createUser({ email: 'new@shop.test', password: 'scrypt$x$y', role: 'user', addresses: [] });
    await check('createUser');
    await store.updateUser(user!.id, { name: 'New', addresses: [address()] });
    await store.updateUser(2, { name: 'Named' });
    await check('updateUser');
    await store.updateUser(1, { name: null });
    await check('updateUser removing the name');

    // Sessions: an expired one is swept, and beyond the cap the oldest goes.
    await store.createSession({ id: 'a'.repeat(64), user: 2, createdAt: new Date(T0).toISOString(), expiresAt: T0 + 1000 }, { now: T0, maxPerUser: 2 });
    await store.createSession({ id: 'b'.repeat(64), user: 3, createdAt: new Date(T0).toISOString(), expiresAt: T0 + DAY }, { now: T0, maxPerUser: 2 });
    await store.createSession({ id: 'c'.repeat(64), user: 3, createdAt: new Date(T0).toISOString(), expiresAt: T0 + DAY }, { now: T0, maxPerUser: 2 });
    await store.createSession({ id: 'd'.repeat(64), user: 3, createdAt: new Date(T0).toISOString(), expiresAt: T0 + DAY }, { now: T0 + 2000, maxPerUser: 2 });
    expect((await store.snapshot()).sessions.map((s) => s.id[0])).toEqual(['c', 'd']);
    await check('createSession');
    expect(await store.deleteSession('c'.repeat(64))).toBe(true);
    expect(await store.deleteSession('c'.repeat(64))).toBe(false);
    await check('deleteSession');

    const fields: Partial<Product> = { ...(await store.productById(1))!, title: 'Copy', stock: 4 };
    delete fields.id;
    const product = await store.createProduct(fields as Omit<Product, 'id'>);
    await store.updateProduct(2, { title: 'Renamed', deleted: false });
    await check('products');

    await store.addCartLine({ user: 2, product: 5, quantity: 1 });
    await store.addCartLine({ user: 2, product: product.id, quantity: 2 });
    const line = await store.addCartLine({ user: 3, product: 2, quantity: 1 });
    await store.setCartQuantity(3, line!.id, 2);
    await store.removeCartLine(3, 1);
    await check('cart');

    await store.changeOrder(4, (o) => ({ status: 'cancelled', history: [{ status: 'cancelled', at: 'now', by: 'admin' }], stock: [{ product: o.items[0].product.id, delta: 1 }] }));
    await check('changeOrder');
    const first = await store.placeOrder(order(2, [{ product: 5, quantity: 1 }], 'k1'));
    expect(first).toMatchObject({ placed: { id: 13, user: 2 } });
    expect((await store.cartItems(2)).length).toBe(0);
    await check('placeOrder');
    // A day later the next keyed order forgets the first key.
    await store.placeOrder(order(3, [{ product: product.id, quantity: 1 }], 'k2', T0 + DAY));
    expect((await store.snapshot()).idempotency.map((k) => k.id)).toEqual(['3 k2']);
    await check('placeOrder forgetting a key');

    await store.replace({ ...(await store.snapshot()), brands: [] });
    await check('replace');
    expect(store.file.writes.journal).toBeGreaterThan(10);
  });
});

describe('records', () => {
  it('are frozen, and one handed out keeps its value after a write', async () => {
    const store = openJsonStore({ data: makeData() });
    const before = (await store.productById(1))!;
    expect(Object.isFrozen(before)).toBe(true);
    expect(Object.isFrozen(before.images)).toBe(true);
    expect(() => {
      (before as { stock: number }).stock = 0;
    }).toThrow(TypeError);
    await store.updateProduct(1, { stock: 3 });
    expect(before.stock).toBe(10);
    expect((await store.productById(1))!.stock).toBe(3);
  });

  it('handed in are copied: the caller may change its object afterwards', async () => {
    const store = openJsonStore({ data: makeData() });
    const addresses = [address()];
    await store.updateUser(2, { addresses });
    addresses[0].city = 'Elsewhere';
    expect((await store.userById(2))!.addresses[0].city).toBe('Bengaluru');
  });
});

describe('placeOrder', () => {
  it('changes nothing when price() refuses or a product is short, and names the product', async () => {
    const store = openJsonStore({ data: makeData() });
    const before = await store.snapshot();
    const refused = order(3, [{ product: 1, quantity: 1 }]);
    refused.price = () => {
      throw conflict('no');
    };
    await expect(store.placeOrder(refused)).rejects.toThrow('no');
    // price() does not check here: the store's guarded decrement does.
    expect(await store.placeOrder(order(3, [{ product: 1, quantity: 1 }, { product: 2, quantity: 3 }]))).toEqual({ shortOf: 2 });
    expect(await store.placeOrder(order(3, [{ product: 4, quantity: 1 }]))).toEqual({ shortOf: 4 });
    expect(await store.placeOrder(order(3, [{ product: 99, quantity: 1 }]))).toEqual({ shortOf: 99 });
    expect(await store.snapshot()).toEqual(before);
  });

  it('the same key of the same user gives the earlier order back, changing nothing', async () => {
    const store = openJsonStore({ data: makeData() });
    const placed = await store.placeOrder(order(2, [{ product: 1, quantity: 2 }], 'once'));
    const state = await store.snapshot();
    expect(await store.placeOrder(order(2, [{ product: 2, quantity: 1 }], 'once'))).toEqual({ earlier: (placed as { placed: unknown }).placed });
    expect(await store.snapshot()).toEqual(state);
    expect(await store.orderForKey(2, 'once')).toEqual((placed as { placed: unknown }).placed);
    expect(await store.orderForKey(3, 'once')).toBeUndefined();
  });
});

describe('throttle', () => {
  it('counts up to max, then tells when the oldest counted event leaves the window', async () => {
    const store = openJsonStore({ data: {} });
    const counters = [{ bucket: 'b', key: 'k', max: 2 }];
    expect(await store.throttle(counters, 100, 0)).toBeUndefined();
    expect(await store.throttle(counters, 200, 0)).toBeUndefined();
    expect(await store.throttle(counters, 300, 0)).toBe(100); // refused: not counted
    expect(await store.throttle(counters, 301, 100)).toBeUndefined(); // 100 has left the window
    expect(await store.throttle(counters, 302, 100)).toBe(200);
    await store.forgetLastThrottleEvent('b', 'k');
    expect(await store.throttle(counters, 303, 100)).toBeUndefined();
    await store.clearThrottle('b', 'k');
    expect(await store.throttle([...counters, { bucket: 'other', key: 'k', max: 1 }], 400, 100)).toBeUndefined();
    expect(await store.throttle([...counters, { bucket: 'other', key: 'k', max: 1 }], 500, 100)).toBe(400);
  });
});
