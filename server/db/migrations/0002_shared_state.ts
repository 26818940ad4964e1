// 0002: what several server instances on one database share beyond the data: a settings table
// (the cookie-signing secret when SESSION_SECRET is not set), and the order in which sessions
// were created (the per-account cap ends the oldest; two sessions can share a millisecond).
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  await sql`ALTER TABLE sessions ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY`.execute(db);
  await db.schema.createIndex('sessions_user_id_seq_idx').on('sessions').columns(['user_id', 'seq']).execute();
  await db.schema.dropIndex('sessions_user_id_idx').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();
  await db.schema.dropIndex('sessions_user_id_seq_idx').execute();
  await sql`ALTER TABLE sessions DROP COLUMN seq`.execute(db);
  await db.schema.dropTable('settings').execute();
}
