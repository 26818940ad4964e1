// 0023: the outbox's lease gets an owner. A worker's claim writes a token of its own in
// lease_owner (next_attempt_at, moved on by the lease, stays the lease's end); before it hands a
// message to SMTP, while the send lasts and when it marks the outcome, it checks that the row
// still names it (server/modules/mail/pg/outbox.ts). A worker whose lease ran out, and whose
// message another worker then claimed, neither sends nor marks it.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('lease_owner', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('lease_owner').execute();
}
