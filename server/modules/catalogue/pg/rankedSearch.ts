// A ranked `search` (no `_sort`) on a big catalogue, answered without scoring every match. Ranking
// every match reads every matching product: 14,074 for "running shoes" at 1,000,000 products
// (~700 ms), 83,333 for "laptop" or "shoes" (over a second). So on a catalogue of more than
// SEARCH_COUNT.exactCatalogue products (search.ts; all the tests' and a 10,000-product shop's are
// within it, and are ranked exactly), a search is ranked among a bounded set of candidates:
//  - the window: the first RANKED_SEARCH.window products of the list in id order (its filters
//    applied: 2,000 rows read in id order, whatever the catalogue's size), each checked; its
//    matches are candidates;
//  - when the window holds fewer than RANKED_SEARCH.titleHits products whose title holds every
//    term, up to RANKED_SEARCH.titles more such products after the window, in id order (found
//    through the title_words trigram index: few titles hold the words then), so that products
//    with the words in their titles still come first.
// The candidates are ranked as every list is (searchScore, then id); the list goes on with the
// other matches after the window in id order, so that its pages follow one another (each match
// once). Its total (X-Total-Count) is the window's share of matches scaled to the list's size,
// marked X-Total-Count-Estimated: true (exact when the page ends the list). When the window holds
// the whole list, or fewer than RANKED_SEARCH.dense matches (a rare search, or none at all: ranking
// every match is cheap then), the search is ranked and counted exactly as on a small catalogue.
import { sql, type Kysely, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import type { ListQuery, ProductListField } from '../../../db/port';
import type { Database } from '../../../db/schema';
import { and, containsPattern } from '../../../query/jsonQuery';
import { productWhere } from './productList';
import { estimateCount } from './search';
import { searchFound, searchMatches, searchScore } from './searchRanking';

type Db = Kysely<Database> | Transaction<Database>;

/** The bounds of a ranked search on a big catalogue (see the header); tests lower them. */
export const RANKED_SEARCH = { window: 2_000, titleHits: 15, titles: 100, dense: 5, scanned: 100 };

/** A candidate: its id and score. */
type Scored = { id: number; score: number };

/** The candidates' order: the score, higher first, then id. */
const byRank = (a: Scored, b: Scored) => b.score - a.score || a.id - b.id;

/** WHERE condition: every term in the title (title_words, folded). */
const titleHolds = (terms: readonly string[], t = 'products'): RawBuilder<SqlBool> =>
  and(terms.map((term) => sql<SqlBool>`${sql.ref(`${t}.title_words`)} LIKE ${containsPattern(term)}`));

/** What a page of a ranked search is: its ids in order, its total, and whether that is an estimate. */
export type RankedPage = { ids: number[]; total: number; estimated: boolean };

/**
 * The ids of a page of a ranked search on a big catalogue, in order, with its total; undefined
 * when it is to be ranked exactly (the window holds the whole list, or few matches).
 */
export async function rankedSearchPage(db: Db, query: ListQuery<ProductListField>, offset: number, limit: number, size: number): Promise<RankedPage | undefined> {
  const terms = query.search!;
  const { window, titleHits, titles, dense } = RANKED_SEARCH;
  // The list's filters (and `q`) without the search: the window is the first products they select.
  const unsearched = { ...query, search: undefined };
  const filters = productWhere(unsearched, true);
  // One pass over the window: its size, its last id, and its matches (id, score, title match).
  const { rows } = await sql<{ read: number; last: number | null; matches: [number, number, boolean][] | string | null }>`
    SELECT count(*)::int AS read, max(products.id) AS last,
      json_agg(json_build_array(products.id, ${searchScore(terms)}, ${titleHolds(terms)})) FILTER (WHERE ${searchFound(terms)}) AS matches
    FROM (SELECT products.id, products.title_words, products.search_text, products.brand, products.category, products.description
      FROM products WHERE ${filters} ORDER BY products.id LIMIT ${window}) AS products`.execute(db);
  const { read, last } = rows[0];
  const cell = rows[0].matches ?? [];
  const matches = (typeof cell === 'string' ? JSON.parse(cell) : cell) as [number, number, boolean][];
  if (read < window || matches.length < dense || last === null) return undefined;
  const candidates: Scored[] = matches.map(([id, score]) => ({ id, score }));
  let after: Scored[] = [];
  if (matches.filter(([, , hit]) => hit).length < titleHits) {
    // Title matches are rare in the window: the first ones after it, through the title index.
    after = (
      await sql<Scored>`SELECT products.id, ${searchScore(terms)} AS score FROM products
        WHERE ${titleHolds(terms)} AND ${filters} AND products.id > ${last}
        ORDER BY products.id LIMIT ${titles}`.execute(db)
    ).rows.map((r) => ({ id: r.id, score: Number(r.score) }));
  }
  const ranked = [...candidates, ...after].sort(byRank).map((c) => c.id);
  const ids = ranked.slice(offset, offset + limit);
  if (ids.length < limit) {
    // Past the candidates: the other matches after the window in id order. Near the candidates they
    // are read in id order until the page is full (searchFound: not planned as a trigram index
    // search); deeper, through the trigram indexes (every match found, then the page).
    const skipped = after.map((c) => c.id);
    const from = Math.max(0, offset - ranked.length);
    const found = from + limit - ids.length <= RANKED_SEARCH.scanned ? searchFound(terms) : searchMatches(terms);
    const rest = await sql<{ id: number }>`SELECT products.id FROM products
      WHERE ${found} AND ${filters} AND products.id > ${last}
        ${skipped.length > 0 ? sql`AND products.id NOT IN (${sql.join(skipped)})` : sql``}
      ORDER BY products.id LIMIT ${limit - ids.length} OFFSET ${from}`.execute(db);
    ids.push(...rest.rows.map((r) => r.id));
    // A page that ends before its limit ends the list: the total is known.
    if (ids.length > 0 && ids.length < limit) return { ids, total: offset + ids.length, estimated: false };
  }
  // The window's share of matches, scaled to the list's size (the catalogue's, or the planner's
  // estimate of the filtered list's): never less than what the answer has shown to exist.
  const listSize = (query.filters ?? []).length > 0 || query.q ? await estimateCount(db, productWhere(unsearched)) : size;
  const scaled = Math.round((matches.length / read) * Math.max(listSize, read));
  return { ids, total: Math.max(scaled, ranked.length, offset + ids.length), estimated: true };
}
