// Password resets (PgStore delegates here): the reset token stored in the transaction the service
// opened (which puts its mail in the outbox in it too), and used once: the new password set,
// every session of the user ended and every token of the user forgotten, in one step.
import type { Kysely, Transaction } from 'kysely';
import type { ResetToken } from '../port';
import type { Database } from '../../../db/schema';

/** Stores `token` for user `user`, in `trx`; expired tokens of anyone are dropped on the way (a table that does not grow). */
export async function storeResetToken(trx: Transaction<Database>, user: number, token: ResetToken): Promise<void> {
  await trx.deleteFrom('password_resets').where('expires_at', '<=', new Date(token.at)).execute();
  await trx.insertInto('password_resets').values({ digest: token.digest, user_id: user, created_at: new Date(token.at), expires_at: new Date(token.expiresAt) }).execute();
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
