// 0019: search_text's statistics target from 1,000 (0008) to 250. The planner works out a `q`
// search's selectivity by matching the pattern against each histogram entry of search_text (a
// product's whole text), on every plan of a search: at 1,000 entries that took longer than the
// search itself (about 2 ms a statement on a million products, where the page takes one), and a
// search page is planned twice (its estimate, search.ts, and the page). 250 entries still see a
// product line in 1.4 % of the catalogue ("running shoes") about 3.5 times (missed in 3 % of
// samples, and then counted exactly: never wrong, only slower), and the estimates measured at a
// million products stay within tens of percent, as with 1,000. ANALYZE, as 0008.
import { sql, type Kysely } from 'kysely';
import { SEARCH_TEXT_STATISTICS } from './0008_search_at_scale';

const STATISTICS = 250;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE products ALTER COLUMN search_text SET STATISTICS ${sql.lit(STATISTICS)}`.execute(db);
  await sql`ANALYZE products`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE products ALTER COLUMN search_text SET STATISTICS ${sql.lit(SEARCH_TEXT_STATISTICS)}`.execute(db);
}
