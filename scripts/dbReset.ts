// npm run db:reset: everything in the database replaced by the seed (db.json) in one transaction,
// the schema migrated first. Embedded (DATA_DIR): stop the shop first. PostgreSQL server
// (DATABASE_URL): running servers may stay up; their shoppers are signed out, as the sessions go too.
import { DEFAULT_SEED_FILE } from '../server/app';
import { openStore, readSeed } from '../server/db/open';
import { describeTarget, targetFromEnv } from './dbTarget';

try {
  const target = targetFromEnv();
  const store = await openStore({ ...target, data: readSeed(DEFAULT_SEED_FILE) });
  await store.close();
  console.log(`Reset ${describeTarget(target)} from db.json.`);
} catch (err) {
  console.error(`db:reset failed: ${(err as Error).message}`);
  process.exit(1);
}
