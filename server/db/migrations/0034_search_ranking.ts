// The words `search` may correct a typo to (server/modules/catalogue/pg/searchRanking.ts): every
// word of the products' titles (title_words, folded), brands and categories (lower-cased), kept by
// triggers. A word whose last product changed stays: a correction to it is taken only when the
// corrected search finds something, so a stale word costs nothing but a look.
import { sql, type Kysely } from 'kysely';

/** The words of the products in `rows` (a table or transition table name). */
const wordsOf = (rows: string) => `
  SELECT DISTINCT w FROM ${rows} p,
    regexp_split_to_table(p.title_words || ' ' || lower(p.brand) || ' ' || lower(p.category), '[^[:alnum:]]+') AS w
  WHERE length(w) >= 2`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE search_words (word text PRIMARY KEY)`.execute(db);
  // Whether a known word contains a term: a trigram lookup, whatever the vocabulary's size.
  await sql`CREATE INDEX search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops)`.execute(db);
  await sql
    .raw(
      `
    CREATE FUNCTION shop_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        DELETE FROM search_words;
      ELSE
        INSERT INTO search_words (word) ${wordsOf('new_rows')} ON CONFLICT DO NOTHING;
      END IF;
      RETURN NULL;
    END $$`,
    )
    .execute(db);
  await sql`CREATE TRIGGER products_search_words_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION shop_search_words()`.execute(db);
  await sql`CREATE TRIGGER products_search_words_update AFTER UPDATE ON products REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION shop_search_words()`.execute(db);
  await sql`CREATE TRIGGER products_search_words_truncate AFTER TRUNCATE ON products
    FOR EACH STATEMENT EXECUTE FUNCTION shop_search_words()`.execute(db);
  await sql.raw(`INSERT INTO search_words (word) ${wordsOf('products')}`).execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const op of ['insert', 'update', 'truncate']) await sql`DROP TRIGGER ${sql.id(`products_search_words_${op}`)} ON products`.execute(db);
  await sql`DROP FUNCTION shop_search_words()`.execute(db);
  await sql`DROP TABLE search_words`.execute(db);
}
