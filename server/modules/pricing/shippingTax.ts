// Shipping methods and tax rates: the public list of a country's methods
// (GET /api/shipping-methods?country=) and the back office's management of both
// (/api/admin/shipping-methods, /api/admin/tax-rates). Every field is checked here, with a
// message per field, before anything is written; a PATCH is judged on the record as it would be
// (the given fields over the stored ones). A tax rate's place is a country, or one of its regions
// (src/domain/regions.ts), sent as its code, ISO code or name, stored as its code and answered by
// name. One tax rate per place: a clash is 409 naming the place.
import type { ShippingMethod, TaxRate } from '../../../src/domain/checkout';
import { COUNTRIES, type Country } from '../../../src/domain/types';
import { chooseStateMessage, findRegion, regionName } from '../../../src/domain/regions';
import { badRequest, HttpError, notFound } from '../../http/errors';
import type { StoredUser } from '../../db/port';
import { TaxRatePlaceTaken, type PricingStore, type Store } from '../../db/port';
import { auditBy, type AuditService } from '../backoffice/audit';
import { AuditedWrites, type AuditedRecords } from './auditedWrites';
import { parseId, requireObject } from '../../http/input';

export const MAX_METHOD_NAME = 60;
export const MAX_SHIPPING_AMOUNT = 10_000;
export const MAX_FREE_OVER = 1_000_000;
export const MAX_DAYS = 60;
export const MAX_STATE = 60;

type Errors = Record<string, string>;
type MethodFields = Omit<ShippingMethod, 'id'>;
type RateFields = Omit<TaxRate, 'id'>;

const COUNTRY_MESSAGE = `Country must be one of ${COUNTRIES.join(', ')}`;
const decimals = (n: number, places: number) => {
  const scaled = n * 10 ** places;
  return Math.abs(Math.round(scaled) - scaled) < 1e-6;
};
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function readCountry(value: unknown, errors: Errors): Country | undefined {
  if (typeof value === 'string' && COUNTRIES.includes(value as Country)) return value as Country;
  errors.country = value === undefined || value === '' ? `Country is required (one of ${COUNTRIES.join(', ')})` : COUNTRY_MESSAGE;
  return undefined;
}

/** A shipping method's fields as they would be: `body`'s over `base` (all required without a base). */
function readMethod(body: Record<string, unknown>, base: MethodFields | undefined): MethodFields {
  const errors: Errors = {};
  const given = (key: string) => base === undefined || body[key] !== undefined;
  const out = { ...(base ?? {}) } as MethodFields;

  if (given('name')) {
    const v = body.name;
    if (typeof v !== 'string' || v.trim() === '') errors.name = 'Name is required';
    else if (v.trim().length > MAX_METHOD_NAME) errors.name = `Name must be at most ${MAX_METHOD_NAME} characters`;
    else out.name = v.trim();
  }
  if (given('country')) {
    const c = readCountry(body.country, errors);
    if (c) out.country = c;
  }
  if (given('amount')) {
    const v = body.amount;
    if (!isNumber(v) || v < 0 || v > MAX_SHIPPING_AMOUNT) errors.amount = `Price must be a number from 0 to ${MAX_SHIPPING_AMOUNT}`;
    else if (!decimals(v, 2)) errors.amount = 'Price must have at most 2 decimals';
    else out.amount = v;
  }
  if (base === undefined ? 'freeOver' in body : body.freeOver !== undefined) {
    const v = body.freeOver;
    if (v === null) out.freeOver = null;
    else if (!isNumber(v) || v < 0 || v > MAX_FREE_OVER) errors.freeOver = `Free over must be a number from 0 to ${MAX_FREE_OVER}, or empty (never free)`;
    else if (!decimals(v, 2)) errors.freeOver = 'Free over must have at most 2 decimals';
    else out.freeOver = v;
  } else if (base === undefined) out.freeOver = null;
  if (given('estimate')) {
    const e = body.estimate;
    if (typeof e !== 'object' || e === null || Array.isArray(e)) {
      errors.estimate = 'Delivery estimate must give minDays and maxDays';
    } else {
      const est = e as Record<string, unknown>;
      const days = { ...(base?.estimate ?? { minDays: 0, maxDays: 0 }) };
      for (const [key, label] of [
        ['minDays', 'Fastest delivery'],
        ['maxDays', 'Slowest delivery'],
      ] as const) {
        if (base !== undefined && est[key] === undefined) continue;
        const v = est[key];
        if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > MAX_DAYS) errors[`estimate.${key}`] = `${label} must be a whole number of days from 0 to ${MAX_DAYS}`;
        else days[key] = v;
      }
      if (!errors['estimate.minDays'] && !errors['estimate.maxDays'] && days.maxDays < days.minDays) {
        errors['estimate.maxDays'] = 'Slowest delivery must be at least the fastest';
      }
      out.estimate = days;
    }
  }
  if (Object.keys(errors).length > 0) throw badRequest('Invalid shipping method', errors);
  return { name: out.name, country: out.country, amount: out.amount, freeOver: out.freeOver, estimate: { minDays: out.estimate.minDays, maxDays: out.estimate.maxDays } };
}

/** A tax rate's fields as they would be: `body`'s over `base` (country and rate required without a base; state absent = null). */
function readRate(body: Record<string, unknown>, base: RateFields | undefined): RateFields {
  const errors: Errors = {};
  const out = { ...(base ?? { state: null }) } as RateFields;
  if (base === undefined || body.country !== undefined) {
    const c = readCountry(body.country, errors);
    if (c) out.country = c;
  }
  if (body.state !== undefined) {
    const v = body.state;
    if (v === null) out.state = null;
    else if (typeof v !== 'string' || v.trim() === '') errors.state = 'State must be a name, or empty (null) for the whole country';
    else if (v.trim().length > MAX_STATE) errors.state = `State must be at most ${MAX_STATE} characters`;
    else out.state = v.trim();
  }
  // The state is judged against the country as it would be (a country changed alone must still have it).
  if (out.state !== null && out.country !== undefined && !errors.country && !errors.state) {
    const region = findRegion(out.country, out.state);
    if (region) out.state = region.code;
    else errors.state = chooseStateMessage(out.country);
  }
  if (base === undefined || body.rate !== undefined) {
    const v = body.rate;
    if (!isNumber(v) || v < 0 || v > 100) errors.rate = 'Rate must be a percentage from 0 to 100';
    else if (!decimals(v, 4)) errors.rate = 'Rate must have at most 4 decimals';
    else out.rate = v;
  }
  if (Object.keys(errors).length > 0) throw badRequest('Invalid tax rate', errors);
  return { country: out.country, state: out.state, rate: out.rate };
}

function withoutId<T extends { id: number }>(record: T): Omit<T, 'id'> {
  const copy: Partial<T> = { ...record };
  delete copy.id;
  return copy as Omit<T, 'id'>;
}

/** A rate as answered: its region by name (a rate stored under a name no region has, as stored). */
export function rateAnswer<T extends { country: string; state: string | null }>(rate: T): T {
  return rate.state === null ? rate : { ...rate, state: regionName(rate.country, rate.state) ?? rate.state };
}

function placeTaken(error: unknown): never {
  if (error instanceof TaxRatePlaceTaken) {
    const state = error.state === null ? null : (regionName(error.country, error.state) ?? error.state);
    const place = state === null ? `the whole of ${error.country}` : `${state}, ${error.country}`;
    const message = `There is a tax rate for ${place} already`;
    throw new HttpError(409, message, { state: message });
  }
  throw error;
}

export class ShippingTaxService {
  private readonly writes: AuditedWrites;
  private readonly methods: AuditedRecords<ShippingMethod, MethodFields>;
  private readonly rates: AuditedRecords<TaxRate, RateFields>;

  constructor(
    private readonly store: PricingStore & Pick<Store, 'transaction'>,
    audit: AuditService,
    private readonly now: () => number,
  ) {
    this.writes = new AuditedWrites(store, audit);
    this.methods = {
      entity: 'shipping',
      insert: (tx, fields) => store.insertShippingMethod(tx, fields),
      lock: (tx, id) => store.lockShippingMethod(tx, id),
      update: (tx, id, fields) => store.updateShippingMethod(tx, id, fields),
      remove: (tx, id) => store.deleteShippingMethod(tx, id),
      described: (m) => ({ name: m.name, country: m.country, amount: m.amount, freeOver: m.freeOver, estimate: m.estimate }),
    };
    this.rates = {
      entity: 'tax',
      insert: (tx, fields) => store.insertTaxRate(tx, fields),
      lock: (tx, id) => store.lockTaxRate(tx, id),
      update: (tx, id, fields) => store.updateTaxRate(tx, id, fields),
      remove: (tx, id) => store.deleteTaxRate(tx, id),
      described: (t) => rateAnswer({ country: t.country, state: t.state, rate: t.rate }),
    };
  }

  /** GET /shipping-methods?country=: the country's methods, cheapest first. */
  methodsFor(query: Record<string, unknown>): Promise<ShippingMethod[]> {
    const errors: Errors = {};
    const country = readCountry(query.country, errors);
    if (!country) throw badRequest('Invalid country', errors);
    return this.store.shippingMethods(country);
  }

  listMethods(): Promise<ShippingMethod[]> {
    return this.store.listShippingMethods();
  }

  createMethod(admin: StoredUser, body: unknown): Promise<ShippingMethod> {
    const fields = readMethod(requireObject(body), undefined);
    return this.writes.create(this.methods, auditBy(admin, 'shipping.create', this.now()), fields);
  }

  async updateMethod(admin: StoredUser, idText: string, body: unknown): Promise<ShippingMethod> {
    const id = parseId(idText);
    const object = requireObject(body);
    // Judged against the method as stored, locked (no other write in between).
    const updated = id === undefined ? undefined : await this.writes.update(this.methods, auditBy(admin, 'shipping.update', this.now()), id, (current) => readMethod(object, withoutId(current)));
    if (!updated) throw notFound('No such shipping method');
    return updated;
  }

  async removeMethod(admin: StoredUser, idText: string): Promise<void> {
    const id = parseId(idText);
    if (id === undefined || !(await this.writes.remove(this.methods, auditBy(admin, 'shipping.delete', this.now()), id))) throw notFound('No such shipping method');
  }

  /** Every rate: by country as the store lists them, the whole country first, then its regions by name (the store orders them by code). */
  async listRates(): Promise<TaxRate[]> {
    const rates = (await this.store.listTaxRates()).map(rateAnswer);
    const countries = [...new Set(rates.map((r) => r.country))];
    return rates.sort(
      (a, b) =>
        countries.indexOf(a.country) - countries.indexOf(b.country) ||
        Number(a.state !== null) - Number(b.state !== null) ||
        (a.state ?? '').localeCompare(b.state ?? '', 'en') ||
        a.id - b.id,
    );
  }

  async createRate(admin: StoredUser, body: unknown): Promise<TaxRate> {
    const fields = readRate(requireObject(body), undefined);
    try {
      return rateAnswer(await this.writes.create(this.rates, auditBy(admin, 'tax.create', this.now()), fields));
    } catch (error) {
      return placeTaken(error);
    }
  }

  async updateRate(admin: StoredUser, idText: string, body: unknown): Promise<TaxRate> {
    const id = parseId(idText);
    const object = requireObject(body);
    let updated: TaxRate | undefined;
    try {
      updated = id === undefined ? undefined : await this.writes.update(this.rates, auditBy(admin, 'tax.update', this.now()), id, (current) => readRate(object, withoutId(current)));
    } catch (error) {
      return placeTaken(error);
    }
    if (!updated) throw notFound('No such tax rate');
    return rateAnswer(updated);
  }

  async removeRate(admin: StoredUser, idText: string): Promise<void> {
    const id = parseId(idText);
    if (id === undefined || !(await this.writes.remove(this.rates, auditBy(admin, 'tax.delete', this.now()), id))) throw notFound('No such tax rate');
  }
}
