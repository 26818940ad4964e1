// What only the postgres engine has: starting on an empty database (schema made, db.json loaded
// once), the secret its instances share, refusing a bad DATABASE_URL at start, and a database that
// goes away and comes back (503 with a JSON message meanwhile, nothing half-done, no restart
// needed). The API contract itself is tests/api, run on both engines.
import net from 'node:net';
import { readFileSync } from 'node:fs';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp, DEFAULT_SEED_FILE } from '../../server/app';
import { STORE_UNAVAILABLE } from '../../server/http/errors';
import type { DbSchema } from '../../server/db/snapshot';
import { openDatabase } from '../../server/db/connect';
import { openStore } from '../../server/db/open';
import { PgStore } from '../../server/db/pgStore';
import { ACCOUNTS, agent, expectNoLeaks, makeData, TEST_COST } from '../api/fixtures';
import { freePort, startServer } from '../reliability/childServer';
import { testDatabase } from './database';
import { newShopDatabase } from './shopDatabase';

const seed = JSON.parse(readFileSync(DEFAULT_SEED_FILE, 'utf8')) as DbSchema;
const closing: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closing.reverse()) await close().catch(() => {});
});

describe('starting on a database', () => {
  it('an empty database gets the schema and db.json, once: a restart keeps what changed', async () => {
    const { url, drop } = await testDatabase();
    closing.push(drop);
    const first = await openStore({ url, seedFile: DEFAULT_SEED_FILE, max: 2 });
    const { total } = await first.listProducts({});
    expect(total).toBe(seed.products.length);
    expect((await first.userByEmail('admin@shop.test'))?.role).toBe('admin');
    await first.transaction(async (tx) => {
      const [product] = await first.lockProducts(tx, [1]);
      await first.updateProduct(tx, product, { title: 'Renamed' });
    });
    await first.close();

    const again = await openStore({ url, seedFile: DEFAULT_SEED_FILE, max: 2 });
    closing.push(() => again.close());
    expect((await again.productById(1))?.title).toBe('Renamed');
    expect((await again.listProducts({})).total).toBe(seed.products.length);
  });

  it('every instance on one database signs cookies with the same secret, made once', async () => {
    const { url } = await newShopDatabase(makeData());
    const [one, two] = [new PgStore(openDatabase(url, { max: 1 })), new PgStore(openDatabase(url, { max: 1 }))];
    closing.push(() => one.close(), () => two.close());
    const [s1, s2] = await Promise.all([one.sharedSecret(), two.sharedSecret()]);
    expect(s1).toMatch(/^[0-9a-f]{64}$/);
    expect(s2).toBe(s1);
    expect(await one.sharedSecret()).toBe(s1);
  });

  it('the server refuses a DATABASE_URL that is not PostgreSQL, or that it cannot reach, saying so', async () => {
    await expect(startServer({ databaseUrl: 'mysql://shop@127.0.0.1/shop' })).rejects.toThrow(/DATABASE_URL must be a postgres:\/\/ URL/);
    const port = await freePort();
    await expect(startServer({ databaseUrl: `postgres://shop:secret@127.0.0.1:${port}/shop` })).rejects.toThrow(
      new RegExp(`Cannot use the database at postgres://shop:\\*\\*\\*@127.0.0.1:${port}/shop`),
    );
  }, 60_000);
});

/** A TCP relay to the database that can be cut (as a network or a server going away would). */
async function relay(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  const port = await freePort();
  const up = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', resolve);
    });
  const down = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server!.close(() => resolve());
    });
  await up();
  return { port, up, down };
}


describe('the database goes away and comes back', () => {
  it('503 with a JSON message and Retry-After meanwhile, nothing half-done, then serves again', async () => {
    const { url } = await newShopDatabase(makeData());
    const target = new URL(url);
    const link = await relay({ host: target.hostname, port: Number(target.port) });
    const through = new URL(url);
    through.port = String(link.port);
    const store = new PgStore(openDatabase(through.toString(), { max: 2, connectTimeoutMs: 1000, onIdleError: () => {} }));
    closing.push(() => store.close());
    const { app } = createApp({ store, secret: 'store-test-secret-store-test-secret', passwordCost: TEST_COST });
    const shopper = agent(app);
    await shopper.post('/api/auth/login').send({ email: ACCOUNTS.user.email, password: ACCOUNTS.user.password }).expect(200);

    await link.down();
    for (const res of [
      await request(app).get('/api/products?_page=1&_limit=5'),
      await shopper.get('/api/cart'),
      await shopper.post('/api/cart').send({ product: 2, quantity: 1 }),
      // A part mixed into PgStore (pgPrices.ts) answers the same.
      await request(app).get('/api/shipping-methods?country=India'),
    ]) {
      expect(res.status).toBe(503);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body).toEqual({ message: STORE_UNAVAILABLE });
    }

    await link.up();
    // The same app, without a restart: the session still holds, the refused add was not made.
    expect((await shopper.get('/api/cart').expect(200)).body).toEqual([]);
    await shopper.post('/api/cart').send({ product: 2, quantity: 1 }).expect(201);
    expect((await request(app).get('/api/products?_page=1&_limit=5').expect(200)).headers['x-total-count']).toBe('5');
    expectNoLeaks();
  }, 30_000);
});
