// The shop's settings in SQL: rows of the key-value `settings` table, their keys prefixed `shop.`
// (the other rows are the server's own, e.g. the session secret, and never answered).
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema';

const PREFIX = 'shop.';

export async function shopSetting(db: Kysely<Database> | Transaction<Database>, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', PREFIX + key).executeTakeFirst();
  return row?.value;
}

export async function lockShopSetting(trx: Transaction<Database>, key: string): Promise<string | undefined> {
  const row = await trx.selectFrom('settings').select('value').where('key', '=', PREFIX + key).forUpdate().executeTakeFirst();
  return row?.value;
}

export async function setShopSetting(trx: Transaction<Database>, key: string, value: string): Promise<void> {
  await trx
    .insertInto('settings')
    .values({ key: PREFIX + key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/** Forgets every shop setting (a store replaced by a snapshot starts from the defaults). */
export async function clearShopSettings(db: Kysely<Database> | Transaction<Database>): Promise<void> {
  await db.deleteFrom('settings').where('key', 'like', `${PREFIX}%`).execute();
}
