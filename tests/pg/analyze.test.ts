// The planner has statistics from the first start: the seed load (and db:reset) ends with ANALYZE,
// since the embedded engine has no autovacuum to gather them later (how a search is counted
// depends on them: server/modules/catalogue/pg/search.ts). On both drivers.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_SEED_FILE } from '../../server/app';
import type { DbSchema } from '../../server/db/snapshot';
import { openStore, readSeed, type StoreTarget } from '../../server/db/open';
import type { PgStore } from '../../server/db/pgStore';
import { testDatabase } from './database';

const dir = mkdtempSync(path.join(tmpdir(), 'shop-analyze-'));
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
});

const seed = JSON.parse(readFileSync(DEFAULT_SEED_FILE, 'utf8')) as DbSchema;

let folders = 0;
const DRIVERS: [string, () => Promise<StoreTarget>][] = [
  ['embedded', async () => ({ dataDir: path.join(dir, `data-${++folders}`) })],
  [
    'server',
    async () => {
      const { url, drop } = await testDatabase();
      cleanups.push(drop);
      return { url, max: 1 };
    },
  ],
];

/** What the planner knows of the products table: its estimated rows, and the columns it has statistics for. */
async function plannerKnowledge(store: PgStore) {
  const { rows } = await sql<{ reltuples: number; columns: number }>`
    SELECT c.reltuples::float8 AS reltuples,
           (SELECT count(*)::int FROM pg_stats s WHERE s.schemaname = n.nspname AND s.tablename = 'products') AS columns
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relname = 'products' AND n.nspname = current_schema()`.execute(store.db);
  return rows[0];
}

describe.each(DRIVERS)('planner statistics after loading the seed (%s)', (_driver, newTarget) => {
  it('a first start on an empty database leaves the products analysed', async () => {
    const store = await openStore({ ...(await newTarget()), seedFile: DEFAULT_SEED_FILE });
    cleanups.push(() => store.close());
    const known = await plannerKnowledge(store);
    expect(known.reltuples).toBe(seed.products.length);
    expect(known.columns).toBeGreaterThan(0);
  }, 60_000);

  it('db:reset (the seed replacing everything) leaves the products analysed', async () => {
    const store = await openStore({ ...(await newTarget()), data: readSeed(DEFAULT_SEED_FILE) });
    cleanups.push(() => store.close());
    const known = await plannerKnowledge(store);
    expect(known.reltuples).toBe(seed.products.length);
    expect(known.columns).toBeGreaterThan(0);
  }, 60_000);
});
