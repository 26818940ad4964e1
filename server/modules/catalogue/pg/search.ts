// `q` on products, as json-server 0.17 answers it: a case-insensitive substring of any value of
// the product answer (see products.search_text in migrations/0001_initial.ts for what that holds
// of the stored ones).
import { sql, type Kysely, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import { containsPattern } from '../../../query/jsonQuery';

type Db = Kysely<Database> | Transaction<Database>;

/** Separates the values in products.search_text. */
export const SEARCH_SEPARATOR = '\u001f';

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

/**
 * productAnswerMatches in a form the planner neither estimates from the column's statistics nor
 * answers with the trigram index: strpos on the same lower-cased text. For a search that matches
 * many products, read in the list's order until its page is full (catalogue.ts searchPage), where
 * the LIKE form spent more time planning than running (its selectivity is worked out on
 * search_text's histogram, migrations 0008 and 0019) and could be planned as a whole-index search.
 */
export function productAnswerScans(q: string): RawBuilder<SqlBool> {
  if (q.includes('\0')) return sql<SqlBool>`false`;
  const text = q.toLowerCase();
  const found = (value: RawBuilder<unknown>) => sql<SqlBool>`strpos(${value}, ${text}) > 0`;
  if (!NUMBER_TEXT.test(text)) return found(sql`products.search_text`);
  return sql<SqlBool>`(${found(sql`products.search_text`)}
    OR (products.sale_price <> 0 AND ${found(sql`products.sale_price::text`)})
    OR (products.low_stock_threshold <> 0 AND ${found(sql`products.low_stock_threshold::text`)}))`;
}

/**
 * How a search's total (X-Total-Count) is counted. Counting every match means reading every
 * matching product (its text is checked: the trigram index only finds candidates, and for common
 * trigrams such as "ing" it finds them slowly): ~83,000 rows for "laptop" at 1,000,000 products.
 * So on a catalogue of more than `exactCatalogue` products, a search the planner expects to match
 * more than `cap` products reads only its page, and its total is the planner's estimate (from the
 * statistics ANALYZE keeps: 250 histogram entries for search_text, migration 0019), never less than what the
 * page shows, marked as such (X-Total-Count-Estimated: true); exact when the page ends the list.
 * A catalogue of up to `exactCatalogue` products (the seed, a 10,000-product shop) always gets
 * json-server's exact count.
 */
export const SEARCH_COUNT = { exactCatalogue: 20_000, cap: 500 };

/** How many products the catalogue has (product_counts: a few hundred rows, whatever its size). */
export async function catalogueSize(db: Db): Promise<number> {
  return (await sql<{ n: number }>`SELECT coalesce(sum(n), 0)::int AS n FROM product_counts`.execute(db)).rows[0].n;
}

/** How long an instance keeps the planner's estimate of a search, and for how many searches. */
export const ESTIMATE_KEPT = { ms: 30_000, searches: 1_000 };

/** Estimates already asked for, by database and statement. */
const estimates = new WeakMap<object, Map<string, { rows: number; until: number }>>();

/**
 * The planner's estimate of how many products `where` selects (EXPLAIN: nothing is read). Working
 * it out matches the pattern against each entry of search_text's histogram (250 entries of a
 * product's whole text, migration 0019), which on a big catalogue costs more than reading the
 * page: each instance keeps the estimate of a search for ESTIMATE_KEPT.ms. It is an estimate either
 * way (the planner's statistics change only with ANALYZE), marked as such where it is shown.
 */
export async function estimateCount(db: Db, where: RawBuilder<SqlBool>, now = Date.now()): Promise<number> {
  const statement = sql<{ 'QUERY PLAN': unknown }>`EXPLAIN (FORMAT JSON) SELECT FROM products WHERE ${where}`;
  const compiled = statement.compile(db);
  const key = `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
  let kept = estimates.get(db);
  if (!kept) estimates.set(db, (kept = new Map()));
  const known = kept.get(key);
  if (known && known.until > now) return known.rows;
  const { rows } = await statement.execute(db);
  const cell = rows[0]['QUERY PLAN'];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: { 'Plan Rows': number } }[];
  const estimate = Math.round(plan[0].Plan['Plan Rows']);
  if (kept.size >= ESTIMATE_KEPT.searches) kept.clear();
  kept.set(key, { rows: estimate, until: now + ESTIMATE_KEPT.ms });
  return estimate;
}
