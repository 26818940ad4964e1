// 0003: the catalogue at a million products (docs/performance.md, "Scale").
//  - A storefront page within a category or brand, sorted by price or rating, is read straight
//    from one index: (filter, sort key, id), with `deleted` included so that finding the page's
//    ids needs no table rows at all (index-only), however deep the page.
//  - X-Total-Count without counting: product_counts holds how many products each (category,
//    brand, deleted, in stock) has, kept by statement triggers in the same transaction as the
//    change, so a list filtered only by those is counted from a few hundred rows instead of up
//    to a million. (Column lists cannot go with transition tables, so the UPDATE trigger runs for
//    every UPDATE of products; it changes counts only for rows whose category, brand, deleted or
//    being in stock changed: a stock decrement that leaves some costs a join of its few rows and
//    writes nothing.)
import { sql, type Kysely } from 'kysely';

const INDEXED_SORTS: [filter: string, sort: string][] = [
  ['category', 'price'],
  ['category', 'rating'],
  ['brand', 'price'],
  ['brand', 'rating'],
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const [filter, sort] of INDEXED_SORTS) {
    await sql`CREATE INDEX ${sql.id(`products_${filter}_${sort}_id_idx`)} ON products (${sql.id(filter)}, ${sql.id(sort)}, id) INCLUDE (deleted)`.execute(db);
  }
  // The unfiltered list's ids, in id order, with what its filters need, for index-only deep pages.
  await sql`CREATE INDEX products_id_deleted_idx ON products (id) INCLUDE (deleted, category, brand)`.execute(db);

  await db.schema
    .createTable('product_counts')
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('deleted', 'boolean', (c) => c.notNull())
    .addColumn('in_stock', 'boolean', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_counts_pkey', ['category', 'brand', 'deleted', 'in_stock'])
    .execute();

  // Adds the signed counts of `delta` (category, brand, deleted, in_stock, n) to product_counts.
  const apply = (delta: string) => `
      INSERT INTO product_counts AS c (category, brand, deleted, in_stock, n)
      SELECT category, brand, deleted, in_stock, sum(n) FROM (${delta}) d GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0
      ON CONFLICT (category, brand, deleted, in_stock) DO UPDATE SET n = c.n + EXCLUDED.n`;
  const changed = `FROM after a JOIN before b USING (id)
        WHERE (a.category, a.brand, a.deleted, a.stock > 0) IS DISTINCT FROM (b.category, b.brand, b.deleted, b.stock > 0)`;
  await sql
    .raw(
      `
    CREATE FUNCTION shop_product_counts() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        ${apply('SELECT category, brand, deleted, stock > 0 AS in_stock, 1 AS n FROM after')};
      ELSIF TG_OP = 'DELETE' THEN
        ${apply('SELECT category, brand, deleted, stock > 0 AS in_stock, -1 AS n FROM before')};
      ELSIF TG_OP = 'UPDATE' THEN
        ${apply(`SELECT a.category, a.brand, a.deleted, a.stock > 0 AS in_stock, 1 AS n ${changed}
        UNION ALL SELECT b.category, b.brand, b.deleted, b.stock > 0, -1 ${changed}`)};
      ELSE
        DELETE FROM product_counts;
      END IF;
      RETURN NULL;
    END $$`,
    )
    .execute(db);
  await sql`CREATE TRIGGER product_counts_insert AFTER INSERT ON products REFERENCING NEW TABLE AS after
    FOR EACH STATEMENT EXECUTE FUNCTION shop_product_counts()`.execute(db);
  await sql`CREATE TRIGGER product_counts_update AFTER UPDATE ON products REFERENCING OLD TABLE AS before NEW TABLE AS after
    FOR EACH STATEMENT EXECUTE FUNCTION shop_product_counts()`.execute(db);
  await sql`CREATE TRIGGER product_counts_delete AFTER DELETE ON products REFERENCING OLD TABLE AS before
    FOR EACH STATEMENT EXECUTE FUNCTION shop_product_counts()`.execute(db);
  await sql`CREATE TRIGGER product_counts_truncate AFTER TRUNCATE ON products
    FOR EACH STATEMENT EXECUTE FUNCTION shop_product_counts()`.execute(db);
  await sql`INSERT INTO product_counts SELECT category, brand, deleted, stock > 0, count(*) FROM products GROUP BY 1, 2, 3, 4`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const op of ['insert', 'update', 'delete', 'truncate']) await sql`DROP TRIGGER ${sql.id(`product_counts_${op}`)} ON products`.execute(db);
  await sql`DROP FUNCTION shop_product_counts()`.execute(db);
  await db.schema.dropTable('product_counts').execute();
  await db.schema.dropIndex('products_id_deleted_idx').execute();
  for (const [filter, sort] of INDEXED_SORTS) await db.schema.dropIndex(`products_${filter}_${sort}_id_idx`).execute();
}
