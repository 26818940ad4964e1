// A ranked `search` on a big catalogue (server/modules/catalogue/pg/rankedSearch.ts): ranked among
// bounded candidates (the matches among the list's first RANKED_SEARCH.window products in id
// order, and up to RANKED_SEARCH.titles later products whose title holds every term when the
// window holds fewer than RANKED_SEARCH.titleHits), then the other matches in id order, with an
// estimated total (X-Total-Count-Estimated: true) unless the page ends the list. The crafted
// catalogue stands for a big one by lowering the thresholds (SEARCH_COUNT.exactCatalogue to 0).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '../../../src/domain/types';
import { SEARCH_COUNT } from '../../../server/modules/catalogue/pg/search';
import { RANKED_SEARCH } from '../../../server/modules/catalogue/pg/rankedSearch';
import { expectNoLeaks, makeData, makeShop } from '../fixtures';
import { ids, made } from './craftedProducts';

const COUNT_DEFAULTS = { ...SEARCH_COUNT };
const RANKED_DEFAULTS = { ...RANKED_SEARCH };

afterEach(() => {
  Object.assign(SEARCH_COUNT, COUNT_DEFAULTS);
  Object.assign(RANKED_SEARCH, RANKED_DEFAULTS);
  expectNoLeaks();
});

// "zephyr" in the description of 1, the category of 2, the brand of 3 and 7, the titles of 5 and 6.
// Ranked exactly: 5, 6 (title), 3, 7 (brand), 2 (category), 1 (description).
const CRAFTED: Product[] = [
  made({ id: 1, title: 'Wool Scarf', brand: 'Knit', category: 'clothing', description: 'Made in the zephyr workshop.', price: 10 }),
  made({ id: 2, title: 'Floor Rug', brand: 'Acme', category: 'zephyr', price: 50 }),
  made({ id: 3, title: 'Desk Fan', brand: 'Zephyr', category: 'cooling', price: 30 }),
  made({ id: 4, title: 'Plain Box', brand: 'Acme', category: 'storage', price: 20 }),
  made({ id: 5, title: 'Zephyr Lamp', brand: 'Acme', category: 'lighting', price: 40 }),
  made({ id: 6, title: 'Zephyr Chair', brand: 'Acme', category: 'furniture', price: 60 }),
  made({ id: 7, title: 'Side Table', brand: 'Zephyr', category: 'furniture', price: 70 }),
];
const EXACT = [5, 6, 3, 7, 2, 1];

describe('a ranked search on a big catalogue', () => {
  const shop = makeShop({ data: { ...makeData(), products: CRAFTED } });
  const get = (url: string) => shop.anon().get(url).expect(200);
  // Each test its own thresholds: no answer kept from another's (the embedded driver keeps answers until a write).
  beforeEach(() => shop.update(() => {}));
  /** A big catalogue: the window is the first three products, one title match is fetched after it. */
  const big = (bounds: Partial<typeof RANKED_SEARCH> = {}) => {
    Object.assign(SEARCH_COUNT, { exactCatalogue: 0 });
    Object.assign(RANKED_SEARCH, { window: 3, titleHits: 2, titles: 1, dense: 1, ...bounds });
  };

  it('on a small catalogue every match is ranked, and the total is exact (the defaults cover a 10,000-product shop)', async () => {
    expect(SEARCH_COUNT.exactCatalogue).toBeGreaterThanOrEqual(10_000);
    const res = await get('/api/products?search=zephyr&_page=1&_limit=10');
    expect(ids(res.body)).toEqual(EXACT);
    expect(res.headers['x-total-count']).toBe('6');
    expect(res.headers['x-total-count-estimated']).toBeUndefined();
  });

  it('ranks the window’s matches with the title matches found after it, then the other matches in id order', async () => {
    big();
    // Window 1–3 (description, category, brand), then the first title match after it (5);
    // then 6 and 7 in id order. The page ends the list: its total is exact.
    const whole = await get('/api/products?search=zephyr&_page=1&_limit=10');
    expect(ids(whole.body)).toEqual([5, 3, 2, 1, 6, 7]);
    expect(whole.headers['x-total-count']).toBe('6');
    expect(whole.headers['x-total-count-estimated']).toBeUndefined();
    // A page within the list: the window's share of matches (3 of 3) scaled to the catalogue (7).
    const first = await get('/api/products?search=zephyr&_page=1&_limit=2');
    expect(ids(first.body)).toEqual([5, 3]);
    expect(first.headers['x-total-count']).toBe('7');
    expect(first.headers['x-total-count-estimated']).toBe('true');
    // The pages follow one another: every match once.
    const second = await get('/api/products?search=zephyr&_page=2&_limit=2');
    const third = await get('/api/products?search=zephyr&_page=3&_limit=2');
    expect([...ids(second.body), ...ids(third.body)]).toEqual([2, 1, 6, 7]);
    expect(third.headers['x-total-count-estimated']).toBe('true');
    // Across the candidates' end; and the rest of a deeper page found through the trigram indexes.
    expect(ids((await get('/api/products?search=zephyr&_start=3&_end=6')).body)).toEqual([1, 6, 7]);
    Object.assign(RANKED_SEARCH, { scanned: 0 });
    expect(ids((await get('/api/products?search=zephyr&_start=3&_end=5')).body)).toEqual([1, 6]);
    expect(ids((await get('/api/products?search=zephyr&_start=5&_end=7')).body)).toEqual([7]);
  });

  it('when the window holds enough title matches, no other is looked for', async () => {
    big({ window: 6 });
    // Window 1–6 holds both title matches (5, 6): ranked with the rest of the window, then 7.
    const res = await get('/api/products?search=zephyr&_page=1&_limit=3');
    expect(ids(res.body)).toEqual([5, 6, 3]);
    expect(res.headers['x-total-count-estimated']).toBe('true');
    expect(ids((await get('/api/products?search=zephyr&_page=2&_limit=3')).body)).toEqual([2, 1, 7]);
  });

  it('is ranked exactly when the window holds the whole list or few matches', async () => {
    big({ window: 100 });
    const whole = await get('/api/products?search=zephyr&_page=1&_limit=2');
    expect(ids(whole.body)).toEqual([5, 6]);
    expect(whole.headers['x-total-count']).toBe('6');
    expect(whole.headers['x-total-count-estimated']).toBeUndefined();
    big({ dense: 4 });
    const rare = await get('/api/products?search=zephyr&_limit=2&_page=1');
    expect(ids(rare.body)).toEqual([5, 6]);
    expect(rare.headers['x-total-count']).toBe('6');
    expect(rare.headers['x-total-count-estimated']).toBeUndefined();
  });

  it('the window is of the filtered list; filters hold throughout', async () => {
    big();
    // Without category "zephyr" (2): the window is 1, 3, 4.
    const res = await get('/api/products?search=zephyr&category_ne=zephyr&_page=1&_limit=10');
    expect(ids(res.body)).toEqual([5, 3, 1, 6, 7]);
    expect(res.headers['x-total-count']).toBe('5');
    const priced = await get('/api/products?search=zephyr&price_gte=40&_page=1&_limit=10');
    // 2, 5, 6, 7: the window (2, 5, 6) holds both title matches.
    expect(ids(priced.body)).toEqual([5, 6, 2, 7]);
    expect(priced.body.every((p: Product) => p.price >= 40)).toBe(true);
  });

  it('a sorted search is read in its order, counted exactly', async () => {
    big();
    const res = await get('/api/products?search=zephyr&_sort=price&_order=desc&_page=1&_limit=3');
    expect(ids(res.body)).toEqual([7, 6, 2]);
    expect(res.headers['x-total-count']).toBe('6');
    expect(res.headers['x-total-count-estimated']).toBeUndefined();
  });

  it('a typo is corrected, then ranked the same way', async () => {
    big();
    const res = await get('/api/products?search=zephir&_page=1&_limit=2');
    expect(res.headers['x-search-corrected']).toBe('zephyr');
    expect(ids(res.body)).toEqual([5, 3]);
    expect(res.headers['x-total-count-estimated']).toBe('true');
  });
});
