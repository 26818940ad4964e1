// 0009: mail through an outbox.
//  - outbox: one row per message, written in the same transaction as the change that causes it
//    (a reset asked for, an order placed or changed). The worker (server/modules/mail/worker.ts) claims
//    due rows (status 'pending', next_attempt_at passed) with FOR UPDATE SKIP LOCKED, pushing
//    next_attempt_at on by a lease while it sends, so each message is sent by one instance; it
//    marks it 'sent', or schedules a retry, or gives up ('failed') keeping the last error.
//  - password_resets: a reset link's token, stored as its SHA-256 only; single use (the row is
//    deleted when used) and valid until expires_at.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'integer', (c) => c.generatedByDefaultAsIdentity().primaryKey())
    .addColumn('to', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('html', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status IN ('pending', 'sent', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz')
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // The worker's claim: due pending messages, oldest first.
  await sql`CREATE INDEX outbox_due_idx ON outbox (next_attempt_at, id) WHERE status = 'pending'`.execute(db);
  // GET /admin/emails: newest first.
  await db.schema.createIndex('outbox_id_desc_idx').on('outbox').expression(sql`id DESC`).execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('digest', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('password_resets_user_idx').on('password_resets').column('user_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('password_resets').execute();
  await db.schema.dropTable('outbox').execute();
}
