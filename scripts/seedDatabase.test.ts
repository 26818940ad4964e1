// npm run seed -- --database-url: the generated catalogue into a real PostgreSQL (the run's
// throw-away cluster, tests/pg/globalSetup.ts), replacing whatever the database held.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../server/db/connect';
import { loadSnapshot, readSnapshot } from '../server/db/load';
import { migrateToLatest } from '../server/db/migrate';
import type { Database } from '../server/db/schema';
import type { FreshDatabase } from '../tests/pg/cluster';
import { testDatabase } from '../tests/pg/database';
import { datedSeed } from '../server/db/seedDates';
import { withSeedVariants } from '../server/db/seedVariants';
import { generateSeed, ORDER_COUNT } from './seed';
import { seedDatabase } from './seedDatabase';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

describe('seedDatabase', () => {
  let fresh: FreshDatabase;
  let db: Kysely<Database>;
  beforeAll(async () => {
    fresh = await testDatabase();
    db = openDatabase(fresh.url, { max: 2 });
  });
  afterAll(async () => {
    await db?.destroy();
    await fresh?.drop();
  });

  const productIndexes = async (on: Kysely<Database>) =>
    (await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'products' ORDER BY 1`.execute(on)).rows.map((r) => r.name);

  const count = async (table: keyof Database) =>
    (await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;

  it('replaces what the database held with the generated catalogue of 2,000 products', async () => {
    // Something to replace: db.json plus rows the seed never has.
    await migrateToLatest(db);
    await loadSnapshot(db, JSON.parse(readFileSync(`${ROOT}/db.json`, 'utf8')));
    await sql`
      INSERT INTO products (id, title, description, price, discount_percentage, stock, thumbnail, brand, category,
                            rating, weight, warranty_information, shipping_information, return_policy, minimum_order_quantity)
      SELECT 9000, title || ' (copy)', description, price, discount_percentage, stock, thumbnail, brand, category,
             rating, weight, warranty_information, shipping_information, return_policy, minimum_order_quantity
      FROM products WHERE id = 1`.execute(db);
    await db.insertInto('cart').values({ user_id: 2, product_id: 9000, quantity: 1 }).execute();
    await db.insertInto('sessions').values({ id: 'd'.repeat(64), user_id: 2, created_at: new Date(), expires_at: Date.now() }).execute();
    await db.insertInto('throttle_events').values({ bucket: 'login', key: 'x' }).execute();

    const now = Date.parse('2026-05-20T08:00:00.000Z');
    const result = await seedDatabase(fresh.url, { products: 2000, now });
    expect(result).toMatchObject({ products: 2000, orders: ORDER_COUNT, users: 2 });

    expect(await count('products')).toBe(2000);
    expect(await count('cart')).toBe(0);
    expect(await count('sessions')).toBe(0);
    expect(await count('throttle_events')).toBe(0);
    const { idempotency, audit, ...back } = await readSnapshot(db);
    expect(audit).toEqual([]);
    expect(idempotency).toEqual([]);
    // Exactly what `npm run seed -- --products 2000 --out FILE` writes, loaded on `now` (its dates moved).
    const generated = generateSeed({ products: 2000 });
    const expected = datedSeed(generated, now);
    for (const name of ['products', 'categories', 'brands', 'users', 'orders', 'cart', 'sessions'] as const) {
      expect(JSON.stringify(back[name]), name).toBe(JSON.stringify(expected[name]));
    }
    expect(generated.seed.referenceDate).toBe('2026-04-01T00:00:00.000Z');
    expect(Date.parse(back.orders[0].createdAt!)).toBe(Date.parse(generated.orders[0].createdAt!) + 49 * 86_400_000);
    // New rows get ids after the seeded ones.
    const { rows } = await sql<{ next: number }>`SELECT nextval(pg_get_serial_sequence('products', 'id'))::int AS next`.execute(db);
    expect(rows[0].next).toBe(2001);
  }, 60_000);

  it('seeding again replaces the catalogue, with another size and seed', async () => {
    const now = Date.parse('2026-04-01T12:00:00.000Z');
    await seedDatabase(fresh.url, { products: 300, seed: 7, now });
    expect(await count('products')).toBe(300);
    const { idempotency, audit, ...back } = await readSnapshot(db);
    expect(audit).toEqual([]);
    expect(idempotency).toEqual([]);
    const { seed: _note, ...written } = generateSeed({ products: 300, seed: 7 });
    void _note;
    // The seed's products with their category's variants (server/db/seedVariants.ts).
    expect(back).toEqual({ ...written, products: withSeedVariants(written.products) });
    // Indexes dropped for the COPY are all back: those of a database the migrations alone made.
    const other = await testDatabase();
    const migrated = openDatabase(other.url, { max: 1 });
    try {
      await migrateToLatest(migrated);
      const expected = await productIndexes(migrated);
      expect(expected.length).toBeGreaterThan(10);
      expect(await productIndexes(db)).toEqual(expected);
    } finally {
      await migrated.destroy();
      await other.drop();
    }
  }, 60_000);

  it('npm run seed -- --database-url: the command line, and --out with it is refused', () => {
    const seed = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed.ts', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    const ok = seed('--products', '50', '--database-url', fresh.url, '--no-images');
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(/seed: 50 products, 40 orders, 2 users → postgres:\/\/shop@127\.0\.0\.1:\d+\/shop_test_/);
    const both = seed('--out', '/tmp/never-written.json', '--database-url', fresh.url, '--no-images');
    expect(both.status).toBe(1);
    expect(both.stderr).toContain('either --out or --database-url');
  }, 60_000);

  it('the CLI wrote 50 products', async () => {
    expect(await count('products')).toBe(50);
  });
});
