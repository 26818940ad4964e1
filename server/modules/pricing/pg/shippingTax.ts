// Shipping methods and tax rates (migration 0014; PgStore delegates here). The readers take any
// handle (the database or a transaction) so that placing an order prices with them inside its
// own transaction. The back office's writes run in the transaction the service opened (which
// records their audit entry in it too).
import { sql, type Kysely, type Transaction } from 'kysely';
import type { ShippingMethod, TaxRate } from '../../../../src/domain/checkout';
import { TaxRatePlaceTaken } from '../../../db/port';
import { shippingMethodFromRow, shippingMethodToRow, taxRateFromRow, taxRateToRow } from './rows';
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

/** Adds the method, in `trx`. */
export async function insertShippingMethod(trx: Transaction<Database>, method: Omit<ShippingMethod, 'id'>): Promise<ShippingMethod> {
  return shippingMethodFromRow(await trx.insertInto('shipping_methods').values(shippingMethodToRow(method)).returningAll().executeTakeFirstOrThrow());
}

/** The method, locked until `trx` ends (no other write in between); undefined when there is none. */
export async function lockShippingMethod(trx: Transaction<Database>, id: number): Promise<ShippingMethod | undefined> {
  if (!isId(id)) return undefined;
  const row = await trx.selectFrom('shipping_methods').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  return row && shippingMethodFromRow(row);
}

/** Sets the method's fields (one the caller locked), in `trx`: the method after. */
export async function updateShippingMethod(trx: Transaction<Database>, id: number, method: Omit<ShippingMethod, 'id'>): Promise<ShippingMethod> {
  return shippingMethodFromRow(await trx.updateTable('shipping_methods').set(shippingMethodToRow(method)).where('id', '=', id).returningAll().executeTakeFirstOrThrow());
}

/** Removes the method, in `trx`: what was removed, undefined when there was none. */
export async function deleteShippingMethod(trx: Transaction<Database>, id: number): Promise<ShippingMethod | undefined> {
  if (!isId(id)) return undefined;
  const row = await trx.deleteFrom('shipping_methods').where('id', '=', id).returningAll().executeTakeFirst();
  return row && shippingMethodFromRow(row);
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

/** Runs a write of `rate`, answering TaxRatePlaceTaken when the place's unique index refuses it (a race past `clashing`). */
async function placeSafe<T>(rate: Omit<TaxRate, 'id'>, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (placeTaken(error)) throw new TaxRatePlaceTaken(rate.country, rate.state);
    throw error;
  }
}

/** Adds the rate, in `trx`; TaxRatePlaceTaken (nothing written: roll back) when its place has one. */
export async function insertTaxRate(trx: Transaction<Database>, rate: Omit<TaxRate, 'id'>): Promise<TaxRate> {
  if (await clashing(trx, rate)) throw new TaxRatePlaceTaken(rate.country, rate.state);
  return placeSafe(rate, async () => taxRateFromRow(await trx.insertInto('tax_rates').values(taxRateToRow(rate)).returningAll().executeTakeFirstOrThrow()));
}

/** The rate, locked until `trx` ends; undefined when there is none. */
export async function lockTaxRate(trx: Transaction<Database>, id: number): Promise<TaxRate | undefined> {
  if (!isId(id)) return undefined;
  const row = await trx.selectFrom('tax_rates').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  return row && taxRateFromRow(row);
}

/** Sets the rate's fields (one the caller locked), in `trx`: the rate after; TaxRatePlaceTaken (roll back) when another rate has its place. */
export async function updateTaxRate(trx: Transaction<Database>, id: number, rate: Omit<TaxRate, 'id'>): Promise<TaxRate> {
  if (await clashing(trx, rate, id)) throw new TaxRatePlaceTaken(rate.country, rate.state);
  return placeSafe(rate, async () => taxRateFromRow(await trx.updateTable('tax_rates').set(taxRateToRow(rate)).where('id', '=', id).returningAll().executeTakeFirstOrThrow()));
}

/** Removes the rate, in `trx`: what was removed, undefined when there was none. */
export async function deleteTaxRate(trx: Transaction<Database>, id: number): Promise<TaxRate | undefined> {
  if (!isId(id)) return undefined;
  const row = await trx.deleteFrom('tax_rates').where('id', '=', id).returningAll().executeTakeFirst();
  return row && taxRateFromRow(row);
}
