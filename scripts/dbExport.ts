// npm run db:export [-- --out FILE] [--database-url URL]: writes everything in the database
// (DATABASE_URL or --database-url, else the embedded one in DATA_DIR) as a db.json: the seed's
// shape, which plain json-server 0.17 serves and db:import (or a new data folder, as SEED_FILE)
// loads back. Default FILE: db.export.json. It holds password hashes and live sessions: keep it
// as private as the database. Embedded: stop the shop first.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '../server/app';
import type { DbSchema } from '../server/db/snapshot';
import { openStore, type StoreTarget } from '../server/db/open';
import { describeTarget, targetFromEnv } from './dbTarget';

/** Everything in the target's database, in db.json's shape (one consistent snapshot). */
export async function exportData(target: StoreTarget): Promise<DbSchema> {
  const store = await openStore(target);
  try {
    return await store.snapshot();
  } finally {
    await store.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'database-url': { type: 'string' }, out: { type: 'string', default: 'db.export.json' } } });
  const out = path.resolve(ROOT, values.out);
  const target = targetFromEnv(values['database-url']);
  const data = await exportData(target);
  writeFileSync(out, JSON.stringify(data, null, 2) + '\n', { mode: 0o600 });
  console.log(`Exported ${describeTarget(target)} to ${path.relative(ROOT, out) || out}: ${data.users.length} users, ${data.products.length} products, ${data.orders.length} orders.`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(ROOT, 'scripts/dbExport.ts')) {
  main().catch((err: unknown) => {
    console.error(`db:export failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
