// 0014: prices the shop charges (src/domain/checkout.ts has the shapes).
//  - users.member: a member gets the members' promotions (POST /users/own/membership).
//  - promotions: `value` in hundredths (percent × 100 for 'percentage', cents for 'fixed');
//    money in cents; a code is unique whatever its case; `used` counts the orders that carry it
//    and is raised in the transaction that places the order, guarded by usage_limit.
//  - promotion_redemptions: which order carried which promotion, for whom (per-customer limits).
//  - shipping_methods: per country, amounts in cents, free over free_over cents (null: never).
//  - tax_rates: percent per country, or per state of a country (state null = the whole country).
//  - orders: the priced snapshot (promotions, shipping, tax, totals, payment) as the API answers
//    it; null on orders placed before it was kept (read as a snapshot derived from their lines).
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('member', 'boolean', (c) => c.notNull().defaultTo(false)).execute();

  await db.schema
    .createTable('promotions')
    .addColumn('id', 'integer', (c) => c.generatedByDefaultAsIdentity().primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('percentage', 'fixed')`))
    .addColumn('value', 'integer', (c) => c.notNull().check(sql`value > 0`))
    .addColumn('categories', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('products', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('code', 'text')
    .addColumn('stackable', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('members_only', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('min_subtotal', 'integer', (c) => c.notNull().defaultTo(0).check(sql`min_subtotal >= 0`))
    .addColumn('starts_at', 'timestamptz')
    .addColumn('ends_at', 'timestamptz')
    .addColumn('usage_limit', 'integer', (c) => c.check(sql`usage_limit > 0`))
    .addColumn('per_customer_limit', 'integer', (c) => c.check(sql`per_customer_limit > 0`))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0).check(sql`used >= 0`))
    .addCheckConstraint('promotions_percentage_max', sql`kind <> 'percentage' OR value <= 10000`)
    .addCheckConstraint('promotions_dates', sql`starts_at IS NULL OR ends_at IS NULL OR starts_at < ends_at`)
    .addCheckConstraint('promotions_usage', sql`usage_limit IS NULL OR used <= usage_limit`)
    .execute();
  await sql`CREATE UNIQUE INDEX promotions_code_idx ON promotions (lower(code)) WHERE code IS NOT NULL`.execute(db);

  await db.schema
    .createTable('promotion_redemptions')
    .addColumn('promotion_id', 'integer', (c) => c.notNull().references('promotions.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('promotion_redemptions_pk', ['promotion_id', 'order_id'])
    .execute();
  await db.schema.createIndex('promotion_redemptions_user_idx').on('promotion_redemptions').columns(['promotion_id', 'user_id']).execute();

  await db.schema
    .createTable('shipping_methods')
    .addColumn('id', 'integer', (c) => c.generatedByDefaultAsIdentity().primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('free_over', 'integer', (c) => c.check(sql`free_over >= 0`))
    .addColumn('min_days', 'integer', (c) => c.notNull().check(sql`min_days >= 0`))
    .addColumn('max_days', 'integer', (c) => c.notNull())
    .addCheckConstraint('shipping_methods_days', sql`max_days >= min_days`)
    .execute();
  await db.schema.createIndex('shipping_methods_country_idx').on('shipping_methods').columns(['country', 'amount']).execute();

  await db.schema
    .createTable('tax_rates')
    .addColumn('id', 'integer', (c) => c.generatedByDefaultAsIdentity().primaryKey())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('state', 'text')
    .addColumn('rate', sql`numeric(7,4)`, (c) => c.notNull().check(sql`rate >= 0 AND rate <= 100`))
    .execute();
  await sql`CREATE UNIQUE INDEX tax_rates_place_idx ON tax_rates (country, coalesce(lower(state), ''))`.execute(db);

  for (const column of ['promotions', 'shipping', 'tax', 'totals', 'payment']) {
    await db.schema.alterTable('orders').addColumn(column, 'jsonb').execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['promotions', 'shipping', 'tax', 'totals', 'payment']) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
  await db.schema.dropTable('tax_rates').execute();
  await db.schema.dropTable('shipping_methods').execute();
  await db.schema.dropTable('promotion_redemptions').execute();
  await db.schema.dropTable('promotions').execute();
  await db.schema.alterTable('users').dropColumn('member').execute();
}
