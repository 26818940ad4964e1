// `q` on products, as json-server 0.17 answers it: a case-insensitive substring of any value of
// the product (see products.search_text in migrations/0001_initial.ts for what that holds), and
// of the values a product answer has beside its stored ones (salePrice) or that search_text
// leaves out (lowStockThreshold).
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
 * WHERE condition for `q` (json-server ignores an empty q: do not call this for one). Uses the
 * trigram index for 3+ characters. The one difference from json-server: a q that contains U+001F
 * itself could match across two neighbouring values. A q that could be part of a number also
 * looks at the numbers outside search_text (skipping 0, which json-server's search skips).
 */
export function productMatches(q: string): RawBuilder<SqlBool> {
  // No value holds a NUL (PostgreSQL cannot store one, nor take it in a pattern).
  if (q.includes('\0')) return sql<SqlBool>`false`;
  const pattern = containsPattern(q);
  const inText = sql<SqlBool>`products.search_text LIKE ${pattern}`;
  if (!NUMBER_TEXT.test(q.toLowerCase())) return inText;
  return sql<SqlBool>`(${inText}
    OR (products.sale_price <> 0 AND products.sale_price::text LIKE ${pattern})
    OR (products.low_stock_threshold <> 0 AND products.low_stock_threshold::text LIKE ${pattern}))`;
}
