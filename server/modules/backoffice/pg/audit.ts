// The audit log's writes: an entry is appended in the transaction of the change it records, so the
// log never names a change that was rolled back nor misses one that was kept. Reading it is
// reports.ts (listAudit).
import type { Kysely, Transaction } from 'kysely';
import type { AuditEntry } from '../../../../src/domain/types';
import type { AuditContext } from '../../../db/records';
import { auditToRow, withoutId } from '../../../db/rows';
import type { Database } from '../../../db/schema';
import { auditEntry } from '../auditEntries';

type Db = Kysely<Database> | Transaction<Database>;

/** Appends the entry (the database numbers it). */
export async function insertAudit(db: Db, entry: Omit<AuditEntry, 'id'>): Promise<void> {
  await db.insertInto('audit').values(withoutId(auditToRow({ id: 0, ...entry }))).execute();
}

/** Records an admin write's audit entry inside its transaction (nothing without a context, or when `describe` finds no change). */
export async function recordAudit(db: Db, ctx: AuditContext | undefined, describe: () => Parameters<typeof auditEntry>[1] | undefined): Promise<void> {
  const described = ctx && describe();
  if (!ctx || !described) return;
  await insertAudit(db, auditEntry(ctx, described));
}
