// 0008: a `q` search at a million products (server/modules/catalogue/pg/search.ts).
// Whether a search counts its matches or reports an estimate follows the planner's estimate of
// them, which for `search_text LIKE '%q%'` is the share of search_text's histogram that matches.
// With the default 100 entries a product line in 1.4 % of a million products ("running shoes",
// 14,000) is often seen in none and estimated at 100; with 1,000 entries it is seen in ~14 and
// estimated within tens of percent. ANALYZE so that a database migrated with its data has them.
import { sql, type Kysely } from 'kysely';

export const SEARCH_TEXT_STATISTICS = 1000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE products ALTER COLUMN search_text SET STATISTICS ${sql.lit(SEARCH_TEXT_STATISTICS)}`.execute(db);
  await sql`ANALYZE products`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE products ALTER COLUMN search_text SET STATISTICS -1`.execute(db);
}
