// 0047: the search vocabulary's trigram index keeps few pending entries. A GIN index adds new
// entries to a pending list (fastupdate), read through in full by every lookup of the index and
// merged into it only by VACUUM or when it outgrows gin_pending_list_limit (4 MB by default). The
// embedded database (PGlite) has no autovacuum, so the list stayed up to 4 MB: after an import of
// 100,000 products, each typo's correction (search_words, migration 0034) took ~57 ms instead of
// ~6 ms. A limit of 64 kB (the least allowed) merges it as it fills, so a lookup reads at most that
// much of it; the list there now is merged. Words are added only when a product brings a new one.
// (The products' own trigram indexes keep the default: with 64 kB an import of 10,000 products into
// the embedded database took twice as long, 50–62 s instead of 27–31 s.)
import { sql, type Kysely } from 'kysely';

const INDEXES = ['search_words_trgm_idx'];

/** The pending list's limit, in kB. */
const PENDING_KB = 64;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const index of INDEXES) {
    await sql`ALTER INDEX ${sql.id(index)} SET (gin_pending_list_limit = ${sql.lit(PENDING_KB)})`.execute(db);
    await sql`SELECT gin_clean_pending_list(${index}::regclass)`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const index of INDEXES) await sql`ALTER INDEX ${sql.id(index)} RESET (gin_pending_list_limit)`.execute(db);
}
