// 0029: an order's parcel tracking. `tracking` holds {carrier, number} as the admin gave them
// when dispatching the order (either may be null); NULL = none given. The API answers it with a
// tracking link for the carriers it knows (server/modules/orders/tracking.ts).
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE orders ADD COLUMN tracking jsonb`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE orders DROP COLUMN tracking`.execute(db);
}
