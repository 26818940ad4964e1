// Finding products: the facet filters on the list (salePrice, the displayed price;
// rating; in stock), GET /products/facets (each group counted without its own filter) and
// GET /products/suggest (word starts, case- and accent-blind). On both drivers. The filters keep
// json-server's meaning (`price_gte` compares the stored price); tests/api/catalogue/parity.test.ts holds
// generated queries to json-server's answers and to counts made by hand.
//
// The fixture catalogue (tests/api/fixtures.ts), with displayed prices (less the discount, rounded):
//   1 iPhone 15       Apple    smartphones  1000 −10 %   → 900   stock 10  rating 4.8
//   2 Galaxy S24      Samsung  smartphones   800 −12.5 % → 700   stock 2   rating 4.5
//   3 MacBook Air     Apple    laptops      2000          → 2000  stock 0   rating 4.9
//   4 Sauvage …       Dior     fragrances  99.99 −5 %     → 95    stock 50  rating 3.1  deleted
//   5 Galaxy Tab S9   Samsung  laptops       300 −20 %   → 240   stock 5   rating 4.0
import { afterEach, describe, expect, it } from 'vitest';
import type { Product, ProductFacets } from '../../../src/domain/types';
import { expectNoLeaks, makeShop, PRODUCTS } from '../fixtures';

afterEach(expectNoLeaks);

const ids = (body: Product[]) => body.map((p) => p.id);

describe('GET /api/products with the facet filters', () => {
  it('salePrice is the price the shopper sees: in every product, filtered and sorted by like any field', async () => {
    const anon = makeShop().anon();
    const all = await anon.get('/api/products').expect(200);
    expect(all.body.map((p: Product & { salePrice: number }) => p.salePrice)).toEqual([900, 700, 2000, 95, 240]);
    expect((await anon.get('/api/products/1').expect(200)).body.salePrice).toBe(900);
    // iPhone 15 is stored at 1000 but shown at 900: inside ≤ 950.
    const cheap = await anon.get('/api/products?salePrice_lte=950').expect(200);
    expect(ids(cheap.body)).toEqual([1, 2, 4, 5]);
    expect(cheap.headers['x-total-count']).toBe('4');
    expect(ids((await anon.get('/api/products?salePrice_gte=700&salePrice_lte=900').expect(200)).body)).toEqual([1, 2]);
    expect(ids((await anon.get('/api/products?salePrice_gte=95.5').expect(200)).body)).toEqual([1, 2, 3, 5]);
    expect(ids((await anon.get('/api/products?salePrice=700').expect(200)).body)).toEqual([2]);
    expect(ids((await anon.get('/api/products?salePrice_ne=700&salePrice_ne=95').expect(200)).body)).toEqual([1, 3, 5]);
    expect(ids((await anon.get('/api/products?salePrice_like=^9').expect(200)).body)).toEqual([1, 4]);
    expect(ids((await anon.get('/api/products?_sort=salePrice&_order=desc').expect(200)).body)).toEqual([3, 1, 2, 5, 4]);
    // q finds it too, as json-server finds any value of a product.
    expect(ids((await anon.get('/api/products?q=240').expect(200)).body)).toEqual([5]);
  });

  it('price_gte / price_lte compare the stored price, as json-server does', async () => {
    const anon = makeShop().anon();
    expect(ids((await anon.get('/api/products?price_lte=950').expect(200)).body)).toEqual([2, 4, 5]);
    expect(ids((await anon.get('/api/products?price_gte=800&price_lte=1000').expect(200)).body)).toEqual([1, 2]);
  });

  it('rating_gte and stock_gte=1 (in stock only), with the other filters, sort, search and paging', async () => {
    const anon = makeShop().anon();
    expect(ids((await anon.get('/api/products?rating_gte=4.5').expect(200)).body)).toEqual([1, 2, 3]);
    expect(ids((await anon.get('/api/products?stock_gte=1').expect(200)).body)).toEqual([1, 2, 5]);
    const res = await anon
      .get('/api/products?stock_gte=1&rating_gte=4&deleted_ne=true&category=smartphones&category=laptops&_sort=salePrice&_order=desc&_page=1&_limit=2')
      .expect(200);
    expect(ids(res.body)).toEqual([1, 2]);
    expect(res.headers['x-total-count']).toBe('3');
    const page2 = await anon.get('/api/products?stock_gte=1&rating_gte=4&deleted_ne=true&_sort=salePrice&_order=desc&_page=2&_limit=2').expect(200);
    expect(ids(page2.body)).toEqual([5]);
    const searched = await anon.get('/api/products?q=galaxy&salePrice_lte=500').expect(200);
    expect(ids(searched.body)).toEqual([5]);
    expect(searched.headers['x-total-count']).toBe('1');
  });

  it("'In stock only' leaves deleted products out: the list, its count and the facets, until restored", async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    await admin.delete('/api/products/1').expect(200); // iPhone 15, 10 in stock
    const list = async (query: string) => {
      const res = await shop.anon().get(`/api/products?${query}`).expect(200);
      return { ids: ids(res.body), total: res.headers['x-total-count'] };
    };
    expect(await list('stock_gte=1')).toEqual({ ids: [2, 5], total: '2' });
    // Counted from the products themselves rather than from the per-group counts: the same rule.
    expect(await list('stock_gte=3')).toEqual({ ids: [5], total: '1' });
    expect(await list('stock_gte=1&q=galaxy')).toEqual({ ids: [2, 5], total: '2' });
    expect(await list('stock_gte=1&brand=Apple&brand=Dior&_sort=price&_order=desc&_page=1&_limit=5')).toEqual({ ids: [], total: '0' });
    // Without the filter, deleted products stay listed (with their notice).
    expect((await list('brand=Apple')).ids).toEqual([1, 3]);
    const facets = (await shop.anon().get('/api/products/facets?brand=Apple').expect(200)).body as ProductFacets;
    expect(facets.inStock).toBe(0);
    // A list that chooses by `deleted` (the back office's "Deleted" view) keeps its deleted products in stock.
    // (product 4 is the fixture's deleted product.)
    expect(await list('deleted=true&stock_gte=1')).toEqual({ ids: [1, 4], total: '2' });
    const deletedFacets = (await shop.anon().get('/api/products/facets?deleted=true').expect(200)).body as ProductFacets;
    expect(deletedFacets.inStock).toBe(2);
    await admin.patch('/api/products/1').send({ deleted: false }).expect(200);
    expect(await list('stock_gte=1')).toEqual({ ids: [1, 2, 5], total: '3' });
  });

  it.each([
    // JavaScript's `text <= value`: a text that is no number is NaN, '' is 0.
    ['salePrice_gte=abc', []],
    ['salePrice_gte=', [1, 2, 3, 4, 5]],
    ['salePrice_lte=-1', []],
    ['rating_gte=4,5', []],
    // Of several bounds one is enough: the loosest decides.
    ['stock_gte=10&stock_gte=6', [1]],
    // A deleted product counts as having no stock: kept only by a bound of 0 or less.
    ['stock_gte=0', [1, 2, 3, 4, 5]],
    ['stock_gte=', [1, 2, 3, 4, 5]],
    ['stock_gte=-3&stock_gte=50', [1, 2, 3, 4, 5]],
    ['stock_gte=50', []],
    ['price_gte=0x3E8', [1, 3]],
  ])('%s: as json-server reads it', async (query, expected) => {
    const res = await makeShop().anon().get(`/api/products?${query}`).expect(200);
    expect(ids(res.body)).toEqual(expected);
  });
});

describe('GET /api/products/facets', () => {
  const facets = async (query = '') => (await makeShop().anon().get(`/api/products/facets${query}`).expect(200)).body as ProductFacets;

  it('without filters: every option with its count, the displayed price range and how many are in stock', async () => {
    expect(await facets()).toEqual({
      total: 5,
      categories: [
        { value: 'smartphones', label: 'Smartphones', count: 2 },
        { value: 'laptops', label: 'Laptops', count: 2 },
        { value: 'fragrances', label: 'Fragrances', count: 1 },
      ],
      brands: [
        { value: 'Apple', label: 'Apple', count: 2 },
        { value: 'Samsung', label: 'Samsung', count: 2 },
        { value: 'Dior', label: 'Dior', count: 1 },
      ],
      price: { min: 95, max: 2000 },
      inStock: 3, // the deleted Sauvage has 50 but nothing to sell
    });
  });

  it('each group counted with every filter but its own, so ticking one option keeps the others', async () => {
    const f = await facets('?category=laptops');
    expect(f.total).toBe(2);
    expect(f.categories.map((c) => c.count)).toEqual([2, 2, 1]); // the category filter is not applied to categories
    expect(f.brands).toEqual([
      { value: 'Apple', label: 'Apple', count: 1 },
      { value: 'Samsung', label: 'Samsung', count: 1 },
      { value: 'Dior', label: 'Dior', count: 0 },
    ]);
    expect(f.price).toEqual({ min: 240, max: 2000 });
    expect(f.inStock).toBe(1); // Galaxy Tab S9; the MacBook Air has none

    const g = await facets('?brand=Apple&stock_gte=1');
    expect(g.total).toBe(1);
    expect(g.brands.map((b) => b.count)).toEqual([1, 2, 0]); // in stock, any brand (Dior's one is deleted)
    expect(g.categories.map((c) => c.count)).toEqual([1, 0, 0]); // Apple and in stock
    expect(g.inStock).toBe(1); // Apple, whatever the stock filter: 1 of 2
    expect(g.price).toEqual({ min: 900, max: 900 });
  });

  it('the price range ignores the price filter; search, deleted and rating filters apply to everything', async () => {
    const f = await facets('?salePrice_gte=500');
    expect(f.total).toBe(3);
    expect(f.price).toEqual({ min: 95, max: 2000 });
    const g = await facets('?q=galaxy&deleted_ne=true&rating_gte=4.2');
    expect(g.total).toBe(1);
    expect(g.categories.map((c) => c.count)).toEqual([1, 0, 0]);
    expect(g.price).toEqual({ min: 700, max: 700 });
    const none = await facets('?q=nothing-like-this');
    expect(none).toMatchObject({ total: 0, price: null, inStock: 0 });
    expect(none.brands.every((b) => b.count === 0)).toBe(true);
  });

  it('agrees with the list it describes', async () => {
    const shop = makeShop();
    for (const query of ['', '?category=laptops&stock_gte=1', '?brand=Samsung&salePrice_lte=800', '?deleted_ne=true&rating_gte=4', '?price_lte=800', '?title_like=^galaxy']) {
      const list = await shop.anon().get(`/api/products${query}`).expect(200);
      const f = (await shop.anon().get(`/api/products/facets${query}`).expect(200)).body as ProductFacets;
      expect(String(f.total), query).toBe(list.headers['x-total-count']);
    }
  });

  it('400 for a _like the list refuses, as the list', async () => {
    const res = await makeShop().anon().get('/api/products/facets?title_like=(a%2B)%2B').expect(400);
    expect(Object.keys(res.body.errors)).toEqual(['title_like']);
  });
});

describe('GET /api/products/suggest', () => {
  const suggest = async (q: string, shop = makeShop()) => (await shop.anon().get(`/api/products/suggest?q=${encodeURIComponent(q)}`).expect(200)).body;

  it('products, categories and brands with a word that starts with the query, case-blind', async () => {
    expect(await suggest('GAL')).toEqual({
      products: [
        { id: 2, title: 'Galaxy S24', thumbnail: PRODUCTS[1].thumbnail },
        { id: 5, title: 'Galaxy Tab S9', thumbnail: PRODUCTS[4].thumbnail },
      ],
      categories: [],
      brands: [],
    });
    expect(await suggest('app')).toEqual({ products: [], categories: [], brands: [{ value: 'Apple', label: 'Apple' }] });
    expect(await suggest('Lap')).toEqual({ products: [], categories: [{ value: 'laptops', label: 'Laptops' }], brands: [] });
    // Every word of the query starts a word of the title, in any order.
    expect((await suggest('tab gal')).products.map((p: Product) => p.id)).toEqual([5]);
  });

  it('accent-blind both ways, only at the start of a word, never a deleted product', async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    await admin.patch('/api/products/3').send({ title: 'Éclair Crème Toaster' }).expect(200);
    for (const q of ['ecl', 'ÉCL', 'creme', 'crè']) expect((await suggest(q, shop)).products.map((p: Product) => p.id), q).toEqual([3]);
    expect((await suggest('alaxy', shop)).products).toEqual([]);
    expect((await suggest('sauv', shop)).products).toEqual([]); // Sauvage is deleted
  });

  it('at most five of each; nothing for an empty query; products from two letters', async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    for (let n = 1; n <= 7; n++) {
      await admin
        .post('/api/products')
        .send({ title: `Widget ${n}`, description: 'A widget', price: 5, discountPercentage: 0, stock: 1, thumbnail: '/images/w.webp', images: ['/images/w1.webp', '/images/w2.webp', '/images/w3.webp'], brand: 'Dior', category: 'fragrances' })
        .expect(201);
    }
    expect((await suggest('widg', shop)).products.map((p: Product) => p.title)).toEqual([1, 2, 3, 4, 5].map((n) => `Widget ${n}`));
    expect(await suggest('', shop)).toEqual({ products: [], categories: [], brands: [] });
    expect(await suggest('  ', shop)).toEqual({ products: [], categories: [], brands: [] });
    expect(await suggest('w', shop)).toEqual({ products: [], categories: [], brands: [] });
    expect((await suggest('d', shop)).brands).toEqual([{ value: 'Dior', label: 'Dior' }]);
  });

  it('400 for a query over 100 characters or given twice', async () => {
    const anon = makeShop().anon();
    const long = await anon.get(`/api/products/suggest?q=${'a'.repeat(101)}`).expect(400);
    expect(long.body.errors).toEqual({ q: 'Search must be at most 100 characters' });
    await anon.get('/api/products/suggest?q=a&q=b').expect(400);
  });
});
