// 0016: returns and refunds. An order's returns live with the order, as a jsonb list
// (oldest first; each { id, status, items, reason, createdAt, refund, history }): every change of
// a return locks the order's row, so a return and a status change of its order, or two returns of
// the same units, never interleave, and every read of an order carries its returns. Audit entries
// go on the order (entity 'order', action 'order.return'): the audit check needs no change.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE orders ADD COLUMN returns jsonb NOT NULL DEFAULT '[]'::jsonb`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE orders DROP COLUMN returns`.execute(db);
}
