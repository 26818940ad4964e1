// Promotions as admins manage them (migration 0014; PgStore delegates here): the back office's
// list, one by id, and the writes (add, lock, change, remove) in the transaction the service
// opened, which records their audit entry in it too; and the banner's promotion. The reads used
// when pricing and redeeming live in promotionUse.ts.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Promotion } from '../../../../src/domain/checkout';
import type { Page, PromotionFields } from '../../../db/port';
import { PromotionCodeTaken } from '../../../db/port';
import { promotionFromRow, promotionToRow } from './rows';
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

/** Runs a write of `code`, answering PromotionCodeTaken when the unique index refuses it. */
async function codeSafe<T>(code: string | null, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw codeViolation(error, code) ?? error;
  }
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

/** Adds the promotion, in `trx`; PromotionCodeTaken (roll back) when another has its code. */
export function insertPromotion(trx: Transaction<Database>, fields: PromotionFields): Promise<Promotion> {
  return codeSafe(fields.code, async () => promotionFromRow(await trx.insertInto('promotions').values(promotionToRow(fields)).returningAll().executeTakeFirstOrThrow()));
}

/** The promotion, locked until `trx` ends (its `used` cannot move meanwhile); undefined when there is none. */
export async function lockPromotion(trx: Transaction<Database>, id: number): Promise<Promotion | undefined> {
  if (!isId(id)) return undefined;
  const row = await trx.selectFrom('promotions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  return row && promotionFromRow(row);
}

/** Sets the fields of the promotion (one the caller locked), in `trx`: the promotion after; PromotionCodeTaken (roll back) when another has its code. */
export function updatePromotion(trx: Transaction<Database>, id: number, fields: PromotionFields): Promise<Promotion> {
  return codeSafe(fields.code, async () =>
    promotionFromRow(await trx.updateTable('promotions').set(promotionToRow(fields)).where('id', '=', id).returningAll().executeTakeFirstOrThrow()),
  );
}

/** Removes the promotion (orders keep their snapshot; its redemptions go), in `trx`: what was removed, undefined when there was none. */
export async function deletePromotion(trx: Transaction<Database>, id: number): Promise<Promotion | undefined> {
  if (!isId(id)) return undefined;
  const row = await trx.deleteFrom('promotions').where('id', '=', id).returningAll().executeTakeFirst();
  return row && promotionFromRow(row);
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

/** A category's new value (a rename or a merge) in every promotion that names the old one; each list keeps its order, without repeats. */
export async function renamePromotionCategory(trx: Transaction<Database>, from: string, to: string): Promise<void> {
  await sql`
    UPDATE promotions SET categories = ARRAY(
      SELECT c FROM unnest(array_replace(categories, ${from}, ${to})) WITH ORDINALITY AS u(c, n) GROUP BY c ORDER BY min(n))
    WHERE ${from} = ANY(categories)`.execute(trx);
}
