// The embedded engine's read cache (server/modules/catalogue/pg/readCache.ts) on a real PGlite: a read
// asked again is answered from memory, and never with anything older than the last statement
// that was not a read.
import { sql, type ColumnType, type Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openEmbedded, type EmbeddedDatabase } from '../../server/db/embedded';
import { isCacheableRead, ReadCache } from '../../server/modules/catalogue/pg/readCache';

let embedded: EmbeddedDatabase;
// Tables of this test only, outside the shop's schema.
let db: Kysely<{ things: { id: number; name: string; tags: ColumnType<string[], string | undefined, string> } }>;

beforeAll(async () => {
  embedded = await openEmbedded();
  db = embedded.db as unknown as typeof db;
  await sql`CREATE TABLE things (id int PRIMARY KEY, name text NOT NULL, tags jsonb NOT NULL DEFAULT '[]')`.execute(db);
  await sql`CREATE SEQUENCE counter`.execute(db);
});

afterAll(async () => {
  await embedded?.db.destroy();
});

beforeEach(async () => {
  await sql`TRUNCATE things`.execute(db);
  await db.insertInto('things').values({ id: 1, name: 'one', tags: JSON.stringify(['a']) }).execute();
});

const names = async () => (await db.selectFrom('things').select(['id', 'name']).orderBy('id').execute()).map((r) => r.name);

describe('the embedded read cache', () => {
  it('answers a read asked again from memory, with the same rows', async () => {
    const before = embedded.readCache.stats();
    const first = await db.selectFrom('things').selectAll().where('id', '=', 1).execute();
    const again = await db.selectFrom('things').selectAll().where('id', '=', 1).execute();
    const after = embedded.readCache.stats();
    expect(again).toEqual(first);
    expect(again).toEqual([{ id: 1, name: 'one', tags: ['a'] }]);
    expect(after.misses - before.misses).toBe(1);
    expect(after.hits - before.hits).toBe(1);
  });

  it('hands out copies: a caller changing its rows, their json or their dates changes no later answer', async () => {
    const read = () => sql<{ id: number; tags: string[]; at: Date; bytes: Uint8Array }>`SELECT id, tags, timestamptz '2026-01-02T03:04:05Z' AS at, '\\x0102'::bytea AS bytes FROM things WHERE id = ${1}`.execute(db);
    const change = (row: { id: number; tags: string[]; at: Date; bytes: Uint8Array }) => {
      row.tags.push('changed');
      row.at.setUTCFullYear(1999);
      row.bytes[0] = 9;
      row.id = 42;
    };
    change((await read()).rows[0]); // the database's answer
    const before = embedded.readCache.stats();
    change((await read()).rows[0]); // the kept one's
    const again = (await read()).rows[0];
    expect(embedded.readCache.stats().hits - before.hits).toBe(2);
    expect(again).toEqual({ id: 1, tags: ['a'], at: new Date('2026-01-02T03:04:05Z'), bytes: new Uint8Array([1, 2]) });
    expect(again.at).toBeInstanceOf(Date);
  });

  it('keeps answers apart by their parameters', async () => {
    await db.insertInto('things').values({ id: 2, name: 'two' }).execute();
    const one = await db.selectFrom('things').select('name').where('id', '=', 1).execute();
    const two = await db.selectFrom('things').select('name').where('id', '=', 2).execute();
    expect([one, two]).toEqual([[{ name: 'one' }], [{ name: 'two' }]]);
  });

  it('forgets everything at a write: an insert, an update, a delete are seen by the next read', async () => {
    expect(await names()).toEqual(['one']);
    await db.insertInto('things').values({ id: 2, name: 'two' }).execute();
    expect(await names()).toEqual(['one', 'two']);
    await db.updateTable('things').set({ name: 'uno' }).where('id', '=', 1).execute();
    expect(await names()).toEqual(['uno', 'two']);
    await db.deleteFrom('things').where('id', '=', 2).execute();
    expect(await names()).toEqual(['uno']);
    await sql`TRUNCATE things`.execute(db);
    expect(await names()).toEqual([]);
  });

  it('answers nothing inside a transaction from memory; what it wrote is seen in it, and gone after a rollback', async () => {
    expect(await names()).toEqual(['one']);
    await expect(
      db.transaction().execute(async (trx) => {
        const inside = () => trx.selectFrom('things').select('name').orderBy('id').execute();
        expect(await inside()).toEqual([{ name: 'one' }]);
        await trx.updateTable('things').set({ name: 'changed' }).execute();
        expect(await inside()).toEqual([{ name: 'changed' }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await names()).toEqual(['one']);
    await db.transaction().execute((trx) => trx.updateTable('things').set({ name: 'committed' }).execute());
    expect(await names()).toEqual(['committed']);
  });

  it('keeps a savepoint rolled back to inside its transaction', async () => {
    await db.transaction().execute(async (trx) => {
      await sql`SAVEPOINT s`.execute(trx);
      await trx.updateTable('things').set({ name: 'undone' }).execute();
      await sql`ROLLBACK TO SAVEPOINT s`.execute(trx);
      // Still in the transaction: this read is neither answered from memory nor kept.
      expect(await trx.selectFrom('things').select('name').execute()).toEqual([{ name: 'one' }]);
      await trx.updateTable('things').set({ name: 'kept' }).execute();
      expect(await trx.selectFrom('things').select('name').execute()).toEqual([{ name: 'kept' }]);
    });
    expect(await names()).toEqual(['kept']);
  });

  it('never keeps a read whose answer changes without a write (now(), nextval(), the catalogue views)', async () => {
    const next = async () => (await sql<{ n: number }>`SELECT nextval('counter')::int AS n`.execute(db)).rows[0].n;
    const a = await next();
    expect(await next()).toBe(a + 1);
    const at = async () => (await sql<{ t: string }>`SELECT clock_timestamp()::text AS t`.execute(db)).rows[0].t;
    const t1 = await at();
    await new Promise((r) => setTimeout(r, 5));
    expect(await at()).not.toBe(t1);
  });

  it('a caller changing the rows it got changes nothing kept', async () => {
    const read = () => db.selectFrom('things').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    const first = await read();
    first.name = 'scribbled';
    first.tags.push('b');
    const again = await read();
    again.tags.push('c');
    expect(await read()).toEqual({ id: 1, name: 'one', tags: ['a'] });
  });

  it('does not keep an answer of more than 50 rows', async () => {
    await db
      .insertInto('things')
      .values(Array.from({ length: 150 }, (_, i) => ({ id: i + 2, name: `n${i}` })))
      .execute();
    const all = () => db.selectFrom('things').select('id').execute();
    await all();
    const before = embedded.readCache.stats();
    expect(await all()).toHaveLength(151);
    expect(embedded.readCache.stats().misses - before.misses).toBe(1);
  });

  it('keeps at most its number of answers, the least recently used going first', async () => {
    const cache = new ReadCache(embedded.pglite, { entries: 2, rows: 50 });
    const read = (id: number) => cache.query('select name from things where id = $1', [id]);
    await read(1);
    await read(2);
    await read(1); // 1 is now the most recently used
    await read(3); // 2 goes
    const before = cache.stats();
    await read(1);
    await read(3);
    await read(2);
    const after = cache.stats();
    expect(after.entries).toBe(2);
    expect([after.hits - before.hits, after.misses - before.misses]).toEqual([2, 1]);
  });
});

describe('its count of changes (what the catalogue answers and sessions kept in memory go by)', () => {
  it('stays while only reads it may keep run; moves with a write, a transaction (even one that only reads), a read it may not keep', async () => {
    const count = () => embedded.readCache.changes()!;
    const start = count();
    await names();
    await names();
    await db.selectFrom('things').selectAll().where('id', '=', 2).execute();
    expect(count()).toBe(start);
    await db.updateTable('things').set({ name: 'uno' }).where('id', '=', 1).execute();
    const written = count();
    expect(written).toBeGreaterThan(start);
    await db.transaction().execute((trx) => trx.selectFrom('things').selectAll().execute());
    const transaction = count();
    expect(transaction).toBeGreaterThan(written);
    await sql`SELECT nextval('counter')`.execute(db);
    expect(count()).toBeGreaterThan(transaction);
    // A statement that fails moves it too (it may have been a write).
    const failing = count();
    await expect(db.insertInto('things').values({ id: 1, name: 'again' }).execute()).rejects.toThrow();
    expect(count()).toBeGreaterThan(failing);
  });
});

describe('with the cache off (READ_CACHE=off)', () => {
  it('keeps nothing: every read runs on the database; no count of changes', async () => {
    const off = await openEmbedded({ readCache: false });
    try {
      const read = () => sql<{ n: number }>`SELECT 1 AS n`.execute(off.db);
      await read();
      await read();
      expect(off.readCache.stats()).toEqual({ hits: 0, misses: 2, entries: 0 });
      expect(off.readCache.changes()).toBeUndefined();
    } finally {
      await off.db.destroy();
    }
  });
});

describe('which statements are reads it may keep', () => {
  it.each([
    ['select * from things where id = $1', true],
    ['  SELECT count(*) FROM things', true],
    ['WITH m AS MATERIALIZED (SELECT id FROM things) SELECT * FROM m', true],
    ['(select 1) union (select 2)', true],
    ['select "updated_at" from things', true],
    ['EXPLAIN (FORMAT JSON) SELECT FROM products WHERE products.search_text LIKE $1', true],
    ['EXPLAIN ANALYZE SELECT * FROM things', false],
    ['explain update things set name = $1', false],
    ['WITH gone AS (DELETE FROM things RETURNING id) SELECT * FROM gone', false],
    ['with x as (update things set name = $1 returning id) select * from x', false],
    ['select * from things where id = $1 for update', false],
    ['SELECT * FROM things FOR NO KEY UPDATE', false],
    ['select * from things for share', false],
    ['select now()', false],
    ['SELECT CURRENT_TIMESTAMP', false],
    ["select nextval('s')", false],
    ['select random()', false],
    ['select reltuples from pg_class where relname = $1', false],
    ["SELECT pg_advisory_xact_lock(1)", false],
    ['insert into things (id, name) values ($1, $2)', false],
    ['update things set name = $1', false],
    ['begin', false],
    ['ANALYZE', false],
  ])('%s → %s', (text, expected) => {
    expect(isCacheableRead(text)).toBe(expected);
  });
});
