// Promotion limits under load: two server processes on one PostgreSQL. 50 shoppers
// order at once with a code limited to 10 uses: exactly 10 orders carry it, the other 40 are
// refused with 409 and nothing placed, and the promotion counts 10 uses. One shopper's orders at
// once on both instances with a per-customer limit of 2: exactly 2 carry it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DbSchema } from '../../server/db/snapshot';
import type { StoredUser } from '../../server/db/port';
import { hashPassword } from '../../server/modules/accounts/passwords';
import { openDatabase } from '../../server/db/connect';
import { readSnapshot } from '../../server/db/load';
import type { Order } from '../../src/domain/types';
import { address, expectNoLeaks, makeData, orderBody, TEST_COST } from '../api/fixtures';
import { startServer, type ChildServer } from '../reliability/childServer';
import { Client } from '../reliability/http';
import { newShopDatabase } from './shopDatabase';

afterEach(expectNoLeaks);

const SHOPPERS = 50;
const LIMIT = 10;
const PASSWORD = 'Shopper123';
const shopperIds = Array.from({ length: SHOPPERS }, (_, i) => 4 + i);
// Three products with plenty of stock: orders of different products do not wait on each other's
// product locks, so they race for the promotion's row (its guarded UPDATE decides).
const PRODUCTS = [1, 2, 5];
const PRODUCT = 5;

const promotion = {
  name: 'Launch',
  kind: 'fixed' as const,
  categories: [],
  products: [],
  stackable: false,
  membersOnly: false,
  minSubtotal: 0,
  startsAt: null,
  endsAt: null,
  active: true,
  used: 0,
};

function data(): DbSchema {
  const shop = makeData();
  const hash = hashPassword(PASSWORD, { cost: TEST_COST });
  const shoppers: StoredUser[] = shopperIds.map((id) => ({ id, email: `shopper${id}@shop.test`, password: hash, role: 'user', addresses: [address()] }));
  shop.users.push(...shoppers);
  for (const id of PRODUCTS) shop.products.find((p) => p.id === id)!.stock = 100_000;
  shop.promotions = [
    { ...promotion, id: 1, label: 'Ten dollars off, first ten orders', code: 'FIRST10', value: 10, usageLimit: LIMIT, perCustomerLimit: null },
    { ...promotion, id: 2, label: 'One dollar off, twice each', code: 'TWICE', value: 1, usageLimit: null, perCustomerLimit: 2 },
  ];
  return shop;
}

let url: string;
let a: ChildServer;
let b: ChildServer;

async function stored(): Promise<DbSchema> {
  const db = openDatabase(url, { max: 1 });
  try {
    return await readSnapshot(db);
  } finally {
    await db.destroy();
  }
}

async function shopper(origin: string, id: number): Promise<Client> {
  const client = new Client(origin);
  expect((await client.call('POST', '/api/auth/login', { email: `shopper${id}@shop.test`, password: PASSWORD })).status).toBe(200);
  return client;
}

const body = (code: string, product = PRODUCT) => orderBody([{ product, quantity: 1 }], { paymentMethod: 'cash', codes: [code] });

beforeAll(async () => {
  ({ url } = await newShopDatabase(data()));
  [a, b] = await Promise.all([startServer({ databaseUrl: url, env: { SESSION_SECRET: '' } }), startServer({ databaseUrl: url, env: { SESSION_SECRET: '' } })]);
}, 60_000);

afterAll(async () => {
  await Promise.all([a, b].filter(Boolean).map((s) => s.kill()));
});

describe('promotion limits across two instances', () => {
  it(`${SHOPPERS} orders at once with a code limited to ${LIMIT} uses: exactly ${LIMIT} carry it`, async () => {
    const clients = await Promise.all(shopperIds.map((id, i) => shopper(i % 2 === 0 ? a.origin : b.origin, id)));
    const before = await stored();
    const answers = await Promise.all(clients.map((c, i) => c.call('POST', '/api/orders', body('first10', PRODUCTS[i % PRODUCTS.length]))));
    const placed = answers.filter((r) => r.status === 201);
    const refused = answers.filter((r) => r.status === 409);
    expect(placed).toHaveLength(LIMIT);
    expect(refused).toHaveLength(SHOPPERS - LIMIT);
    for (const r of refused) expect((r.body as { message: string }).message).toMatch(/first10.*used up/i);
    for (const r of placed) {
      const order = r.body as Order;
      expect(order.promotions).toEqual([{ id: 1, code: 'FIRST10', label: 'Ten dollars off, first ten orders', amount: 10 }]);
      expect(order.totals).toMatchObject({ discount: 10, total: order.totals!.subtotal - 10 });
    }
    const after = await stored();
    expect(after.orders.length - before.orders.length).toBe(LIMIT);
    expect(after.promotions!.find((p) => p.id === 1)!.used).toBe(LIMIT);
    expect(after.promotionRedemptions!.filter((r) => r.promotion === 1)).toHaveLength(LIMIT);
    // Nothing of a refused order stayed: only the placed orders took stock.
    const stock = (s: DbSchema) => PRODUCTS.reduce((n, id) => n + s.products.find((p) => p.id === id)!.stock, 0);
    expect(stock(before) - stock(after)).toBe(LIMIT);
  }, 120_000);

  it('one shopper ordering at once on both instances with a per-customer limit of 2: exactly 2 carry it', async () => {
    const [onA, onB] = [await shopper(a.origin, shopperIds[0]), await shopper(b.origin, shopperIds[0])];
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? onA : onB).call('POST', '/api/orders', body('TWICE'))));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(2);
    const refused = answers.filter((r) => r.status === 409);
    expect(refused).toHaveLength(4);
    for (const r of refused) expect((r.body as { message: string }).message).toMatch(/TWICE/i);
    const after = await stored();
    expect(after.promotions!.find((p) => p.id === 2)!.used).toBe(2);
    expect(after.promotionRedemptions!.filter((r) => r.promotion === 2 && r.user === shopperIds[0])).toHaveLength(2);
  }, 120_000);
});
