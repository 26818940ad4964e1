// npm run db:reset: put the seed (db.json) back over the data file (DATA_FILE, default
// .data/db.json), atomically. Stop the server first: a running server keeps its data in memory
// and would write it back on its next change.
import path from 'node:path';
import { DEFAULT_DATA_FILE, DEFAULT_SEED_FILE, ROOT } from '../server/app';
import { resetDataFile } from '../server/store/json/dataFile';

const dataFile = process.env.DATA_FILE ? path.resolve(ROOT, process.env.DATA_FILE) : DEFAULT_DATA_FILE;
try {
  resetDataFile(dataFile, DEFAULT_SEED_FILE);
  const shown = path.relative(ROOT, dataFile);
  console.log(`Reset ${shown.startsWith('..') ? dataFile : shown} from db.json.`);
} catch (err) {
  console.error(`db:reset failed: ${(err as Error).message}`);
  process.exit(1);
}
