// Shipping methods and tax rates: the public list of a country's
// methods, cheapest first; admins list, add, change and delete methods and rates (every field
// checked with a message per field, nothing changed on error; one rate per country and state,
// whatever the case: a clash is 409 naming it; each write audited); the rate an address pays.
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../src/domain/backOffice';
import type { ShippingMethod, TaxRate } from '../../../src/domain/checkout';
import { ACCOUNTS, expectNoLeaks, makeShop, type Agent } from '../fixtures';

afterEach(expectNoLeaks);

const METHODS = '/api/admin/shipping-methods';
const RATES = '/api/admin/tax-rates';

const method = (overrides: Record<string, unknown> = {}) => ({
  name: 'Express',
  country: 'Canada',
  amount: 19.99,
  freeOver: null,
  estimate: { minDays: 1, maxDays: 2 },
  ...overrides,
});

async function addMethod(a: Agent, overrides: Record<string, unknown> = {}): Promise<ShippingMethod> {
  return (await a.post(METHODS).send(method(overrides)).expect(201)).body as ShippingMethod;
}

async function addRate(a: Agent, body: Record<string, unknown>): Promise<TaxRate> {
  return (await a.post(RATES).send(body).expect(201)).body as TaxRate;
}

describe('access', () => {
  it('anonymous callers get 401, shoppers 403, on every admin route; nothing is written', async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    const m = await addMethod(admin);
    const r = await addRate(admin, { country: 'Canada', state: null, rate: 5 });
    const user = await shop.as('user');
    const calls = (a: Agent) => [
      a.get(METHODS),
      a.post(METHODS).send(method({ name: 'Sneaky' })),
      a.patch(`${METHODS}/${m.id}`).send({ amount: 0 }),
      a.delete(`${METHODS}/${m.id}`),
      a.get(RATES),
      a.post(RATES).send({ country: 'Mexico', state: null, rate: 16 }),
      a.patch(`${RATES}/${r.id}`).send({ rate: 0 }),
      a.delete(`${RATES}/${r.id}`),
    ];
    for (const [a, status] of [
      [shop.anon(), 401],
      [user, 403],
    ] as const) {
      for (const res of await Promise.all(calls(a))) {
        expect(res.status).toBe(status);
        expect(res.body.message).toEqual(expect.any(String));
      }
    }
    expect((await admin.get(METHODS).expect(200)).body).toEqual([m]);
    expect((await admin.get(RATES).expect(200)).body).toEqual([r]);
  });
});

describe('GET /api/shipping-methods?country=', () => {
  it("answers anyone the country's methods, cheapest first (then the older), and no other country's", async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    const express = await addMethod(admin);
    const standard = await addMethod(admin, { name: 'Standard', amount: 7.5, freeOver: 100, estimate: { minDays: 3, maxDays: 7 } });
    const pickup = await addMethod(admin, { name: 'Pickup', amount: 7.5, estimate: { minDays: 0, maxDays: 0 } });
    await addMethod(admin, { name: 'Standard', country: 'Mexico', amount: 1 });
    const res = await shop.anon().get('/api/shipping-methods?country=Canada').expect(200);
    expect(res.body).toEqual([
      { id: standard.id, name: 'Standard', country: 'Canada', amount: 7.5, freeOver: 100, estimate: { minDays: 3, maxDays: 7 } },
      { id: pickup.id, name: 'Pickup', country: 'Canada', amount: 7.5, freeOver: null, estimate: { minDays: 0, maxDays: 0 } },
      { id: express.id, name: 'Express', country: 'Canada', amount: 19.99, freeOver: null, estimate: { minDays: 1, maxDays: 2 } },
    ]);
    expect((await shop.anon().get('/api/shipping-methods?country=India').expect(200)).body).toEqual([]);
    const us = await shop.anon().get('/api/shipping-methods').query({ country: 'United States' }).expect(200);
    expect(us.body).toEqual([]);
  });

  it('400 with a field message when the country is missing or not one the shop ships to', async () => {
    const anon = makeShop().anon();
    const missing = await anon.get('/api/shipping-methods').expect(400);
    expect(missing.body.errors.country).toBe('Country is required (one of India, United States, Canada, Mexico)');
    for (const bad of ['?country=France', '?country=canada', '?country=Canada&country=Mexico', '?country=']) {
      const res = await anon.get(`/api/shipping-methods${bad}`).expect(400);
      expect(res.body.message).toBe('Invalid country');
      expect(res.body.errors.country).toMatch(/^Country (is required|must be one of) /);
    }
  });
});

describe('shipping methods in the back office', () => {
  it('POST 201, GET lists every country (by country, cheapest first), PATCH changes the given fields, DELETE 204', async () => {
    const a = await makeShop().as('admin');
    const ca = await addMethod(a);
    expect(ca).toEqual({ id: expect.any(Number), ...method() });
    const mx = await addMethod(a, { country: 'Mexico', name: ' Estándar ', amount: 0, freeOver: 0, estimate: { minDays: 60, maxDays: 60 } });
    expect(mx).toMatchObject({ name: 'Estándar', amount: 0, freeOver: 0, estimate: { minDays: 60, maxDays: 60 } });
    const noFreeOver = await a.post(METHODS).send({ name: 'Flat', country: 'India', amount: 3, estimate: { minDays: 2, maxDays: 4 } }).expect(201);
    expect(noFreeOver.body.freeOver).toBeNull();
    expect(((await a.get(METHODS).expect(200)).body as ShippingMethod[]).map((m) => m.country)).toEqual(['Canada', 'India', 'Mexico']);

    const changed = await a.patch(`${METHODS}/${ca.id}`).send({ amount: 24.5, estimate: { maxDays: 3 } }).expect(200);
    expect(changed.body).toEqual({ ...ca, amount: 24.5, estimate: { minDays: 1, maxDays: 3 } });
    const moved = await a.patch(`${METHODS}/${ca.id}`).send({ freeOver: 250.25, name: 'Express Plus' }).expect(200);
    expect(moved.body).toMatchObject({ name: 'Express Plus', freeOver: 250.25, amount: 24.5 });
    expect((await a.patch(`${METHODS}/${ca.id}`).send({ freeOver: null }).expect(200)).body.freeOver).toBeNull();

    await a.delete(`${METHODS}/${mx.id}`).expect(204);
    expect(((await a.get(METHODS).expect(200)).body as ShippingMethod[]).map((m) => m.id)).toEqual([ca.id, noFreeOver.body.id]);
    for (const id of [mx.id, 999999, 'abc']) {
      expect((await a.patch(`${METHODS}/${id}`).send({ amount: 1 }).expect(404)).body.message).toBe('No such shipping method');
      expect((await a.delete(`${METHODS}/${id}`).expect(404)).body.message).toBe('No such shipping method');
    }
  });

  it('each bad field is a 400 naming it, on POST and PATCH, and nothing changes', async () => {
    const a = await makeShop().as('admin');
    const kept = await addMethod(a);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', 'Name is required'],
      [{ name: '   ' }, 'name', 'Name is required'],
      [{ name: 7 }, 'name', 'Name is required'],
      [{ name: 'x'.repeat(61) }, 'name', 'Name must be at most 60 characters'],
      [{ country: 'France' }, 'country', 'Country must be one of India, United States, Canada, Mexico'],
      [{ amount: -1 }, 'amount', 'Price must be a number from 0 to 10000'],
      [{ amount: 10000.01 }, 'amount', 'Price must be a number from 0 to 10000'],
      [{ amount: '5' }, 'amount', 'Price must be a number from 0 to 10000'],
      [{ amount: 1.005 }, 'amount', 'Price must have at most 2 decimals'],
      [{ freeOver: -0.01 }, 'freeOver', 'Free over must be a number from 0 to 1000000, or empty (never free)'],
      [{ freeOver: 'never' }, 'freeOver', 'Free over must be a number from 0 to 1000000, or empty (never free)'],
      [{ freeOver: 10.123 }, 'freeOver', 'Free over must have at most 2 decimals'],
      [{ estimate: 3 }, 'estimate', 'Delivery estimate must give minDays and maxDays'],
      [{ estimate: { minDays: 1.5, maxDays: 2 } }, 'estimate.minDays', 'Fastest delivery must be a whole number of days from 0 to 60'],
      [{ estimate: { minDays: -1, maxDays: 2 } }, 'estimate.minDays', 'Fastest delivery must be a whole number of days from 0 to 60'],
      [{ estimate: { minDays: 1, maxDays: 61 } }, 'estimate.maxDays', 'Slowest delivery must be a whole number of days from 0 to 60'],
      [{ estimate: { minDays: 5, maxDays: 4 } }, 'estimate.maxDays', 'Slowest delivery must be at least the fastest'],
    ];
    for (const [fields, field, message] of cases) {
      const post = await a.post(METHODS).send(method(fields)).expect(400);
      expect(post.body).toEqual({ message: 'Invalid shipping method', errors: { [field]: message } });
      const patch = await a.patch(`${METHODS}/${kept.id}`).send(fields).expect(400);
      expect(patch.body.errors).toEqual({ [field]: message });
    }
    // Required on POST: each one missing; PATCH judges the stored values with the given ones.
    for (const key of ['name', 'country', 'amount', 'estimate']) {
      const body: Record<string, unknown> = method();
      delete body[key];
      expect(Object.keys((await a.post(METHODS).send(body).expect(400)).body.errors)).toEqual([key === 'estimate' ? 'estimate' : key]);
    }
    const below = await a.patch(`${METHODS}/${kept.id}`).send({ estimate: { maxDays: 0 } }).expect(400);
    expect(below.body.errors).toEqual({ 'estimate.maxDays': 'Slowest delivery must be at least the fastest' });
    const several = await a.post(METHODS).send({ name: '', country: 'Peru', amount: -5, estimate: { minDays: 'a', maxDays: 99 } }).expect(400);
    expect(Object.keys(several.body.errors).sort()).toEqual(['amount', 'country', 'estimate.maxDays', 'estimate.minDays', 'name']);
    expect((await a.post(METHODS).send([method()]).expect(400)).body.message).toBe('Request body must be a JSON object');
    expect((await a.get(METHODS).expect(200)).body).toEqual([kept]);
  });
});

describe('changes at the same time', () => {
  it('PATCHes of different fields of one method or rate at once all land (each judged on the record as stored)', async () => {
    const a = await makeShop().as('admin');
    const m = await addMethod(a);
    const r = await addRate(a, { country: 'Canada', state: 'Ontario', rate: 13 });
    await Promise.all([
      a.patch(`${METHODS}/${m.id}`).send({ amount: 30 }).expect(200),
      a.patch(`${METHODS}/${m.id}`).send({ name: 'Overnight' }).expect(200),
      a.patch(`${METHODS}/${m.id}`).send({ estimate: { maxDays: 5 } }).expect(200),
      a.patch(`${RATES}/${r.id}`).send({ rate: 13.5 }).expect(200),
      a.patch(`${RATES}/${r.id}`).send({ state: 'Manitoba' }).expect(200),
    ]);
    expect((await a.get(METHODS).expect(200)).body).toEqual([{ ...m, name: 'Overnight', amount: 30, estimate: { minDays: 1, maxDays: 5 } }]);
    expect((await a.get(RATES).expect(200)).body).toEqual([{ ...r, state: 'Manitoba', rate: 13.5 }]);
  });
});

describe('tax rates in the back office', () => {
  it('POST 201, GET lists them (by country, the whole country first), PATCH, DELETE 204', async () => {
    const a = await makeShop().as('admin');
    const qc = await addRate(a, { country: 'Canada', state: ' Quebec ', rate: 14.975 });
    expect(qc).toEqual({ id: expect.any(Number), country: 'Canada', state: 'Quebec', rate: 14.975 });
    const ca = await addRate(a, { country: 'Canada', rate: 5 });
    expect(ca.state).toBeNull();
    const on = await addRate(a, { country: 'Canada', state: 'Ontario', rate: 13 });
    const mx = await addRate(a, { country: 'Mexico', state: null, rate: 16 });
    expect(((await a.get(RATES).expect(200)).body as TaxRate[]).map((r) => r.id)).toEqual([ca.id, on.id, qc.id, mx.id]);

    expect((await a.patch(`${RATES}/${on.id}`).send({ rate: 13.0001 }).expect(200)).body).toEqual({ ...on, rate: 13.0001 });
    expect((await a.patch(`${RATES}/${mx.id}`).send({ state: 'Jalisco' }).expect(200)).body).toEqual({ ...mx, state: 'Jalisco' });
    expect((await a.patch(`${RATES}/${mx.id}`).send({ state: null, rate: 0 }).expect(200)).body).toEqual({ ...mx, rate: 0 });
    await a.delete(`${RATES}/${qc.id}`).expect(204);
    expect(((await a.get(RATES).expect(200)).body as TaxRate[]).map((r) => r.id)).toEqual([ca.id, on.id, mx.id]);
    for (const id of [qc.id, 999999, '0']) {
      expect((await a.patch(`${RATES}/${id}`).send({ rate: 1 }).expect(404)).body.message).toBe('No such tax rate');
      expect((await a.delete(`${RATES}/${id}`).expect(404)).body.message).toBe('No such tax rate');
    }
  });

  it('each bad field is a 400 naming it, on POST and PATCH, and nothing changes', async () => {
    const a = await makeShop().as('admin');
    const kept = await addRate(a, { country: 'India', state: null, rate: 18 });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ country: 'Peru' }, 'country', 'Country must be one of India, United States, Canada, Mexico'],
      [{ state: '' }, 'state', 'State must be a name, or empty (null) for the whole country'],
      [{ state: '  ' }, 'state', 'State must be a name, or empty (null) for the whole country'],
      [{ state: 5 }, 'state', 'State must be a name, or empty (null) for the whole country'],
      [{ state: 'x'.repeat(61) }, 'state', 'State must be at most 60 characters'],
      [{ rate: -0.5 }, 'rate', 'Rate must be a percentage from 0 to 100'],
      [{ rate: 100.0001 }, 'rate', 'Rate must be a percentage from 0 to 100'],
      [{ rate: '7' }, 'rate', 'Rate must be a percentage from 0 to 100'],
      [{ rate: 7.12345 }, 'rate', 'Rate must have at most 4 decimals'],
    ];
    for (const [fields, field, message] of cases) {
      const post = await a.post(RATES).send({ country: 'Canada', state: 'Ontario', rate: 13, ...fields }).expect(400);
      expect(post.body).toEqual({ message: 'Invalid tax rate', errors: { [field]: message } });
      const patch = await a.patch(`${RATES}/${kept.id}`).send(fields).expect(400);
      expect(patch.body.errors).toEqual({ [field]: message });
    }
    expect(Object.keys((await a.post(RATES).send({ state: 'Goa' }).expect(400)).body.errors).sort()).toEqual(['country', 'rate']);
    // A state must name a region of the rate's country, as the rate would be.
    expect((await a.post(RATES).send({ country: 'Canada', state: 'US-ON', rate: 13 }).expect(400)).body.errors).toEqual({ state: 'Choose a state of Canada' });
    expect((await a.patch(`${RATES}/${kept.id}`).send({ state: 'Atlantis' }).expect(400)).body.errors).toEqual({ state: 'Choose a state of India' });
    const goa = await addRate(a, { country: 'India', state: 'IN-GA', rate: 18 });
    expect(goa.state).toBe('Goa');
    expect((await a.patch(`${RATES}/${goa.id}`).send({ country: 'Mexico' }).expect(400)).body.errors).toEqual({ state: 'Choose a state of Mexico' });
    await a.delete(`${RATES}/${goa.id}`).expect(204);
    expect((await a.get(RATES).expect(200)).body).toEqual([kept]);
  });

  it('one rate per country and state, however the state is named: a clash is 409 naming the place, nothing changed', async () => {
    const a = await makeShop().as('admin');
    const whole = await addRate(a, { country: 'Canada', state: null, rate: 5 });
    const on = await addRate(a, { country: 'Canada', state: 'Ontario', rate: 13 });
    const again = await a.post(RATES).send({ country: 'Canada', rate: 6 }).expect(409);
    expect(again.body.message).toBe('There is a tax rate for the whole of Canada already');
    const cased = await a.post(RATES).send({ country: 'Canada', state: 'ONTARIO', rate: 1 }).expect(409);
    expect(cased.body).toEqual({ message: 'There is a tax rate for Ontario, Canada already', errors: { state: 'There is a tax rate for Ontario, Canada already' } });
    expect((await a.post(RATES).send({ country: 'Canada', state: 'CA-ON', rate: 1 }).expect(409)).body.message).toBe('There is a tax rate for Ontario, Canada already');
    expect((await a.patch(`${RATES}/${on.id}`).send({ state: null }).expect(409)).body.message).toBe('There is a tax rate for the whole of Canada already');
    // The same code in another country is another place (NL: Newfoundland and Labrador, Nagaland);
    // a region of another country is no place; a rate may keep its own place.
    const nl = await addRate(a, { country: 'Canada', state: 'NL', rate: 15 });
    expect(nl.state).toBe('Newfoundland and Labrador');
    expect((await addRate(a, { country: 'India', state: 'nl', rate: 2 })).state).toBe('Nagaland');
    expect((await a.post(RATES).send({ country: 'Mexico', state: 'Ontario', rate: 2 }).expect(400)).body.errors).toEqual({ state: 'Choose a state of Mexico' });
    expect((await a.patch(`${RATES}/${on.id}`).send({ state: 'ontario' }).expect(200)).body.state).toBe('Ontario');
    const list = (await a.get(RATES).expect(200)).body as TaxRate[];
    expect(list.filter((r) => r.country === 'Canada')).toEqual([whole, nl, on]);
  });

  it("a region pays its own rate (by code), else its country's, else none", async () => {
    const shop = makeShop();
    const a = await shop.as('admin');
    await addRate(a, { country: 'Canada', state: null, rate: 5 });
    await addRate(a, { country: 'Canada', state: 'Québec', rate: 14.975 });
    await addRate(a, { country: 'United States', state: 'New York', rate: 8.875 });
    expect(await shop.store.taxRate('Canada', 'QC')).toBe(14.975);
    expect(await shop.store.taxRate('Canada', 'AB')).toBe(5);
    expect(await shop.store.taxRate('Canada', null)).toBe(5);
    expect(await shop.store.taxRate('United States', 'NY')).toBe(8.875);
    expect(await shop.store.taxRate('United States', 'TX')).toBe(0);
    expect(await shop.store.taxRate('India', 'GA')).toBe(0);
  });
});

describe('audit', () => {
  it('every write is in the audit log with what changed; a failed one is not', async () => {
    const a = await makeShop().as('admin');
    const m = await addMethod(a);
    await a.patch(`${METHODS}/${m.id}`).send({ amount: 21 }).expect(200);
    await a.patch(`${METHODS}/${m.id}`).send({ amount: -1 }).expect(400);
    await a.delete(`${METHODS}/${m.id}`).expect(204);
    const r = await addRate(a, { country: 'Canada', state: 'Ontario', rate: 13 });
    await a.post(RATES).send({ country: 'Canada', state: 'ontario', rate: 1 }).expect(409);
    await a.patch(`${RATES}/${r.id}`).send({ rate: 13.5 }).expect(200);
    await a.delete(`${RATES}/${r.id}`).expect(204);

    const shipping = (await a.get('/api/admin/audit?entity=shipping').expect(200)).body as AuditEntry[];
    expect(shipping.map((e) => [e.action, e.entityId, e.before, e.after])).toEqual([
      ['shipping.delete', String(m.id), { name: 'Express', country: 'Canada', amount: 21, freeOver: null, estimate: { minDays: 1, maxDays: 2 } }, null],
      ['shipping.update', String(m.id), { amount: 19.99 }, { amount: 21 }],
      ['shipping.create', String(m.id), null, { name: 'Express', country: 'Canada', amount: 19.99, freeOver: null, estimate: { minDays: 1, maxDays: 2 } }],
    ]);
    expect(shipping[0].actor.email).toBe(ACCOUNTS.admin.email);
    const tax = (await a.get('/api/admin/audit?entity=tax').expect(200)).body as AuditEntry[];
    expect(tax.map((e) => [e.action, e.entityId, e.before, e.after])).toEqual([
      ['tax.delete', String(r.id), { country: 'Canada', state: 'Ontario', rate: 13.5 }, null],
      ['tax.update', String(r.id), { rate: 13 }, { rate: 13.5 }],
      ['tax.create', String(r.id), null, { country: 'Canada', state: 'Ontario', rate: 13 }],
    ]);
  });
});
