// Catalogue answers kept in memory (server/modules/catalogue/answerCache.ts, keptAnswers.ts): on
// the embedded driver a public catalogue read asked again while nothing was written is answered
// from memory, with the very answer it had (body, ETag, 304, Cache-Control, Vary, the list's
// headers, the request log's route); on a PostgreSQL server nothing is kept. On both, every kind
// of write is seen by the next read: each test reads (twice, so the answer is kept), writes
// through the API, and reads the change.
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order, Product } from '../../../src/domain/types';
import { createLogger } from '../../../server/modules/operations/logging';
import { ACCOUNTS, clock, ENGINE, expectNoLeaks, makeData, makeShop, orderBody, PRODUCTS, type Agent, type TestShop } from '../fixtures';

afterEach(expectNoLeaks);

const LIST = '/api/products?category=smartphones&category=laptops&_sort=price&_order=asc&_page=1&_limit=2';
/** A list that holds products 1 and 2. */
const PHONES = '/api/products?category=smartphones&_sort=price&_order=desc';
const READS = [LIST, '/api/products/1', '/api/products?q=galaxy', '/api/categories', '/api/brands?_sort=label', '/api/products/facets?category=laptops', '/api/products/suggest?q=gal'];
/** The compression middleware compresses for this one; with none, a small answer is sent from memory before Express's work. */
const ENCODINGS = ['gzip, deflate', ''];

const hits = (shop: TestShop) => shop.services.catalogue.answers.stats().hits;
/** The headers that differ between any two answers. */
const headersOf = (res: request.Response) => {
  const { date: _date, 'x-request-id': _id, ...rest } = res.headers;
  void _date;
  void _id;
  return rest;
};

/** A GET as a browser sends it, with `cookie` when given. */
const get = (shop: TestShop, url: string, headers: Record<string, string> = {}) => {
  const req = request(shop.app).get(url);
  for (const [name, value] of Object.entries(headers)) req.set(name, value);
  return req;
};

/** Reads `url` twice (the second answer kept, on the embedded driver) with `agent`: the body. */
async function readTwice(agent: Agent, url: string): Promise<unknown> {
  await agent.get(url).expect(200);
  return (await agent.get(url).expect(200)).body;
}

const productOf = async (agent: Agent, id: number) => (await agent.get(`/api/products/${id}`).expect(200)).body as Product;

describe('a kept answer', () => {
  it.each(READS)('%s is the answer the API gave, to visitors and signed-in shoppers, compressed or not; kept only on the embedded driver', async (url) => {
    const shop = makeShop();
    const login = await request(shop.app).post('/api/auth/login').send({ email: ACCOUNTS.user.email, password: ACCOUNTS.user.password }).expect(200);
    const cookie = (login.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
    for (const encoding of ENCODINGS) {
      for (const who of [{}, { cookie }] as Record<string, string>[]) {
        const headers = { 'Accept-Encoding': encoding, ...who };
        // A write before each: the first answer is made again, not kept from an earlier loop.
        await shop.update(() => {});
        const made = await get(shop, url, headers).expect(200);
        const before = hits(shop);
        const kept = await get(shop, url, headers).expect(200);
        expect(hits(shop), url).toBe(ENGINE === 'embedded' ? before + 1 : 0);
        expect(kept.text, url).toBe(made.text);
        expect(headersOf(kept), `${url} ${encoding} ${JSON.stringify(who)}`).toEqual(headersOf(made));
        expect(made.headers['cache-control']).toBe('cookie' in who ? 'private, no-cache' : url.includes('categories') || url.includes('brands') ? 'public, max-age=60' : 'public, max-age=10');
        expect(made.headers.vary).toBe('Cookie, Accept-Encoding');
      }
    }
  });

  it('answers 304 to its ETag as the API did, and the answer again without it', async () => {
    const shop = makeShop();
    for (const url of [LIST, '/api/products/2']) {
      for (const encoding of ENCODINGS) {
        const first = await get(shop, url, { 'Accept-Encoding': encoding }).expect(200);
        const conditional = { 'Accept-Encoding': encoding, 'If-None-Match': first.headers.etag };
        await shop.update(() => {});
        const made = await get(shop, url, conditional).expect(304);
        const kept = await get(shop, url, conditional).expect(304);
        expect(headersOf(kept)).toEqual(headersOf(made));
        expect(kept.text).toBe('');
        // Cache-Control: no-cache asks for the answer itself.
        await get(shop, url, { ...conditional, 'Cache-Control': 'no-cache' }).expect(200);
        expect((await get(shop, url, { 'Accept-Encoding': encoding, 'If-None-Match': '"other"' }).expect(200)).text).toBe(first.text);
      }
    }
  });

  it('is logged and counted under its route, with the request id the client sent', async () => {
    const written: string[] = [];
    const logger = createLogger({ level: 'info', stream: { write: (line: string) => void written.push(line) } });
    const shop = makeShop({ logger });
    for (let i = 0; i < 2; i++) {
      await get(shop, '/api/products/3', { 'Accept-Encoding': '', 'X-Request-Id': `kept-${i}` }).expect(200).expect('X-Request-Id', `kept-${i}`);
      await get(shop, LIST, { 'X-Request-Id': `list-${i}` }).expect(200);
    }
    const lines = written.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'request');
    expect(lines).toEqual([
      expect.objectContaining({ reqId: 'kept-0', method: 'GET', route: '/api/products/:id', status: 200 }),
      expect.objectContaining({ reqId: 'list-0', method: 'GET', route: '/api/products', status: 200 }),
      expect.objectContaining({ reqId: 'kept-1', method: 'GET', route: '/api/products/:id', status: 200 }),
      expect.objectContaining({ reqId: 'list-1', method: 'GET', route: '/api/products', status: 200 }),
    ]);
    const metrics = (await request(shop.app).get('/metrics').expect(200)).text;
    expect(metrics).toContain('http_request_duration_seconds_count{method="GET",route="/api/products/:id",status="2xx"} 2');
  });

  it("is never the catalogue staff's product (theirs has `notify`), nor given to them", async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    const visitor = shop.anon();
    for (const encoding of ENCODINGS) {
      await readTwice(visitor.set('Accept-Encoding', encoding), '/api/products/2');
      expect((await admin.get('/api/products/2').set('Accept-Encoding', encoding).expect(200)).body).toHaveProperty('notify');
      expect((await visitor.get('/api/products/2').expect(200)).body).not.toHaveProperty('notify');
      expect((await admin.get('/api/products/2').set('Accept-Encoding', encoding).expect(200)).body).toHaveProperty('notify');
    }
  });
});

describe('every write is seen by the next read', () => {
  it("a product's PATCH, PUT, DELETE, and a new product", async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    const visitor = shop.anon();
    await readTwice(visitor, '/api/products/1');
    await readTwice(visitor, PHONES);
    await admin.patch('/api/products/1').send({ title: 'iPhone 15 Pro', stock: 4 }).expect(200);
    expect(await productOf(visitor, 1)).toMatchObject({ title: 'iPhone 15 Pro', stock: 4 });
    expect(((await readTwice(visitor, PHONES)) as Product[]).map((p) => p.title)).toContain('iPhone 15 Pro');

    const { id: _id, ...whole } = { ...PRODUCTS[1], title: 'Galaxy S24 Ultra' };
    void _id;
    await readTwice(visitor, '/api/products/2');
    await admin.put('/api/products/2').send(whole).expect(200);
    expect((await productOf(visitor, 2)).title).toBe('Galaxy S24 Ultra');

    await admin.delete('/api/products/1').expect(200);
    expect((await productOf(visitor, 1)).deleted).toBe(true);

    const total = Number((await visitor.get('/api/products').expect(200)).headers['x-total-count']);
    await readTwice(visitor, '/api/products');
    const created = await admin.post('/api/products').send({ ...whole, title: 'Desk Lamp' }).expect(201);
    const after = await visitor.get('/api/products').expect(200);
    expect(Number(after.headers['x-total-count'])).toBe(total + 1);
    expect((await productOf(visitor, created.body.id)).title).toBe('Desk Lamp');
  });

  it("a bulk action, a variant's stock, and the back office's categories", async () => {
    const data = makeData();
    data.products.push({
      ...structuredClone(PRODUCTS[0]),
      id: 6,
      title: 'Chelsea Boots',
      options: [{ name: 'Size', values: ['42', '43'] }],
      variants: [
        { id: 101, sku: 'BOOT-42', options: { Size: '42' }, price: null, discountPercentage: null, stock: 3 },
        { id: 102, sku: 'BOOT-43', options: { Size: '43' }, price: null, discountPercentage: null, stock: 0 },
      ],
      stock: 3,
    });
    const shop = makeShop({ data });
    const admin = await shop.as('admin');
    const visitor = shop.anon();
    await readTwice(visitor, '/api/products?category=laptops');
    await admin.post('/api/admin/products/bulk').send({ action: 'category', ids: [1], value: 'laptops' }).expect(200);
    expect(((await readTwice(visitor, '/api/products?category=laptops')) as Product[]).map((p) => p.id)).toContain(1);

    await readTwice(visitor, '/api/products/6');
    await admin.patch('/api/admin/products/6/variants/102').send({ stock: 7 }).expect(200);
    expect((await productOf(visitor, 6)).stock).toBe(10);

    await readTwice(visitor, '/api/categories');
    await readTwice(visitor, '/api/products/3');
    await admin.patch('/api/admin/categories/2').send({ label: 'Notebooks' }).expect(200);
    expect((await readTwice(visitor, '/api/categories')) as { label: string }[]).toContainEqual(expect.objectContaining({ label: 'Notebooks' }));
    await admin.patch('/api/admin/categories/2').send({ value: 'notebooks' }).expect(200);
    expect((await productOf(visitor, 3)).category).toBe('notebooks');
  });

  it("a product import", async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    const visitor = shop.anon();
    await readTwice(visitor, '/api/products/2');
    await admin.post('/api/admin/import/products').send({ csv: 'id,title\n2,Galaxy S24 FE', dryRun: false }).expect(200);
    expect((await productOf(visitor, 2)).title).toBe('Galaxy S24 FE');
  });

  it("reviews: added, edited, removed", async () => {
    const shop = makeShop();
    const user = await shop.as('user');
    const admin = await shop.as('admin');
    const visitor = shop.anon();
    await readTwice(visitor, '/api/products/1');
    const added = (await user.post('/api/products/1/reviews').send({ rating: 2, comment: 'Battery could be better.' }).expect(201)).body as Product;
    const review = added.reviews.find((r) => r.comment === 'Battery could be better.')!;
    expect((await productOf(visitor, 1)).reviews).toHaveLength(2);
    await readTwice(visitor, '/api/products/1');
    await user.patch(`/api/products/1/reviews/${review.id}`).send({ rating: 3, comment: 'Fine after all.' }).expect(200);
    expect((await productOf(visitor, 1)).reviews.map((r) => r.comment)).toContain('Fine after all.');
    await readTwice(visitor, '/api/products/1');
    await admin.delete(`/api/products/1/reviews/${review.id}`).expect(200);
    expect((await productOf(visitor, 1)).reviews).toHaveLength(1);
  });

  it("an order's stock: placed, cancelled by the shopper, cancelled by the staff", async () => {
    const shop = makeShop();
    const user = await shop.as('user');
    const admin = await shop.as('admin');
    const visitor = shop.anon();
    await readTwice(visitor, '/api/products/1');
    await readTwice(visitor, PHONES);
    const placed = (await user.post('/api/orders').send(orderBody([{ product: 1, quantity: 3 }])).expect(201)).body as Order;
    expect((await productOf(visitor, 1)).stock).toBe(7);
    expect(((await visitor.get(PHONES).expect(200)).body as Product[]).find((p) => p.id === 1)!.stock).toBe(7);
    await readTwice(visitor, '/api/products/1');
    await user.post(`/api/orders/${placed.id}/cancel`).send({}).expect(200);
    expect((await productOf(visitor, 1)).stock).toBe(10);

    const again = (await user.post('/api/orders').send(orderBody([{ product: 1, quantity: 2 }])).expect(201)).body as Order;
    await readTwice(visitor, '/api/products/1');
    await admin.patch(`/api/orders/${again.id}`).send({ status: 'cancelled' }).expect(200);
    expect((await productOf(visitor, 1)).stock).toBe(10);
  });

  it('a change made behind the API (a set-up, a restart of the data)', async () => {
    const shop = makeShop();
    const visitor = shop.anon();
    await readTwice(visitor, '/api/products/5');
    await shop.update((data) => void (data.products[4].price = 350));
    expect((await productOf(visitor, 5)).price).toBe(350);
  });
});

describe("the caller's session, as kept answers see it", () => {
  it('signed out: the next kept answer is a visitor’s', async () => {
    const shop = makeShop();
    const user = await shop.as('user');
    await readTwice(user, '/api/products/1');
    expect((await user.get('/api/products/1').expect(200)).headers['cache-control']).toBe('private, no-cache');
    await user.post('/api/auth/logout').send({}).expect(200);
    expect((await user.get('/api/products/1').expect(200)).headers['cache-control']).toBe('public, max-age=10');
  });

  it("a shopper given the catalogue role gets the staff's product at once, and a shopper's again once it is taken away", async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    const user = await shop.as('user');
    await readTwice(user, '/api/products/2');
    await admin.post('/api/admin/staff').send({ email: ACCOUNTS.user.email, role: 'catalogue' }).expect(200);
    expect((await user.get('/api/products/2').expect(200)).body).toHaveProperty('notify');
    await admin.delete(`/api/admin/staff/${ACCOUNTS.user.id}`).expect(204);
    await readTwice(user, '/api/products/2');
    expect((await user.get('/api/products/2').expect(200)).body).not.toHaveProperty('notify');
  });

  it("expired: the kept answer is a visitor's from the session's end", async () => {
    const c = clock();
    const shop = makeShop({ now: c.now, sessionTtlMs: 60_000 });
    const user = await shop.as('user');
    for (const encoding of ENCODINGS) {
      await readTwice(user.set('Accept-Encoding', encoding), '/api/products/1');
    }
    c.advance(59_999);
    expect((await user.get('/api/products/1').expect(200)).headers['cache-control']).toBe('private, no-cache');
    c.advance(1);
    expect((await user.get('/api/products/1').expect(200)).headers['cache-control']).toBe('public, max-age=10');
    expect((await user.get('/api/products/1').set('Accept-Encoding', '').expect(200)).headers['cache-control']).toBe('public, max-age=10');
  });
});
