// 0032: a message can be held. Without a mail server (no SMTP_URL) the outbox keeps what it would
// send as 'held' (not sent: no mail server is configured) rather than 'pending', which would claim
// a delivery to come; an instance started with a mail server makes held messages pending again.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE outbox DROP CONSTRAINT outbox_status_check`.execute(db);
  await sql`ALTER TABLE outbox ADD CONSTRAINT outbox_status_check CHECK (status IN ('pending', 'sent', 'failed', 'held'))`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`UPDATE outbox SET status = 'pending' WHERE status = 'held'`.execute(db);
  await sql`ALTER TABLE outbox DROP CONSTRAINT outbox_status_check`.execute(db);
  await sql`ALTER TABLE outbox ADD CONSTRAINT outbox_status_check CHECK (status IN ('pending', 'sent', 'failed'))`.execute(db);
}
