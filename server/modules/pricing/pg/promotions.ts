// Promotions as admins manage them (migration 0014; PgStore delegates here): the back office's
// list, one by id, create / change / delete, each write in one transaction with its audit entry,
// and the banner's promotion. The reads used when pricing and redeeming live in promotionUse.ts.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Promotion } from '../../../../src/domain/checkout';
import { changedFields } from '../../backoffice/auditEntries';
import type { AuditContext, Page, PromotionFields } from '../../../db/port';
import { PromotionCodeTaken } from '../../../db/port';
import { promotionFromRow, promotionToRow } from './rows';
// eslint-disable-next-line no-restricted-imports -- the write and its audit entry are one transaction here; docs/architecture.md "Known crossings"
import { recordAudit } from '../../backoffice/pg/audit';
import { isId } from '../../../db/rows';
import type { Database } from '../../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** A write that broke the case-blind unique index on codes: the code it named. */
function codeViolation(error: unknown, code: string | null): PromotionCodeTaken | undefined {
  const e = error as { code?: unknown; constraint?: unknown; detail?: unknown; message?: unknown };
  if (e?.code !== '23505') return undefined;
  const text = `${String(e.constraint ?? '')} ${typeof e.detail === 'string' ? e.detail : ''} ${typeof e.message === 'string' ? e.message : ''}`;
  if (!text.includes('promotions_code_idx') && !text.includes('lower(code)')) return undefined;
  return new PromotionCodeTaken(code ?? '');
}

async function codeSafe<T>(code: string | null, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw codeViolation(error, code) ?? error;
  }
}

/** The record as the audit log keeps it (without `used`, which orders change, not admins). */
function audited(p: Promotion): Record<string, unknown> {
  const { used: _used, ...fields } = p;
  void _used;
  return fields;
}

/** Newest first (id descending); `slice` one page of them. */
export async function listPromotions(db: Db, slice?: { start: number; end: number }): Promise<Page<Promotion>> {
  let query = db.selectFrom('promotions').selectAll().orderBy('id', 'desc');
  if (slice) query = query.offset(Math.max(0, slice.start)).limit(Math.max(0, slice.end - slice.start));
  const [rows, count] = await Promise.all([
    query.execute(),
    db.selectFrom('promotions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(promotionFromRow), total: Number(count.n) };
}

export async function promotionById(db: Db, id: number): Promise<Promotion | undefined> {
  if (!isId(id)) return undefined;
  const row = await db.selectFrom('promotions').selectAll().where('id', '=', id).executeTakeFirst();
  return row && promotionFromRow(row);
}

export function createPromotion(db: Kysely<Database>, fields: PromotionFields, audit?: AuditContext): Promise<Promotion> {
  return codeSafe(fields.code, () =>
    db.transaction().execute(async (trx) => {
      const created = promotionFromRow(await trx.insertInto('promotions').values(promotionToRow(fields)).returningAll().executeTakeFirstOrThrow());
      await recordAudit(trx, audit, () => ({ entity: 'promotion', entityId: String(created.id), before: null, after: audited(created) }));
      return created;
    }),
  );
}

/**
 * Sets the fields `change` computes from the promotion as it is (its row locked meanwhile, so
 * `used` cannot move under the check); undefined when there is no such promotion. Throws what
 * `change` throws, with nothing changed.
 */
export async function updatePromotionWith(
  db: Kysely<Database>,
  id: number,
  change: (promotion: Promotion) => PromotionFields,
  audit?: AuditContext,
): Promise<Promotion | undefined> {
  if (!isId(id)) return undefined;
  let code: string | null = null;
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('promotions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (!row) return undefined;
      const before = promotionFromRow(row);
      const fields = change(before);
      code = fields.code;
      const after = promotionFromRow(await trx.updateTable('promotions').set(promotionToRow(fields)).where('id', '=', id).returningAll().executeTakeFirstOrThrow());
      const changed = changedFields(audited(before), audited(after));
      if (Object.keys(changed.after).length > 0) {
        await recordAudit(trx, audit, () => ({ entity: 'promotion', entityId: String(id), ...changed }));
      }
      return after;
    });
  } catch (error) {
    throw codeViolation(error, code) ?? error;
  }
}

/** Removes the promotion (orders keep their snapshot; its redemptions go); false when there was none. */
export async function deletePromotion(db: Kysely<Database>, id: number, audit?: AuditContext): Promise<boolean> {
  if (!isId(id)) return false;
  return db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('promotions').where('id', '=', id).returningAll().executeTakeFirst();
    if (!row) return false;
    await recordAudit(trx, audit, () => ({ entity: 'promotion', entityId: String(id), before: audited(promotionFromRow(row)), after: null }));
    return true;
  });
}

/**
 * The promotion the banner announces at `now`: automatic (no code), active, within its dates and
 * not used up; the lowest id of those.
 */
export async function bannerPromotion(db: Db, now: number): Promise<Promotion | undefined> {
  const at = new Date(now);
  const row = await db
    .selectFrom('promotions')
    .selectAll()
    .where('code', 'is', null)
    .where('active', '=', true)
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', at)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', at)]))
    .where(sql<boolean>`(usage_limit IS NULL OR used < usage_limit)`)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row && promotionFromRow(row);
}
