// An address names a real region (src/domain/regions.ts): its code, ISO code or name (case and
// accents ignored) price alike; anything else is refused on every route that takes an address;
// a saved address whose state names no region is kept, marked needsReview, and not priced until
// corrected; migration 0021 moves saved addresses and tax rates to codes.
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoreAdapter } from '../../../server/db/port';
import type { PgStore } from '../../../server/db/pgStore';
import { up as migrateRegions } from '../../../server/db/migrations/0021_regions';
import type { Address } from '../../../src/domain/types';
import { embeddedShop } from '../../pg/embeddedShop';
import { deferredStore, openShopStore } from '../../pg/shopDatabase';
import { address, ENGINE, expectNoLeaks, makeShop, orderBody, type Agent } from '../fixtures';
import { priceData } from '../priceData';

afterEach(expectNoLeaks);

const QUOTE = '/api/checkout/quote';

/** priceData() with California's rate, as a file written before regions named it. */
function data() {
  const d = priceData();
  d.taxRates!.push({ id: 4, country: 'United States', state: 'California', rate: 7.25 });
  return d;
}

/** A shop on ENGINE with data(), and its database for SQL behind the API. */
function shopWithDb() {
  let opened: Promise<PgStore>;
  let store: StoreAdapter;
  if (ENGINE === 'postgres') {
    opened = openShopStore(data());
    store = deferredStore(opened);
  } else {
    const shop = embeddedShop(data());
    opened = shop.opened;
    store = shop.store;
  }
  return { shop: makeShop({ store }), db: async () => (await opened).db };
}

const quoteFor = async (a: Agent, country: string, state: string) => (await a.post(QUOTE).send({ address: { country, state } }).expect(200)).body;

describe('regions', () => {
  it('prices a region alike whatever names it (code, ISO code, name, any case); a region without a rate of its own pays its country’s', async () => {
    const { shop } = shopWithDb();
    const a = await shop.as('other'); // cart: 2 × iPhone 15 at $900
    const quotes = await Promise.all(['CA', 'ca', 'California', 'US-CA', ' california '].map((s) => quoteFor(a, 'United States', s)));
    expect(quotes[0].tax).toEqual({ rate: 7.25, amount: 130.5 });
    for (const q of quotes) expect(q.totals).toEqual(quotes[0].totals);
    expect((await quoteFor(a, 'Canada', 'ON')).tax.rate).toBe(13);
    expect((await quoteFor(a, 'Canada', 'ca-on')).tax.rate).toBe(13);
    expect((await quoteFor(a, 'Canada', 'Québec')).tax.rate).toBe(5);
    expect((await quoteFor(a, 'United States', 'Texas')).tax.rate).toBe(0);
  });

  it('refuses a state that names no region of the country, on the quote, the saved addresses and the order; nothing changes', async () => {
    const { shop } = shopWithDb();
    const a = await shop.as('other');
    const before = await shop.state();
    for (const [country, state] of [
      ['United States', 'Atlantis'],
      ['United States', 'ON'],
      ['United States', 'CA-ON'],
      ['Canada', 'California'],
    ]) {
      const res = await a.post(QUOTE).send({ address: { country, state } }).expect(400);
      expect(res.body.errors).toEqual({ 'address.state': `Choose a state of ${country}` });
      const saved = await a.patch('/api/users/3').send({ addresses: [address({ country: country as Address['country'], state })] }).expect(400);
      expect(saved.body.errors).toEqual({ 'addresses.0.state': `Choose a state of ${country}` });
      const order = await a.post('/api/orders').send(orderBody([{ product: 2, quantity: 1 }], { selectedAddress: address({ country: country as Address['country'], state }) })).expect(400);
      expect(order.body.errors).toEqual({ 'selectedAddress.state': `Choose a state of ${country}` });
    }
    expect(await shop.state()).toEqual(before);
  });

  it('stores the code, answers the name and stateCode; an order keeps its address text and answers stateCode', async () => {
    const { shop } = shopWithDb();
    const a = await shop.as('other');
    const saved = await a.patch('/api/users/3').send({ addresses: [address({ country: 'Canada', state: 'quebec' }), address({ state: 'KA' })] }).expect(200);
    expect(saved.body.addresses.map((x: Address) => [x.state, x.stateCode, x.needsReview])).toEqual([
      ['Quebec', 'QC', undefined],
      ['Karnataka', 'KA', undefined],
    ]);
    expect((await shop.state()).users[2].addresses.map((x) => x.state)).toEqual(['QC', 'KA']);

    const placed = await a.post('/api/orders').send(orderBody([{ product: 2, quantity: 1 }], { selectedAddress: saved.body.addresses[0] })).expect(201);
    expect(placed.body.selectedAddress).toMatchObject({ country: 'Canada', state: 'Quebec', stateCode: 'QC' });
    // An order placed before: its text as stored, with the code it names.
    const old = (await a.get('/api/orders/own/').expect(200)).body.find((o: { id: number }) => o.id === 2);
    expect(old.selectedAddress).toMatchObject({ state: 'Karnataka', stateCode: 'KA' });
  });

  it('a saved address whose state names no region: kept, answered needsReview, not priced until corrected', async () => {
    const { shop } = shopWithDb();
    await shop.update((d) => {
      d.users[2].addresses = [address({ country: 'United States', state: 'Calif', needsReview: true })];
    });
    const a = await shop.as('other');
    const flagged = (await a.get('/api/users/own').expect(200)).body.addresses[0];
    expect(flagged).toMatchObject({ state: 'Calif', needsReview: true });
    expect(flagged.stateCode).toBeUndefined();
    expect((await a.post(QUOTE).send({ address: 0 }).expect(400)).body.errors).toEqual({ 'address.state': 'Choose a state of United States' });
    // Without an address: the first saved one that names a region; here none, so no tax.
    expect((await a.post(QUOTE).send({}).expect(200)).body.tax).toEqual({ rate: 0, amount: 0 });

    // Sent back unchanged beside a new one, it is kept as it was.
    const added = await a.patch('/api/users/3').send({ addresses: [flagged, address({ state: 'Goa' })] }).expect(200);
    expect(added.body.addresses.map((x: Address) => [x.state, x.needsReview ?? false])).toEqual([
      ['Calif', true],
      ['Goa', false],
    ]);
    // Changed, it must name a region; corrected, it is priced.
    await a.patch('/api/users/3').send({ addresses: [{ ...flagged, city: 'Fresno' }] }).expect(400);
    const fixed = await a.patch('/api/users/3').send({ addresses: [{ ...flagged, state: 'California' }] }).expect(200);
    expect(fixed.body.addresses[0]).toMatchObject({ state: 'California', stateCode: 'CA' });
    expect(fixed.body.addresses[0].needsReview).toBeUndefined();
    expect((await a.post(QUOTE).send({ address: 0 }).expect(200)).body.tax.rate).toBe(7.25);
  });

  it('migration 0021: saved addresses and tax rates by name move to codes; the rest is kept, marked needsReview', async () => {
    const { shop, db } = shopWithDb();
    const d = await db();
    const legacy = [address({ state: 'karnataka' }), address({ country: 'Canada', state: 'Québec' }), address({ country: 'Mexico', state: 'Springfield' })];
    await sql`UPDATE users SET addresses = ${JSON.stringify(legacy)}::jsonb WHERE id = 3`.execute(d);
    await sql`UPDATE tax_rates SET state = 'Ontario' WHERE state = 'ON'`.execute(d);
    await migrateRegions(d);
    const state = await shop.state();
    expect(state.users[2].addresses.map((x) => [x.state, x.needsReview])).toEqual([
      ['KA', undefined],
      ['QC', undefined],
      ['Springfield', true],
    ]);
    expect(state.taxRates!.map((r) => r.state)).toEqual([null, null, 'ON', 'CA']);
    expect((await quoteFor(await shop.as('other'), 'Canada', 'Ontario')).tax.rate).toBe(13);
  });
});
