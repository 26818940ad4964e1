// A `q` search's X-Total-Count on a large catalogue (server/modules/catalogue/pg/search.ts SEARCH_COUNT):
// exact on a catalogue of up to `exactCatalogue` products (the seed's answers are held to
// json-server's in parity.test.ts), exact when the planner expects at most `cap` matches or the
// page ends the list, and otherwise the planner's estimate, marked X-Total-Count-Estimated: true.
// The fixture's five products stand for a large catalogue by lowering the two thresholds.
import { afterEach, describe, expect, it } from 'vitest';
import { SEARCH_COUNT } from '../../../server/modules/catalogue/pg/search';
import { expectNoLeaks, makeShop } from '../fixtures';

const DEFAULTS = { ...SEARCH_COUNT };

afterEach(() => {
  Object.assign(SEARCH_COUNT, DEFAULTS);
  expectNoLeaks();
});

const ids = (body: { id: number }[]) => body.map((p) => p.id);

describe('X-Total-Count of a q search', () => {
  const shop = makeShop();
  const get = (url: string) => shop.anon().get(url).expect(200);

  it('is exact, unmarked, on a catalogue within exactCatalogue (the default covers a 10,000-product shop)', async () => {
    expect(SEARCH_COUNT.exactCatalogue).toBeGreaterThanOrEqual(10_000);
    // "a" is in every product's text: all five match, one shown.
    const res = await get('/api/products?q=a&_page=1&_limit=1');
    expect(ids(res.body)).toEqual([1]);
    expect(res.headers['x-total-count']).toBe('5');
    expect(res.headers['x-total-count-estimated']).toBeUndefined();
  });

  it('above the cap on a large catalogue: the page, and an estimate that says so', async () => {
    Object.assign(SEARCH_COUNT, { exactCatalogue: 0, cap: 0 });
    const first = await get('/api/products?q=GALAXY&_page=1&_limit=1');
    expect(ids(first.body)).toEqual([2]);
    expect(first.headers['x-total-count-estimated']).toBe('true');
    // Never fewer than the products the answer has shown to exist.
    expect(Number(first.headers['x-total-count'])).toBeGreaterThanOrEqual(1);
    const second = await get('/api/products?q=galaxy&_page=2&_limit=1');
    expect(ids(second.body)).toEqual([5]);
    expect(second.headers['x-total-count-estimated']).toBe('true');
    expect(Number(second.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
    // Past the end: no products, still an estimate.
    const past = await get('/api/products?q=galaxy&_page=3&_limit=1');
    expect(past.body).toEqual([]);
    expect(past.headers['x-total-count-estimated']).toBe('true');
  });

  it('a page that ends the list gives the exact total, unmarked, whatever the estimate', async () => {
    Object.assign(SEARCH_COUNT, { exactCatalogue: 0, cap: 0 });
    const whole = await get('/api/products?q=galaxy&_page=1&_limit=15');
    expect(ids(whole.body)).toEqual([2, 5]);
    expect(whole.headers['x-total-count']).toBe('2');
    expect(whole.headers['x-total-count-estimated']).toBeUndefined();
    const last = await get('/api/products?q=a&_page=2&_limit=3');
    expect(ids(last.body)).toEqual([4, 5]);
    expect(last.headers['x-total-count']).toBe('5');
    expect(last.headers['x-total-count-estimated']).toBeUndefined();
  });

  it('few expected matches (within the cap) are counted exactly on a large catalogue', async () => {
    Object.assign(SEARCH_COUNT, { exactCatalogue: 0, cap: 1_000_000 });
    const res = await get('/api/products?q=galaxy&_page=1&_limit=1');
    expect(ids(res.body)).toEqual([2]);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.headers['x-total-count-estimated']).toBeUndefined();
  });

  it('the other lists are never estimated', async () => {
    Object.assign(SEARCH_COUNT, { exactCatalogue: 0, cap: 0 });
    const res = await get('/api/products?category=laptops&_page=1&_limit=1');
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.headers['x-total-count-estimated']).toBeUndefined();
  });
});
