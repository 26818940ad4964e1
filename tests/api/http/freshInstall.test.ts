// A first start on an empty database loads db.json with its dates moved to the day of loading
// (server/db/seedDates.ts): the back office shows the last 90 days at once, and the demo
// shopper's orders read as recent. On either driver.
import { readFileSync } from 'node:fs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, DEFAULT_SEED_FILE } from '../../../server/app';
import { openStore } from '../../../server/db/open';
import { datedSeed, type SeedFile } from '../../../server/db/seedDates';
import { withSeedVariants } from '../../../server/db/seedVariants';
import type { Order, ShopStats } from '../../../src/domain/types';
import { testDatabase } from '../../pg/database';
import { deferredStore } from '../../pg/shopDatabase';
import { ENGINE, expectNoLeaks } from '../fixtures';

const DAY = 86_400_000;
const seed = JSON.parse(readFileSync(DEFAULT_SEED_FILE, 'utf8')) as SeedFile;
const closing: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closing.reverse()) await close().catch(() => {});
  expectNoLeaks();
});

/** The store a first start opens: an empty database, given the seed file. */
async function firstStart() {
  if (ENGINE === 'postgres') {
    const { url, drop } = await testDatabase();
    closing.unshift(drop); // after the store has closed
    return openStore({ url, seedFile: DEFAULT_SEED_FILE, max: 2 });
  }
  return openStore({ seedFile: DEFAULT_SEED_FILE });
}

// The first start (migrations and the seed) runs before the tests, with a hook's longer timeout.
const opened = firstStart();
beforeAll(async () => {
  await opened;
});
const { app, store } = createApp({ secret: 'test-secret-test-secret-test-secret', store: deferredStore(opened) });
closing.push(() => store.close());

async function signIn(email: string, password: string) {
  const agent = request.agent(app);
  await agent.post('/api/auth/login').set('Host', 'shop.test').send({ email, password }).expect(200);
  return agent;
}

describe('a fresh install', () => {
  it('shows the seed’s orders over the last 90 days on the dashboard', async () => {
    const admin = await signIn('admin@shop.test', 'Admin1234');
    const stats = (await admin.get('/api/admin/stats?days=90').set('Host', 'shop.test').expect(200)).body as ShopStats;
    const counted = stats.revenueByDay.reduce((sum, day) => sum + day.orders, 0);
    const notCancelled = seed.orders!.filter((o) => o.status !== 'cancelled').length;
    expect(counted).toBe(notCancelled);
    // The last week is busy, and the 90 days are covered from end to end.
    expect(stats.revenueByDay.slice(-7).some((day) => day.orders > 0)).toBe(true);
    expect(stats.revenueByDay.slice(0, 14).some((day) => day.orders > 0)).toBe(true);
    expect(stats.revenue.last30).toBeGreaterThan(0);
    expect(stats.ordersByStatus.pending).toBeGreaterThan(0);
  });

  it('gives the demo shopper recent orders in every state, none in the future', async () => {
    const shopper = await signIn('user@shop.test', 'User12345');
    const own = (await shopper.get('/api/orders/own/').set('Host', 'shop.test').expect(200)).body as Order[];
    expect(new Set(own.map((o) => o.status))).toEqual(new Set(['pending', 'dispatched', 'delivered', 'cancelled']));
    const now = Date.now();
    for (const order of own) {
      for (const event of order.history!) expect(Date.parse(event.at)).toBeLessThanOrEqual(now);
      expect(now - Date.parse(order.createdAt!)).toBeLessThan(90 * DAY);
    }
    const delivered = own.filter((o) => o.status === 'delivered');
    const newest = Math.max(...delivered.map((o) => Date.parse(o.history!.at(-1)!.at)));
    expect(now - newest).toBeLessThan(14 * DAY);
  });
});

describe('datedSeed', () => {
  it('moves every date by whole days from the reference date, and keeps a file without one as it is', () => {
    const reference = Date.parse(seed.seed!.referenceDate);
    const now = reference + 10 * DAY + 5 * 3_600_000;
    const moved = datedSeed(seed, now);
    expect(moved).not.toHaveProperty('seed');
    expect(moved.orders!.map((o) => Date.parse(o.createdAt!) - 10 * DAY)).toEqual(seed.orders!.map((o) => Date.parse(o.createdAt!)));
    expect(moved.orders![0].history!.map((e) => Date.parse(e.at) - 10 * DAY)).toEqual(seed.orders![0].history!.map((e) => Date.parse(e.at)));
    expect(Date.parse(moved.users![0].createdAt!) - Date.parse(seed.users![0].createdAt!)).toBe(10 * DAY);
    // The products as they were, with their category's variants (server/db/seedVariants.ts).
    expect(moved.products).toEqual(withSeedVariants(seed.products!));
    const { seed: _note, ...plain } = seed;
    void _note;
    expect(datedSeed(plain, now)).toEqual(plain);
  });
});
