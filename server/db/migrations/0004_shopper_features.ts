// 0004: what shoppers find and keep by.
//  - shop_sale_price(price, discount): the price the shopper sees (discountedPrice in
//    src/domain/pricing.ts: Math.round(price × (1 − discount / 100))), for the SQL that needs it:
//    products.sale_price (price_gte / price_lte, the facets' price range) and order lines'
//    revenue. floor(x + 0.5) is Math.round for every price the shop can hold (they differ only at
//    0.49999999999999994), and the product is computed as JavaScript does (IEEE doubles, in the
//    same order); tests/pg/pricing.test.ts holds the two to the same answers.
//  - products.title_words: the title folded for suggestions (server/modules/catalogue/words.ts foldWords: case,
//    accents, punctuation), written by the adapter with every title (rows.ts), with a trigram
//    index so that ' <term>' (the start of a word) is found without reading every title.
//  - orders.history: every status an order has had, who set it and when (null for orders placed
//    before it was kept).
import { sql, type Kysely } from 'kysely';
import { foldWords } from '../../modules/catalogue/words';

const BATCH = 5000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION shop_sale_price(price double precision, discount double precision) RETURNS double precision
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $$ SELECT floor(price * (1 - discount / 100) + 0.5) $$`.execute(db);
  await sql`ALTER TABLE products ADD COLUMN sale_price double precision
    GENERATED ALWAYS AS (shop_sale_price(price, discount_percentage)) STORED`.execute(db);
  await sql`ALTER TABLE products ADD COLUMN title_words text NOT NULL DEFAULT ''`.execute(db);
  for (let last = 0; ; ) {
    const rows = await db.selectFrom('products').select(['id', 'title']).where('id', '>', last).orderBy('id').limit(BATCH).execute();
    if (rows.length === 0) break;
    await sql`UPDATE products p SET title_words = t.words
      FROM unnest(${rows.map((r) => r.id)}::int[], ${rows.map((r) => foldWords(r.title))}::text[]) AS t(id, words)
      WHERE p.id = t.id`.execute(db);
    last = rows[rows.length - 1].id;
  }
  // Counting a price range reads this index alone (deleted is in it); the discount check is what
  // lets a displayed-price bound also bound the price (productList.ts).
  await sql`CREATE INDEX products_sale_price_id_idx ON products (sale_price, id) INCLUDE (deleted)`.execute(db);
  await sql`ALTER TABLE products ADD CONSTRAINT products_discount_percentage_check
    CHECK (discount_percentage >= 0 AND discount_percentage <= 100)`.execute(db);
  await sql`CREATE INDEX products_title_words_trgm_idx ON products USING gin (title_words gin_trgm_ops)`.execute(db);
  await sql`ALTER TABLE orders ADD COLUMN history jsonb CHECK (history IS NULL OR jsonb_typeof(history) = 'array')`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE orders DROP COLUMN history`.execute(db);
  await sql`ALTER TABLE products DROP CONSTRAINT products_discount_percentage_check`.execute(db);
  await sql`ALTER TABLE products DROP COLUMN title_words, DROP COLUMN sale_price`.execute(db);
  await sql`DROP FUNCTION shop_sale_price(double precision, double precision)`.execute(db);
}
