// What the app's HTML route answers with and without the pre-painted first screens the build
// writes (build/prepaint.ts → .vite/prepaint.json): the server only reads that file, and a build
// without it (or with an unreadable one) is served as plain index.html.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { PREPAINT_FILE, ROUTE_MANIFEST_FILE, type RouteManifest } from '../../build/manifest';
import { StoreUnavailableError } from './errors';
import { spa } from './spa';

const INDEX = '<html><head></head><body><div id="root"></div><script type="module" src="/assets/boot.js"></script></body></html>';
const ROUTES: RouteManifest = {
  app: ['/assets/main.js'],
  pages: [
    { path: '/', files: ['/assets/Home.js'] },
    { path: '/login', files: ['/assets/Login.js'] },
  ],
  signedIn: ['/assets/Navbar.js'],
  startRequests: [],
};
const SCREENS = {
  login: '<div inert><h1>Log in to your account</h1><span id="first-screen-end"></span></div>',
  home: '<div inert><h2>All Products</h2><p>$& $1 $$</p><span id="first-screen-end"></span></div>',
};

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A build directory: index.html, the route manifest and, unless null, the pre-paint file's text. */
function build(prepaint: string | null = JSON.stringify(SCREENS)): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'shop-spa-'));
  dirs.push(dist);
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, ROUTE_MANIFEST_FILE), JSON.stringify(ROUTES));
  if (prepaint !== null) writeFileSync(path.join(dist, PREPAINT_FILE), prepaint);
  return dist;
}

/** An app whose visitors are signed in when they send `x-signed-in`. */
const appOn = (dist: string) => express().use(spa(dist, { signedIn: (req) => req.get('x-signed-in') !== undefined }));
const rootOf = (html: string) => /<div id="root">([\s\S]*)<\/div><script/.exec(html)?.[1];

describe('spa: the pre-painted first screens', () => {
  it('puts the build’s screen inside #root for the visitor who sees it first, and the page’s code waits for its paint', async () => {
    const app = appOn(build());
    const login = await request(app).get('/login').expect(200);
    expect(rootOf(login.text)).toBe(SCREENS.login);
    expect(login.text).toContain('<link rel="expect" href="#first-screen-end" blocking="render">');
    expect(login.text).toContain('<meta name="shop:modulepreload" content="/assets/main.js /assets/Login.js">');
    expect(login.text).not.toContain('rel="modulepreload"');
    // The signed-in home's list holds the navbar, which a visitor's /login does not load.
    const home = await request(app).get('/').set('x-signed-in', '1').expect(200);
    expect(home.text).toContain('<meta name="shop:modulepreload" content="/assets/main.js /assets/Home.js /assets/Navbar.js">');
    // Inserted as it is: `$&` and the like are text, not replacement patterns.
    expect(rootOf((await request(app).get('/').set('x-signed-in', '1').expect(200)).text)).toBe(SCREENS.home);
  });

  it('nothing for the other visitor, or on other pages: plain index.html with the page’s hints', async () => {
    const app = appOn(build());
    for (const res of [
      await request(app).get('/'),
      await request(app).get('/login').set('x-signed-in', '1'),
      await request(app).get('/cart'),
    ]) {
      expect(res.status).toBe(200);
      expect(rootOf(res.text)).toBe('');
      expect(res.text).not.toContain('rel="expect"');
      expect(res.text).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/main.js">');
    }
  });

  it.each([
    ['without the file (a build without it)', null],
    ['with an unreadable file', '{"login": "<div inert>'],
    ['with a file of another shape', JSON.stringify(['<div inert></div>'])],
    ['with a screen that is not text', JSON.stringify({ login: 42, home: null })],
  ])('%s: plain index.html, no server error', async (_case, file) => {
    const app = appOn(build(file));
    for (const res of [await request(app).get('/login'), await request(app).get('/').set('x-signed-in', '1')]) {
      expect(res.status).toBe(200);
      expect(rootOf(res.text)).toBe('');
      expect(res.text).not.toContain('rel="expect"');
      expect(res.text).not.toContain('shop:modulepreload');
      expect(res.text).toContain('rel="modulepreload"');
    }
  });

  it('reads the screens of a new build (index.html rewritten), not only those it started with', async () => {
    const dist = build(null);
    const app = appOn(dist);
    expect(rootOf((await request(app).get('/login').expect(200)).text)).toBe('');
    writeFileSync(path.join(dist, PREPAINT_FILE), JSON.stringify(SCREENS));
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    const later = new Date(Date.now() + 5_000);
    utimesSync(path.join(dist, 'index.html'), later, later);
    expect(rootOf((await request(app).get('/login').expect(200)).text)).toBe(SCREENS.login);
  });

  it('the database cannot be reached: the page without a first screen; any other failure stays a server error', async () => {
    const dist = build();
    const failing = (error: Error) => express().use(spa(dist, { signedIn: () => Promise.reject(error) }));
    for (const error of [new StoreUnavailableError(new Error('connect ECONNREFUSED')), Object.assign(new Error('gone'), { code: '57P01' })]) {
      const res = await request(failing(error)).get('/').expect(200);
      expect(rootOf(res.text)).toBe('');
      expect(res.text).not.toContain('rel="expect"');
    }
    await request(failing(new TypeError('a bug'))).get('/').expect(500);
  });

  it('not built at all: says so (404), whatever the visitor', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'shop-spa-'));
    dirs.push(dist);
    const app = appOn(dist);
    const res = await request(app).get('/login').expect(404);
    expect(res.text).toMatch(/not built/);
  });
});
