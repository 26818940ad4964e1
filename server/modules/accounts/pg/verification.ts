// Email verification (PgStore delegates here): a link's token stored in the transaction the
// service opened (a sign-up's, or a new link's for an account not verified yet, locked), which
// puts its mail in the outbox in it too; the token used once.
import { type Kysely, type Transaction } from 'kysely';
import type { StoredUser } from '../port';
import type { ResetToken } from '../port';
import { isId } from '../../../db/rows';
import { userFromRow } from './rows';
import type { Database } from '../../../db/schema';

/** Stores `token` for user `user`, in `trx`; expired tokens of anyone are dropped on the way (a table that does not grow). */
export async function storeVerificationToken(trx: Transaction<Database>, user: number, token: ResetToken): Promise<void> {
  await trx.deleteFrom('email_verifications').where('expires_at', '<=', new Date(token.at)).execute();
  await trx
    .insertInto('email_verifications')
    .values({ digest: token.digest, user_id: user, created_at: new Date(token.at), expires_at: new Date(token.expiresAt) })
    .execute();
}

/** User `id` when it exists and is not verified yet, locked until `trx` ends. */
export async function lockUnverifiedUser(trx: Transaction<Database>, id: number): Promise<StoredUser | undefined> {
  if (!isId(id)) return undefined;
  const row = await trx.selectFrom('users').selectAll().where('id', '=', id).where('verified', '=', false).forUpdate().executeTakeFirst();
  return row && userFromRow(row);
}

/** Uses the token: marks its user verified and forgets every token of the user; the user's id, or undefined (nothing changed). */
export async function verifyEmail(db: Kysely<Database>, digest: string, now: number): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    const used = await trx.deleteFrom('email_verifications').where('digest', '=', digest).returning(['user_id', 'expires_at']).executeTakeFirst();
    if (!used || used.expires_at.getTime() <= now) return undefined;
    const user = used.user_id;
    await trx.updateTable('users').set({ verified: true }).where('id', '=', user).execute();
    await trx.deleteFrom('email_verifications').where('user_id', '=', user).execute();
    return user;
  });
}
