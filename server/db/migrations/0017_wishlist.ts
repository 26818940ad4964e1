// 0017: wishlists and stock alerts.
//  - users.alerts: whether the account gets back-in-stock and price-drop mail (true by default;
//    PUT /users/own/alerts).
//  - wishlist_items: a user's saved product, or one variant of it (variant_id null = the product
//    as a whole); one row per (user, product, variant). last_price is the price the shopper would
//    pay (cents) when the item was saved or the price last changed: a write that makes it lower
//    mails a price drop, once per drop (the product write's transaction moves it).
//  - stock_alerts: "Notify me" on a sold-out variant; the row is used up (deleted) in the
//    transaction that brings the variant back in stock, which writes its mail to the outbox.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('alerts', 'boolean', (c) => c.notNull().defaultTo(true)).execute();

  await db.schema
    .createTable('wishlist_items')
    .addColumn('id', 'integer', (c) => c.generatedByDefaultAsIdentity().primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('variant_id', 'integer', (c) => c.references('variants.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_price', 'integer', (c) => c.notNull().check(sql`last_price >= 0`))
    .execute();
  // One item per user, product and variant (the product as a whole counts as variant 0).
  await sql`CREATE UNIQUE INDEX wishlist_items_user_item_idx ON wishlist_items (user_id, product_id, coalesce(variant_id, 0))`.execute(db);
  // A product write finds the items whose price it may have lowered.
  await db.schema.createIndex('wishlist_items_product_idx').on('wishlist_items').column('product_id').execute();

  await db.schema
    .createTable('stock_alerts')
    .addColumn('id', 'integer', (c) => c.generatedByDefaultAsIdentity().primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('variant_id', 'integer', (c) => c.notNull().references('variants.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('stock_alerts_user_variant_key', ['user_id', 'variant_id'])
    .execute();
  // A stock write finds the subscribers of the product's variants.
  await db.schema.createIndex('stock_alerts_product_idx').on('stock_alerts').column('product_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stock_alerts').execute();
  await db.schema.dropTable('wishlist_items').execute();
  await db.schema.alterTable('users').dropColumn('alerts').execute();
}
