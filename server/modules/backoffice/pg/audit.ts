// The audit log's writes: an entry is appended in the transaction of the change it records (the
// AuditService is handed it by the service that opened it), so the log never names a change that
// was rolled back nor misses one that was kept. Reading it is reports.ts (listAudit).
import { sql, type Kysely, type Transaction } from 'kysely';
import type { AuditEntry } from '../../../../src/domain/types';
import { withoutId } from '../../../db/rows';
import { auditToRow } from './rows';
import type { Database } from '../../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Appends the entry (the database numbers it). */
export async function insertAudit(db: Db, entry: Omit<AuditEntry, 'id'>): Promise<void> {
  await db.insertInto('audit').values(withoutId(auditToRow({ id: 0, ...entry }))).execute();
}

/** Entries one INSERT of insertAudits appends. */
const BATCH = 1000;

/** Appends the entries, numbered in their order (one INSERT per BATCH). */
export async function insertAudits(db: Db, entries: readonly Omit<AuditEntry, 'id'>[]): Promise<void> {
  for (let i = 0; i < entries.length; i += BATCH) {
    await db.insertInto('audit').values(entries.slice(i, i + BATCH).map((entry) => withoutId(auditToRow({ id: 0, ...entry })))).execute();
  }
}

/**
 * When each of `ids` (entity ids) last had an entry of `entity`: one statement for a whole page of
 * them (ISO times, by id; ids without any entry left out).
 */
export async function lastAuditAt(db: Db, entity: AuditEntry['entity'], ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('audit')
    .select(['entity_id', (eb) => eb.fn.max('at').as('at')])
    .where('entity', '=', entity)
    .where('entity_id', '=', sql<string>`ANY(${[...ids]}::text[])`)
    .groupBy('entity_id')
    .execute();
  return new Map(rows.map((r) => [r.entity_id, r.at.toISOString()]));
}
