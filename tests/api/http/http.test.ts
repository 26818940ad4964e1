import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, MAX_JSON_DEPTH } from '../../../server/http/middleware';
import { PRODUCT_MAX_AGE, TAXONOMY_MAX_AGE } from '../../../server/modules/catalogue/routes';
import { Client } from '../../reliability/http';
import { address, agent, expectNoLeaks, makeShop, type Agent } from '../fixtures';

afterEach(expectNoLeaks);

function expectSecurityHeaders(headers: Record<string, string>) {
  expect(headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-powered-by']).toBeUndefined();
}

describe('request bodies', () => {
  it('400 JSON for malformed JSON', async () => {
    const res = await makeShop()
      .anon()
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send('{"email": "user@shop.test",')
      .expect(400);
    expect(res.body).toEqual({ message: 'Malformed JSON body' });
  });

  it('413 JSON above 100 kB', async () => {
    const shop = makeShop();
    const a = await shop.as('user');
    const res = await a.patch('/api/users/2').send({ name: 'x'.repeat(101 * 1024) }).expect(413);
    expect(res.body.message).toMatch(/too large/);
    // Just under the limit is parsed (and then refused by validation).
    await a.patch('/api/users/2').send({ name: 'x'.repeat(99 * 1024) }).expect(400);
  });

  it.each([
    ['text/plain', '{"email":"user@shop.test","password":"User12345"}'],
    ['application/x-www-form-urlencoded', 'email=user%40shop.test&password=User12345'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--'],
  ])('415 for a %s body (no form-post CSRF)', async (type, body) => {
    const shop = makeShop();
    const res = await shop.anon().post('/api/auth/login').set('Content-Type', type).send(body).expect(415);
    expect(res.body.message).toMatch(/JSON/);
    const a = await shop.as('admin');
    await a.patch('/api/orders/1').set('Content-Type', type).send('status=cancelled').expect(415);
    expect((await shop.state()).orders[0].status).toBe('pending');
  });

  it('415 for a POST without a body unless it says JSON: a form post cannot sign a shopper out', async () => {
    const shop = makeShop();
    const a = await shop.as('user');
    await a.post('/api/cart').send({ product: 1, quantity: 1 }).expect(201);
    await a.post('/api/cart').send({ product: 2, quantity: 1 }).expect(201);
    // What an HTML form with no fields sends (no body; a form can never say application/json).
    for (const type of [undefined, 'application/x-www-form-urlencoded', 'text/plain']) {
      const logout = a.post('/api/auth/logout');
      const res = await (type ? logout.set('Content-Type', type) : logout).expect(415);
      expect(res.body.message).toMatch(/JSON/);
      // A body that is not JSON, whatever the method.
      await a.delete('/api/cart/1').set('Content-Type', type ?? 'text/plain').send('x').expect(415);
    }
    await a.get('/api/auth/check').expect(200);
    expect((await shop.state()).cart.filter((l) => l.user === 2)).toHaveLength(2);
    // A body-less DELETE (no form can send one; a cross-site script needs a preflight) may leave the type out.
    await a.delete('/api/cart/1').expect(200);
    await a.delete('/api/cart/2').set('Content-Type', 'text/plain').expect(200);
    expect((await shop.state()).cart.filter((l) => l.user === 2)).toHaveLength(0);
    await a.post('/api/auth/logout').type('json').expect(200);
    await a.get('/api/auth/check').expect(401);
  });

  it('403 for a JSON write that the browser says comes from another site', async () => {
    const shop = makeShop();
    const a = await shop.as('user');
    const other = [
      { Origin: 'http://evil.example' },
      { Origin: 'null' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
    ];
    for (const headers of other) {
      const res = await a.post('/api/auth/logout').type('json').set(headers).expect(403);
      expect(res.body).toEqual({ message: 'Cross-site requests are not allowed' });
    }
    await a.get('/api/auth/check').expect(200);
    // This site's own page: its origin is the Host it talks to.
    await a.post('/api/cart').set('Origin', 'http://127.0.0.1').set('Host', '127.0.0.1').set('Sec-Fetch-Site', 'same-origin').send({ product: 1, quantity: 1 }).expect(201);
    // A body-less write needs no content type, but must still come from this site.
    for (const headers of other) await a.delete('/api/cart/1').set(headers).expect(403);
    expect((await shop.state()).cart.filter((l) => l.user === 2)).toHaveLength(1);
  });

  it('400 when the JSON is not an object', async () => {
    await makeShop().anon().post('/api/auth/login').send([1, 2]).expect(400);
  });

  it('400 naming the field for text PostgreSQL cannot store (NUL, half a surrogate pair), in a body or a query', async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    const user = await shop.as('user');
    const before = await shop.state();
    const cases: [Agent, 'get' | 'post' | 'patch', string, object | undefined, string][] = [
      [admin, 'patch', '/api/products/1', { description: 'a\u0000b' }, 'description'],
      [user, 'patch', '/api/users/2', { name: 'Asha', addresses: [address({ street: 'a\ud800b' })] }, 'addresses.0.street'],
      [user, 'post', '/api/products/1/reviews', { rating: 4, comment: 'ok \udc00' }, 'comment'],
      [user, 'post', '/api/cart', { product: 1, quantity: 1, ['no\u0000te']: 1 }, 'no\u0000te'],
      [admin, 'post', '/api/admin/import/products', { csv: 'id,description\n1,a\u0000b', dryRun: false }, 'csv'],
      [admin, 'get', '/api/admin/customers?q=a%00b', undefined, 'q'],
      [shop.anon(), 'get', '/api/products?brand=Apple&brand=a%00b', undefined, 'brand.1'],
    ];
    for (const [a, method, url, body, field] of cases) {
      const res = await (body === undefined ? a[method](url) : a[method](url).send(body));
      expect(res.status, `${method} ${url}: ${res.text}`).toBe(400);
      expect(res.body.errors).toEqual({ [field]: `${field} must not contain a NUL character or an unpaired surrogate` });
    }
    expect(await shop.state()).toEqual(before);
    // A whole surrogate pair is text like any other.
    expect((await user.patch('/api/users/2').send({ name: 'Asha 🙂' }).expect(200)).body.name).toBe('Asha 🙂');
  });

  it(`400 JSON for a body nested more than ${MAX_JSON_DEPTH} levels deep, on any route, before anything else`, async () => {
    const shop = makeShop();
    const user = await shop.as('user');
    const admin = await shop.as('admin');
    const before = await shop.state();
    /** `{"items": [[...[1]...]]}`: the object one level, then `arrays` arrays. */
    const nested = (arrays: number) => `{"items": ${'['.repeat(arrays)}1${']'.repeat(arrays)}}`;
    const message = `Request body must not nest objects and arrays more than ${MAX_JSON_DEPTH} levels deep`;
    const cases: [Agent, 'post' | 'patch', string, string][] = [
      // An order's body was fingerprinted (recursively) before it was validated: a 500.
      [user, 'post', '/api/orders', nested(3000)],
      [user, 'post', '/api/orders', nested(MAX_JSON_DEPTH)],
      [user, 'patch', '/api/users/2', `{"addresses": [${'{"a":'.repeat(70)}1${'}'.repeat(70)}]}`],
      [shop.anon(), 'post', '/api/auth/login', `${'['.repeat(20_000)}${']'.repeat(20_000)}`],
      // The import reads its larger body itself: the same limit.
      [admin, 'post', '/api/admin/import/products', nested(5000)],
    ];
    for (const [a, method, url, raw] of cases) {
      const res = await a[method](url).set('Content-Type', 'application/json').send(raw);
      expect(res.status, `${method} ${url}: ${res.text.slice(0, 200)}`).toBe(400);
      expect(res.body).toEqual({ message });
    }
    expect(await shop.state()).toEqual(before);
    // At the limit the body goes on to the route, which judges it (an order's items must be products).
    const atLimit = await user.post('/api/orders').set('Content-Type', 'application/json').send(nested(MAX_JSON_DEPTH - 1)).expect(400);
    expect(atLimit.body.message).not.toBe(message);
  });
});

describe('routing and headers', () => {
  it('404 JSON for unknown API routes', async () => {
    const shop = makeShop();
    for (const url of ['/api', '/api/nope', '/api/products/1/reviews', '/api/auth']) {
      const res = await shop.anon().get(url).expect(404);
      expect(res.body.message).toMatch(/No such API route/);
    }
    await shop.anon().post('/api/nope').send({}).expect(404);
  });

  it('security headers, no caching and no CORS on API answers', async () => {
    const shop = makeShop();
    const res = await (await shop.as('user')).get('/api/cart').set('Origin', 'https://evil.example').expect(200);
    expectSecurityHeaders(res.headers);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    const err = await makeShop().anon().get('/api/nope');
    expectSecurityHeaders(err.headers);
  });

  it("catalogue reads: a visitor's may be kept briefly, a signed-in caller's are private; each carries an ETag and answers 304 when unchanged", async () => {
    const shop = makeShop();
    const visitor = shop.anon();
    for (const [url, seconds] of [
      ['/api/products?_page=1&_limit=2', PRODUCT_MAX_AGE],
      ['/api/products/1', PRODUCT_MAX_AGE],
      ['/api/categories', TAXONOMY_MAX_AGE],
      ['/api/brands', TAXONOMY_MAX_AGE],
    ] as const) {
      const first = await visitor.get(url).expect(200);
      expect(first.headers['cache-control']).toBe(`public, max-age=${seconds}`);
      expect(first.headers.vary).toMatch(/Cookie/);
      expect(first.headers.etag).toBeTruthy();
      const again = await visitor.get(url).set('If-None-Match', first.headers.etag).expect(304);
      expect(again.text).toBe('');
    }
    const admin = await shop.as('admin');
    const mine = await admin.get('/api/products/1').expect(200);
    expect(mine.headers['cache-control']).toBe('private, no-cache');
    // A change makes a new answer: the old ETag no longer matches.
    await admin.patch('/api/products/1').send({ price: 123 }).expect(200);
    const changed = await admin.get('/api/products/1').set('If-None-Match', mine.headers.etag).expect(200);
    expect(changed.body.price).toBe(123);
    expect(changed.headers.etag).not.toBe(mine.headers.etag);
  });

  it('OPTIONS: 204 with no body and no CORS grant, not a text list of methods', async () => {
    const shop = makeShop();
    for (const url of ['/api/products', '/api/products/1', '/api/cart', '/api/auth/login']) {
      const res = await shop
        .anon()
        .options(url)
        .set('Origin', 'https://evil.example')
        .set('Access-Control-Request-Method', 'POST')
        .expect(204);
      expect(res.text, url).toBe('');
      expect(res.headers['content-type'], url).toBeUndefined();
      expect(res.headers['access-control-allow-origin'], url).toBeUndefined();
      expect(res.headers['access-control-allow-methods'], url).toBeUndefined();
      expectSecurityHeaders(res.headers);
    }
  });

  it('compresses large answers', async () => {
    const shop = makeShop();
    await shop.update((data) => {
      for (let i = 0; i < 20; i++) data.products.push({ ...data.products[0], id: 100 + i });
    });
    const res = await shop.anon().get('/api/products').set('Accept-Encoding', 'gzip').expect(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.body).toHaveLength(25);
  });
});

describe('the built app (staticDir)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-static-'));
  mkdirSync(path.join(dir, 'assets'));
  const html = '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>';
  writeFileSync(path.join(dir, 'index.html'), html);
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("app")');
  writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const shop = makeShop({ staticDir: dir, slot: 'static' });

  it('serves index.html at / and for deep links (history fallback), never cached stale', async () => {
    for (const url of ['/', '/products/3', '/admin/product-form/edit/2', '/orderSuccess/5', '/index.html']) {
      const res = await shop.anon().get(url).expect(200);
      expect(res.text).toBe(html);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expectSecurityHeaders(res.headers);
    }
  });

  it('caches hashed assets for a year', async () => {
    const res = await shop.anon().get('/assets/index-abc123.js').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectSecurityHeaders(res.headers);
    await shop.anon().get('/robots.txt').expect(200, 'User-agent: *');
  });

  it('404 for build internals and precompressed copies: only what the app loads is served', async () => {
    mkdirSync(path.join(dir, '.vite'), { recursive: true });
    writeFileSync(path.join(dir, '.vite', 'manifest.json'), '{"src/features/admin/secret.tsx": {}}');
    writeFileSync(path.join(dir, 'assets', 'index-abc123.js.br'), 'br');
    writeFileSync(path.join(dir, 'assets', 'index-abc123.js.gz'), 'gz');
    for (const url of ['/.vite/manifest.json', '/.vite/', '/%2Evite/manifest.json', '/assets/index-abc123.js.br', '/assets/index-abc123.js.gz']) {
      const res = await shop.anon().get(url);
      expect(res.status, url).toBe(404);
      expect(res.text, url).not.toContain('secret');
    }
    await shop.anon().get('/assets/index-abc123.js').expect(200);
  });

  it('404 for missing files and non-GET requests, JSON 404 under /api', async () => {
    await shop.anon().get('/assets/missing-123.js').expect(404);
    await shop.anon().get('/images/nope.png').expect(404);
    await shop.anon().post('/products/3').send({}).expect(404);
    const api = await shop.anon().get('/api/nope').expect(404);
    expect(api.headers['content-type']).toMatch(/json/);
  });

  it('answers malformed URLs briefly, without a stack trace', async () => {
    const page = await shop.anon().get('/%E0%A4%A.js');
    expect([400, 404]).toContain(page.status);
    expect(page.text).not.toMatch(/at .*\.js|node_modules/);
    const api = await (await shop.as('user')).get('/api/orders/%E0%A4%A').expect(400);
    expect(api.status).toBe(400);
    expect(api.body).toEqual({ message: 'Malformed URL: the path is not valid percent-encoding' });
  });

  it('without staticDir, / is a 404', async () => {
    await makeShop().anon().get('/').expect(404);
  });
});

describe('the leak scanner used by every test file', () => {
  it('catches a password field or a hash', async () => {
    const bad = express();
    bad.get('/', (_req, res) => {
      res.json({ id: 1, password: 'scrypt$aa$bb' });
    });
    await agent(bad).get('/').expect(200);
    expect(() => expectNoLeaks()).toThrow();
  });

  it('also scans the socket-level client, for the passwords it sent too', async () => {
    const echo = express();
    echo.use(express.json());
    echo.post('/', (req, res) => {
      res.json({ ok: true, note: `welcome, ${String(req.body.password)}` });
    });
    const server = http.createServer(echo);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const client = new Client(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      await client.call('POST', '/', { password: 'Echoed987' });
      expect(() => expectNoLeaks()).toThrow(/plaintext password/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
