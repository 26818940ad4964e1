// A fingerprint of everything a shop's database stores: one md5 per table of its rows, read in
// one statement. Cheap enough to take after every request of a long catalogue of refused
// requests, where reading the whole state back through the store each time was most of the time.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';
import type { DurableStore } from './support';

/** Tables whose rows a refused request changes by design, and why. */
export const CHANGING_TABLES: Record<string, string> = {
  // A failed sign-in or password check counts toward its rate limit (tests/api/accounts has its tests).
  throttle_events: 'failed sign-ins are counted',
};

let statement: string | undefined;

/** The md5 of each table's rows in `db` (of no rows: the md5 of ''), by table name. */
export async function storedFingerprint(db: Kysely<Database>): Promise<Record<string, string>> {
  if (!statement) {
    const { rows } = await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(db);
    const tables = rows.map((r) => r.name).filter((name) => !(name in CHANGING_TABLES));
    if (tables.length === 0) throw new Error('storedFingerprint: no tables (wrong schema?)');
    statement = tables
      .map((t) => `SELECT '${t}' AS name, (SELECT md5(coalesce(string_agg(r::text, E'\\n' ORDER BY r::text), '')) FROM "${t}" r) AS md5`)
      .join(' UNION ALL ');
  }
  const { rows } = await sql<{ name: string; md5: string }>`${sql.raw(statement)}`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.name, r.md5]));
}

/** storedFingerprint of a durable shop: its own database (embedded), or what is committed, read through the test's own connection (postgres). */
export async function shopFingerprint(shop: Pick<DurableStore, 'withDatabase'>): Promise<Record<string, string>> {
  let fingerprint: Record<string, string> = {};
  await shop.withDatabase(async (db) => {
    fingerprint = await storedFingerprint(db);
  });
  return fingerprint;
}
