// npm run db:import -- --from FILE [--replace] [--database-url URL]: loads a shop in db.json's
// shape (a seed, or what db:export wrote) into the database (DATABASE_URL or --database-url,
// else the embedded one in DATA_DIR): migrates it and loads everything in one transaction —
// users with their password hashes, sessions (shoppers stay signed in if SESSION_SECRET stays
// the same), carts, orders, Idempotency-Keys — keeping every id. Refuses a database that already
// holds a shop unless --replace. A record the schema cannot hold (a price as text, say) stops the
// import with nothing changed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { ROOT } from '../server/app';
import type { DbSchema } from '../server/db/snapshot';
import { analyzeAll, openStore, type StoreTarget } from '../server/db/open';
import { insertSnapshot, truncateAll } from '../server/db/load';
import { describeTarget, targetFromEnv } from './dbTarget';

export interface ImportResult {
  users: number;
  products: number;
  orders: number;
}

/** Loads `data` into the target's database (see the header); throws without changing anything. */
export async function importData(target: StoreTarget, data: Partial<DbSchema>, { replace = false } = {}): Promise<ImportResult> {
  const store = await openStore(target);
  try {
    await store.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ used: boolean }>`
        SELECT EXISTS (SELECT 1 FROM users) OR EXISTS (SELECT 1 FROM products) AS used`.execute(trx);
      if (rows[0].used && !replace) throw new Error('the database already holds a shop; add --replace to replace it');
      await truncateAll(trx);
      await insertSnapshot(trx, data);
    });
    // Statistics for the planner (how a search is counted depends on them: search.ts); the
    // embedded engine has no autovacuum to gather them later.
    await analyzeAll(store.db);
  } finally {
    await store.close();
  }
  return { users: data.users?.length ?? 0, products: data.products?.length ?? 0, orders: data.orders?.length ?? 0 };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { 'database-url': { type: 'string' }, from: { type: 'string' }, replace: { type: 'boolean', default: false } },
  });
  if (!values.from) throw new Error('usage: npm run db:import -- --from FILE [--replace] [--database-url postgres://…]');
  const from = path.resolve(ROOT, values.from);
  const target = targetFromEnv(values['database-url']);
  const data = JSON.parse(readFileSync(from, 'utf8')) as Partial<DbSchema>;
  const { users, products, orders } = await importData(target, data, { replace: values.replace });
  console.log(`Imported ${path.relative(ROOT, from) || from} into ${describeTarget(target)}: ${users} users, ${products} products, ${orders} orders.`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(ROOT, 'scripts/dbImport.ts')) {
  main().catch((err: unknown) => {
    console.error(`db:import failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
