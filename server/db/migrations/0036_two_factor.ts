// 0036: two-factor sign-in (TOTP, RFC 6238).
//  - users.two_factor: the account signs in with a code from an authenticator app as well as its
//    password (answers carry it as `twoFactorEnabled`).
//  - two_factor: one row per account that has started or finished the setup. `pending_secret` is
//    the secret shown by the latest setup, not confirmed yet; `secret` the one in use (null while
//    2FA is off); `last_step` the newest TOTP time step a code was accepted for, so a code is
//    never accepted twice. The secrets are stored as they are: a server must have them to check
//    a code.
//  - two_factor_recovery_codes: the SHA-256 of each single-use recovery code; `used_at` once used.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('two_factor', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
  await db.schema
    .createTable('two_factor')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text')
    .addColumn('pending_secret', 'text')
    .addColumn('last_step', 'bigint')
    .execute();
  await db.schema
    .createTable('two_factor_recovery_codes')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('digest', 'text', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addPrimaryKeyConstraint('two_factor_recovery_codes_pkey', ['user_id', 'digest'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('two_factor_recovery_codes').execute();
  await db.schema.dropTable('two_factor').execute();
  await db.schema.alterTable('users').dropColumn('two_factor').execute();
}
