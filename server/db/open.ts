// Opening the shop's store on one of its two drivers, with the same schema and queries on both:
//  - embedded (the default): PostgreSQL in this process (PGlite) in a data folder (DATA_DIR), or
//    in memory when none is given;
//  - server: a PostgreSQL server (DATABASE_URL), which any number of instances may share.
// Either way the schema is created or migrated, and an empty database is loaded from the seed
// (db.json) or from the data given.
import { readFileSync } from 'node:fs';
import { sql, type Kysely } from 'kysely';
import type { DbSchema } from './snapshot';
import { openDatabase, type OpenOptions } from './connect';
import { openEmbedded, type EmbeddedOptions } from './embedded';
import { loadSeedIfEmpty } from './load';
import { migrateToLatest } from './migrate';
import { PgStore } from './pgStore';
import type { Database } from './schema';
import { datedSeed, type SeedFile } from './seedDates';

export type Driver = 'embedded' | 'server';

/** Where the data is: a PostgreSQL server's URL, or (embedded) a data folder or nothing (memory). */
export type StoreTarget = ({ url: string } & OpenOptions) | ({ url?: undefined } & EmbeddedOptions);

export type StoreOptions = StoreTarget & {
  /** Loaded when the database has no users and no products (db.json). */
  seedFile?: string;
  /** Replaces everything with this state (tests, db:reset). */
  data?: Partial<DbSchema>;
};

export const driverOf = (target: StoreTarget): Driver => (target.url ? 'server' : 'embedded');

/** A Kysely<Database> on the target, and what to do once it is destroyed. */
async function connect(target: StoreTarget): Promise<{ db: Kysely<Database>; release: () => void }> {
  if (target.url) {
    const { url, ...options } = target;
    return { db: openDatabase(url, options), release: () => {} };
  }
  const { db, release } = await openEmbedded(target);
  return { db, release };
}

/**
 * Gathers the planner's statistics of every table, after a load: how a search is counted depends
 * on them (postgres/search.ts), and the embedded engine (PGlite) has no autovacuum to gather them.
 */
export async function analyzeAll(db: Kysely<Database>): Promise<void> {
  await sql`ANALYZE`.execute(db);
}

/**
 * Connects, creates or migrates the schema, and loads the seed (or `data`) into an empty
 * database, then analyses what it loaded (analyzeAll).
 */
export async function openStore({ seedFile, data, ...target }: StoreOptions): Promise<PgStore> {
  const { db, release } = await connect(target);
  try {
    await migrateToLatest(db);
    const store = new PgStore(db, release);
    let loaded = false;
    if (data) {
      await store.replace({ idempotency: [], audit: [], ...data } as DbSchema);
      loaded = true;
    } else if (seedFile) loaded = await loadSeedIfEmpty(db, seedFile);
    if (loaded) await analyzeAll(db);
    return store;
  } catch (error) {
    await db.destroy().catch(() => {});
    release();
    throw error;
  }
}

/** The seed file's data (db.json's shape), its dates moved to `now` as on a first start (./seedDates.ts). */
export function readSeed(file: string, now = Date.now()): DbSchema {
  const seed = datedSeed(JSON.parse(readFileSync(file, 'utf8')) as SeedFile, now);
  return { users: [], products: [], categories: [], brands: [], cart: [], orders: [], sessions: [], idempotency: [], audit: [], ...seed };
}
