// 0038: products.notify_review, notify_low_stock, notify_sold_out: which events of a product the
// shop's staff is mailed of (a new review; a sale taking a variant's stock to its low-stock
// threshold or below; a sale taking it to 0). Admin-only settings, off by default; not part of
// the product's searchable text (`q` matches what every answer shows, and these are not shown).
// Adding a column with a constant default is instant on PostgreSQL 11 and later.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE products
    ADD COLUMN notify_review boolean NOT NULL DEFAULT false,
    ADD COLUMN notify_low_stock boolean NOT NULL DEFAULT false,
    ADD COLUMN notify_sold_out boolean NOT NULL DEFAULT false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE products DROP COLUMN notify_review, DROP COLUMN notify_low_stock, DROP COLUMN notify_sold_out`.execute(db);
}
