// 0007: what product answers carry beyond the stored fields, found as fast as the rest.
//  - The storefront sorts by the price the shopper sees (`_sort=salePrice`): a page within a
//    category or brand sorted by it is read straight from one index, as 0003 does for the stored
//    price and the rating: (filter, sale_price, id), with `deleted` included.
//  - `q` looks at salePrice and lowStockThreshold too, as json-server looks at every value of a
//    product answer (server/modules/catalogue/pg/search.ts): trigram indexes on their text, so that a
//    search for a number is an index lookup on each, beside search_text's, not a scan of products.
import { sql, type Kysely } from 'kysely';

const FILTERS = ['category', 'brand'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const filter of FILTERS) {
    await sql`CREATE INDEX ${sql.id(`products_${filter}_sale_price_id_idx`)} ON products (${sql.id(filter)}, sale_price, id) INCLUDE (deleted)`.execute(db);
  }
  await sql`CREATE INDEX products_sale_price_text_trgm_idx ON products USING gin ((sale_price::text) gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX products_low_stock_threshold_text_trgm_idx ON products USING gin ((low_stock_threshold::text) gin_trgm_ops)
    WHERE low_stock_threshold IS NOT NULL`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX products_low_stock_threshold_text_trgm_idx`.execute(db);
  await sql`DROP INDEX products_sale_price_text_trgm_idx`.execute(db);
  for (const filter of FILTERS) await sql`DROP INDEX ${sql.id(`products_${filter}_sale_price_id_idx`)}`.execute(db);
}
