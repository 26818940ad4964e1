// 0010: email verification.
//  - users.verified: false for an account made by sign-up until its owner opens the link mailed
//    to them. Every account that exists when this runs (the demo accounts of the seed among them)
//    counts as verified, and so does any row written without the column (db.json loads): only
//    sign-up writes false.
//  - email_verifications: a verification link's token, stored as its SHA-256 only; single use
//    (every token of the user is deleted when one is used) and valid until expires_at.
import { type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('verified', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema
    .createTable('email_verifications')
    .addColumn('digest', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_verifications_user_idx').on('email_verifications').column('user_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_verifications').execute();
  await db.schema.alterTable('users').dropColumn('verified').execute();
}
