// The pre-painted first screen as the shop serves it: the build step (build/prepaint.ts) writes the
// screens into the build, the server reads them from there (server/http/spa.ts). Which page
// gets which screen for whom, and that it is inert, script-free and holds no one's data.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writePrepaints } from '../../build/prepaint';
import { ACCOUNTS, makeShop, type TestShop } from '../../tests/api/fixtures';

const dir = mkdtempSync(path.join(tmpdir(), 'shop-prepaint-'));
writeFileSync(
  path.join(dir, 'index.html'),
  '<!doctype html><html><head></head><body><div id="root"></div><script type="module" src="/assets/index-abc.js"></script></body></html>',
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let shop: TestShop;
beforeAll(async () => {
  // The build's step, into this "build"; the server starts after it, as it does after `npm run build`.
  await writePrepaints(dir);
  shop = makeShop({ staticDir: dir });
}, 120_000);

const rootOf = (html: string) => /<div id="root">([\s\S]*)<\/div><script/.exec(html)?.[1] ?? '';

describe('the pre-painted first screen', () => {
  it('/login without a session: the sign-in screen, inert and without script', async () => {
    const res = await shop.anon().get('/login').expect(200);
    expect(res.headers.vary).toMatch(/Cookie/);
    const root = rootOf(res.text);
    expect(root).toMatch(/^<div inert>/);
    expect(root).toContain('Log in to your account');
    expect(root).toContain('Best Buy Always');
    expect(root).toContain('Email address');
    expect(root).not.toMatch(/<script/i);
  });

  it('/ with a session: the shop shell with the promotion and the list loading, and nobody’s data', async () => {
    const user = await shop.as('user');
    const root = rootOf((await user.get('/').expect(200)).text);
    expect(root).toMatch(/^<div inert>/);
    expect(root).toContain('Apply for Membership ,and get 20% instant discount on Electronics Products, Hurry, Offer Ending Soon!');
    expect(root).toContain('All Products');
    expect(root).not.toContain('No products match');
    expect(root).not.toContain(ACCOUNTS.user.email);
    expect(root).not.toMatch(/<script/i);
  });

  it('nothing where the visitor would see another page first, or on other pages', async () => {
    const anon = shop.anon();
    expect(rootOf((await anon.get('/').expect(200)).text)).toBe('');
    expect(rootOf((await anon.get('/cart').expect(200)).text)).toBe('');
    const user = await shop.as('user');
    expect(rootOf((await user.get('/login').expect(200)).text)).toBe('');
    expect(rootOf((await user.get('/products/1').expect(200)).text)).toBe('');
  });

  it('follows the session: after logout the same cookie gets the sign-in screen again', async () => {
    const user = await shop.as('user');
    expect(rootOf((await user.get('/').expect(200)).text)).toContain('All Products');
    await user.post('/api/auth/logout').type('json').expect((res) => expect(res.status).toBeLessThan(300));
    expect(rootOf((await user.get('/').expect(200)).text)).toBe('');
    expect(rootOf((await user.get('/login').expect(200)).text)).toContain('Log in to your account');
  });
});
