// `search` on products (GET /products?search=): the shop's own search, beside json-server's `q`.
// Its terms are folded (../words.ts foldTerms). A product matches when every term is part of
// its title (title_words, folded), brand, category or description; the list is ranked by how
// well the whole search matches each field, weighted title > brand > category > description
// (pg_trgm's word_similarity, 1 for a whole word), ties by id. The trigram indexes on
// title_words and search_text (which holds brand, category and description, lower-cased) find
// the candidates. A typo is corrected from search_words (migration 0034) by nearestWords.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../../db/schema';
import { containsPattern } from '../../../query/jsonQuery';

/** The weight of a match in each field; a description counts only as containing the search. */
export const FIELD_WEIGHT = { title: 8, brand: 4, category: 2, description: 1 } as const;

/** The fields other than the title, lower-cased as search_text holds them. */
const OTHER_FIELDS = (t: string) => sql`lower(${sql.ref(`${t}.brand`)} || ' ' || ${sql.ref(`${t}.category`)} || ' ' || ${sql.ref(`${t}.description`)})`;

/** WHERE condition: every term in the title, brand, category or description (terms: folded, at least one). */
export function searchMatches(terms: readonly string[], t = 'products'): RawBuilder<SqlBool> {
  const parts = terms.map((term) => {
    const pattern = containsPattern(term);
    // The LIKE on search_text lets its trigram index find the candidates; strpos checks the fields.
    return sql<SqlBool>`(${sql.ref(`${t}.title_words`)} LIKE ${pattern}
      OR (${sql.ref(`${t}.search_text`)} LIKE ${pattern} AND strpos(${OTHER_FIELDS(t)}, ${term}) > 0))`;
  });
  return sql<SqlBool>`(${sql.join(parts, sql` AND `)})`;
}

/**
 * searchMatches in strpos form (the same products: a folded term holds no LIKE wildcard), for rows
 * already read in another order (rankedSearch.ts' window): neither estimated by the planner nor
 * answered from the trigram indexes. The fields are lower-cased only where search_text holds the term.
 */
export function searchFound(terms: readonly string[], t = 'products'): RawBuilder<SqlBool> {
  const found = (column: string, term: string) => sql<SqlBool>`strpos(${sql.ref(`${t}.${column}`)}, ${term}) > 0`;
  const parts = terms.map((term) => sql<SqlBool>`(${found('title_words', term)}
    OR (${found('search_text', term)} AND strpos(${OTHER_FIELDS(t)}, ${term}) > 0))`);
  return sql<SqlBool>`(${sql.join(parts, sql` AND `)})`;
}

/** The relevance of a matching product (higher first): the fields' word_similarity to the search, weighted. */
export function searchScore(terms: readonly string[], t = 'products'): RawBuilder<number> {
  const text = terms.join(' ');
  const col = (c: string) => sql.ref(`${t}.${c}`);
  return sql<number>`(${FIELD_WEIGHT.title} * word_similarity(${text}, ${col('title_words')})
    + ${FIELD_WEIGHT.brand} * word_similarity(${text}, lower(${col('brand')}))
    + ${FIELD_WEIGHT.category} * word_similarity(${text}, lower(${col('category')}))
    + ${FIELD_WEIGHT.description} * (strpos(lower(${col('description')}), ${text}) > 0)::int)`;
}

/** The columns searchScore reads (a list's matches keep them to be ranked). */
export const SCORED_COLUMNS = ['title_words', 'brand', 'category', 'description'] as const;

/**
 * How many edits (a letter added, removed, changed, or two neighbours swapped) a correction of
 * a term may make: 1 up to 5 letters, 2 from 6 on. Terms of fewer than 3 letters are never corrected.
 */
export const maxEdits = (term: string) => (term.length < 3 ? 0 : term.length <= 5 ? 1 : 2);

/** The optimal-string-alignment distance of a and b (Damerau–Levenshtein without a second edit of a swapped pair). */
export function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** How many candidate words (by trigram similarity) each term's correction is chosen from. */
const CANDIDATES = 50;

/**
 * The least trigram similarity of a candidate: one swap of two letters in a 5-letter word
 * ("sheos", "shoes") leaves 2 of their 10 trigrams shared (0.2), a swap in a short word less.
 */
const SIMILARITY = 0.1;

/**
 * Each term corrected: kept when some known word contains it, else the known word (search_words)
 * fewest edits away (maxEdits at most), the closer by trigram similarity first, then the
 * alphabetically first; kept when none is that near. Undefined when no term changed. The
 * candidates come from the words' trigram index (`%` with pg_trgm.similarity_threshold set for
 * this transaction only), so the vocabulary's size matters little.
 */
export async function nearestWords(db: Kysely<Database>, terms: readonly string[]): Promise<string[] | undefined> {
  const asked = terms.filter((term) => maxEdits(term) > 0);
  if (asked.length === 0) return undefined;
  const found = await db.transaction().execute(async (trx) => {
    await sql`SELECT set_config('pg_trgm.similarity_threshold', ${String(SIMILARITY)}, true)`.execute(trx);
    const rows = new Map<string, { word: string; known: boolean }[]>();
    for (const term of asked) {
      const limit = maxEdits(term);
      const answer = await sql<{ word: string; known: boolean }>`
        SELECT word, false AS known FROM (
          SELECT word FROM search_words
          WHERE word % ${term} AND length(word) BETWEEN ${term.length - limit} AND ${term.length + limit}
          ORDER BY similarity(word, ${term}) DESC, word LIMIT ${CANDIDATES}) AS near
        UNION ALL
        SELECT ${term}, true WHERE EXISTS (SELECT FROM search_words WHERE word LIKE ${containsPattern(term)})`.execute(trx);
      rows.set(term, answer.rows);
    }
    return rows;
  });
  let changed = false;
  const corrected = terms.map((term) => {
    const rows = found.get(term);
    if (!rows || rows.some((r) => r.known)) return term;
    let best: { word: string; edits: number } | undefined;
    for (const { word } of rows) {
      const edits = editDistance(term, word);
      if (edits <= maxEdits(term) && (!best || edits < best.edits)) best = { word, edits };
    }
    changed ||= best !== undefined;
    return best?.word ?? term;
  });
  return changed ? corrected : undefined;
}
