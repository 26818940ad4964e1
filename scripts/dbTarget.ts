// Which database the db:* scripts work on: DATABASE_URL's server, else the embedded database in
// DATA_DIR (default .data/shop), as server/index.ts chooses. Stop an embedded shop first: its
// folder belongs to one process at a time.
import path from 'node:path';
import { DEFAULT_DATA_DIR, ROOT } from '../server/app';
import type { StoreTarget } from '../server/db/open';
import { redactUrl } from './seedDatabase';

export function targetFromEnv(url = process.env.DATABASE_URL || undefined): StoreTarget {
  if (url) return { url, max: 1 };
  return { dataDir: process.env.DATA_DIR ? path.resolve(ROOT, process.env.DATA_DIR) : DEFAULT_DATA_DIR };
}

/** The target for messages (a URL without its password, a folder relative to the project). */
export function describeTarget(target: StoreTarget): string {
  if (target.url !== undefined) return `the database at ${redactUrl(target.url)}`;
  if (!target.dataDir) return 'an embedded database in memory';
  const relative = path.relative(ROOT, target.dataDir);
  return `the embedded database in ${relative.startsWith('..') ? target.dataDir : relative}`;
}
