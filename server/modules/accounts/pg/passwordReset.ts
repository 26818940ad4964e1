// Password resets (PgStore delegates here): the reset token stored with its mail in one
// transaction, and used once: the new password set, every session of the user ended and every
// token of the user forgotten, in one step.
import { sql, type Kysely } from 'kysely';
import type { StoredUser } from '../../../db/snapshot';
import type { OutgoingMail, ResetToken } from '../../../db/records';
import { userFromRow } from '../../../db/rows';
import type { Database } from '../../../db/schema';
// eslint-disable-next-line no-restricted-imports -- the token and its mail are one transaction here; docs/architecture.md "Known crossings"
import { insertMail } from '../../mail/pg/outbox';

export async function requestPasswordReset(db: Kysely<Database>, email: string, token: ResetToken, mail: (user: StoredUser) => OutgoingMail): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('users').selectAll().where(sql`lower(email)`, '=', email.trim().toLowerCase()).executeTakeFirst();
    if (!row) return false;
    const user = userFromRow(row);
    // Expired tokens of anyone are dropped on the way (a table that does not grow).
    await trx.deleteFrom('password_resets').where('expires_at', '<=', new Date(token.at)).execute();
    await trx.insertInto('password_resets').values({ digest: token.digest, user_id: user.id, created_at: new Date(token.at), expires_at: new Date(token.expiresAt) }).execute();
    await insertMail(trx, mail(user), token.at);
    return true;
  });
}

export async function resetPassword(db: Kysely<Database>, digest: string, hash: string, now: number): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    const used = await trx.deleteFrom('password_resets').where('digest', '=', digest).returning(['user_id', 'expires_at']).executeTakeFirst();
    if (!used || used.expires_at.getTime() <= now) return undefined;
    const user = used.user_id;
    const updated = await trx.updateTable('users').set({ password: hash }).where('id', '=', user).executeTakeFirst();
    if (updated.numUpdatedRows === 0n) return undefined;
    await trx.deleteFrom('sessions').where('user_id', '=', user).execute();
    await trx.deleteFrom('password_resets').where('user_id', '=', user).execute();
    return user;
  });
}
