// The database goes away under load and comes back: two real server processes on one database of
// a cluster of this file's own, a burst of orders on both, and PostgreSQL stopped at once
// (`pg_ctl stop -m immediate`: every backend killed, no goodbye) in the middle of it. Neither
// process dies; meanwhile every /api request is answered 503 with a JSON message and Retry-After;
// once PostgreSQL is back both serve again within 10 s, with no acknowledged order lost and every
// product's stock plus what the stored orders took equal to what it had.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DbSchema } from '../../server/db/snapshot';
import type { StoredUser } from '../../server/db/port';
import { openDatabase } from '../../server/db/connect';
import { loadSnapshot, readSnapshot } from '../../server/db/load';
import { migrateToLatest } from '../../server/db/migrate';
import { STORE_UNAVAILABLE } from '../../server/http/errors';
import { hashPassword } from '../../server/modules/accounts/passwords';
import type { Order } from '../../src/domain/types';
import { address, expectNoLeaks, makeData, orderBody, TEST_COST } from '../api/fixtures';
import { freePort, startServer, type ChildServer } from '../reliability/childServer';
import { Client, type Answer } from '../reliability/http';
import { createDatabase, startCluster, type Cluster } from './cluster';

afterEach(expectNoLeaks);

const PASSWORD = 'Shopper123';
const LANES = 8;
const shopperIds = Array.from({ length: LANES }, (_, i) => 4 + i);
/** The products the burst buys (iPhone 15, Galaxy Tab S9), with plenty of stock. */
const BOUGHT = [1, 5];
const PLENTY = 100_000;
/** Acknowledged orders before PostgreSQL is stopped. */
const HALT_AFTER = 24;
/** How soon both instances must serve again once PostgreSQL accepts connections. */
const BACK_WITHIN_MS = 10_000;

function data(): DbSchema {
  const shop = makeData();
  const hash = hashPassword(PASSWORD, { cost: TEST_COST });
  const shoppers: StoredUser[] = shopperIds.map((id) => ({ id, email: `shopper${id}@shop.test`, password: hash, role: 'user', addresses: [address()] }));
  shop.users.push(...shoppers);
  for (const id of BOUGHT) shop.products.find((p) => p.id === id)!.stock = PLENTY;
  return shop;
}

let cluster: Cluster | undefined;
let url: string;
const servers: ChildServer[] = [];

/** What the database holds now, through a connection of its own. */
async function stored(): Promise<DbSchema> {
  const db = openDatabase(url, { max: 1 });
  try {
    return await readSnapshot(db);
  } finally {
    await db.destroy();
  }
}

function expectUnavailable(res: Answer, what: string): void {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(503);
  expect(res.headers.get('content-type'), what).toMatch(/application\/json/);
  expect(res.headers.get('retry-after'), what).toBe('5');
  expect(res.body, what).toEqual({ message: STORE_UNAVAILABLE });
}

const alive = (server: ChildServer) => server.proc.exitCode === null && server.proc.signalCode === null;

beforeAll(async () => {
  // Every commit written out before it is acknowledged, so it outlives the immediate stop
  // (asynchronous commit would lose the last ones, and this file would blame the server).
  cluster = await startCluster({ own: true, durable: 'process' });
  url = await createDatabase(cluster.url, 'shop');
  const db = openDatabase(url, { max: 1 });
  try {
    await migrateToLatest(db);
    await loadSnapshot(db, data());
  } finally {
    await db.destroy();
  }
  // Each runs its mail worker, on an SMTP address nobody answers: every message it claims is
  // tried and put back for later, which it logs.
  const env = { SESSION_SECRET: '', SMTP_URL: `smtp://127.0.0.1:${await freePort()}` };
  servers.push(...(await Promise.all([0, 1].map(() => startServer({ databaseUrl: url, env })))));
}, 90_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.kill()));
  await cluster?.stop();
}, 60_000);

describe('PostgreSQL stops in the middle of a burst of orders on two instances', () => {
  it('both processes live on, answer 503 with Retry-After meanwhile, serve again within 10 s, lose no acknowledged order', async () => {
    const [a, b] = servers;
    const before = await stored();
    const lanes = shopperIds.map((id, n) => ({ id, n, client: new Client(servers[n % 2].origin) }));
    const logins = await Promise.all(lanes.map((l) => l.client.call('POST', '/api/auth/login', { email: `shopper${l.id}@shop.test`, password: PASSWORD })));
    expect(logins.map((r) => r.status)).toEqual(lanes.map(() => 200));

    const acked = new Map<number, number>(); // order id → shopper
    const unavailable: { what: string; res: Answer }[] = [];
    const other: string[] = [];
    let halting: Promise<void> | undefined;
    let halted = false;
    await Promise.all(
      lanes.map(async (lane) => {
        // Each lane orders until it has been answered once after PostgreSQL is down for sure.
        for (let attempt = 0; ; attempt++) {
          if (attempt > 500) return void other.push(`lane ${lane.n}: PostgreSQL was never stopped`);
          const product = BOUGHT[(lane.n + attempt) % BOUGHT.length];
          const quantity = 1 + ((lane.n + attempt) % 3);
          const after = halted;
          const what = `lane ${lane.n} order ${attempt}`;
          let res: Answer;
          try {
            res = await lane.client.call('POST', '/api/orders', orderBody([{ product, quantity }]), { 'Idempotency-Key': `${lane.n}-${attempt}` });
          } catch (error) {
            other.push(`${what}: no answer (${(error as Error).message})`);
            return;
          }
          if (res.status === 201) acked.set((res.body as Order).id, lane.id);
          else if (res.status === 503) unavailable.push({ what, res });
          else other.push(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
          if (acked.size >= HALT_AFTER && !halting) halting = cluster!.halt('immediate').then(() => void (halted = true));
          if (after && res.status !== 201) return;
        }
      }),
    );
    await halting;

    // Every request was answered: an order, or the database's 503 — never a refused connection.
    expect(other).toEqual([]);
    expect(acked.size).toBeGreaterThanOrEqual(HALT_AFTER);
    expect(unavailable.length).toBeGreaterThanOrEqual(LANES);
    for (const { what, res } of unavailable) expectUnavailable(res, what);
    // While it is down: reads, signed-in calls and writes on both instances, all 503.
    for (const server of servers) {
      const client = new Client(server.origin);
      client.cookie = lanes[0].client.cookie;
      expectUnavailable(await client.call('GET', '/api/products?_page=1&_limit=5'), `${server.origin} products`);
      expectUnavailable(await client.call('GET', '/api/cart'), `${server.origin} cart`);
      expectUnavailable(await client.call('POST', '/api/cart', { product: 2, quantity: 1 }), `${server.origin} add to cart`);
    }
    expect(servers.map(alive)).toEqual([true, true]);

    // PostgreSQL comes back (crash recovery first): both instances serve again, soon.
    await cluster!.resume();
    const back = Date.now();
    await Promise.all(
      servers.map(async (server) => {
        const client = new Client(server.origin);
        while ((await client.call('GET', '/api/products?_page=1&_limit=5')).status !== 200) {
          expect(Date.now() - back, `${server.origin} still unavailable`).toBeLessThan(BACK_WITHIN_MS);
          await new Promise((r) => setTimeout(r, 100));
        }
      }),
    );
    // Sessions held; each instance takes orders again, and the mail workers carried on: they
    // try the messages due again (these orders' confirmations among them).
    const logged = servers.map((s) => s.output().length);
    for (const lane of lanes.slice(0, 2)) {
      const res = await lane.client.call('POST', '/api/orders', orderBody([{ product: BOUGHT[0], quantity: 1 }]), { 'Idempotency-Key': `${lane.n}-after` });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      acked.set((res.body as Order).id, lane.id);
    }
    const tried = () => servers.some((s, i) => /mail #\d+ to shopper\d+@shop\.test: will retry/.test(s.output().slice(logged[i])));
    for (const start = Date.now(); !tried(); await new Promise((r) => setTimeout(r, 100))) {
      expect(Date.now() - start, 'no mail worker tried a message after the outage').toBeLessThan(BACK_WITHIN_MS);
    }
    expect([alive(a), alive(b)]).toEqual([true, true]);
    for (const server of servers) expect(server.output()).not.toMatch(/Unhandled|uncaught/i);

    // Every acknowledged order is stored, for its shopper; a 503'd order may or may not have been
    // made (its commit may have been cut off), but never half: stock + sold = what there was.
    const after = await stored();
    const known = new Set(before.orders.map((o) => o.id));
    const placed = after.orders.filter((o) => !known.has(o.id));
    for (const [id, user] of acked) expect(placed.find((o) => o.id === id)?.user, `order ${id}`).toBe(user);
    expect(placed.length - acked.size).toBeLessThanOrEqual(unavailable.length);
    for (const product of before.products) {
      const sold = placed.flatMap((o) => o.items).reduce((sum, i) => sum + (i.product.id === product.id ? i.quantity : 0), 0);
      expect(after.products.find((p) => p.id === product.id)!.stock + sold, product.title).toBe(product.stock);
    }
  }, 60_000);
});
