// The catalogue fast path answers exactly as json-server's router: the same status, body,
// X-Total-Count and Link for a table of queries, on generated data plus awkward records (nulls,
// missing fields, mixed types, duplicate sort values). Queries it does not cover reach the router.
import express, { type Express } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { generateSeed } from '../scripts/seed';
import { catalogueFastPath } from './catalogue';
import type { Context } from './context';
import { openStore } from './db';
import type { DbSchema } from './model';
import { CATALOGUE_PATHS, catalogueQuery, catalogueRoutes } from './routes/products';

function data(): DbSchema {
  const seed = generateSeed({ products: 240 });
  const awkward = [
    { ...seed.products[0], id: 241, title: 'ÉCLAIR Phone', rating: null, price: '12' },
    { ...seed.products[1], id: 242, brand: undefined, rating: 4.35, discountPercentage: 0 },
    { ...seed.products[2], id: 243, stock: 0, deleted: true, reviews: [], price: 12 },
    { id: 244, title: 'Bare record', price: 5 },
  ];
  return { ...seed, idempotency: [], products: [...seed.products, ...(JSON.parse(JSON.stringify(awkward)) as DbSchema['products'])] };
}

const DATA = data();

function app(fastPath: boolean): Express {
  const store = openStore({ data: DATA, verifyChanges: false });
  const a = express();
  a.use('/api', catalogueRoutes({ store } as unknown as Context, { fastPath }));
  return a;
}

/** Only the fast path: the router's place is taken by a 599, to see which queries it covers. */
function fastOnly(): Express {
  const store = openStore({ data: DATA, verifyChanges: false });
  const a = express();
  a.get(
    CATALOGUE_PATHS,
    catalogueQuery,
    catalogueFastPath(store, (_req, res) => void res.json(res.locals.data ?? null)),
    (_req, res) => void res.status(599).end(),
  );
  return a;
}

const withFast = app(true);
const routerOnly = app(false);
const fast = fastOnly();

const COVERED = [
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
  '/categories/2',
  '/brands',
  '/categories?value=laptops',
  '/brands?_sort=label&_order=desc',
  '/brands?_page=2&_limit=7',
];

const FALLBACK = [
  '/products?price_gte=100',
  '/products?price_lte=100&price_gte=10',
  '/products?brand_ne=Apple',
  '/products?reviews.rating=5',
  '/products?_sort=reviews.rating',
  '/products?_sort=price,',
];

async function answer(a: Express, path: string) {
  const res = await request(a).get(`/api${path}`).set('Host', 'shop.test');
  return {
    status: res.status,
    body: res.body as unknown,
    total: res.headers['x-total-count'],
    link: res.headers.link,
  };
}

describe('catalogue fast path', () => {
  it.each(COVERED)('%s: the same answer as json-server', async (path) => {
    const expected = await answer(routerOnly, path);
    expect(await answer(withFast, path)).toEqual(expected);
    expect((await request(fast).get(path)).status, 'answered by the fast path').not.toBe(599);
  });

  it.each(FALLBACK)('%s: left to json-server', async (path) => {
    expect((await request(fast).get(path)).status).toBe(599);
    expect(await answer(withFast, path)).toEqual(await answer(routerOnly, path));
  });

  it('sees writes at once: a new product by id and in lists, a changed price in the sort', async () => {
    const store = openStore({ data: DATA, verifyChanges: false });
    const a = express();
    a.use('/api', catalogueRoutes({ store } as unknown as Context));
    await request(a).get('/api/products/245').expect(404);
    store.data.products.push({ ...store.data.products[0], id: 245, title: 'Newest', price: 0.5 });
    expect((await request(a).get('/api/products/245').expect(200)).body.title).toBe('Newest');
    const cheapest = await request(a).get('/api/products?_sort=price&_limit=1').expect(200);
    expect(cheapest.body[0].id).toBe(245);
    store.data.products.find((p) => p.id === 245)!.price = 1e9;
    const again = await request(a).get('/api/products?_sort=price&_order=desc&_limit=1').expect(200);
    expect(again.body[0].id).toBe(245);
  });
});
