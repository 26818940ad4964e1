// GET /products?search=: the shop's own search beside json-server's `q`
// (server/modules/catalogue/pg/searchRanking.ts, productSearch.ts): every term found in the title,
// brand, category or description; ranked title > brand > category > description unless sorted,
// ties by id; a search that finds nothing as typed corrected to the nearest known words
// (X-Search-Corrected); combined with every filter, sort and paging parameter.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { Product } from '../../../src/domain/types';
import type { DbSchema } from '../../../server/db/snapshot';
import { expectNoLeaks, makeData, makeShop } from '../fixtures';
import { ids, made } from './craftedProducts';

afterEach(() => expectNoLeaks());

// "zephyr" in one field of each of 1–4 (the description's first, the title's last), twice in titles (5, 6).
const CRAFTED: Product[] = [
  made({ id: 1, title: 'Wool Scarf', brand: 'Knit', category: 'clothing', description: 'Made in the zephyr workshop.' }),
  made({ id: 2, title: 'Floor Rug', brand: 'Acme', category: 'zephyr', price: 50 }),
  made({ id: 3, title: 'Desk Fan', brand: 'Zephyr', category: 'cooling', price: 30 }),
  made({ id: 4, title: 'Zephyr Lamp', brand: 'Acme', category: 'lighting', price: 40 }),
  made({ id: 5, title: 'Running Shoes', brand: 'Stride', category: 'shoes', price: 90 }),
  made({ id: 6, title: 'Trail Shoes', brand: 'Stride', category: 'shoes', price: 70 }),
  made({ id: 7, title: 'Zephyr Shoes', brand: 'Stride', category: 'shoes', price: 80 }),
  made({ id: 8, title: 'Old Shoes', brand: 'Stride', category: 'shoes', price: 10, deleted: true }),
];

describe('search (crafted catalogue)', () => {
  const shop = makeShop({ data: { ...makeData(), products: CRAFTED } });
  const get = (url: string) => shop.anon().get(url).expect(200);

  it('ranks a match in the title over the brand over the category over the description, ties by id', async () => {
    const res = await get('/api/products?search=zephyr');
    expect(ids(res.body)).toEqual([4, 7, 3, 2, 1]);
    expect(res.headers['x-total-count']).toBe('5');
    expect(res.headers['x-search-corrected']).toBeUndefined();
    // Case, accents and punctuation folded; every term must be found.
    expect(ids((await get('/api/products?search=Z%C3%89PHYR')).body)).toEqual([4, 7, 3, 2, 1]);
    expect(ids((await get('/api/products?search=ZEPHYR,%20lamp!')).body)).toEqual([4]);
    expect(ids((await get('/api/products?search=zeph%20shoes')).body)).toEqual([7]);
  });

  it('corrects a typo to the nearest known word when nothing matches as typed, and says so', async () => {
    const res = await get('/api/products?search=sheos');
    expect(res.headers['x-search-corrected']).toBe('shoes');
    expect(ids(res.body)).toEqual([5, 6, 7, 8]);
    const two = await get('/api/products?search=zephir%20shoes');
    expect(two.headers['x-search-corrected']).toBe('zephyr shoes');
    expect(ids(two.body)).toEqual([7]);
    // Nothing near enough: nothing found, nothing said.
    const none = await get('/api/products?search=xqzvw');
    expect(none.body).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
    expect(none.headers['x-search-corrected']).toBeUndefined();
    // The facets count what the corrected list shows.
    expect((await get('/api/products/facets?search=sheos&deleted=false')).body.total).toBe(3);
  });

  it('combines with filters, _sort, paging, X-Total-Count and Link', async () => {
    const res = await get('/api/products?search=shoes&category=shoes&deleted=false&_sort=price&_order=desc&_page=1&_limit=2');
    expect(ids(res.body)).toEqual([5, 7]);
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.headers.link).toContain('_page=2');
    const second = await get('/api/products?search=shoes&category=shoes&deleted=false&_sort=price&_order=desc&_page=2&_limit=2');
    expect(ids(second.body)).toEqual([6]);
    // Ranked pages, and the price and stock filters.
    expect(ids((await get('/api/products?search=zephyr&_page=2&_limit=2')).body)).toEqual([3, 2]);
    expect(ids((await get('/api/products?search=zephyr&salePrice_gte=40&salePrice_lte=80')).body)).toEqual([4, 7, 2]);
    expect(ids((await get('/api/products?search=shoes&stock_gte=1')).body)).toEqual([5, 6, 7]);
    // A typo with a filter: corrected within the filter.
    const typo = await get('/api/products?search=sheos&brand=Stride&_sort=price&_order=asc&_page=1&_limit=2');
    expect(ids(typo.body)).toEqual([8, 6]);
    expect(typo.headers['x-total-count']).toBe('4');
    expect(typo.headers['x-search-corrected']).toBe('shoes');
  });

  it('ignores an empty search; refuses one over 200 characters or given twice (400 with a message)', async () => {
    expect(ids((await get('/api/products?search=')).body)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(ids((await get('/api/products?search=%20%2C%20')).body)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const long = await shop.anon().get(`/api/products?search=${'a'.repeat(201)}`).expect(400);
    expect(long.body.message).toBe('Invalid search');
    expect(long.body.errors).toEqual({ search: 'Search must be at most 200 characters' });
    expect((await shop.anon().get('/api/products?search=a&search=b').expect(400)).body.message).toBe('search must be given once');
    await shop.anon().get(`/api/products?search=${'a'.repeat(200)}`).expect(200);
  });

  it('leaves q as json-server has it: a substring of any value, in id order, never corrected', async () => {
    const res = await get('/api/products?q=zephyr');
    expect(ids(res.body)).toEqual([1, 2, 3, 4, 7]);
    const typo = await get('/api/products?q=sheos');
    expect(typo.body).toEqual([]);
    expect(typo.headers['x-search-corrected']).toBeUndefined();
  });
});

describe('search (the seed catalogue)', () => {
  const seed = JSON.parse(readFileSync(new URL('../../../db.json', import.meta.url), 'utf8')) as DbSchema;
  // A slot of its own: the crafted shop is kept while this one is made.
  const shop = makeShop({ data: seed, slot: 'seed' });

  it.each([
    ['sheos', 'shoes'],
    ['lapotp', 'laptops'],
    ['fragrence', 'fragrances'],
  ])('"%s" finds %s in the first three results', async (typed, category) => {
    const res = await shop.anon().get(`/api/products?search=${typed}&_page=1&_limit=3`).expect(200);
    expect(res.headers['x-search-corrected']).toBeDefined();
    expect(res.body).toHaveLength(3);
    for (const p of res.body as Product[]) expect(`${p.title} ${p.category}`.toLowerCase()).toContain(category.slice(0, 5));
  });
});
