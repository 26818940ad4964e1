// The built app's static side: precompressed assets and index.html's per-page hints.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import express from 'express';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spa } from './spa';
import { indexHtml } from './staticAssets';

let dir: string;
let dist: string;
const HTML = `<!doctype html>
<html>
  <head>
    <script type="module" crossorigin src="/assets/index-e1.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;
/** What build/routeManifest.ts writes: the app's chunks, each shopper page's, the signed-in shell's, the start requests. */
const ROUTES = {
  app: ['/assets/main-m1.js', '/assets/shared-s1.js'],
  pages: [
    { path: '/', files: ['/assets/Home-h1.js', '/assets/List-l1.js'] },
    { path: '/products/:id', files: ['/assets/Detail-d1.js'] },
    { path: '/login', files: ['/assets/Login-g1.js'] },
  ],
  signedIn: ['/assets/Navbar-n1.js'],
  startRequests: ['/api/auth/check'],
};
/** What build/prepaint.ts writes: the first screens of /login and a signed-in / (in short). */
const PREPAINTS = {
  login: '<div inert><form><label for="email">Email address</label></form><span id="first-screen-end"></span></div>',
  home: '<div inert><h2>All Products</h2><span id="first-screen-end"></span></div>',
};

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'shop-static-'));
  dist = path.join(dir, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, 'index.html'), HTML);
  writeFileSync(path.join(dist, '.vite', 'routes.json'), JSON.stringify(ROUTES));
  writeFileSync(path.join(dist, '.vite', 'prepaint.json'), JSON.stringify(PREPAINTS));
  for (const file of ['index-e1.js', ...ROUTES.app, ...ROUTES.pages.flatMap((p) => p.files)]) {
    writeFileSync(path.join(dist, 'assets', path.basename(file)), `// ${file}`);
  }
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const hints = (html: string) => [...html.matchAll(/<link rel="(\w+)"[^>]*href="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`);
const listed = (html: string) => /<meta name="shop:modulepreload" content="([^"]*)">/.exec(html)?.[1].split(' ') ?? [];
const app = ['modulepreload /assets/main-m1.js', 'modulepreload /assets/shared-s1.js'];

describe('index.html hints', () => {
  it("preloads the app's and the page's chunks, and the session check, as the build listed them", () => {
    const page = indexHtml(dist);
    expect(hints(page('/'))).toEqual([...app, 'modulepreload /assets/Home-h1.js', 'modulepreload /assets/List-l1.js', 'preload /api/auth/check']);
    expect(hints(page('/products/42'))).toEqual([...app, 'modulepreload /assets/Detail-d1.js', 'preload /api/auth/check']);
    // Unknown pages and the back office (which the build never lists): the app and the session check.
    expect(hints(page('/nowhere'))).toEqual([...app, 'preload /api/auth/check']);
    expect(hints(page('/admin'))).toEqual([...app, 'preload /api/auth/check']);
    expect(page('/')).toContain('</head>');
  });

  it("adds the navbar's chunks for a signed-in visitor, on every page", () => {
    const page = indexHtml(dist);
    expect(hints(page('/products/42', { signedIn: true }))).toEqual([
      ...app,
      'modulepreload /assets/Detail-d1.js',
      'modulepreload /assets/Navbar-n1.js',
      'preload /api/auth/check',
    ]);
    expect(hints(page('/nowhere', { signedIn: true }))).toContain('modulepreload /assets/Navbar-n1.js');
    expect(listed(page('/', { afterPaint: true, signedIn: true }))).toContain('/assets/Navbar-n1.js');
    // The signed-out page of the same path is kept apart.
    expect(hints(page('/products/42'))).not.toContain('modulepreload /assets/Navbar-n1.js');
  });

  it('asks for the chunks at low priority, behind the stylesheet and the first screen', () => {
    const html = indexHtml(dist)('/');
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/Home-h1.js">');
    expect(html.match(/<link rel="modulepreload"/g)).toHaveLength(html.match(/fetchpriority="low"/g)!.length);
  });

  it('hints no file index.html already loads, and no request the build does not list', () => {
    writeFileSync(path.join(dist, 'index.html'), HTML.replace('index-e1.js', 'main-m1.js'));
    writeFileSync(path.join(dist, '.vite', 'routes.json'), JSON.stringify({ ...ROUTES, startRequests: [] }));
    expect(hints(indexHtml(dist)('/products/1'))).toEqual(['modulepreload /assets/shared-s1.js', 'modulepreload /assets/Detail-d1.js']);
  });

  it('leaves index.html as it is without a route manifest, and follows a rebuild', () => {
    rmSync(path.join(dist, '.vite', 'routes.json'));
    const page = indexHtml(dist);
    expect(page('/')).toBe(HTML);
    const rebuilt = HTML.replace('index-e1', 'index-e2');
    writeFileSync(path.join(dist, 'index.html'), rebuilt);
    utimesSync(path.join(dist, 'index.html'), new Date(), new Date(Date.now() + 5000));
    expect(page('/')).toBe(rebuilt);
  });

  it('lists the chunks for after the paint instead on a pre-painted page; the session check still goes at once', () => {
    const html = indexHtml(dist)('/', { afterPaint: true });
    expect(hints(html)).toEqual(['expect #first-screen-end', 'preload /api/auth/check']);
    expect(html).toContain('<link rel="expect" href="#first-screen-end" blocking="render">');
    expect(listed(html).sort()).toEqual(['/assets/Home-h1.js', '/assets/List-l1.js', '/assets/main-m1.js', '/assets/shared-s1.js']);
  });

  it('serves the pre-painted /login with the list, and other pages with the links', async () => {
    const server = express().use(spa(dist, { signedIn: () => false }));
    const login = await request(server).get('/login').expect(200);
    expect(login.text).toContain('<div inert>');
    expect(listed(login.text)).toEqual(['/assets/main-m1.js', '/assets/shared-s1.js', '/assets/Login-g1.js']);
    expect(login.text).not.toContain('rel="modulepreload"');
    // The first paint waits for the whole screen: the marker it waits for comes after it.
    expect(login.text).toContain('rel="expect" href="#first-screen-end"');
    expect(login.text.indexOf('id="first-screen-end"')).toBeGreaterThan(login.text.indexOf('Email address'));
    const cart = await request(server).get('/cart').expect(200);
    expect(cart.text).toContain('<div id="root"></div>');
    expect(listed(cart.text)).toEqual([]);
    expect(cart.text).not.toContain('rel="expect"');
    expect(hints(cart.text)).toContain('modulepreload /assets/main-m1.js');
    expect(hints(cart.text)).not.toContain('modulepreload /assets/Navbar-n1.js');
  });

  it('hints the navbar to a signed-in visitor: with the pre-painted / in its list, on other pages as links', async () => {
    const server = express().use(spa(dist, { signedIn: () => true }));
    const home = await request(server).get('/').expect(200);
    expect(home.text).toContain('<h2>All Products</h2>');
    expect(listed(home.text)).toContain('/assets/Navbar-n1.js');
    const detail = await request(server).get('/products/3').expect(200);
    expect(hints(detail.text)).toContain('modulepreload /assets/Navbar-n1.js');
  });
});

describe('precompressed assets', () => {
  const app = () => express().use(spa(dist));
  const js = 'console.log("a fairly long line of JavaScript, repeated");'.repeat(50);

  beforeEach(() => {
    writeFileSync(path.join(dist, 'assets', 'app-x1.js'), js);
    writeFileSync(path.join(dist, 'assets', 'app-x1.js.br'), brotliCompressSync(js));
    writeFileSync(path.join(dist, 'assets', 'app-x1.js.gz'), gzipSync(js));
  });

  it('sends the brotli file to browsers that accept it, gzip to others, with a year of caching', async () => {
    const br = await request(app()).get('/assets/app-x1.js').set('Accept-Encoding', 'gzip, deflate, br').buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(br.headers['content-length'])).toBe(brotliCompressSync(js).length);

    const gz = await request(app()).get('/assets/app-x1.js').set('Accept-Encoding', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.text).toBe(js);

    const plain = await request(app()).get('/assets/app-x1.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(js);
  });

  it('falls back to the plain file when the build made no compressed copy; 404 when missing', async () => {
    const res = await request(app()).get('/assets/Home-h1.js').set('Accept-Encoding', 'br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    await request(app()).get('/assets/missing-m1.js').set('Accept-Encoding', 'br').expect(404);
  });
});
