// For test files: a fresh, empty database on the run's shared cluster (tests/pg/globalSetup.ts),
// or on TEST_DATABASE_URL, or — when the file runs without that globalSetup — on a cluster of
// this worker's own, stopped when the worker exits.
//
//   const { url, drop } = await testDatabase();   // in beforeAll
//   afterAll(() => drop());
import { Migrator, type Kysely } from 'kysely';
import { expect, inject } from 'vitest';
import { openDatabase } from '../../server/db/connect';
import { migrations } from '../../server/db/migrate';
import type { Database } from '../../server/db/schema';
import { freshDatabase, startCluster, waitForServer, type FreshDatabase } from './cluster';

let ownCluster: Promise<string> | undefined;

/** The server test databases are made on (started on first use when no globalSetup provides one). */
export async function adminUrl(): Promise<string> {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const provided = inject('postgres');
  if (provided?.error) throw new Error(provided.error);
  if (provided?.url) return provided.url;
  ownCluster ??= startCluster({ durable: false }).then((c) => c.url);
  return ownCluster;
}

export async function testDatabase(prefix = 'shop_test'): Promise<FreshDatabase> {
  const url = await adminUrl();
  await waitForServer(url, 30_000);
  return freshDatabase(url, prefix);
}

/**
 * A migration's test: the database at `url` migrated up to, not including, migration `name` (a
 * shop made before it), on a connection of its own (`db.destroy()` when done); then fill it, and
 * migrateToLatest runs `name`.
 */
export async function migratedBefore(url: string, name: string): Promise<Kysely<Database>> {
  const db = openDatabase(url, { max: 1 });
  const earlier = Object.fromEntries(Object.entries(migrations).filter(([key]) => key !== name));
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => earlier }, allowUnorderedMigrations: true }).migrateToLatest();
  expect(error).toBeUndefined();
  return db;
}

