// `q` on products, as json-server 0.17 answers it: a case-insensitive substring of any value of
// the product answer (see products.search_text in migrations/0001_initial.ts for what that holds
// of the stored ones).
import { sql, type RawBuilder, type SqlBool } from 'kysely';

/** Separates the values in products.search_text. */
export const SEARCH_SEPARATOR = '\u001f';

/** '%<q lower-cased, LIKE wildcards escaped>%'. Lower-cased as json-server does (JS toLowerCase). */
export function containsPattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
}

/** What can be part of a number's text (String(n)): only such a q can match one. */
const NUMBER_TEXT = /^[0-9.e+-]+$/;

/**
 * WHERE condition for `q` on the stored values (json-server ignores an empty q: do not call this
 * for one). Uses the trigram index for 3+ characters. The one difference from json-server: a q
 * that contains U+001F itself could match across two neighbouring values.
 */
export function productMatches(q: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`products.search_text LIKE ${containsPattern(q)}`;
}

/**
 * WHERE condition for `q` on a product answer: its stored values (productMatches) and, for a q
 * that could be part of a number, the numbers search_text does not hold: salePrice, which every
 * answer carries, and lowStockThreshold (each skipped when 0, as json-server's search skips it).
 */
export function productAnswerMatches(q: string): RawBuilder<SqlBool> {
  // No value holds a NUL (PostgreSQL can neither store one nor take it in a pattern).
  if (q.includes('\0')) return sql<SqlBool>`false`;
  if (!NUMBER_TEXT.test(q.toLowerCase())) return productMatches(q);
  const pattern = containsPattern(q);
  return sql<SqlBool>`(products.search_text LIKE ${pattern}
    OR (products.sale_price <> 0 AND products.sale_price::text LIKE ${pattern})
    OR (products.low_stock_threshold <> 0 AND products.low_stock_threshold::text LIKE ${pattern}))`;
}
