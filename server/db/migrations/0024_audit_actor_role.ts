// 0024: the audit log records who acted as what. Shoppers' own requests that change an order (a
// return asked for, a pending order cancelled) are recorded next to the staff's writes, and the
// log labels each with the actor's role when they acted. Entries written before this migration
// take the actor's role as it is now ('admin' when the account is gone).
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE audit ADD COLUMN actor_role text NOT NULL DEFAULT 'admin'`.execute(db);
  await sql`UPDATE audit SET actor_role = users.role FROM users WHERE users.id = audit.actor_id AND users.role <> 'admin'`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE audit DROP COLUMN actor_role`.execute(db);
}
