// Email verification (PgStore delegates here): a sign-up's account, its link's token and the mail
// in one transaction; the token used once; a new link for an account not verified yet.
import { type Kysely, type Transaction } from 'kysely';
import type { StoredUser } from '../../../db/snapshot';
import type { VerificationLink } from '../../../db/port';
// eslint-disable-next-line no-restricted-imports -- the account, its link and the mail are one transaction here; docs/architecture.md "Known crossings"
import { insertMail } from '../../mail/pg/outbox';
import { isId, userFromRow, userToRow, withoutId } from '../../../db/rows';
import type { Database } from '../../../db/schema';

async function storeLink(trx: Transaction<Database>, user: StoredUser, { token, mail }: VerificationLink): Promise<void> {
  // Expired tokens of anyone are dropped on the way (a table that does not grow).
  await trx.deleteFrom('email_verifications').where('expires_at', '<=', new Date(token.at)).execute();
  await trx
    .insertInto('email_verifications')
    .values({ digest: token.digest, user_id: user.id, created_at: new Date(token.at), expires_at: new Date(token.expiresAt) })
    .execute();
  await insertMail(trx, mail(user), token.at);
}

/** Adds the user and, in the same transaction, its verification link and mail; undefined when the email is taken. */
export async function createUserWithLink(db: Kysely<Database>, user: Omit<StoredUser, 'id'>, link: VerificationLink): Promise<StoredUser | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('users')
      .values(withoutId(userToRow({ id: 0, ...user })))
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) return undefined;
    const created = userFromRow(row);
    await storeLink(trx, created, link);
    return created;
  });
}

/** A new link for user `id` when the account exists and is not verified yet (false otherwise, nothing written). */
export async function requestEmailVerification(db: Kysely<Database>, id: number, link: VerificationLink): Promise<boolean> {
  if (!isId(id)) return false;
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('users').selectAll().where('id', '=', id).where('verified', '=', false).forUpdate().executeTakeFirst();
    if (!row) return false;
    await storeLink(trx, userFromRow(row), link);
    return true;
  });
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
