// 0044: membership is paid for. A shopper's cart may hold one membership line (cart_membership:
// one row per user, its price read from the shop's fee when priced); an order keeps the fee it
// charged (orders.membership_fee_cents, NULL: the order bought no membership); a user keeps when
// the paid term ends (member_until, NULL: no end, e.g. the seed's members and a free membership),
// whether a reminder goes out before it ends (membership_renews), the order that started it
// (membership_order_id: cancelling that order ends it) and the end of the term a reminder was
// sent for (membership_reminded_until: one reminder per term).
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE cart_membership (
      user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      added_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    ALTER TABLE orders
      ADD COLUMN membership_fee_cents integer,
      ADD CONSTRAINT orders_membership_fee_check CHECK (membership_fee_cents IS NULL OR membership_fee_cents >= 0)`.execute(db);
  await sql`
    ALTER TABLE users
      ADD COLUMN member_until timestamptz,
      ADD COLUMN membership_renews boolean NOT NULL DEFAULT true,
      ADD COLUMN membership_order_id integer,
      ADD COLUMN membership_reminded_until timestamptz`.execute(db);
  // The reminder sweep's question: members whose paid term ends soon.
  await sql`CREATE INDEX users_member_until_idx ON users (member_until) WHERE member_until IS NOT NULL`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX users_member_until_idx`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN member_until, DROP COLUMN membership_renews, DROP COLUMN membership_order_id, DROP COLUMN membership_reminded_until`.execute(db);
  await sql`ALTER TABLE orders DROP CONSTRAINT orders_membership_fee_check, DROP COLUMN membership_fee_cents`.execute(db);
  await sql`DROP TABLE cart_membership`.execute(db);
}
