// npm run db:reset: put the seed (db.json) back.
//  - json engine: over the data file (DATA_FILE, default .data/db.json), atomically. Stop the
//    server first: a running server keeps its data in memory and would write it back on its
//    next change.
//  - postgres engine (DATABASE_URL): everything in the database replaced by the seed in one
//    transaction (schema migrated first). Running servers may stay up; their shoppers are
//    signed out, as the sessions go too.
import path from 'node:path';
import { DEFAULT_DATA_FILE, DEFAULT_SEED_FILE, ROOT } from '../server/app';
import { resetDataFile } from '../server/store/json/dataFile';
import { openPostgresStore } from '../server/store/postgres/pgStore';
import { readFileSync } from 'node:fs';
import type { DbSchema } from '../server/model';
import { redactUrl } from './seedDatabase';

try {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const seed = JSON.parse(readFileSync(DEFAULT_SEED_FILE, 'utf8')) as DbSchema;
    const store = await openPostgresStore({ url: databaseUrl, data: { ...seed, idempotency: seed.idempotency ?? [] }, max: 1 });
    await store.close();
    console.log(`Reset the database at ${redactUrl(databaseUrl)} from db.json.`);
  } else {
    const dataFile = process.env.DATA_FILE ? path.resolve(ROOT, process.env.DATA_FILE) : DEFAULT_DATA_FILE;
    resetDataFile(dataFile, DEFAULT_SEED_FILE);
    const shown = path.relative(ROOT, dataFile);
    console.log(`Reset ${shown.startsWith('..') ? dataFile : shown} from db.json.`);
  }
} catch (err) {
  console.error(`db:reset failed: ${(err as Error).message}`);
  process.exit(1);
}
