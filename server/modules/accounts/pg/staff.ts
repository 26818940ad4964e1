// Staff accounts in SQL (../port.ts "Staff"): the list, the admins locked while a role changes,
// and the role itself.
import type { Kysely } from 'kysely';
import type { StoredUser } from '../port';
import type { Role } from '../../../../src/domain/types';
import { isId } from '../../../db/rows';
import { userFromRow } from './rows';
import type { Database } from '../../../db/schema';

type Db = Kysely<Database>;

export async function listStaff(db: Db): Promise<StoredUser[]> {
  const rows = await db.selectFrom('users').selectAll().where('role', '<>', 'user').orderBy('id').execute();
  return rows.map(userFromRow);
}

export async function lockAdmins(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('users').select('id').where('role', '=', 'admin').orderBy('id').forUpdate().execute();
  return rows.map((r) => r.id);
}

export async function setRole(db: Db, id: number, role: Role): Promise<StoredUser | undefined> {
  if (!isId(id)) return undefined;
  const row = await db.updateTable('users').set({ role }).where('id', '=', id).returningAll().executeTakeFirst();
  return row && userFromRow(row);
}
