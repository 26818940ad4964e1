// Several instances, one database: two real server processes (server/index.ts with the same
// DATABASE_URL and no SESSION_SECRET, so they share the secret kept in the database) serve one
// shop. A session made on one works on the other and a logout on either ends it on both; failed
// logins on both count against one limit; shoppers on both buying the last units never oversell;
// and a SIGKILL of one instance in the middle of a burst of orders on both loses no acknowledged
// order, half-applies none, and a retry with the same Idempotency-Key never orders twice.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DbSchema } from '../../server/db/snapshot';
import type { StoredUser } from '../../server/db/port';
import { hashPassword } from '../../server/modules/accounts/passwords';
import { openDatabase } from '../../server/db/connect';
import { readSnapshot } from '../../server/db/load';
import type { Order } from '../../src/domain/types';
import { ACCOUNTS, address, expectNoLeaks, makeData, orderBody, TEST_COST } from '../api/fixtures';
import { startServer, type ChildServer } from '../reliability/childServer';
import { Client } from '../reliability/http';
import { newShopDatabase } from './shopDatabase';

afterEach(expectNoLeaks);

const SHOPPERS = 24;
const PASSWORD = 'Shopper123';
/** Shoppers' ids: after the fixture accounts (1–3). */
const shopperIds = Array.from({ length: SHOPPERS }, (_, i) => 4 + i);
const LAST_UNITS = 1; // iPhone 15: 5 left
const PLENTY = 5; // Galaxy Tab S9: plenty
const LAST_STOCK = 5;
const PLENTY_STOCK = 100_000;

function data(): DbSchema {
  const shop = makeData();
  const hash = hashPassword(PASSWORD, { cost: TEST_COST });
  const shoppers: StoredUser[] = shopperIds.map((id) => ({ id, email: `shopper${id}@shop.test`, password: hash, role: 'user', addresses: [address()] }));
  shop.users.push(...shoppers);
  shop.products.find((p) => p.id === LAST_UNITS)!.stock = LAST_STOCK;
  shop.products.find((p) => p.id === PLENTY)!.stock = PLENTY_STOCK;
  return shop;
}

let url: string;
let a: ChildServer;
let b: ChildServer;
const servers: ChildServer[] = [];

async function start(port?: number): Promise<ChildServer> {
  const server = await startServer({ databaseUrl: url, port, env: { SESSION_SECRET: '' } });
  servers.push(server);
  return server;
}

/** What the database holds now, through a connection of its own (committed data only). */
async function stored(): Promise<DbSchema> {
  const db = openDatabase(url, { max: 1 });
  try {
    return await readSnapshot(db);
  } finally {
    await db.destroy();
  }
}

async function signIn(client: Client, email: string, password: string): Promise<void> {
  expect((await client.call('POST', '/api/auth/login', { email, password })).status).toBe(200);
}

beforeAll(async () => {
  ({ url } = await newShopDatabase(data()));
  [a, b] = await Promise.all([start(), start()]);
}, 60_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.kill()));
});

describe('two instances on one database', () => {
  it('a session from one works on the other; a logout on either ends it on both', async () => {
    const onA = new Client(a.origin);
    await signIn(onA, ACCOUNTS.user.email, ACCOUNTS.user.password);
    const onB = new Client(b.origin);
    onB.cookie = onA.cookie;
    const check = await onB.call('GET', '/api/auth/check');
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ id: ACCOUNTS.user.id, email: ACCOUNTS.user.email });
    // A cart line added through B is in the cart A shows.
    expect((await onB.call('POST', '/api/cart', { product: 2, quantity: 1 })).status).toBe(201);
    expect((await onA.call('GET', '/api/cart')).body.map((l: { product: { id: number } }) => l.product.id)).toEqual([2]);

    expect((await onB.call('POST', '/api/auth/logout')).status).toBeLessThan(300);
    onB.cookie = onA.cookie; // the copy a thief kept
    expect((await onA.call('GET', '/api/auth/check')).status).toBe(401);
    expect((await onB.call('GET', '/api/auth/check')).status).toBe(401);
  });

  it('failed logins on both instances count against one limit', async () => {
    const email = ACCOUNTS.other.email;
    const clients = [new Client(a.origin), new Client(b.origin)];
    // Five failures for one email from one address (the limit), alternating instances…
    for (let i = 0; i < 5; i++) {
      const res = await clients[i % 2].call('POST', '/api/auth/login', { email, password: `Wrong${i}pass` });
      expect(res.status, `failure ${i + 1}`).toBe(401);
    }
    // …and the next attempt is refused on either, even with the right password.
    for (const client of clients) {
      const res = await client.call('POST', '/api/auth/login', { email, password: ACCOUNTS.other.password });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Another account is not affected.
    await signIn(clients[1], ACCOUNTS.user.email, ACCOUNTS.user.password);
  });

  it(`${SHOPPERS} shoppers on both instances for the last ${LAST_STOCK} units: exactly ${LAST_STOCK} orders, never oversold`, async () => {
    const shoppers = shopperIds.map((id, i) => ({ id, client: new Client((i % 2 === 0 ? a : b).origin) }));
    await Promise.all(shoppers.map(({ id, client }) => signIn(client, `shopper${id}@shop.test`, PASSWORD)));
    const answers = await Promise.all(
      shoppers.map(({ client }) => client.call('POST', '/api/orders', orderBody([{ product: LAST_UNITS, quantity: 1 }]))),
    );
    const placed = answers.filter((r) => r.status === 201);
    const refused = answers.filter((r) => r.status === 409);
    expect(placed).toHaveLength(LAST_STOCK);
    expect(refused).toHaveLength(SHOPPERS - LAST_STOCK);
    for (const r of refused) expect(r.body.message).toMatch(/iPhone 15/);
    // Each instance refused at least 12 − 5 of its own shoppers: both saw the stock run out.
    for (const instance of [0, 1]) {
      const mine = answers.filter((_, i) => i % 2 === instance);
      expect(mine.filter((r) => r.status === 409).length).toBeGreaterThanOrEqual(SHOPPERS / 2 - LAST_STOCK);
    }

    const after = await stored();
    expect(after.products.find((p) => p.id === LAST_UNITS)!.stock).toBe(0);
    const orders = after.orders.filter((o) => o.items.some((i) => i.product.id === LAST_UNITS) && shopperIds.includes(o.user));
    expect(orders.map((o) => o.id).sort()).toEqual(placed.map((r) => (r.body as Order).id).sort());
  });

  it('SIGKILL of one instance mid-burst: no acknowledged order lost, none half-applied, a keyed retry never orders twice', async () => {
    const before = await stored();
    const stockBefore = before.products.find((p) => p.id === PLENTY)!.stock;
    const ordersBefore = new Set(before.orders.map((o) => o.id));

    const lanes = shopperIds.slice(0, 8).map((id, i) => ({ id, server: i % 2 === 0 ? a : b, client: new Client((i % 2 === 0 ? a : b).origin) }));
    await Promise.all(lanes.map((l) => signIn(l.client, `shopper${l.id}@shop.test`, PASSWORD)));
    const acked = new Map<number, { user: number; quantity: number }>();
    const unanswered: { lane: (typeof lanes)[number]; key: string; quantity: number }[] = [];
    let stop = false;
    let killAfter = 40;
    let killed: Promise<void> | undefined;

    await Promise.all(
      lanes.map(async (lane, n) => {
        for (let attempt = 0; !stop; attempt++) {
          const key = `lane-${n}-attempt-${attempt}`;
          const quantity = 1 + ((n + attempt) % 3);
          let res;
          try {
            res = await lane.client.call('POST', '/api/orders', orderBody([{ product: PLENTY, quantity }]), { 'Idempotency-Key': key });
          } catch {
            // The instance died under this request: its outcome is unknown to the shopper.
            unanswered.push({ lane, key, quantity });
            return;
          }
          expect(res.status, JSON.stringify(res.body)).toBe(201);
          acked.set((res.body as Order).id, { user: lane.id, quantity });
          if (--killAfter === 0) killed = a.kill();
          if (killed && acked.size > 60) stop = true;
        }
      }),
    );
    await killed;
    expect(unanswered.length).toBeGreaterThan(0);

    // Every acknowledged order is stored, for its shopper; stock equals what the stored orders took.
    const after = await stored();
    const newOrders = after.orders.filter((o) => !ordersBefore.has(o.id));
    for (const [id, { user }] of acked) expect(newOrders.find((o) => o.id === id)?.user, `order ${id}`).toBe(user);
    const taken = newOrders.reduce((sum, o) => sum + o.items.reduce((s, i) => s + i.quantity, 0), 0);
    expect(after.products.find((p) => p.id === PLENTY)!.stock).toBe(stockBefore - taken);
    // Each unanswered attempt was applied whole or not at all: at most one order more per attempt.
    expect(newOrders.length - acked.size).toBeGreaterThanOrEqual(0);
    expect(newOrders.length - acked.size).toBeLessThanOrEqual(unanswered.length);

    // The killed instance comes back on its port; each shopper retries with the same key, on it.
    a = await start(a.port);
    for (const { lane, key, quantity } of unanswered) {
      const client = new Client(a.origin);
      client.cookie = lane.client.cookie;
      const res = await client.call('POST', '/api/orders', orderBody([{ product: PLENTY, quantity }]), { 'Idempotency-Key': key });
      expect([200, 201]).toContain(res.status);
      acked.set((res.body as Order).id, { user: lane.id, quantity });
    }
    const final = await stored();
    const finalNew = final.orders.filter((o) => !ordersBefore.has(o.id));
    expect(finalNew.map((o) => o.id).sort((x, y) => x - y)).toEqual([...acked.keys()].sort((x, y) => x - y));
    const finalTaken = finalNew.reduce((sum, o) => sum + o.items.reduce((s, i) => s + i.quantity, 0), 0);
    expect(final.products.find((p) => p.id === PLENTY)!.stock).toBe(stockBefore - finalTaken);
  }, 60_000);
});
