// Item 6 (server side): security headers on every kind of answer — API successes and errors,
// the built app, static files, history fallback, missing files — from createApp and from the
// production entry point (server/index.ts in a child process); a Content-Security-Policy the
// app can run under (no inline script anywhere in the HTML it ships); session cookie flags;
// a product title with a script tag comes back as JSON text, never as markup.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ACCOUNTS, expectNoLeaks, makeShop } from '../api/fixtures';
import { ROOT, startServer } from './childServer';
import { Client } from './http';
import { newFigures, saveFigures } from './summary';
import { countRequests, durableStore } from './support';

afterEach(expectNoLeaks);

const figures = newFigures('Security headers');
const SCRIPT_TITLE = '<script>alert("xss")</script><img src=x onerror=alert(1)> Lamp';
const temp: string[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
  for (const cleanup of cleanups) await cleanup();
  saveFigures('headers', figures);
  console.log(`headers: ${figures.cases} answers checked for CSP, nosniff, Referrer-Policy and no X-Powered-By`);
});

/** The built app if there is one (npm run build), else a minimal stand-in with the same shape. */
function staticDir(): { dir: string; asset: string } {
  const dist = path.join(ROOT, 'dist');
  const assets = path.join(dist, 'assets');
  if (existsSync(path.join(dist, 'index.html')) && existsSync(assets)) {
    const asset = readdirSync(assets).find((f) => f.endsWith('.js'));
    if (asset) return { dir: dist, asset: `/assets/${asset}` };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-static-'));
  temp.push(dir);
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-abc.js"></script></body></html>',
  );
  writeFileSync(path.join(dir, 'assets', 'index-abc.js'), 'console.log("app")');
  return { dir, asset: '/assets/index-abc.js' };
}

/** The CSP directives as a map. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name.toLowerCase(), values]),
  );
}

type Headers = Record<string, string | string[] | undefined>;

function expectSecure(headers: Headers, label: string) {
  figures.cases += 1;
  const csp = headers['content-security-policy'];
  expect(csp, `${label}: Content-Security-Policy`).toEqual(expect.any(String));
  const d = directives(csp as string);
  const scripts = d.get('script-src') ?? d.get('default-src');
  expect(scripts, `${label}: script-src`).toEqual(["'self'"]);
  expect(d.get('default-src'), `${label}: default-src`).toEqual(["'self'"]);
  expect(d.get('object-src'), `${label}: object-src`).toEqual(["'none'"]);
  expect(d.get('base-uri'), `${label}: base-uri`).toEqual(["'self'"]);
  expect(d.get('frame-ancestors'), `${label}: frame-ancestors`).toEqual(["'none'"]);
  expect(csp, `${label}: no unsafe script sources`).not.toMatch(/unsafe-eval|script-src[^;]*(unsafe-inline|\*|data:|http:)/);
  expect(headers['x-content-type-options'], `${label}: X-Content-Type-Options`).toBe('nosniff');
  expect(
    ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'],
    `${label}: Referrer-Policy ${headers['referrer-policy']}`,
  ).toContain(headers['referrer-policy']);
  expect(headers['x-powered-by'], `${label}: X-Powered-By`).toBeUndefined();
  expect(headers['server'], `${label}: Server`).toBeUndefined();
}

describe('every answer of createApp carries the security headers', () => {
  const { dir, asset } = staticDir();
  const shop = makeShop({ staticDir: dir, loginLimits: { perEmail: 1 } });
  const anon = () => countRequests(shop.anon(), figures);
  const as = async (who: 'user' | 'admin') => {
    const a = anon();
    await a.post('/api/auth/login').send(ACCOUNTS[who]).expect(200);
    return a;
  };

  const cases: [string, number | number[], () => Promise<{ status: number; headers: Headers }>][] = [
    ['API list', 200, () => anon().get('/api/products?_page=1&_limit=5')],
    ['API item', 200, () => anon().get('/api/products/1')],
    ['API write', 201, async () => (await as('user')).post('/api/cart').send({ product: 5, quantity: 1 })],
    ['malformed JSON', 400, () => anon().post('/api/auth/login').set('Content-Type', 'application/json').send('{')],
    ['no session', 401, () => anon().get('/api/cart')],
    ['not an admin', 403, async () => (await as('user')).get('/api/orders')],
    ['unknown API route', 404, () => anon().get('/api/nope')],
    ['method not allowed', 405, () => anon().post('/api/products/1').type('json')],
    ['conflict', 409, async () => (await as('user')).post('/api/cart').send({ product: 3, quantity: 1 })],
    ['body too large', 413, () => anon().post('/api/auth/login').send({ email: 'x'.repeat(120_000) })],
    ['not JSON', 415, () => anon().post('/api/auth/login').set('Content-Type', 'text/plain').send('x')],
    [
      'too many logins',
      429,
      async () => {
        const guess = { email: 'locked@shop.test', password: 'Nope12345' };
        await anon().post('/api/auth/login').send(guess).expect(401);
        return anon().post('/api/auth/login').send(guess);
      },
    ],
    ['the app at /', 200, () => anon().get('/')],
    ['a deep link (history fallback)', 200, () => anon().get('/products/3')],
    ['a hashed asset', 200, () => anon().get(asset)],
    ['a public file', 200, () => anon().get('/favicon.svg').then((r) => (r.status === 404 ? anon().get(asset) : r))],
    ['a missing asset', 404, () => anon().get('/assets/missing-123.js')],
    ['a POST outside /api', 404, () => anon().post('/checkout').send({})],
    // express.static answers 400 or 404 depending on the files present; never 500.
    ['a malformed URL', [400, 404], () => anon().get('/%E0%A4%A.js')],
  ];

  it.each(cases)('%s → %s', async (label, status, send) => {
    const res = await send();
    expect([status].flat()).toContain(res.status);
    expectSecure(res.headers, label);
  });

  it('API answers are JSON (never sniffed as HTML), not cached (a visitor\'s catalogue read briefly), without CORS', async () => {
    const res = await anon().get('/api/products/1').set('Origin', 'https://evil.example').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('public, max-age=10');
    expect((await anon().get('/api/auth/check').expect(401)).headers['cache-control']).toBe('no-store');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('the session cookie is HttpOnly, SameSite=Lax, host-only', async () => {
    const res = await anon().post('/api/auth/login').send(ACCOUNTS.user).expect(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^sid=/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
  });

  it('a product title with a script tag is stored and served as JSON text', async () => {
    const admin = await as('admin');
    const created = await admin
      .post('/api/products')
      .send({
        title: SCRIPT_TITLE,
        description: '<b>bold</b> <iframe src="javascript:alert(1)"></iframe>',
        price: 30,
        discountPercentage: 0,
        stock: 5,
        thumbnail: '/images/lamp.webp',
        images: ['/a.webp', '/b.webp', '/c.webp'],
        brand: 'Apple',
        category: 'laptops',
      })
      .expect(201);
    const res = await anon().get(`/api/products/${created.body.id}`).expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body.title).toBe(SCRIPT_TITLE);
  });
});

describe('the HTML the app ships runs under that policy', () => {
  const pages = [path.join(ROOT, 'index.html'), path.join(ROOT, 'dist', 'index.html')].filter((f) => existsSync(f));

  it.each(pages)('%s has no inline script, inline handler or javascript: URL', (file) => {
    figures.cases += 1;
    const html = readFileSync(file, 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs, 'every script is loaded from a file').toMatch(/\bsrc=/);
      expect(body.trim(), 'no inline script body').toBe('');
      const src = /\bsrc="([^"]*)"/.exec(attrs)?.[1] ?? '';
      expect(src, 'scripts come from this origin').toMatch(/^\/(?!\/)/);
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/javascript:/i);
  });
});

describe('the production server (server/index.ts)', () => {
  it('sends the same headers on the app, static files and the API', async () => {
    const stored = await durableStore(undefined, { process: true });
    cleanups.push(() => stored.cleanup());
    const server = await startServer(stored.target);
    try {
      const client = new Client(server.origin, figures);
      for (const [url, status] of [
        ['/', [200, 404]],
        ['/products/1', [200, 404]],
        ['/robots.txt', [200, 404]],
        ['/assets/nope-123.js', [404]],
        ['/api/products/1', [200]],
        ['/api/cart', [401]],
        ['/api/nope', [404]],
      ] as const) {
        const res = await client.call('GET', url).catch(async () => {
          // Non-JSON bodies (the app, files): fetch them raw.
          figures.requests += 1;
          const raw = await fetch(server.origin + url);
          await raw.arrayBuffer();
          return { status: raw.status, headers: raw.headers };
        });
        expect(status as readonly number[], `${url}: ${res.status}`).toContain(res.status);
        expectSecure(Object.fromEntries(res.headers.entries()), `index.ts ${url}`);
      }
    } finally {
      await server.stop();
    }
  }, 30_000);
});
