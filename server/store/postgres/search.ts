// `q` on products, as json-server 0.17 answers it: a case-insensitive substring of any value of
// the product (see products.search_text in migrations/0001_initial.ts for what that holds).
import { sql, type RawBuilder, type SqlBool } from 'kysely';

/** Separates the values in products.search_text. */
export const SEARCH_SEPARATOR = '\u001f';

/** '%<q lower-cased, LIKE wildcards escaped>%'. Lower-cased as json-server does (JS toLowerCase). */
export function containsPattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
}

/**
 * WHERE condition for `q` (json-server ignores an empty q: do not call this for one). Uses the
 * trigram index for 3+ characters. The one difference from json-server: a q that contains U+001F
 * itself could match across two neighbouring values.
 */
export function productMatches(q: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`products.search_text LIKE ${containsPattern(q)}`;
}
