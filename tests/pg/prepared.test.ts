// The embedded engine's prepared statements (server/db/prepared.ts) on a real PGlite: a statement
// run again answers exactly what PGlite's own query() answers, errors reach the caller as they do
// there and leave the session usable, and a table changed by DDL is never read through an old
// description of its columns. Each statement waits for a turn of the event loop, so that the
// server reads the requests (and connections) that came in while others used the database.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PreparedClient } from '../../server/db/prepared';

let pglite: PGlite;
let client: PreparedClient;

beforeAll(async () => {
  pglite = new PGlite();
  client = new PreparedClient(pglite);
  await pglite.exec(`
    CREATE TABLE things (id int PRIMARY KEY, name text NOT NULL, tags jsonb NOT NULL DEFAULT '[]',
      big bigint, price numeric(10, 2), at timestamptz, bytes bytea, kind text NOT NULL DEFAULT 'plain');
    CREATE UNIQUE INDEX things_one_pending ON things (name) WHERE kind = 'pending';`);
});

afterAll(async () => {
  await pglite?.close();
});

beforeEach(async () => {
  await pglite.exec(`TRUNCATE things; INSERT INTO things (id, name, tags, big, price, at, bytes)
    VALUES (1, 'one', '["a"]', 9007199254740993, 12.5, '2026-01-02T03:04:05Z', '\\x0102')`);
});

/** Runs `sql` three times through the client: the third run is a prepared statement's. */
async function thrice(sql: string, params: unknown[] = []) {
  await client.query(sql, params);
  await client.query(sql, params);
  const before = client.stats().prepared;
  const answer = await client.query(sql, params);
  expect(client.stats().prepared).toBe(before + 1);
  return answer;
}

describe('prepared statements on the embedded engine', () => {
  it('answer rows, fields and counts exactly as PGlite does', async () => {
    const reads: [string, unknown[]][] = [
      ['SELECT * FROM things WHERE id = $1', [1]],
      ['SELECT id, tags, big, price, at, bytes, ARRAY[id, 2] AS ids FROM things WHERE name = ANY($1::text[])', [['one', 'two']]],
      ['SELECT count(*) AS n FROM things WHERE tags @> $1::jsonb', [JSON.stringify(['a'])]],
      ['SELECT * FROM things WHERE id = $1', [404]],
    ];
    for (const [sql, params] of reads) expect(await thrice(sql, params)).toEqual(await pglite.query(sql, params));

    const insert = 'INSERT INTO things (id, name, at) VALUES ($1, $2, $3) RETURNING id, name, at';
    const at = new Date('2026-05-06T07:08:09Z');
    await client.query(insert, [2, 'two', at]);
    await client.query(insert, [3, 'three', at]);
    const inserted = await client.query(insert, [4, 'four', at]);
    expect(inserted.rows).toEqual([{ id: 4, name: 'four', at }]);
    expect(inserted.affectedRows).toBe(1);

    const update = 'UPDATE things SET name = name || $1 WHERE id >= $2';
    const updated = await thrice(update, ['!', 2]);
    expect(updated.affectedRows).toBe(3);
    expect(updated.rows).toEqual([]);
    expect((await pglite.query('SELECT name FROM things WHERE id = 2')).rows).toEqual([{ name: 'two!!!' }]);
  });

  it('passes an error on with its code and statement, and the session goes on', async () => {
    const insert = 'INSERT INTO things (id, name) VALUES ($1, $2)';
    await thrice(insert, [10, 'ten']).catch(() => {});
    const error = await client.query(insert, [1, 'again']).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', query: insert });
    expect((await client.query('SELECT name FROM things WHERE id = $1', [1])).rows).toEqual([{ name: 'one' }]);
  });

  it('in a transaction, an error aborts it until the rollback, which undoes its work', async () => {
    const insert = 'INSERT INTO things (id, name) VALUES ($1, $2)';
    await client.query(insert, [20, 'twenty']);
    await client.query(insert, [21, 'twenty-one']);
    // The second time round, BEGIN and ROLLBACK are prepared statements too.
    for (const round of [1, 2]) {
      const before = client.stats().prepared;
      await client.query('BEGIN');
      await client.query(insert, [22, 'twenty-two']);
      await expect(client.query(insert, [1, 'duplicate'])).rejects.toMatchObject({ code: '23505' });
      await expect(client.query(insert, [23, 'twenty-three'])).rejects.toMatchObject({ code: '25P02' });
      await client.query('ROLLBACK');
      const ids = await client.query<{ id: number }>('SELECT id FROM things WHERE id >= $1 ORDER BY id', [20]);
      expect(ids.rows).toEqual([{ id: 20 }, { id: 21 }]);
      if (round === 2) expect(client.stats().prepared - before).toBe(6);
    }
  });

  it("keeps PostgreSQL's choice of plans: a generic plan once it is no costlier, ON CONFLICT on a partial index past five runs", async () => {
    const plans = async (text: string) =>
      (await pglite.query<{ generic: number; custom: number }>(
        'SELECT generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements WHERE statement = $1',
        [text],
      )).rows[0];
    const byId = 'SELECT name AS plan_choice FROM things WHERE id = $1';
    for (let i = 0; i < 9; i++) expect((await client.query(byId, [1])).rows).toEqual([{ plan_choice: 'one' }]);
    // Run 1 unprepared, then 8 runs of the prepared statement: five planned for their values, then generic.
    expect(await plans(byId)).toEqual({ custom: 5, generic: 3 });
    // The index's predicate as a literal, as the payments write it: a generic plan matches it too.
    const upsert = `INSERT INTO things (id, name, kind) VALUES ($1, $2, $3)
      ON CONFLICT (name) WHERE kind = 'pending' DO UPDATE SET id = things.id RETURNING id`;
    for (let i = 0; i < 9; i++) {
      const answer = await client.query<{ id: number }>(upsert, [100 + i, 'waiting', 'pending']);
      expect(answer.rows).toEqual([{ id: 100 }]);
    }
    expect((await plans(upsert)).generic).toBeGreaterThan(0);
  });

  it('lets its plans go now and then: a generic plan made on a tiny table is made again once the table has grown', async () => {
    const planOf = async (own: PreparedClient, db: PGlite, replanned: boolean) => {
      await db.exec(`DROP TABLE IF EXISTS grows; CREATE TABLE grows (id int PRIMARY KEY, v text);
        INSERT INTO grows VALUES (1, 'a'), (2, 'b'); ANALYZE grows;`);
      const text = 'SELECT v AS grown FROM grows WHERE id = $1';
      for (let i = 0; i < 9; i++) await own.query(text, [1]);
      await db.exec(`INSERT INTO grows SELECT n, 'x' FROM generate_series(3, 5000) AS n`);
      if (replanned) await new Promise((resolve) => setTimeout(resolve, 80));
      expect((await own.query(text, [7])).rows).toEqual([{ grown: 'x' }]);
      const [{ name }] = (await db.query<{ name: string }>('SELECT name FROM pg_prepared_statements WHERE statement = $1', [text])).rows;
      return (await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN EXECUTE ${name}(7)`)).rows.map((r) => r['QUERY PLAN']).join('\n');
    };
    for (const [every, replanned] of [[50, true], [3_600_000, false]] as const) {
      const db = new PGlite();
      await db.waitReady;
      const own = new PreparedClient(db, every);
      try {
        const plan = await planOf(own, db, replanned);
        // Kept (no new statistics on the embedded engine): the plan made for two rows reads every row.
        expect(plan).toMatch(replanned ? /Index Scan using grows_pkey/ : /Seq Scan on grows/);
      } finally {
        await own.close();
      }
    }
  });

  it('reads a table changed by DDL with its new columns, and after a rolled-back change with its old ones', async () => {
    const all = 'SELECT * FROM things WHERE id = $1';
    expect(Object.keys((await thrice(all, [1])).rows[0] as object)).not.toContain('note');
    await client.query('ALTER TABLE things ADD COLUMN note text');
    try {
      expect((await client.query(all, [1])).rows[0]).toMatchObject({ id: 1, note: null });
      await client.query('BEGIN');
      await client.query('ALTER TABLE things DROP COLUMN note');
      expect(Object.keys((await thrice(all, [1])).rows[0] as object)).not.toContain('note');
      await client.query('ROLLBACK');
      expect((await client.query(all, [1])).rows[0]).toMatchObject({ id: 1, note: null });
    } finally {
      await pglite.exec('ALTER TABLE things DROP COLUMN IF EXISTS note');
    }
  });

  it('closes the statements it forgets', async () => {
    const prepared = async () => (await pglite.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements')).rows[0].n;
    for (const column of ['a', 'b', 'c']) await thrice(`SELECT 1 AS ${column} WHERE $1::int > 0`, [1]);
    expect(await prepared()).toBeGreaterThanOrEqual(3);
    await client.query('CREATE TABLE passing (id int)');
    await client.query('DROP TABLE passing');
    expect((await client.query('SELECT 1 AS a WHERE $1::int > 0', [1])).rows).toEqual([{ a: 1 }]);
    expect(await prepared()).toBe(1);
  });

  it('let the event loop turn before each statement, prepared or not, so other requests are read meanwhile', async () => {
    for (const run of [1, 2, 3]) {
      const seen: string[] = [];
      // Stands for a request that came in: the server reads it in a turn of the event loop.
      setImmediate(() => seen.push('turn'));
      await client.query('SELECT name FROM things WHERE id = $1', [1]);
      seen.push(`answer ${run}`);
      expect(seen).toEqual(['turn', `answer ${run}`]);
    }
  });

  it('refuse a statement still waiting for its turn when the database is closed, and every one after', async () => {
    const opened = new PGlite();
    await opened.waitReady;
    const own = new PreparedClient(opened);
    const waiting = own.query('SELECT 1 AS one');
    await own.close();
    await expect(waiting).rejects.toThrow('PGlite is closed');
    await expect(own.query('SELECT 1 AS one')).rejects.toThrow('PGlite is closed');
  });
});
