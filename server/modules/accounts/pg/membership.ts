// Paid membership in SQL: a term started by an order, ended by cancelling that order, its renewal
// stopped by the member, and the reminders before it ends (one per term: the guarded UPDATE of
// membership_reminded_until lets one instance only send it).
import { sql, type Kysely, type Transaction } from 'kysely';
import type { StoredUser } from '../port';
import { isId } from '../../../db/rows';
import { userFromRow } from './rows';
import type { Database } from '../../../db/schema';

type Db = Kysely<Database>;

export async function startMembership(trx: Transaction<Database>, id: number, order: number, until: string): Promise<void> {
  await trx
    .updateTable('users')
    .set({ member: true, member_until: until, membership_renews: true, membership_order_id: order, membership_reminded_until: null })
    .where('id', '=', id)
    .execute();
}

export async function endMembershipOf(trx: Transaction<Database>, id: number, order: number): Promise<boolean> {
  const ended = await trx
    .updateTable('users')
    .set({ member: false, member_until: null, membership_order_id: null, membership_renews: true, membership_reminded_until: null })
    .where('id', '=', id)
    .where('membership_order_id', '=', order)
    .executeTakeFirst();
  return ended.numUpdatedRows > 0n;
}

export async function setMembershipRenews(db: Db, id: number, renews: boolean): Promise<StoredUser | undefined> {
  if (!isId(id)) return undefined;
  const row = await db.updateTable('users').set({ membership_renews: renews }).where('id', '=', id).returningAll().executeTakeFirst();
  return row && userFromRow(row);
}

export async function membersToRemind(db: Db, from: string, to: string): Promise<StoredUser[]> {
  const rows = await db
    .selectFrom('users')
    .selectAll()
    .where('member', '=', true)
    .where('membership_renews', '=', true)
    .where('member_until', '>', new Date(from))
    .where('member_until', '<=', new Date(to))
    .where(sql<boolean>`membership_reminded_until IS DISTINCT FROM member_until`)
    .orderBy('id')
    .execute();
  return rows.map(userFromRow);
}

export async function markMembershipReminded(trx: Transaction<Database>, id: number, until: string): Promise<boolean> {
  const marked = await trx
    .updateTable('users')
    .set({ membership_reminded_until: until })
    .where('id', '=', id)
    .where('member_until', '=', new Date(until))
    .where(sql<boolean>`membership_reminded_until IS DISTINCT FROM member_until`)
    .executeTakeFirst();
  return marked.numUpdatedRows > 0n;
}
