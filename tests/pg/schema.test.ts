// The PostgreSQL schema on a real server (tests/pg/globalSetup.ts starts one per run): migrations,
// a lossless round trip of every collection, constraints, `q` search answering as json-server
// does, and the indexes the catalogue's filters and search use.
import { readFileSync } from 'node:fs';
import jsonServer from 'json-server';
import express from 'express';
import { Migrator, sql, type Kysely } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSeed, serialize } from '../../scripts/seed';
import { seedDatabase } from '../../scripts/seedDatabase';
import type { DbSchema } from '../../server/db/snapshot';
import { datedSeed, type SeedFile } from '../../server/db/seedDates';
import { openDatabase } from '../../server/db/connect';
import { loadSeedIfEmpty, loadSnapshot, readSnapshot, truncateAll } from '../../server/db/load';
import { migrateToLatest, migrations } from '../../server/db/migrate';
import { productToRow } from '../../server/modules/catalogue/pg/productRows';
import type { Database } from '../../server/db/schema';
import { productMatches, SEARCH_SEPARATOR } from '../../server/modules/catalogue/pg/search';
import type { Product } from '../../src/domain/types';
import type { FreshDatabase } from './cluster';
import { testDatabase } from './database';

const SEED_FILE = new URL('../../db.json', import.meta.url);
const SEED_TEXT = readFileSync(SEED_FILE, 'utf8');
/** db.json's collections (without its `seed` note on its dates). */
const seedJson = () => {
  const { seed: _note, ...collections } = JSON.parse(SEED_TEXT) as SeedFile;
  void _note;
  return collections as Omit<DbSchema, 'idempotency'>;
};

/** A fresh, migrated database per describe block; dropped afterwards. */
function useDatabase(): () => Kysely<Database> {
  let fresh: FreshDatabase;
  let db: Kysely<Database>;
  beforeAll(async () => {
    fresh = await testDatabase();
    db = openDatabase(fresh.url, { max: 4 });
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db?.destroy();
    await fresh?.drop();
  });
  return () => db;
}

/** SQLSTATE of a failed query. */
async function errorCode(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return undefined;
}

describe('migrations', () => {
  let fresh: FreshDatabase;
  beforeAll(async () => {
    fresh = await testDatabase();
  });
  afterAll(() => fresh?.drop());

  it('migrate an empty database, and a second run is a no-op', async () => {
    const db = openDatabase(fresh.url, { max: 2 });
    try {
      expect(await migrateToLatest(db)).toEqual(
        Object.keys(migrations).map((migrationName) => ({ migrationName, direction: 'Up', status: 'Success' })),
      );
      const tables = async () =>
        (await sql<{ t: string }>`SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`.execute(db)).rows.map((r) => r.t);
      const before = await tables();
      expect(before).toEqual(
        expect.arrayContaining(['brands', 'cart', 'categories', 'idempotency_keys', 'orders', 'products', 'sessions', 'throttle_events', 'users']),
      );
      expect(await migrateToLatest(db)).toEqual([]);
      expect(await tables()).toEqual(before);
    } finally {
      await db.destroy();
    }
  });

  it('two instances migrating at once: one runs the migration, the other waits and finds it done', async () => {
    const other = await testDatabase();
    const a = openDatabase(other.url, { max: 2 });
    const b = openDatabase(other.url, { max: 2 });
    try {
      const results = await Promise.all([migrateToLatest(a), migrateToLatest(b)]);
      expect(results.map((r) => r.length).sort()).toEqual([0, Object.keys(migrations).length]);
    } finally {
      await a.destroy();
      await b.destroy();
      await other.drop();
    }
  });
});

describe('loading and reading back', () => {
  const db = useDatabase();

  it('db.json loads and reads back unchanged: every collection, field, type and key order', async () => {
    await loadSnapshot(db(), seedJson());
    const { idempotency, audit, ...back } = await readSnapshot(db());
    expect(audit).toEqual([]);
    expect(idempotency).toEqual([]);
    expect(back).toEqual(seedJson());
    // Even byte for byte, as scripts/seed.ts writes it: numbers stay numbers, no nulls appear (the
    // file's closing note on its dates is no collection).
    expect(serialize({ ...back, seed: (JSON.parse(SEED_TEXT) as SeedFile).seed! })).toBe(SEED_TEXT);
  });

  it('the identity sequences continue after the loaded ids', async () => {
    const seed = seedJson();
    const { id } = await db()
      .insertInto('categories')
      .values({ value: 'new-category', label: 'New' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(id).toBe(Math.max(...seed.categories.map((c) => c.id!)) + 1);
    const product = await db()
      .insertInto('products')
      .values({ ...pick(seed.products[0]), title: 'Identity test' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(product.id).toBe(seed.products.length + 1);
  });

  it('loadSeedIfEmpty loads only into an empty database, once when instances race', async () => {
    expect(await loadSeedIfEmpty(db(), SEED_FILE.pathname)).toBe(false);
    await truncateAll(db());
    const now = Date.parse('2026-07-04T15:00:00.000Z');
    const raced = await Promise.all([loadSeedIfEmpty(db(), SEED_FILE.pathname, now), loadSeedIfEmpty(db(), SEED_FILE.pathname, now)]);
    expect(raced.sort()).toEqual([false, true]);
    const { idempotency, audit, ...back } = await readSnapshot(db());
    expect(audit).toEqual([]);
    expect(idempotency).toEqual([]);
    // Loaded with its dates moved to `now` (server/db/seedDates.ts).
    expect(back).toEqual(datedSeed(JSON.parse(SEED_TEXT) as SeedFile, now));
    expect(back.orders.at(-1)!.createdAt! < '2026-07-04T15:00:00.000Z').toBe(true);
    expect(back.orders.at(-1)!.createdAt! > '2026-07-03').toBe(true);
  });

  it('round-trips what the seed lacks: cart lines, sessions, idempotency keys, the audit log, absent optional fields, awkward values', async () => {
    const seed = seedJson();
    const awkward: Product = {
      ...seed.products[0],
      id: 500,
      title: 'Crème BRÛLÉE 100% _real_ back\\slash "quoted" \u{1F600}',
      description: 'Line one\nline two\twith a tab\r\nand CRLF',
      price: 0.1 + 0.2,
      discountPercentage: 0,
      stock: 0,
      images: [],
      reviews: [
        { reviewerName: 'Zoë', rating: 0, comment: '' },
        { id: 2, user: 7, reviewerName: 'New User', rating: 4, comment: 'ok', date: '2026-02-01T10:00:00.000Z', verified: true },
      ],
      deleted: true,
      lowStockThreshold: 0,
    };
    const snapshot: DbSchema = {
      ...seed,
      users: [...seed.users, { id: 7, email: 'noname@shop.test', password: 'scrypt$00$11', role: 'user', addresses: [] }],
      products: [...seed.products, awkward],
      cart: [
        { id: 3, user: 2, product: 5, quantity: 6 },
        { id: 9, user: 7, product: 500, quantity: 1 },
      ],
      orders: [...seed.orders, { ...seed.orders[0], id: 400, user: 7, createdAt: undefined }].map((o) => {
        if (o.createdAt === undefined) delete o.createdAt;
        return o;
      }),
      sessions: [
        { id: 'a'.repeat(64), user: 2, createdAt: '2026-02-01T10:00:00.000Z', expiresAt: 1_770_000_000_123 },
        { id: 'b'.repeat(64), user: 7, createdAt: '2026-02-02T10:00:00.000Z', expiresAt: 1_770_100_000_456 },
      ],
      idempotency: [{ id: '2 order-key-1', user: 2, order: 3, createdAt: 1_770_000_000_789 }],
      audit: [
        {
          id: 1,
          at: '2026-02-03T10:00:00.000Z',
          actor: { id: 1, email: 'admin@shop.test', role: 'admin' },
          action: 'product.update',
          entity: 'product',
          entityId: '500',
          before: { price: 1, title: 'é' },
          after: { price: 0.30000000000000004, title: 'ü' },
        },
        { id: 2, at: '2026-02-03T10:00:01.000Z', actor: { id: 1, email: 'admin@shop.test', role: 'admin' }, action: 'product.create', entity: 'product', entityId: '501', before: null, after: { id: 501 } },
      ],
    };
    await truncateAll(db());
    await loadSnapshot(db(), structuredClone(snapshot));
    const back = await readSnapshot(db());
    expect(back).toEqual(snapshot);
    expect(JSON.stringify(back)).toBe(JSON.stringify(snapshot));
    expect('name' in back.users[2]).toBe(false);
    expect('createdAt' in back.users[2]).toBe(false);
    expect('lowStockThreshold' in back.products[0]).toBe(false);
    expect('createdAt' in back.orders.at(-1)!).toBe(false);
    expect(typeof back.sessions[0].expiresAt).toBe('number');
  });
});

/** The insertable product columns of a Product, without its id (the database gives one). */
function pick(p: Product) {
  const row = productToRow(p);
  delete row.id;
  return row;
}

describe('constraints', () => {
  const db = useDatabase();
  beforeAll(async () => {
    await loadSnapshot(db(), seedJson());
  });

  it('refuses a negative stock, on insert and on update', async () => {
    const product = seedJson().products[0];
    expect(await errorCode(db().insertInto('products').values({ ...pick(product), stock: -1 }).execute())).toBe('23514');
    expect(await errorCode(db().updateTable('products').set({ stock: -1 }).where('id', '=', 1).execute())).toBe('23514');
    // The decrement an order makes cannot oversell either.
    expect(await errorCode(sql`UPDATE products SET stock = stock - 1000 WHERE id = 1`.execute(db()))).toBe('23514');
    const { stock } = await db().selectFrom('products').select('stock').where('id', '=', 1).executeTakeFirstOrThrow();
    expect(stock).toBe(product.stock);
  });

  it('refuses a duplicate email in any case, an unknown role, a cart quantity outside 1..6 and a second line for one product', async () => {
    const user = { email: 'ADMIN@shop.test', password: 'x', role: 'user' as const };
    expect(await errorCode(db().insertInto('users').values(user).execute())).toBe('23505');
    expect(await errorCode(sql`INSERT INTO users (email, password, role) VALUES ('x@y.z', 'x', 'root')`.execute(db()))).toBe('23514');
    expect(await errorCode(db().insertInto('cart').values({ user_id: 2, product_id: 1, quantity: 7 }).execute())).toBe('23514');
    expect(await errorCode(db().insertInto('cart').values({ user_id: 2, product_id: 1, quantity: 0 }).execute())).toBe('23514');
    await db().insertInto('cart').values({ user_id: 2, product_id: 1, quantity: 2 }).execute();
    expect(await errorCode(db().insertInto('cart').values({ user_id: 2, product_id: 1, quantity: 1 }).execute())).toBe('23505');
    expect(await errorCode(db().insertInto('cart').values({ user_id: 2, product_id: 99_999, quantity: 1 }).execute())).toBe('23503');
    expect(await errorCode(sql`UPDATE orders SET status = 'lost' WHERE id = 1`.execute(db()))).toBe('23514');
  });

  it('deletes a user’s sessions with the user', async () => {
    await db().insertInto('users').values({ id: 50, email: 'gone@shop.test', password: 'x', role: 'user' }).execute();
    await db().insertInto('sessions').values({ id: 'c'.repeat(64), user_id: 50, created_at: new Date(), expires_at: Date.now() + 1000 }).execute();
    await db().deleteFrom('users').where('id', '=', 50).execute();
    expect(await db().selectFrom('sessions').select('id').where('user_id', '=', 50).execute()).toEqual([]);
  });

  it('reads bigint and numeric results as numbers', async () => {
    const { rows } = await sql<{ n: number; big: number; dec: number }>`
      SELECT count(*) AS n, 9007199254740991::bigint AS big, 12.50::numeric AS dec FROM products`.execute(db());
    expect(rows[0]).toEqual({ n: seedJson().products.length, big: Number.MAX_SAFE_INTEGER, dec: 12.5 });
    await expect(sql`SELECT 9007199254740993::bigint AS too_big`.execute(db())).rejects.toThrow(/does not fit/);
  });
});

/** json-server 0.17's own router on a copy of `data`: the ids GET /products?q= returns. */
async function jsonServerIds(data: object, q: string): Promise<number[]> {
  const app = express().use(jsonServer.router(structuredClone(data)));
  const res = await request(app).get('/products').query({ q });
  expect(res.status).toBe(200);
  return (res.body as Product[]).map((p) => p.id);
}

/** Every value json-server's deepQuery looks at in a product, lower-cased (falsy ones skipped). */
function deepValues(value: unknown, out: string[] = []): string[] {
  if (!value) return out;
  if (Array.isArray(value)) for (const v of value) deepValues(v, out);
  else if (typeof value === 'object') for (const v of Object.values(value)) deepValues(v, out);
  else out.push(String(value).toLowerCase());
  return out;
}

describe('q search (products.search_text)', () => {
  const db = useDatabase();
  const seed = seedJson();
  const extra: Product[] = [
    {
      ...seed.products[0],
      id: 121,
      title: 'Crème BRÛLÉE Éclair 100% _under_ back\\slash',
      description: 'Line one\nLine two\twith a tab',
      price: 0.1 + 0.2,
      discountPercentage: 0,
      stock: 0,
      rating: 4.35,
      deleted: true,
    },
    {
      ...seed.products[1],
      id: 122,
      title: 'İstanbul ΣΟΦΙΑΣ Straße',
      weight: 1234.5,
      images: [],
      reviews: [
        { reviewerName: 'Zoë Ångström', rating: 0, comment: '' },
        { id: 2, user: 987654, reviewerName: 'Kim', rating: 4, comment: 'Fine', date: '2026-01-02T00:00:00.000Z', verified: true },
      ],
    },
  ];
  const data = { ...seed, products: [...seed.products, ...extra] };
  /** What the answers hold (and json-server would search): the reviews without the reviewer's id (migration 0011). */
  const answered = { ...data, products: data.products.map((p) => ({ ...p, reviews: p.reviews.map(({ user: _user, ...r }) => r) })) };

  beforeAll(async () => {
    await loadSnapshot(db(), structuredClone(data));
  });

  it('holds exactly the values json-server searches, lower-cased as JS does', async () => {
    const rows = await db().selectFrom('products').select(['id', 'search_text']).orderBy('id').execute();
    expect(rows).toHaveLength(data.products.length);
    for (const [i, row] of rows.entries()) {
      const parts = row.search_text.split(SEARCH_SEPARATOR);
      expect(parts.pop()).toBe('');
      expect(parts.sort(), `product ${row.id}`).toEqual(deepValues(answered.products[i]).sort());
    }
  });

  const QUERIES = [
    'phone',
    'APPLE',
    'a',
    'Harvest Table',
    'Stridewell',
    'recommend',
    'quibble',
    '%',
    '_',
    '\\',
    '100% _',
    '4.35',
    '0.30000000000000004',
    '21.99',
    'true',
    'false',
    '0',
    '120',
    'groceries-2.svg',
    '/images/',
    'éclair',
    'ÉCLAIR',
    'brûlée',
    'İSTANBUL',
    'istanbul',
    'σοφιας',
    'zoë å',
    'line one\nline',
    '987654',
    '2026-01-02',
    ' ',
    'nothing-matches-this',
  ];

  it.each(QUERIES)('q=%j returns the products json-server returns', async (q) => {
    const expected = await jsonServerIds(answered, q);
    const rows = await db().selectFrom('products').select('id').where(productMatches(q)).orderBy('id').execute();
    expect(rows.map((r) => r.id)).toEqual(expected);
  });

  it('follows changes: the text is recomputed when a product changes', async () => {
    await db().updateTable('products').set({ title: 'Zyzzyva Gadget', stock: 4321 }).where('id', '=', 3).execute();
    const hits = async (q: string) => (await db().selectFrom('products').select('id').where(productMatches(q)).execute()).map((r) => r.id);
    expect(await hits('zyzzyva')).toEqual([3]);
    expect(await hits('4321')).toEqual([3]);
  });

  it('a database made before migration 0011 loses the reviewers’ ids from its search text, and keeps its index', async () => {
    const older = await testDatabase();
    const before = openDatabase(older.url, { max: 2 });
    try {
      const { '0011_search_text_without_reviewers': _later, ...earlier } = migrations;
      void _later;
      const { error } = await new Migrator({ db: before, provider: { getMigrations: async () => earlier }, allowUnorderedMigrations: true }).migrateToLatest();
      expect(error).toBeUndefined();
      await before.insertInto('products').values(productToRow(extra[1])).execute();
      const hits = async (q: string) => (await before.selectFrom('products').select('id').where(productMatches(q)).execute()).map((r) => r.id);
      expect(await hits('987654')).toEqual([122]);
      expect((await migrateToLatest(before)).map((r) => r.migrationName)).toEqual(['0011_search_text_without_reviewers']);
      expect(await hits('987654')).toEqual([]);
      expect(await hits('zoë å')).toEqual([122]);
      const indexes = await sql<{ n: string }>`SELECT indexname AS n FROM pg_indexes WHERE tablename = 'products'`.execute(before);
      expect(indexes.rows.map((r) => r.n)).toContain('products_search_text_trgm_idx');
    } finally {
      await before.destroy();
      await older.drop();
    }
  });
});

describe('indexes on a 20,000-product catalogue', () => {
  let fresh: FreshDatabase;
  let db: Kysely<Database>;
  beforeAll(async () => {
    fresh = await testDatabase();
    await seedDatabase(fresh.url, { products: 20_000 });
    db = openDatabase(fresh.url, { max: 2 });
    await sql`ANALYZE products`.execute(db);
  }, 120_000);
  afterAll(async () => {
    await db?.destroy();
    await fresh?.drop();
  });

  /** Names of the indexes in a JSON plan. */
  function indexesIn(plan: unknown, out = new Set<string>()): Set<string> {
    if (Array.isArray(plan)) for (const p of plan) indexesIn(p, out);
    else if (plan && typeof plan === 'object') {
      for (const [key, value] of Object.entries(plan)) {
        if (key === 'Index Name' && typeof value === 'string') out.add(value);
        else indexesIn(value, out);
      }
    }
    return out;
  }

  async function planIndexes(query: { explain(format: 'json'): Promise<unknown[]> }): Promise<Set<string>> {
    const rows = (await query.explain('json')) as { 'QUERY PLAN': unknown }[];
    return indexesIn(rows[0]['QUERY PLAN']);
  }

  it('q uses the trigram index (the count for X-Total-Count and the matching rows)', async () => {
    for (const q of ['phone', 'chelsea boots', 'Harvest Table']) {
      const count = db.selectFrom('products').select((eb) => eb.fn.countAll().as('n')).where(productMatches(q));
      expect(await planIndexes(count), q).toContain('products_search_text_trgm_idx');
      const page = db.selectFrom('products').select('id').where(productMatches(q));
      expect(await planIndexes(page), q).toContain('products_search_text_trgm_idx');
    }
  });

  it('a category filter uses the category index; its first page in id order reads an index, never the whole table', async () => {
    const count = db.selectFrom('products').select((eb) => eb.fn.countAll().as('n')).where('category', '=', 'laptops');
    expect(await planIndexes(count)).toContain('products_category_id_idx');
    const several = db.selectFrom('products').select((eb) => eb.fn.countAll().as('n')).where('category', 'in', ['laptops', 'tops']);
    expect(await planIndexes(several)).toContain('products_category_id_idx');
    // With categories spread evenly, walking the primary key and skipping other categories is as
    // good for a first page as the category index; either way, no sequential scan.
    const page = db.selectFrom('products').select(['id', 'title']).where('category', '=', 'laptops').orderBy('id').limit(20);
    const plan = JSON.stringify(await page.explain('json'));
    expect(plan).not.toContain('Seq Scan');
    expect(plan).toMatch(/"Index Name":"products_(category_id_idx|pkey)"/);
  });

  it('holds what the generator made', async () => {
    const { n } = await db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(n).toBe(20_000);
    const generated = generateSeed({ products: 20_000 }).products;
    const sample = await db.selectFrom('products').select(['id', 'title', 'stock', 'deleted']).where('id', 'in', [1, 777, 20_000]).orderBy('id').execute();
    expect(sample).toEqual([1, 777, 20_000].map((id) => {
      const p = generated[id - 1];
      return { id, title: p.title, stock: p.stock, deleted: p.deleted };
    }));
  });
});
