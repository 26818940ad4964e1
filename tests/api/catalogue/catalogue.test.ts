// The catalogue answers exactly as json-server 0.17's router, whose query language the API
// keeps: the same status, body, X-Total-Count and Link for a table of queries, on generated data
// plus awkward records (nulls, missing fields, mixed types, duplicate sort values), on either
// driver. The router itself is the reference here (it no longer serves the API:
// server/query/listQuery.ts reads the query, SQL in server/store/postgres/ lists), over the
// products as the API answers them: with `salePrice`, the price the shopper sees.
// tests/api/catalogue/parity.test.ts asks it generated queries on the seed.
import express, { type Express } from 'express';
import jsonServer from 'json-server';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { generateSeed } from '../../../scripts/seed';
import { withSalePrice } from '../../../src/domain/pricing';
import type { DbSchema } from '../../../server/db/snapshot';
import { engineApp, expectNoLeaks, makeShop } from '../fixtures';

afterEach(expectNoLeaks);

/**
 * Generated data plus awkward records: the typed ones that come closest to what a hand-edited
 * db.json may hold (an unrated product, an empty brand, a deleted one out of stock, a bare one,
 * a low-stock threshold on a few).
 */
function data(): DbSchema {
  const seed = generateSeed({ products: 240 });
  const [p0, p1, p2, p3] = seed.products;
  const awkward = [
    { ...p0, id: 241, title: 'ÉCLAIR Phone', rating: 0, price: 12, lowStockThreshold: 37 },
    { ...p1, id: 242, brand: '', rating: 4.35, discountPercentage: 0, lowStockThreshold: 3 },
    { ...p2, id: 243, stock: 0, deleted: true, reviews: [], price: 12 },
    { ...p3, id: 244, title: 'Bare record', price: 5, description: '', images: [], lowStockThreshold: 0 },
  ];
  return { ...seed, idempotency: [], audit: [], products: [...seed.products, ...(JSON.parse(JSON.stringify(awkward)) as DbSchema['products'])] };
}

const DATA = data();

/** json-server's router on a copy of DATA, answering as the API did when it served the catalogue. */
function reference(): Express {
  // Every product here has its one variant: its prices never differ (priceVaries).
  const router = jsonServer.router(structuredClone({ ...DATA, products: DATA.products.map((p) => ({ ...withSalePrice(p), priceVaries: false })) }));
  router.render = (_req, res) => {
    const body: unknown = res.locals.data;
    if (res.statusCode === 404 || body === undefined) {
      res.status(404).json({ message: 'Not found' });
      return;
    }
    if (Array.isArray(body) && !res.hasHeader('X-Total-Count')) res.setHeader('X-Total-Count', String(body.length));
    res.removeHeader('Access-Control-Expose-Headers');
    if (!res.getHeader('Link')) res.removeHeader('Link');
    res.json(body);
  };
  return express().use('/api', router);
}

// The shop's Link header is built from its configured public address, never from the request's
// Host (json-server's is): asked with a forged Host, it must still name http://shop.test.
const ours = engineApp({ data: DATA, publicUrl: 'http://shop.test' }).app;
const theirs = reference();

const QUERIES = [
  '/products',
  '/products/',
  '/products?category=smartphones',
  '/products?category=smartphones&category=laptops',
  '/products?category=smartphones&category=laptops&_sort=price&_order=asc&_page=2&_limit=15',
  '/products?brand=Apple&brand=Nope',
  '/products?category=nope',
  '/products?unknownField=1',
  '/products?id=5',
  '/products?deleted=true',
  '/products?stock=0',
  '/products?price=12',
  '/products?rating=4.35',
  '/products?title=Bare%20record',
  '/products?q=PHONE',
  '/products?q=%C3%A9clair',
  '/products?q=4.35',
  '/products?q=true',
  '/products?q=false',
  '/products?q=0',
  '/products?q=recommend',
  '/products?q=',
  '/products?q=a&category=tops&_sort=discountPercentage&_order=desc&_page=1&_limit=7',
  '/products?_sort=price',
  '/products?_sort=price&_order=desc',
  '/products?_sort=title&_order=DESC',
  '/products?_sort=rating,price&_order=desc,asc',
  '/products?_sort=brand,rating&_order=asc',
  '/products?_sort=rating&_order=desc,desc,desc',
  '/products?_sort=rating&_order=sideways',
  '/products?_sort=stock,id&_order=asc,desc&_limit=30',
  '/products?_sort=nothere',
  '/products?_page=2',
  '/products?_page=2&_limit=15',
  '/products?_page=0&_limit=5',
  '/products?_page=-3',
  '/products?_page=abc&_limit=xyz',
  '/products?_page=999&_limit=10',
  '/products?_page=1&_limit=1000',
  '/products?_page=3&_limit=-2',
  '/products?_limit=5',
  '/products?_limit=5&_start=3',
  '/products?_start=3&_end=7',
  '/products?_end=4',
  '/products?_end=0',
  '/products?_start=-5&_end=-1',
  '/products?_start=10',
  '/products?_limit=-2',
  '/products?_limit=abc',
  '/products?_end=abc&_start=2',
  '/products?category=tops&_page=2&_limit=5&_sort=price',
  // Sorted and paged: only the items up to the page's end are put in order.
  '/products?_sort=price&_start=-5&_end=-1',
  '/products?_sort=title&_end=3',
  '/products?_sort=rating&_order=desc&_limit=5&_start=2',
  '/products?_sort=price&_page=4&_limit=20',
  '/products?_sort=rating&_page=2&_limit=300',
  '/products?_sort=rating,price&_order=desc&_page=3&_limit=7',
  '/products?_sort=price&_limit=0',
  '/products?_sort=discountPercentage&_page=1&_limit=50',
  '/products?_sort=discountPercentage&_order=desc&_page=9&_limit=25',
  '/products?_sort=stock&_page=13&_limit=20',
  '/products/1',
  '/products/3/',
  '/products/244',
  '/products/999',
  '/products/abc',
  '/products/1.0',
  '/products/%31',
  '/products/0',
  '/products/-1',
  '/categories',
  '/categories/',
  '/brands',
  '/categories?value=laptops',
  '/brands?_sort=label&_order=desc',
  '/brands?_page=2&_limit=7',
];

// Comparisons and keys the fast path used to leave to json-server's router. (price_gte,
// price_lte, rating_gte and stock_gte are the storefront's facet filters, checked and on the
// displayed price: tests/api/catalogue/facets.test.ts.)
const COMPARISONS = [
  '/products?deleted_ne=true',
  '/products?deleted_ne=true&_page=2&_limit=15&_sort=price&_order=desc',
  '/products?stock_ne=0&stock_ne=1',
  '/products?title_gte=M&title_lte=S',
  '/products?rating_lte=4.5&category=laptops',
  '/products?price_ne=100&discountPercentage_gte=10',
  '/products?brand_ne=Apple',
  '/products?reviews.rating=5',
  '/products?_sort=reviews.rating',
  '/products?_sort=price,',
  // Every field of a product answer, salePrice (the displayed price) and `_like` included.
  '/products?salePrice_gte=100&salePrice_lte=400&_sort=salePrice&_order=desc',
  '/products?salePrice=12&_sort=salePrice,id&_order=asc,desc',
  '/products?price_gte=12&price_lte=100',
  '/products?title_like=^(bare|%C3%A9clair)',
  '/products?brand_like=^$&_sort=brand',
  '/products?description_like=[0-9]{2}%5C.%5Cd&category_like=TOPS',
  '/products?rating_like=%5E4%5C.3',
  '/products?deleted_like=true',
  '/products?images_like=products&images_ne=',
  '/products?reviews=&_sort=reviews&_order=desc',
  '/products?_sort=images&_limit=5',
  // A field only some products have (the back office's low-stock threshold).
  '/products?lowStockThreshold=3',
  '/products?lowStockThreshold=3&lowStockThreshold=0',
  '/products?lowStockThreshold_gte=0',
  '/products?lowStockThreshold_ne=3',
  '/products?lowStockThreshold_like=^3',
  '/products?_sort=lowStockThreshold&_order=desc&_limit=6',
  '/products?_sort=lowStockThreshold,price&_page=1&_limit=4',
  '/products?q=37',
  '/products?unknownField_gte=1',
  '/products?unknownField_like=(',
  '/products?_sort=id&q=phone',
  '/categories?label_like=^s&_sort=label&_order=desc',
  '/categories?id_gte=2&id_ne=3&q=o',
  '/brands?value_lte=M&_start=1&_end=4',
];

// Paging numbers past PostgreSQL's integer: json-server's answers (an empty page, or everything).
const PAGING = [
  '/products?_page=3000000000&_limit=1',
  '/products?_start=3000000000&_end=3000000001',
  '/products?_limit=99999999999',
  '/products?_limit=3000000000&_start=5',
  '/products?_page=2&_limit=99999999999',
  '/products?_page=1&_limit=-99999999999',
  '/products?_page=2147483647&_limit=2',
  '/products?_start=2147483646&_limit=5',
  '/products?_start=-3000000000&_end=-1',
  '/products?_start=-1&_end=3000000000',
  '/products?_end=99999999999999999999',
  '/products?_page=999999999999999999999&_limit=10',
  `/products?_limit=${'9'.repeat(400)}`,
  `/products?_page=${'9'.repeat(400)}`,
  `/products?_page=1&_limit=${'9'.repeat(400)}`,
  `/products?_start=${'9'.repeat(400)}&_limit=-${'9'.repeat(400)}`,
  '/products?_page=3000000000&_limit=1&_sort=price&category=tops',
  '/products?_start=3000000000&_end=3000000001&q=phone',
  '/categories?_page=3000000000&_limit=1',
  '/brands?_start=3000000000&_end=3000000001',
  '/brands?_limit=99999999999',
];

/**
 * A product answer (not a list's) carries its options and variants beside json-server's fields:
 * on this data, no options and the one variant holding the product's stock.
 */
function productFields(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body) || !('variants' in body)) return body;
  const { options, variants, ...fields } = body as { options: unknown; variants: unknown; id: number; stock: number };
  expect(options).toEqual([]);
  expect(variants).toEqual([{ id: expect.any(Number), sku: `SKU-${fields.id}`, options: {}, price: null, discountPercentage: null, stock: fields.stock }]);
  return fields;
}

async function answer(a: Express, path: string) {
  const res = await request(a)
    .get(`/api${path}`)
    .set('Host', a === ours ? 'evil.example' : 'shop.test');
  return {
    status: res.status,
    body: a === ours ? productFields(res.body) : (res.body as unknown),
    total: res.headers['x-total-count'],
    link: res.headers.link,
  };
}

describe('catalogue reads: the same answers as json-server', () => {
  it.each([...QUERIES, ...COMPARISONS, ...PAGING])('%s', async (path) => {
    expect(await answer(ours, path)).toEqual(await answer(theirs, path));
  });
});

describe('catalogue reads see writes at once', () => {
  it('a new product by id and in lists, a changed price in the sort', async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    await shop.anon().get('/api/products/6').expect(404);
    const created = await admin
      .post('/api/products')
      .send({
        title: 'Newest',
        description: 'The newest product',
        price: 1,
        discountPercentage: 0,
        stock: 3,
        thumbnail: '/images/new/thumb.webp',
        images: ['/images/new/1.webp', '/images/new/2.webp', '/images/new/3.webp'],
        brand: 'Apple',
        category: 'laptops',
      })
      .expect(201);
    expect(created.body.id).toBe(6);
    expect((await shop.anon().get('/api/products/6').expect(200)).body.title).toBe('Newest');
    const cheapest = await shop.anon().get('/api/products?_sort=price&_limit=1').expect(200);
    expect(cheapest.body[0].id).toBe(6);
    await admin.patch('/api/products/6').send({ price: 9999 }).expect(200);
    const dearest = await shop.anon().get('/api/products?_sort=price&_order=desc&_limit=1').expect(200);
    expect(dearest.body[0]).toMatchObject({ id: 6, price: 9999 });
  });
});
