// A bounded catalogue: no list answers more than MAX_PAGE_SIZE items,
// whatever its query; X-Total-Count counts them all and Link names the other pages, so a client
// reads a whole list by following rel="next" (the catalogue, and the back office's lists and a
// shopper's orders). The Link header is built from the configured public
// address (PUBLIC_URL) or relative to the site, never from the request's Host. On either driver.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { generateSeed } from '../../../scripts/seed';
import { publicUrlFromEnv } from '../../../server/http/config';
import type { DbSchema } from '../../../server/db/snapshot';
import { MAX_PAGE_SIZE } from '../../../server/query/paging';
import { expectNoLeaks, makeData, makeShop } from '../fixtures';

afterEach(expectNoLeaks);

const PRODUCTS = 2_345;
const BRANDS = 1_203;

function bigData(): DbSchema {
  const seed = generateSeed({ products: PRODUCTS });
  const extra = Array.from({ length: BRANDS - seed.brands.length }, (_, i) => ({ id: seed.brands.length + i + 1, value: `Brand ${i}`, label: `Brand ${i}` }));
  return { ...seed, brands: [...seed.brands, ...extra], idempotency: [], audit: [] } as DbSchema;
}

/** Each <url>; rel="x" of a Link header, by relation. */
function links(header: string | undefined): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [, url, rel] of (header ?? '').matchAll(/<([^>]*)>;\s*rel="([^"]+)"/g)) found[rel] = url;
  return found;
}

const ids = (body: { id: number }[]) => body.map((p) => p.id);
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe('every list stops at MAX_PAGE_SIZE items', () => {
  const shop = makeShop({ data: bigData() });
  const get = (url: string) => shop.anon().get(url).expect(200);

  /** Follows Link rel="next" from `url`; every page's ids, in order. */
  async function readAll(url: string): Promise<{ pages: number[][]; total: string[] }> {
    const pages: number[][] = [];
    const total: string[] = [];
    for (let next: string | undefined = url; next !== undefined; ) {
      const res = await get(next);
      expect(res.body.length).toBeLessThanOrEqual(MAX_PAGE_SIZE);
      pages.push(ids(res.body));
      total.push(res.headers['x-total-count']);
      next = links(res.headers.link).next;
      expect(pages.length).toBeLessThan(10);
    }
    return { pages, total };
  }

  it('GET /api/products with no paging: the first 1,000, the count of all, and json-server-style links', async () => {
    expect(MAX_PAGE_SIZE).toBe(1000);
    const res = await get('/api/products');
    expect(ids(res.body)).toEqual(range(1, 1001));
    expect(res.headers['x-total-count']).toBe(String(PRODUCTS));
    expect(links(res.headers.link)).toEqual({
      first: '/api/products?_page=1&_limit=1000',
      next: '/api/products?_page=2&_limit=1000',
      last: '/api/products?_page=3&_limit=1000',
    });
  }, 120_000); // the first request loads the 2,345-product shop

  it('following rel="next" reads the whole catalogue once, in order, filters and sort kept', async () => {
    const all = await readAll('/api/products');
    expect(all.pages.map((p) => p.length)).toEqual([1000, 1000, 345]);
    expect(all.pages.flat()).toEqual(range(1, PRODUCTS + 1));
    expect(new Set(all.total)).toEqual(new Set([String(PRODUCTS)]));

    const sorted = await readAll('/api/products?_sort=price&_order=desc&deleted=false');
    const every = (await Promise.all([0, 1, 2].map((i) => get(`/api/products?_sort=price&_order=desc&deleted=false&_start=${i * 800}&_end=${(i + 1) * 800}`)))).flatMap((r) => ids(r.body));
    expect(sorted.pages.flat()).toEqual(every.slice(0, Number(sorted.total[0])));
  });

  it.each([
    ['_limit=5000', range(1, 1001), { next: '/api/products?_start=1000&_end=2345' }],
    ['_limit=99999999999&_start=100', range(101, 1101), { next: '/api/products?_start=1100&_end=2345' }],
    [`_end=${'9'.repeat(400)}`, range(1, 1001), { next: '/api/products?_start=1000&_end=2345' }],
    ['_start=10&_end=2010', range(11, 1011), { next: '/api/products?_start=1010&_end=2010' }],
    ['_start=-1500&_end=-1', range(846, 1846), { next: '/api/products?_start=1845&_end=2344' }],
    ['_page=1&_limit=-5', range(1, 1001), { next: '/api/products?_start=1000&_end=2340' }],
    ['_start=2000&_end=2400', range(2001, 2346), {}],
  ])('a range longer than that (%s): its first 1,000, Link next the rest of it', async (query, expected, expectedLinks) => {
    const res = await get(`/api/products?${query}`);
    expect(ids(res.body)).toEqual(expected);
    expect(res.headers['x-total-count']).toBe(String(PRODUCTS));
    expect(links(res.headers.link)).toEqual(expectedLinks);
  });

  it('a _limit above 1,000 with _page counts as 1,000, and the links say so', async () => {
    const res = await get('/api/products?_page=2&_limit=5000');
    expect(ids(res.body)).toEqual(range(1001, 2001));
    expect(links(res.headers.link)).toEqual({
      first: '/api/products?_page=1&_limit=1000',
      prev: '/api/products?_page=1&_limit=1000',
      next: '/api/products?_page=3&_limit=1000',
      last: '/api/products?_page=3&_limit=1000',
    });
    // A page within the limit keeps json-server's links (its own query, the page number changed).
    const laptops = await get('/api/products?category=laptops&_page=2&_limit=3');
    expect(links(laptops.headers.link)).toMatchObject({
      first: '/api/products?category=laptops&_page=1&_limit=3',
      prev: '/api/products?category=laptops&_page=1&_limit=3',
      next: '/api/products?category=laptops&_page=3&_limit=3',
    });
  });

  it('GET /api/brands (and categories): the same cap', async () => {
    const res = await get('/api/brands');
    expect(res.body).toHaveLength(1000);
    expect(res.headers['x-total-count']).toBe(String(BRANDS));
    expect(links(res.headers.link).next).toBe('/api/brands?_page=2&_limit=1000');
    const rest = await get('/api/brands?_page=2&_limit=1000');
    expect(ids(rest.body)).toEqual(range(1001, BRANDS + 1));
    expect(links((await get('/api/brands?_limit=1203')).headers.link)).toEqual({ next: '/api/brands?_start=1000&_end=1203' });
    const categories = await get('/api/categories');
    expect(categories.headers.link).toBeUndefined();
    expect(categories.body.length).toBe(Number(categories.headers['x-total-count']));
  });
});

describe('the back office\'s lists and a shopper\'s orders stop at MAX_PAGE_SIZE too', () => {
  const ORDERS = 1_234; // the shopper's (user 2), beside the fixture's
  const CUSTOMERS = 1_050;
  const AUDIT = 1_010;

  function manyRecords(): DbSchema {
    const data = makeData();
    const template = data.orders[0];
    const firstOrder = data.orders.length + 1;
    for (let i = 0; i < ORDERS; i++) {
      data.orders.push({ ...template, id: firstOrder + i, user: 2, createdAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString() });
    }
    const hash = data.users[1].password;
    for (let i = 0; i < CUSTOMERS; i++) data.users.push({ id: 10 + i, email: `many${i}@shop.test`, password: hash, role: 'user', addresses: [] });
    for (let i = 0; i < AUDIT; i++) {
      data.audit.push({ id: i + 1, at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(), actor: { id: 1, email: 'admin@shop.test', role: 'admin' }, action: 'product.update', entity: 'product', entityId: '1', before: { stock: i }, after: { stock: i + 1 } });
    }
    return data;
  }

  // Kept beside the catalogue's shop above: a slot of its own (tests/pg/embeddedShop.ts).
  const shop = makeShop({ data: manyRecords(), slot: 'bounded-lists' });

  it('with no paging: the first 1,000, the count of all, and a Link to the next page; rel="next" reads the rest once', async () => {
    const admin = await shop.as('admin');
    const user = await shop.as('user');
    const state = await shop.state();
    const own = state.orders.filter((o) => o.user === 2).length;
    for (const [who, path, total] of [
      [admin, '/api/orders', state.orders.length],
      [admin, '/api/admin/customers', state.users.length],
      [admin, '/api/admin/audit', AUDIT],
      [user, '/api/orders/own', own],
    ] as const) {
      const seen: number[] = [];
      let next: string | undefined = path;
      for (let pages = 0; next !== undefined; pages++) {
        expect(pages, path).toBeLessThan(5);
        const res: { body: { id: number }[]; headers: Record<string, string> } = await who.get(next).expect(200);
        expect(res.body.length, next).toBeLessThanOrEqual(MAX_PAGE_SIZE);
        expect(res.headers['x-total-count'], next).toBe(String(total));
        if (pages === 0) {
          expect(res.body.length, path).toBe(MAX_PAGE_SIZE);
          expect(links(res.headers.link), path).toEqual({ first: `${path}?_page=1&_limit=1000`, next: `${path}?_page=2&_limit=1000`, last: `${path}?_page=2&_limit=1000` });
        }
        seen.push(...ids(res.body));
        next = links(res.headers.link).next;
      }
      expect(seen.length, path).toBe(total);
      expect(new Set(seen).size, path).toBe(total);
    }
  }, 180_000);

  it('a page the client asks for keeps its size and filters in the links; a list that fits has none', async () => {
    const admin = await shop.as('admin');
    const res = await admin.get('/api/orders?status=pending&_page=2&_per_page=5').expect(200);
    expect(res.body).toHaveLength(5);
    const pending = (await shop.state()).orders.filter((o) => o.status === 'pending').length;
    expect(links(res.headers.link)).toEqual({
      first: '/api/orders?status=pending&_page=1&_limit=5',
      prev: '/api/orders?status=pending&_page=1&_limit=5',
      next: '/api/orders?status=pending&_page=3&_limit=5',
      last: `/api/orders?status=pending&_page=${Math.ceil(pending / 5)}&_limit=5`,
    });
    const other = await shop.as('other');
    const few = await other.get('/api/orders/own').expect(200);
    expect(few.headers.link).toBeUndefined();
    expect(few.headers['x-total-count']).toBe(String(few.body.length));
  }, 60_000);
});

describe('the Link header never echoes the request', () => {
  it('a forged Host is not in it: relative links without PUBLIC_URL', async () => {
    const shop = makeShop();
    const res = await shop.anon().get('/api/products?_page=2&_limit=2').set('Host', 'evil.example').expect(200);
    expect(res.headers.link).toBe('</api/products?_page=1&_limit=2>; rel="first", </api/products?_page=1&_limit=2>; rel="prev", </api/products?_page=3&_limit=2>; rel="next", </api/products?_page=3&_limit=2>; rel="last"');
  });

  it('with a public address, links start with it whatever the Host or the request line say', async () => {
    const shop = makeShop({ data: makeData(), publicUrl: 'https://shop.example/store/' });
    const res = await shop.anon().get('/api/products?_page=3&_limit=2').set('Host', 'evil.example').expect(200);
    expect(links(res.headers.link)).toEqual({
      first: 'https://shop.example/store/api/products?_page=1&_limit=2',
      prev: 'https://shop.example/store/api/products?_page=2&_limit=2',
      last: 'https://shop.example/store/api/products?_page=3&_limit=2',
    });

    // An absolute request line (GET http://evil.example/... HTTP/1.1) names a host too.
    const server = http.createServer(shop.app).listen(0, '127.0.0.1');
    try {
      await new Promise((resolve) => server.once('listening', resolve));
      const { port } = server.address() as AddressInfo;
      const header = await new Promise<string | undefined>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path: 'http://evil.example/api/products?_page=2&_limit=2&foo=%3E"x', headers: { Host: 'evil.example' } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.headers.link as string | undefined));
        });
        req.on('error', reject);
        req.end();
      });
      expect(header).toBeDefined();
      expect(header).not.toMatch(/evil/);
      expect(links(header).first).toBe('https://shop.example/store/api/products?_page=1&_limit=2&foo=%3E%22x');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('PUBLIC_URL: read once, an unusable one refused at start', () => {
    expect(publicUrlFromEnv({})).toBeUndefined();
    expect(publicUrlFromEnv({ PUBLIC_URL: ' https://Shop.Example/ ' })).toBe('https://shop.example');
    for (const value of ['shop.example', 'ftp://shop.example', 'https://shop.example/?a=1', 'https://u:p@shop.example', 'https://shop.example/#x']) {
      expect(() => publicUrlFromEnv({ PUBLIC_URL: value })).toThrow(/PUBLIC_URL/);
    }
  });
});

describe('paging values never make a 500', () => {
  const VALUES = ['3000000000', '-3000000000', '2147483648', '9007199254740993', '1e309', '-1e309', '1.5', '-2.5', '0', '-1', 'Infinity', 'NaN', 'abc', '9'.repeat(400), `-${'9'.repeat(400)}`];
  const QUERIES = VALUES.flatMap((v) => [`_page=${v}&_limit=1`, `_page=2&_limit=${v}`, `_page=${v}&_per_page=${v}`, `_start=${v}&_end=3000000001`, `_start=1&_end=${v}`, `_start=${v}&_limit=${v}`, `_limit=${v}`]);

  it('on the catalogue (json-server\'s answer: 200) and the back office\'s lists (200 or 400 with a message)', async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    const user = await shop.as('user');
    const failures: string[] = [];
    for (const query of QUERIES) {
      for (const list of ['products', 'categories', 'brands']) {
        const res = await shop.anon().get(`/api/${list}?${query}`);
        if (res.status !== 200 || !Array.isArray(res.body) || res.body.length > MAX_PAGE_SIZE) failures.push(`${res.status} /api/${list}?${query}`);
      }
      for (const [who, path] of [[admin, '/api/orders'], [admin, '/api/admin/customers'], [admin, '/api/admin/audit'], [user, '/api/orders/own']] as const) {
        const res = await who.get(`${path}?${query}`);
        const ok = (res.status === 200 && Array.isArray(res.body)) || (res.status === 400 && typeof res.body.message === 'string');
        if (!ok) failures.push(`${res.status} ${path}?${query}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
