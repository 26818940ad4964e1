// 0011: `q` no longer finds a product by a reviewer's internal user id. The
// answers shoppers and visitors get hold no review's `user` (server/modules/catalogue/publicProduct.ts), and
// json-server's q matches the values of the answer, so products.search_text must not hold it
// either. search_text is a generated column; PostgreSQL 15 cannot change a generated column's
// expression, so it is dropped and added again with the new one (every row's text recomputed),
// with its trigram index and its statistics target (0008). Everything else is as in 0001: see
// productSearchText() there for what each part is and why.
import { sql, type Kysely } from 'kysely';
import { SEARCH_TEXT_STATISTICS } from './0008_search_at_scale';

/** products.search_text with `reviews` read by `reviewsText` (a function of the reviews column). */
function productSearchText(reviewsText: string) {
  const text = (column: string) => `nullif(${column}, '')`;
  const number = (column: string) => `CASE WHEN ${column} <> 0 THEN ${column}::text END`;
  const parts = [
    number('id'),
    text('title'),
    text('description'),
    number('price'),
    number('discount_percentage'),
    number('stock'),
    text('thumbnail'),
    'shop_json_search_text(images)',
    text('brand'),
    text('category'),
    number('rating'),
    number('weight'),
    text('warranty_information'),
    text('shipping_information'),
    text('return_policy'),
    number('minimum_order_quantity'),
    `${reviewsText}(reviews)`,
    `CASE WHEN deleted THEN 'true' END`,
  ];
  const joined = parts.map((p) => `coalesce(${p} || E'\\x1f', '')`).join('\n      || ');
  return sql.raw(`lower((${joined}) COLLATE "und-x-icu")`);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function rebuild(db: Kysely<any>, reviewsText: string): Promise<void> {
  await sql`DROP INDEX IF EXISTS products_search_text_trgm_idx`.execute(db);
  await db.schema.alterTable('products').dropColumn('search_text').execute();
  await db.schema
    .alterTable('products')
    .addColumn('search_text', 'text', (c) => c.notNull().generatedAlwaysAs(productSearchText(reviewsText)).stored())
    .execute();
  await db.schema
    .createIndex('products_search_text_trgm_idx')
    .on('products')
    .using('gin')
    .expression(sql`search_text gin_trgm_ops`)
    .execute();
  await sql`ALTER TABLE products ALTER COLUMN search_text SET STATISTICS ${sql.lit(SEARCH_TEXT_STATISTICS)}`.execute(db);
  await sql`ANALYZE products`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // The reviews' values as shop_json_search_text gives them, each review without its `user`.
  await sql`
    CREATE FUNCTION shop_reviews_search_text(reviews jsonb) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $$
      SELECT string_agg(
        shop_json_search_text(CASE WHEN jsonb_typeof(r.review) = 'object' THEN r.review - 'user' ELSE r.review END),
        E'\\x1f' ORDER BY r.n)
      FROM jsonb_array_elements(reviews) WITH ORDINALITY AS r(review, n)
    $$`.execute(db);
  await rebuild(db, 'shop_reviews_search_text');
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await rebuild(db, 'shop_json_search_text');
  await sql`DROP FUNCTION IF EXISTS shop_reviews_search_text(jsonb)`.execute(db);
}
