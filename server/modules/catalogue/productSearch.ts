// GET /products' `search` (the shop's own, beside json-server's `q`): read, folded into terms
// (words.ts), and corrected for a typo when it finds nothing as typed. Ranking and matching are
// SQL: pg/searchRanking.ts.
import { badRequest } from '../../http/errors';
import { PRODUCT_LIST_FIELDS, type ListQuery, type ProductListField } from '../../db/port';
import { cleanQuery, readList, type ListRead } from '../../query/listQuery';
import { foldTerms } from './words';

/** The longest `search` taken, in characters. */
export const MAX_SEARCH = 200;

/** `search` folded into terms: undefined when absent or without a letter or digit; 400 when given twice or too long. */
export function readSearch(raw: Record<string, unknown>): string[] | undefined {
  const search = raw.search;
  if (search === undefined) return undefined;
  if (typeof search !== 'string') throw badRequest('search must be given once');
  if (search.length > MAX_SEARCH) throw badRequest('Invalid search', { search: `Search must be at most ${MAX_SEARCH} characters` });
  const terms = foldTerms(search);
  return terms.length > 0 ? terms : undefined;
}

/** GET /products' query: json-server's keys (listQuery.ts) and `search`. */
export function readProductList(raw: Record<string, unknown>): ListRead<ProductListField> {
  const terms = readSearch(raw);
  const rest = { ...raw };
  delete rest.search;
  const read = readList(cleanQuery(rest), PRODUCT_LIST_FIELDS);
  if (terms) read.list.search = terms;
  return read;
}

/** What a corrected search may be: printable ASCII, so that X-Search-Corrected carries it as it is. */
const PLAIN = /^[ -~]+$/;

/**
 * Runs `run` on `list`; when the list has a search and `run` finds nothing, asks `correct` for the
 * search's terms corrected and, when there is a correction (in printable ASCII: a search in
 * another script is never corrected), runs the list with it: that answer, with `corrected` (the
 * corrected terms, space-separated), when it finds something.
 */
export async function withCorrection<T extends { total: number }>(
  list: ListQuery<ProductListField>,
  correct: (terms: readonly string[]) => Promise<string[] | undefined>,
  run: (list: ListQuery<ProductListField>) => Promise<T>,
): Promise<T & { corrected?: string }> {
  const answer = await run(list);
  if (!list.search || answer.total > 0) return answer;
  const corrected = await correct(list.search);
  if (!corrected || !PLAIN.test(corrected.join(' '))) return answer;
  const again = await run({ ...list, search: corrected });
  return again.total > 0 ? { ...again, corrected: corrected.join(' ') } : answer;
}
