// The catalogue's reads on PostgreSQL (PgStore delegates here): pages of products with their
// total in one statement, counts for the facets, the displayed price range and suggestions. The
// SQL pieces (WHERE, ORDER BY, counts from product_counts, merged pages) are productList.ts'.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Product } from '../../../../src/domain/types';
import type { ListedProduct, ListQuery, Page, ProductListField, ValueCount } from '../../../db/port';
import { forwardWindow, fromEnd, sliceBounds } from '../../../query/jsonQuery';
import { productCount, productCountBy, productListColumn, productOrder, productPageIds, productWhere, ranked } from './productList';
import { SCORED_COLUMNS } from './searchRanking';
import { PRODUCT_COLUMNS, productFromRow, type ProductRow } from './productRows';
import { catalogueSize, estimateCount, SEARCH_COUNT } from './search';
import { rankedSearchPage } from './rankedSearch';
import type { Database } from '../../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;
/** A listed product's row: its columns and what its variants decide of its price (migrations 0012, 0018). */
type ListedRow = ProductRow & { sale_price: number; price_varies: boolean };
type ProductRowWithTotal = ListedRow & { total: number | null };

const LISTED_COLUMNS = [...PRODUCT_COLUMNS, 'sale_price', 'price_varies'] as const;

/** A product as a list answers it: with salePrice and priceVaries (a card's "from $X"). */
const listedFromRow = (r: ListedRow): ListedProduct => ({ ...productFromRow(r), salePrice: r.sale_price, priceVaries: r.price_varies });

export async function listProducts(db: Db, query: ListQuery<ProductListField>): Promise<Page<ListedProduct>> {
  const where = productWhere(query);
  const order = productOrder(query);
  const counted = productCount(query) ?? sql<number>`(SELECT count(*)::int FROM products WHERE ${where})`;
  const count = async (db: Db) => (await sql<{ n: number }>`SELECT ${counted} AS n`.execute(db)).rows[0].n;
  const columns = sql.join(LISTED_COLUMNS.map((c) => sql.ref(`products.${c}`)));
  // One statement, one snapshot: the page and its total. The page's ids come first (from an
  // index alone where one covers the filter and the sort, so a deep page skips index entries,
  // not table rows); then only those products are read.
  const page = (db: Db, offset: number, limit: number | null, withTotal: boolean, scan = false) => {
    if ((query.q || query.search?.length) && withTotal) {
      // A search finds its matches once (trigram index, then each candidate checked) and both
      // counts and pages them, instead of running that search twice.
      // Each column once (a sort may name id, or a field twice); a ranked one's scored columns.
      const sorted = ranked(query) ? SCORED_COLUMNS : (query.sort ?? []).map((s) => productListColumn(s.field));
      const keys = sql.join([...new Set(['id', ...sorted])].map((c) => sql.ref(`products.${c}`)));
      return sql<ProductRowWithTotal>`
        WITH matched AS MATERIALIZED (SELECT ${keys} FROM products WHERE ${where}),
          page AS (SELECT products.id FROM matched AS products ORDER BY ${order} LIMIT ${limit} OFFSET ${offset})
        SELECT ${columns}, (SELECT count(*)::int FROM matched) AS total
        FROM page JOIN products ON products.id = page.id
        ORDER BY ${order}`.execute(db);
    }
    // The total as an InitPlan (run once): from product_counts when it can, else counted.
    return sql<ProductRowWithTotal>`
      SELECT ${columns}, ${withTotal ? counted : sql`NULL::int`} AS total
      FROM ${productPageIds(query, offset, limit, scan)}
      JOIN products ON products.id = page.id
      ORDER BY ${order}`.execute(db);
  };
  const slice = query.slice;
  if (slice && fromEnd(slice)) {
    // Counted from the end: the count first, in the same snapshot as the page.
    return db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const total = await count(trx);
        const [from, to] = sliceBounds(total, slice.start, slice.end);
        const rows = to > from ? (await page(trx, from, to - from, false)).rows : [];
        return { items: rows.map(listedFromRow), total };
      });
  }
  const part = slice ? forwardWindow(slice) : { offset: 0, limit: null };
  if (!part) return { items: [], total: await count(db) };
  const { offset, limit } = part;
  if (offset >= DEEP && limit !== null) {
    const dense = await denseIdPage(db, query, offset, limit);
    if (dense) return dense;
  }
  if (ranked(query) && limit !== null) {
    const size = await catalogueSize(db);
    const found = size > SEARCH_COUNT.exactCatalogue ? await rankedSearchPage(db, query, offset, limit, size) : undefined;
    if (found) return { items: await productsInOrder(db, found.ids), total: found.total, ...(found.estimated ? { estimated: true as const } : {}) };
  }
  if (query.q && limit !== null && (await catalogueSize(db)) > SEARCH_COUNT.exactCatalogue) {
    const found = await searchPage(db, query, offset, limit, () => page(db, offset, limit, false, true));
    if (found) return found;
  }
  const { rows } = await page(db, offset, limit, true);
  // Past the end there is no row to carry the total. A first page without a row has nothing
  // to count (a search that finds nothing is not run a second time to count it).
  if (rows.length === 0) return { items: [], total: offset === 0 ? 0 : await count(db) };
  return { items: rows.map(listedFromRow), total: rows[0].total! };
}

/**
 * A page of a `q` search on a catalogue of more than SEARCH_COUNT.exactCatalogue products, found
 * without finding every match (search.ts); undefined when the planner expects at most
 * SEARCH_COUNT.cap matches: those are found (trigram index) and counted with the page, as on a
 * small catalogue. Otherwise the page alone is read, in the list's order (by its index) checking each product,
 * which dense matches end soon; its total is exact when the page ends the list, else estimated.
 */
async function searchPage(
  db: Db,
  query: ListQuery<ProductListField>,
  offset: number,
  limit: number,
  page: () => Promise<{ rows: ProductRowWithTotal[] }>,
): Promise<Page<ListedProduct> | undefined> {
  const where = productWhere(query);
  const expected = await estimateCount(db, where);
  if (expected <= SEARCH_COUNT.cap) return undefined;
  const { rows } = await page();
  const items = rows.map(listedFromRow);
  // A page that ends before its limit ends the list: the total is known.
  if (items.length > 0 && items.length < limit) return { items, total: offset + items.length };
  return { items, total: Math.max(offset + items.length, expected), estimated: true };
}

/** The listed products of these ids, in their order. */
async function productsInOrder(db: Db, ids: readonly number[]): Promise<ListedProduct[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('products').select(LISTED_COLUMNS).where('id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, listedFromRow(r as ListedRow)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** From this offset on, a page of the whole catalogue in id order is looked for by id (denseIdPage). */
const DEEP = 1000;

/**
 * A deep page of every product in id order, found by id instead of by skipping `offset` index
 * entries, when the ids are 1 to N without a gap (products are never removed, so they stay so
 * unless an insert failed): row `offset` is then id `offset + 1`. Undefined for any other list.
 */
async function denseIdPage(db: Db, query: ListQuery<ProductListField>, offset: number, limit: number): Promise<Page<ListedProduct> | undefined> {
  const sort = query.sort ?? [];
  if (query.q || query.search?.length || (query.filters ?? []).length > 0 || sort.some((s) => s.field !== 'id' || s.order !== 'asc')) return undefined;
  return db.transaction().setIsolationLevel('repeatable read').execute(async (trx) => {
    const { rows } = await sql<{ last: number | null; total: number }>`
      SELECT (SELECT max(id) FROM products) AS last, (SELECT coalesce(sum(n), 0)::int FROM product_counts) AS total`.execute(trx);
    const { last, total } = rows[0];
    if ((last ?? 0) !== total) return undefined;
    const page = await trx.selectFrom('products').select(LISTED_COLUMNS).where('id', '>', offset).orderBy('id').limit(limit).execute();
    return { items: page.map(listedFromRow), total };
  });
}

export async function countProducts(db: Db, query: ListQuery<ProductListField>): Promise<number> {
  const counted = productCount(query) ?? sql<number>`(SELECT count(*)::int FROM products WHERE ${productWhere(query)})`;
  return (await sql<{ n: number }>`SELECT ${counted} AS n`.execute(db)).rows[0].n;
}

export async function countProductsBy(db: Db, field: 'category' | 'brand', query: ListQuery<ProductListField>): Promise<ValueCount[]> {
  return (await productCountBy(query, field).execute(db)).rows;
}

export async function salePriceRange(db: Db, query: ListQuery<ProductListField>): Promise<{ min: number; max: number } | undefined> {
  const { rows } = await sql<{ min: number | null; max: number | null }>`
    SELECT min(sale_price) AS min, max(sale_price) AS max FROM products WHERE ${productWhere(query)}`.execute(db);
  const { min, max } = rows[0];
  return min === null || max === null ? undefined : { min, max };
}

export async function suggestProducts(db: Db, terms: readonly string[], limit: number): Promise<Pick<Product, 'id' | 'title' | 'thumbnail'>[]> {
  // A folded term is letters and digits only: nothing in it is a LIKE wildcard.
  let query = db.selectFrom('products').select(['id', 'title', 'thumbnail']).where('deleted', '=', false);
  for (const term of terms) query = query.where('title_words', 'like', `% ${term}%`);
  return query.orderBy('id').limit(limit).execute();
}

