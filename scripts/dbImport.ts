// npm run db:import -- --database-url URL [--from FILE] [--replace]: moves a shop from the json
// engine to PostgreSQL. Reads the data file as the server would (DATA_FILE or .data/db.json, its
// journal included; stop the server first), migrates the database and loads everything into it
// in one transaction — users with their password hashes, sessions (shoppers stay signed in if
// SESSION_SECRET stays the same), carts, orders, Idempotency-Keys — keeping every id. Refuses a
// database that already holds a shop unless --replace. A record PostgreSQL's typed columns
// cannot hold (a hand-edited price as text, say) stops the import with nothing changed.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { DEFAULT_DATA_FILE, ROOT } from '../server/app';
import type { DbSchema } from '../server/model';
import { readDataFile } from '../server/store/json/dataFile';
import { openDatabase } from '../server/store/postgres/connect';
import { insertSnapshot, truncateAll } from '../server/store/postgres/load';
import { migrateToLatest } from '../server/store/postgres/migrate';
import { redactUrl } from './seedDatabase';

export interface ImportResult {
  users: number;
  products: number;
  orders: number;
}

/** Loads `data` into the database at `url` (see the header); throws without changing anything. */
export async function importData(url: string, data: DbSchema, { replace = false } = {}): Promise<ImportResult> {
  const db = openDatabase(url, { max: 1 });
  try {
    await migrateToLatest(db);
    await db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ used: boolean }>`
        SELECT EXISTS (SELECT 1 FROM users) OR EXISTS (SELECT 1 FROM products) AS used`.execute(trx);
      if (rows[0].used && !replace) throw new Error('the database already holds a shop; add --replace to replace it');
      await truncateAll(trx);
      await insertSnapshot(trx, data);
    });
  } finally {
    await db.destroy();
  }
  return { users: data.users.length, products: data.products.length, orders: data.orders.length };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { 'database-url': { type: 'string' }, from: { type: 'string' }, replace: { type: 'boolean', default: false } },
  });
  const url = values['database-url'] ?? process.env.DATABASE_URL;
  if (!url) throw new Error('usage: npm run db:import -- --database-url postgres://… [--from FILE] [--replace]');
  const from = path.resolve(ROOT, values.from ?? process.env.DATA_FILE ?? DEFAULT_DATA_FILE);
  const { users, products, orders } = await importData(url, readDataFile(from), { replace: values.replace });
  console.log(`Imported ${path.relative(ROOT, from) || from} into ${redactUrl(url)}: ${users} users, ${products} products, ${orders} orders.`);
  console.log(`Start the shop on it with: DATABASE_URL=${redactUrl(url)} npm start`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(ROOT, 'scripts/dbImport.ts')) {
  main().catch((err: unknown) => {
    console.error(`db:import failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
