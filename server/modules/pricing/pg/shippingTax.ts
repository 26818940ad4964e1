// Shipping methods and tax rates (migration 0014; PgStore delegates here). The readers take any
// handle (the database or a transaction) so that placing an order prices with them inside its
// own transaction. Writes record their audit entry in the same transaction.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { ShippingMethod, TaxRate } from '../../../../src/domain/checkout';
import { TaxRatePlaceTaken, type AuditContext } from '../../../db/port';
import { shippingMethodFromRow, shippingMethodToRow, taxRateFromRow, taxRateToRow } from './rows';
// eslint-disable-next-line no-restricted-imports -- the write and its audit entry are one transaction here; docs/architecture.md "Known crossings"
import { recordAudit } from '../../backoffice/pg/audit';
import { isId } from '../../../db/rows';
import type { Database } from '../../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** The shipping methods of a country, cheapest first, then by id. */
export async function shippingMethodsFor(db: Db, country: string): Promise<ShippingMethod[]> {
  const rows = await db.selectFrom('shipping_methods').selectAll().where('country', '=', country).orderBy('amount').orderBy('id').execute();
  return rows.map(shippingMethodFromRow);
}

/** One shipping method by id. */
export async function shippingMethodById(db: Db, id: number): Promise<ShippingMethod | undefined> {
  if (!isId(id)) return undefined;
  const row = await db.selectFrom('shipping_methods').selectAll().where('id', '=', id).executeTakeFirst();
  return row && shippingMethodFromRow(row);
}

/**
 * The tax rate (percent) of an address: the state's rate when the country has one for that state
 * (compared without regard to case or surrounding spaces), else the whole country's, else 0.
 */
export async function taxRateFor(db: Db, country: string, state: string | null | undefined): Promise<number> {
  const place = (state ?? '').trim().toLowerCase();
  const rows = await db
    .selectFrom('tax_rates')
    .select(['state', 'rate'])
    .where('country', '=', country)
    .where((eb) => (place === '' ? eb('state', 'is', null) : eb.or([eb('state', 'is', null), eb(sql<string>`lower(trim(state))`, '=', place)])))
    .execute();
  const own = rows.find((r) => r.state !== null);
  const whole = rows.find((r) => r.state === null);
  const row = own ?? whole;
  return row ? Number(row.rate) : 0;
}

// --- Back office ---------------------------------------------------------------------------------

/** Every shipping method: by country, then cheapest first, then id. */
export async function listShippingMethods(db: Db): Promise<ShippingMethod[]> {
  const rows = await db.selectFrom('shipping_methods').selectAll().orderBy('country').orderBy('amount').orderBy('id').execute();
  return rows.map(shippingMethodFromRow);
}

const described = (m: ShippingMethod) => ({ name: m.name, country: m.country, amount: m.amount, freeOver: m.freeOver, estimate: m.estimate });

function changed<T extends Record<string, unknown>>(before: T, after: T): { before: Record<string, unknown>; after: Record<string, unknown> } | undefined {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    was[key] = before[key] ?? null;
    now[key] = after[key] ?? null;
  }
  return Object.keys(now).length === 0 ? undefined : { before: was, after: now };
}

export async function createShippingMethod(db: Kysely<Database>, method: Omit<ShippingMethod, 'id'>, audit?: AuditContext): Promise<ShippingMethod> {
  return db.transaction().execute(async (trx) => {
    const created = shippingMethodFromRow(await trx.insertInto('shipping_methods').values(shippingMethodToRow(method)).returningAll().executeTakeFirstOrThrow());
    await recordAudit(trx, audit, () => ({ entity: 'shipping', entityId: String(created.id), before: null, after: described(created) }));
    return created;
  });
}

/**
 * Sets the fields `change` computes from the method as it is (locked: no other write in between);
 * undefined when there is no such method; throws what `change` throws, with nothing changed.
 */
export async function updateShippingMethod(
  db: Kysely<Database>,
  id: number,
  change: (method: ShippingMethod) => Omit<ShippingMethod, 'id'>,
  audit?: AuditContext,
): Promise<ShippingMethod | undefined> {
  if (!isId(id)) return undefined;
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('shipping_methods').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) return undefined;
    const before = shippingMethodFromRow(row);
    const method = change(before);
    const after = shippingMethodFromRow(
      await trx.updateTable('shipping_methods').set(shippingMethodToRow(method)).where('id', '=', id).returningAll().executeTakeFirstOrThrow(),
    );
    await recordAudit(trx, audit, () => {
      const diff = changed(described(before), described(after));
      return diff && { entity: 'shipping', entityId: String(id), ...diff };
    });
    return after;
  });
}

/** Removes the method; false when there was none. */
export async function deleteShippingMethod(db: Kysely<Database>, id: number, audit?: AuditContext): Promise<boolean> {
  if (!isId(id)) return false;
  return db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('shipping_methods').where('id', '=', id).returningAll().executeTakeFirst();
    if (!row) return false;
    await recordAudit(trx, audit, () => ({ entity: 'shipping', entityId: String(id), before: described(shippingMethodFromRow(row)), after: null }));
    return true;
  });
}

/** Every tax rate: by country, the whole country first, then by state. */
export async function listTaxRates(db: Db): Promise<TaxRate[]> {
  const rows = await db
    .selectFrom('tax_rates')
    .selectAll()
    .orderBy('country')
    .orderBy(sql`state IS NOT NULL`)
    .orderBy(sql`lower(state)`)
    .orderBy('id')
    .execute();
  return rows.map(taxRateFromRow);
}

const describedRate = (t: TaxRate) => ({ country: t.country, state: t.state, rate: t.rate });

/** The place's unique index answered a clash (another rate for the same country and state). */
function placeTaken(error: unknown): boolean {
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown };
  return e?.code === '23505' && (e.constraint === 'tax_rates_place_idx' || (typeof e.message === 'string' && e.message.includes('tax_rates_place_idx')));
}

async function clashing(trx: Transaction<Database>, rate: Omit<TaxRate, 'id'>, except?: number): Promise<boolean> {
  let query = trx.selectFrom('tax_rates').select('id').where('country', '=', rate.country);
  query = rate.state === null ? query.where('state', 'is', null) : query.where(sql<string>`lower(state)`, '=', rate.state.toLowerCase());
  if (except !== undefined) query = query.where('id', '<>', except);
  return (await query.executeTakeFirst()) !== undefined;
}

async function placeSafe<T>(rate: Omit<TaxRate, 'id'>, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (placeTaken(error)) throw new TaxRatePlaceTaken(rate.country, rate.state);
    throw error;
  }
}

/** Adds the rate; throws TaxRatePlaceTaken (nothing written) when its place has one. */
export async function createTaxRate(db: Kysely<Database>, rate: Omit<TaxRate, 'id'>, audit?: AuditContext): Promise<TaxRate> {
  return placeSafe(rate, () =>
    db.transaction().execute(async (trx) => {
      if (await clashing(trx, rate)) throw new TaxRatePlaceTaken(rate.country, rate.state);
      const created = taxRateFromRow(await trx.insertInto('tax_rates').values(taxRateToRow(rate)).returningAll().executeTakeFirstOrThrow());
      await recordAudit(trx, audit, () => ({ entity: 'tax', entityId: String(created.id), before: null, after: describedRate(created) }));
      return created;
    }),
  );
}

/**
 * Sets the fields `change` computes from the rate as it is (locked); undefined when there is no
 * such rate; TaxRatePlaceTaken on a clash; throws what `change` throws, with nothing changed.
 */
export async function updateTaxRate(db: Kysely<Database>, id: number, change: (rate: TaxRate) => Omit<TaxRate, 'id'>, audit?: AuditContext): Promise<TaxRate | undefined> {
  if (!isId(id)) return undefined;
  let place: Omit<TaxRate, 'id'> | undefined;
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('tax_rates').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (!row) return undefined;
      const before = taxRateFromRow(row);
      const rate = (place = change(before));
      if (await clashing(trx, rate, id)) throw new TaxRatePlaceTaken(rate.country, rate.state);
      const after = taxRateFromRow(await trx.updateTable('tax_rates').set(taxRateToRow(rate)).where('id', '=', id).returningAll().executeTakeFirstOrThrow());
      await recordAudit(trx, audit, () => {
        const diff = changed(describedRate(before), describedRate(after));
        return diff && { entity: 'tax', entityId: String(id), ...diff };
      });
      return after;
    });
  } catch (error) {
    if (place && placeTaken(error)) throw new TaxRatePlaceTaken(place.country, place.state);
    throw error;
  }
}

/** Removes the rate; false when there was none. */
export async function deleteTaxRate(db: Kysely<Database>, id: number, audit?: AuditContext): Promise<boolean> {
  if (!isId(id)) return false;
  return db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('tax_rates').where('id', '=', id).returningAll().executeTakeFirst();
    if (!row) return false;
    await recordAudit(trx, audit, () => ({ entity: 'tax', entityId: String(id), before: describedRate(taxRateFromRow(row)), after: null }));
    return true;
  });
}
