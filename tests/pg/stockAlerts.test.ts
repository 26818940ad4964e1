// Back-in-stock mail across two instances: two server processes on one
// PostgreSQL. Admins on both restock the same sold-out variant at the same moment, round after
// round: each subscriber gets exactly one mail per round (the subscription is used up in the
// restocking transaction, with the product's row locked). Shoppers asking "Notify me" while it is
// restocked are either refused (in stock) or mailed once: none is left waiting for a variant that
// is in stock.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DbSchema } from '../../server/db/snapshot';
import type { StoredUser } from '../../server/db/port';
import { hashPassword } from '../../server/modules/accounts/passwords';
import { openDatabase } from '../../server/db/connect';
import { ACCOUNTS, expectNoLeaks, makeData, PRODUCTS, TEST_COST } from '../api/fixtures';
import { startServer, type ChildServer } from '../reliability/childServer';
import { Client } from '../reliability/http';
import { newShopDatabase } from './shopDatabase';

afterEach(expectNoLeaks);

const SHOPPERS = 12;
const PASSWORD = 'Shopper123';
const shopperIds = Array.from({ length: SHOPPERS }, (_, i) => 4 + i);
const BOOTS = 'Stridewell Waterproof Chelsea Boots';
const SOLD_OUT = 102;

function data(): DbSchema {
  const shop = makeData();
  const hash = hashPassword(PASSWORD, { cost: TEST_COST });
  const shoppers: StoredUser[] = shopperIds.map((id) => ({ id, email: `shopper${id}@shop.test`, password: hash, role: 'user', addresses: [] }));
  shop.users.push(...shoppers);
  shop.products.push({
    ...structuredClone(PRODUCTS[0]),
    id: 6,
    title: BOOTS,
    stock: 3,
    options: [{ name: 'Size', values: ['42', '43'] }],
    variants: [
      { id: 101, sku: 'BOOT-42', options: { Size: '42' }, price: null, discountPercentage: null, stock: 3 },
      { id: SOLD_OUT, sku: 'BOOT-43', options: { Size: '43' }, price: null, discountPercentage: null, stock: 0 },
    ],
  });
  return shop;
}

let url: string;
let a: ChildServer;
let b: ChildServer;

/** The back-in-stock messages of the outbox, by recipient, and the subscriptions left. */
async function stored(): Promise<{ mails: Map<string, number>; waiting: number }> {
  const db = openDatabase(url, { max: 1 });
  try {
    const rows = await db.selectFrom('outbox').select('to').where('subject', '=', `Back in stock: ${BOOTS} (Size 43)`).execute();
    const mails = new Map<string, number>();
    for (const r of rows) mails.set(r.to, (mails.get(r.to) ?? 0) + 1);
    const waiting = await db.selectFrom('stock_alerts').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    return { mails, waiting: Number(waiting.n) };
  } finally {
    await db.destroy();
  }
}

async function signIn(origin: string, email: string, password: string): Promise<Client> {
  const client = new Client(origin);
  expect((await client.call('POST', '/api/auth/login', { email, password })).status).toBe(200);
  return client;
}

/** The variant grid with the sold-out size at `stock`, as the admin form sends it. */
async function grid(admin: Client, stock: number) {
  const p = (await admin.call('GET', '/api/products/6')).body;
  return { options: p.options, variants: p.variants.map((v: { id: number }) => (v.id === SOLD_OUT ? { ...v, stock } : v)) };
}

beforeAll(async () => {
  ({ url } = await newShopDatabase(data()));
  [a, b] = await Promise.all([startServer({ databaseUrl: url, env: { SESSION_SECRET: '' } }), startServer({ databaseUrl: url, env: { SESSION_SECRET: '' } })]);
}, 60_000);

afterAll(async () => {
  await Promise.all([a, b].filter(Boolean).map((s) => s.kill()));
});

describe('back in stock across two instances', () => {
  it('two admins restocking the same variant at once: one mail per subscriber, round after round', async () => {
    const [adminA, adminB] = [await signIn(a.origin, ACCOUNTS.admin.email, ACCOUNTS.admin.password), await signIn(b.origin, ACCOUNTS.admin.email, ACCOUNTS.admin.password)];
    const shoppers = await Promise.all(shopperIds.map((id, i) => signIn(i % 2 === 0 ? a.origin : b.origin, `shopper${id}@shop.test`, PASSWORD)));
    const ROUNDS = 4;
    for (let round = 1; round <= ROUNDS; round++) {
      const subscribed = await Promise.all(shoppers.map((s) => s.call('POST', '/api/stock-alerts', { product: 6, variant: SOLD_OUT })));
      expect(subscribed.map((r) => r.status)).toEqual(shoppers.map(() => 201));
      const [onA, onB] = [await grid(adminA, 5), await grid(adminB, 6)];
      const restocks = await Promise.all([adminA.call('PATCH', '/api/products/6', onA), adminB.call('PATCH', '/api/products/6', onB)]);
      expect(restocks.map((r) => r.status)).toEqual([200, 200]);
      const { mails, waiting } = await stored();
      expect(waiting).toBe(0);
      expect([...mails.keys()].sort()).toEqual(shopperIds.map((id) => `shopper${id}@shop.test`).sort());
      for (const [to, count] of mails) expect(count, to).toBe(round);
      // Sold out again for the next round.
      expect((await adminA.call('PATCH', '/api/products/6', await grid(adminA, 0))).status).toBe(200);
    }
  }, 180_000);

  it('"Notify me" racing a restock: refused as in stock, or mailed once; never left waiting', async () => {
    const before = (await stored()).mails;
    const admin = await signIn(a.origin, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
    const shoppers = await Promise.all(shopperIds.map((id, i) => signIn(i % 2 === 0 ? b.origin : a.origin, `shopper${id}@shop.test`, PASSWORD)));
    const restock = await grid(admin, 4);
    const [patched, ...asked] = await Promise.all([
      admin.call('PATCH', '/api/products/6', restock),
      ...shoppers.map((s) => s.call('POST', '/api/stock-alerts', { product: 6, variant: SOLD_OUT })),
    ]);
    expect(patched.status).toBe(200);
    for (const r of asked) expect([201, 409]).toContain(r.status);
    const { mails, waiting } = await stored();
    expect(waiting).toBe(0);
    shopperIds.forEach((id, i) => {
      const to = `shopper${id}@shop.test`;
      const gained = (mails.get(to) ?? 0) - (before.get(to) ?? 0);
      expect(gained, `${to} answered ${asked[i].status}`).toBe(asked[i].status === 201 ? 1 : 0);
    });
  }, 120_000);
});
