// Two-factor sign-in in SQL (the port's two-factor part, server/modules/accounts/port.ts): the
// secrets of two_factor, the flag users.two_factor, recovery codes' digests. Turning it on or off
// changes all three in one transaction; a time step or a recovery code is used by one
// conditional UPDATE, so two sign-ins with the same code (on any instances) cannot both pass.
import type { Kysely } from 'kysely';
import type { TwoFactorRecord } from '../port';
import { isId } from '../../../db/rows';
import type { Database } from '../../../db/schema';

type Db = Kysely<Database>;

export async function twoFactorOf(db: Db, user: number): Promise<TwoFactorRecord | undefined> {
  if (!isId(user)) return undefined;
  const row = await db.selectFrom('two_factor').selectAll().where('user_id', '=', user).executeTakeFirst();
  if (!row) return undefined;
  const record: TwoFactorRecord = {};
  if (row.secret !== null) record.secret = row.secret;
  if (row.pending_secret !== null) record.pendingSecret = row.pending_secret;
  if (row.last_step !== null) record.lastStep = row.last_step;
  return record;
}

export async function setPendingTwoFactor(db: Db, user: number, secret: string): Promise<boolean> {
  if (!isId(user)) return false;
  const row = await db
    .insertInto('two_factor')
    .values({ user_id: user, pending_secret: secret })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ pending_secret: secret }).where('two_factor.secret', 'is', null))
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function enableTwoFactor(db: Db, user: number, secret: string, step: number, recoveryDigests: readonly string[], keepSession: string): Promise<boolean> {
  if (!isId(user)) return false;
  return db.transaction().execute(async (trx) => {
    const enabled = await trx
      .updateTable('two_factor')
      .set({ secret, pending_secret: null, last_step: step })
      .where('user_id', '=', user)
      .where('pending_secret', '=', secret)
      .where('secret', 'is', null)
      .executeTakeFirst();
    if (enabled.numUpdatedRows === 0n) return false;
    await trx.updateTable('users').set({ two_factor: true }).where('id', '=', user).execute();
    await trx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', user).execute();
    if (recoveryDigests.length > 0) {
      await trx
        .insertInto('two_factor_recovery_codes')
        .values(recoveryDigests.map((digest) => ({ user_id: user, digest })))
        .execute();
    }
    await trx.deleteFrom('sessions').where('user_id', '=', user).where('id', '<>', keepSession).execute();
    return true;
  });
}

export async function useTwoFactorStep(db: Db, user: number, step: number): Promise<boolean> {
  if (!isId(user)) return false;
  const result = await db
    .updateTable('two_factor')
    .set({ last_step: step })
    .where('user_id', '=', user)
    .where('secret', 'is not', null)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function useRecoveryCode(db: Db, user: number, digest: string, at: number): Promise<boolean> {
  if (!isId(user)) return false;
  const result = await db
    .updateTable('two_factor_recovery_codes')
    .set({ used_at: new Date(at) })
    .where('user_id', '=', user)
    .where('digest', '=', digest)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function disableTwoFactor(db: Db, user: number): Promise<void> {
  if (!isId(user)) return;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', user).execute();
    await trx.deleteFrom('two_factor').where('user_id', '=', user).execute();
    await trx.updateTable('users').set({ two_factor: false }).where('id', '=', user).execute();
  });
}
