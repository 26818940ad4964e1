// 0005: what the back office runs the shop with.
//  - users.created_at: when an account was made (new customers on the dashboard); null for
//    accounts older than the column.
//  - products.low_stock_threshold: now nullable, null meaning the default (5), as the API has
//    it (a product without `lowStockThreshold`). Dropped and added again: both are instant,
//    where changing every row of a big catalogue would rewrite it.
//  - audit: every admin write, appended in the same transaction as the write itself.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN created_at timestamptz`.execute(db);
  await sql`ALTER TABLE products DROP COLUMN low_stock_threshold,
    ADD COLUMN low_stock_threshold integer CHECK (low_stock_threshold >= 0)`.execute(db);
  // The dashboard's low-stock list: products still sold, lowest stock first.
  await sql`CREATE INDEX products_stock_id_live_idx ON products (stock, id) WHERE NOT deleted`.execute(db);
  // New customers: accounts made since a date.
  await sql`CREATE INDEX users_created_at_idx ON users (created_at)`.execute(db);

  await db.schema
    .createTable('audit')
    .addColumn('id', 'integer', (c) => c.generatedByDefaultAsIdentity().primaryKey())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('actor_id', 'integer', (c) => c.notNull())
    .addColumn('actor_email', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull().check(sql`entity IN ('product', 'order', 'review')`))
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .execute();
  // GET /admin/audit: newest first, all of it or by entity or actor.
  await db.schema.createIndex('audit_id_desc_idx').on('audit').expression(sql`id DESC`).execute();
  await db.schema.createIndex('audit_entity_id_idx').on('audit').expression(sql`entity, id DESC`).execute();
  await db.schema.createIndex('audit_actor_id_idx').on('audit').expression(sql`actor_id, id DESC`).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit').execute();
  await sql`DROP INDEX users_created_at_idx`.execute(db);
  await sql`DROP INDEX products_stock_id_live_idx`.execute(db);
  await sql`ALTER TABLE products DROP COLUMN low_stock_threshold,
    ADD COLUMN low_stock_threshold integer NOT NULL DEFAULT 5`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN created_at`.execute(db);
}
