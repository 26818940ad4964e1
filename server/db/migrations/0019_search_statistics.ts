// 0019: search_text's statistics target from 1,000 (0008) to 250. The planner works out the
// selectivity of `search_text LIKE '%q%'` by matching the pattern against every histogram entry
// (a product's whole text) each time it plans a search: with 1,000 entries that took longer than
// the search itself, most of all in the embedded engine (WebAssembly), where a search of the
// 10,000-product catalogue spent 10 to 25 ms planning. With 250 it is a quarter of that. The
// estimate (search.ts: whether a search on a big catalogue is counted or estimated) is coarser:
// a product line in 1.4 % of the catalogue ("running shoes") is seen about 3.5 times in the
// histogram, and measured estimates at a million products ranged from 0.3x to 1.1x the true
// count (X-Total-Count-Estimated says it is one). SEARCH_COUNT.cap went down to match. ANALYZE,
// as 0008.
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
