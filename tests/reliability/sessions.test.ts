// Item 5: sessions. Tampered, forged or expired cookies get 401 on every signed-in route;
// logout ends the session on the server (a copied cookie is dead, also after a restart);
// failed logins are throttled with 429 per email and per client address, without locking out
// other accounts or other clients. "Changes nothing" is checked on what is stored, and a
// "restart" is a new app with a store adapter of its own on the same stored data. Runs on the
// driver of its project: embedded (`server`) and postgres (`server-pg`: a database).
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_TTL_MS } from '../../server/modules/accounts/sessions';
import { ACCOUNTS, clock, expectNoLeaks, type Agent } from '../api/fixtures';
import { newFigures, saveFigures } from './summary';
import { makeDurableShop, SECRET, sessionCookie, type DurableShop } from './support';

afterEach(expectNoLeaks);

const figures = newFigures('Sessions and login throttling');
const shops: DurableShop[] = [];
const durableShop = async (options: Parameters<typeof makeDurableShop>[1] = {}) => {
  const shop = await makeDurableShop(figures, options);
  shops.push(shop);
  return shop;
};

afterAll(async () => {
  for (const shop of shops.splice(0)) await shop.cleanup();
  saveFigures('sessions', figures);
  console.log(`sessions: ${figures.cases} cases, ${figures.faults} forged/tampered/expired/revoked cookies refused`);
});

/** Signed-in routes a stolen or forged cookie must not open (the admin's cookie is the base). */
const PROTECTED: [string, string][] = [
  ['GET', '/api/auth/check'],
  ['GET', '/api/users/own'],
  ['GET', '/api/cart'],
  ['GET', '/api/orders/own'],
  ['GET', '/api/orders'],
  ['POST', '/api/cart'],
  ['PATCH', '/api/users/1'],
  ['PATCH', '/api/orders/1'],
  ['POST', '/api/products'],
];
const WRITE_BODY: Record<string, unknown> = {
  'POST /api/cart': { product: 1, quantity: 1 },
  'PATCH /api/users/1': { name: 'Forged' },
  'PATCH /api/orders/1': { status: 'cancelled' },
  'POST /api/products': { title: 'Forged' },
};

/** cookie-signature's format: `s:<value>.<base64 HMAC-SHA256 without padding>`, URL-encoded. */
function signed(value: string, secret = SECRET): string {
  const mac = createHmac('sha256', secret).update(value).digest('base64').replace(/=+$/, '');
  return `sid=${encodeURIComponent(`s:${value}.${mac}`)}`;
}

function flip(text: string, at: number): string {
  const c = text[at];
  return text.slice(0, at) + (c === 'A' ? 'B' : 'A') + text.slice(at + 1);
}

/** True when a socket can be bound to `address` (e.g. 127.0.0.2: yes on Linux, no on macOS). */
function canBind(address: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(0, address, () => probe.close(() => resolve(true)));
  });
}

/**
 * The shop listening on 127.0.0.1, with `login` sending from another loopback address (Linux
 * routes all of 127/8 to lo; elsewhere the test is skipped). `forwarded` sets X-Forwarded-For.
 */
async function loopbackClients(ctx: { skip(): never }, shop: DurableShop) {
  for (const address of ['127.0.0.2', '127.0.0.3', '127.0.0.4']) if (!(await canBind(address))) ctx.skip();
  const server = http.createServer(shop.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const login = (from: string, body: object, forwarded?: string) =>
    new Promise<number>((resolve, reject) => {
      figures.requests += 1;
      const payload = JSON.stringify(body);
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          localAddress: from,
          method: 'POST',
          path: '/api/auth/login',
          headers: {
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(payload),
            ...(forwarded ? { 'X-Forwarded-For': forwarded } : {}),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  const close = () => new Promise((resolve) => server.close(resolve));
  return { login, close };
}

/** Every request must be refused with 401 and change nothing stored. */
async function expectLocked(shop: DurableShop, cookie: string, label: string) {
  const before = await shop.stateHash();
  for (const [method, url] of PROTECTED) {
    const a = shop.anon();
    const req = a[method.toLowerCase() as 'get' | 'post' | 'patch'](url).set('Cookie', cookie);
    const body = WRITE_BODY[`${method} ${url}`];
    const res = body ? await req.send(body as object) : await req;
    expect(res.status, `${label}: ${method} ${url}`).toBe(401);
    expect(res.body.message).toEqual(expect.any(String));
  }
  expect(await shop.stateHash(), `${label} changed the stored data`).toBe(before);
  figures.faults += 1;
}

describe('tampered and forged cookies → 401 on every signed-in route', () => {
  let shop: DurableShop;
  beforeAll(async () => {
    shop = await durableShop();
  });
  let admin: string;
  let user: string;
  let adminId: string;
  let userMac: string;
  let storedDigest: string;

  it('the genuine cookies work', async () => {
    const a = shop.anon();
    admin = sessionCookie(await a.post('/api/auth/login').send(ACCOUNTS.admin).expect(200));
    user = sessionCookie(await shop.anon().post('/api/auth/login').send(ACCOUNTS.user).expect(200));
    const adminValue = decodeURIComponent(admin.slice('sid='.length));
    [adminId] = adminValue.slice(2).split('.');
    userMac = decodeURIComponent(user.slice('sid='.length)).split('.').at(-1)!;
    await shop.anon().get('/api/orders').set('Cookie', admin).expect(200);
    await shop.anon().get('/api/auth/check').set('Cookie', user).expect(200);
    storedDigest = (await shop.readStored()).sessions[0].id;
  });

  const variants: [string, () => string][] = [
    ['one character of the session id changed', () => signedValueSwap((v) => flip(v, 5))],
    ['one character of the signature changed', () => `${admin.slice(0, -6)}${flip(admin.slice(-6), 1)}`],
    ['signature removed', () => `sid=${encodeURIComponent(`s:${adminId}`)}`],
    ['unsigned id (no s: prefix)', () => `sid=${adminId}`],
    ["another session's signature", () => `sid=${encodeURIComponent(`s:${adminId}.${userMac}`)}`],
    ['signed with another secret', () => signed(adminId, 'not-the-server-secret-not-the-server-secret')],
    ['validly signed, made-up session id', () => signed(randomBytes(32).toString('base64url'))],
    ['validly signed, the stored session digest as id', () => signed(storedDigest)],
    ['validly signed, empty id', () => signed('')],
    ['JSON cookie claiming admin', () => `sid=${encodeURIComponent('j:{"user":1,"role":"admin"}')}`],
    ['signed JSON cookie, wrong secret', () => signed('j:{"user":1}', 'guess-guess-guess-guess-guess-guess')],
    ['empty cookie', () => 'sid='],
    ['truncated to half', () => admin.slice(0, Math.floor(admin.length / 2))],
    ['the id in upper case', () => signedValueSwap((v) => v.toUpperCase())],
    ['4 kB of junk', () => `sid=${'A'.repeat(4096)}`],
    ['right value, wrong cookie name', () => admin.replace(/^sid=/, 'SID=')],
    ['malformed percent-encoding', () => 'sid=%E0%A4%A'],
  ];
  /** The admin cookie with its id changed by `change` and the original signature kept. */
  function signedValueSwap(change: (id: string) => string) {
    const value = decodeURIComponent(admin.slice('sid='.length));
    const mac = value.split('.').at(-1);
    return `sid=${encodeURIComponent(`s:${change(adminId)}.${mac}`)}`;
  }

  it.each(variants)('%s', async (label, make) => {
    figures.cases += 1;
    await expectLocked(shop, make(), label);
    // Public reads still work with a bad cookie.
    await shop.anon().get('/api/products/1').set('Cookie', make()).expect(200);
  });
});

/**
 * Deletes an account behind the API's back, as an operator would: a session references its user
 * and goes with it (ON DELETE CASCADE), like its cart; its orders are deleted first (they do not
 * cascade).
 */
async function deleteAccount(shop: DurableShop, id: number) {
  await shop.withDatabase(async (db) => {
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('orders').where('user_id', '=', id).execute();
      await trx.deleteFrom('users').where('id', '=', id).execute();
    });
  });
  expect((await shop.readStored()).sessions.filter((x) => x.user === id)).toEqual([]);
}

describe('expired sessions → 401', () => {
  it('a session works until its 7 days are up, then not, also after a restart', async () => {
    figures.cases += 1;
    const c = clock();
    const shop = await durableShop({ now: c.now });
    const cookie = sessionCookie(await shop.anon().post('/api/auth/login').send(ACCOUNTS.user).expect(200));
    c.advance(SESSION_TTL_MS - 1);
    await shop.anon().get('/api/cart').set('Cookie', cookie).expect(200);
    c.advance(1);
    await expectLocked(shop, cookie, 'expired');
    // A restart on the same stored data with the same clock: still expired.
    figures.requests += 1;
    await request(shop.reopen()).get('/api/auth/check').set('Cookie', cookie).expect(401);
    // The next login drops expired sessions from what is stored.
    await shop.anon().post('/api/auth/login').send(ACCOUNTS.other).expect(200);
    expect((await shop.readStored()).sessions).toHaveLength(1);
  });

  it('a session whose user no longer exists → 401', async () => {
    figures.cases += 1;
    const shop = await durableShop();
    const cookie = sessionCookie(await shop.anon().post('/api/auth/login').send(ACCOUNTS.other).expect(200));
    await deleteAccount(shop, ACCOUNTS.other.id);
    await expectLocked(shop, cookie, 'deleted user');
  });
});

describe('logout ends the session on the server', () => {
  it('a copied cookie is dead after logout, on every route and after a restart; other sessions live on', async () => {
    figures.cases += 1;
    const shop = await durableShop();
    const laptop = shop.anon();
    const phone = shop.anon();
    const copied = sessionCookie(await laptop.post('/api/auth/login').send(ACCOUNTS.admin).expect(200));
    const phoneCookie = sessionCookie(await phone.post('/api/auth/login').send(ACCOUNTS.admin).expect(200));
    await shop.anon().get('/api/orders').set('Cookie', copied).expect(200);

    const out = await laptop.post('/api/auth/logout').type('json').expect(200);
    expect(String(out.headers['set-cookie'])).toMatch(/^sid=;.*Expires=Thu, 01 Jan 1970/);
    await expectLocked(shop, copied, 'copied cookie after logout');
    await laptop.get('/api/auth/check').expect(401);
    await phone.get('/api/orders').expect(200);

    // The logout was stored: a server restarted on the same data still refuses the copy ...
    figures.requests += 2;
    const restarted = shop.reopen();
    await request(restarted).get('/api/auth/check').set('Cookie', copied).expect(401);
    // ... and still knows the other session.
    await request(restarted).get('/api/auth/check').set('Cookie', phoneCookie).expect(200);
  });

  it('logging in again replaces the old session (no fixation)', async () => {
    figures.cases += 1;
    const shop = await durableShop();
    const a = shop.anon();
    const first = sessionCookie(await a.post('/api/auth/login').send(ACCOUNTS.user).expect(200));
    await a.post('/api/auth/login').send(ACCOUNTS.admin).expect(200);
    await expectLocked(shop, first, 'session replaced by a new login');
  });
});

describe('bounded sessions and sign-ups', () => {
  it('an account holds at most 10 live sessions: the 11th sign-in ends the oldest, also after a restart', async () => {
    figures.cases += 1;
    const shop = await durableShop();
    const cookies: string[] = [];
    for (let i = 0; i < 11; i++) cookies.push(sessionCookie(await shop.anon().post('/api/auth/login').send(ACCOUNTS.user).expect(200)));
    await expectLocked(shop, cookies[0], 'oldest of 11 sessions');
    for (const cookie of cookies.slice(1)) await shop.anon().get('/api/auth/check').set('Cookie', cookie).expect(200);
    const restarted = shop.reopen();
    await request(restarted).get('/api/auth/check').set('Cookie', cookies[0]).expect(401);
    await request(restarted).get('/api/auth/check').set('Cookie', cookies[10]).expect(200);
    figures.requests += 2;
    expect((await shop.readStored()).sessions.filter((x) => x.user === ACCOUNTS.user.id)).toHaveLength(10);
  });

  it('sign-ups from one address stop at the limit with 429 and Retry-After, writing nothing', async () => {
    figures.cases += 1;
    const shop = await durableShop({ signupLimit: 5 });
    for (let n = 0; n < 5; n++) {
      await shop.anon().post('/api/auth/signup').send({ email: `family${n}@example.com`, password: 'Family123', addresses: [] }).expect(201);
    }
    const before = await shop.stateHash();
    const big = Array.from({ length: 20 }, () => ({
      name: 'N'.repeat(100), email: 'a@example.com', phoneNumber: '+1 555 0100', country: 'Canada',
      street: 'S'.repeat(200), city: 'Toronto', state: 'Ontario', pincode: 'M5V 2T6',
    }));
    const refused = await shop.anon().post('/api/auth/signup').send({ email: 'bot@example.com', password: 'Robot1234', addresses: big }).expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body.message).toMatch(/Too many new accounts/);
    expect(await shop.stateHash(), 'a refused sign-up must not change the stored data').toBe(before);
    // Signing in to an existing account is not limited by it.
    await shop.anon().post('/api/auth/login').send(ACCOUNTS.user).expect(200);
  });
});

describe('login throttling: 429 without locking out other accounts', () => {
  const wrong = (a: Agent, email: string) => a.post('/api/auth/login').send({ email, password: 'Wrong1234' });

  it('5 failures block that email only; its open session, other accounts and the window end are fine', async () => {
    figures.cases += 1;
    const c = clock();
    const shop = await durableShop({ now: c.now });
    const open = await shop.as('user');
    const before = await shop.stateHash();
    for (let i = 0; i < 5; i++) await wrong(shop.anon(), ACCOUNTS.user.email).expect(401);
    // The shop's data, that is: on postgres the failures are counted in the throttle_events table
    // (so that every instance sees them), which is not part of it.
    expect(await shop.stateHash(), "failed logins must not change the shop's stored data").toBe(before);
    const blocked = await shop.anon().post('/api/auth/login').send(ACCOUNTS.user).expect(429);
    expect(blocked.body.message).toMatch(/Too many/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The limit keys on the email, whatever its case or spacing.
    await shop.anon().post('/api/auth/login').send({ ...ACCOUNTS.user, email: ' USER@Shop.Test ' }).expect(429);
    // Not locked out: other accounts, and the victim's existing session.
    await shop.anon().post('/api/auth/login').send(ACCOUNTS.other).expect(200);
    await shop.anon().post('/api/auth/login').send(ACCOUNTS.admin).expect(200);
    await open.get('/api/cart').expect(200);
    c.advance(15 * 60 * 1000 + 1);
    await shop.anon().post('/api/auth/login').send(ACCOUNTS.user).expect(200);
  });

  it('30 guesses in parallel cannot outrun the limit', async () => {
    figures.cases += 1;
    const shop = await durableShop();
    const answers = await Promise.all(Array.from({ length: 30 }, () => wrong(shop.anon(), ACCOUNTS.admin.email)));
    const codes = answers.map((r) => r.status);
    expect(codes.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(codes.filter((s) => s !== 401).every((s) => s === 429)).toBe(true);
    await shop.anon().post('/api/auth/login').send(ACCOUNTS.admin).expect(429);
    await shop.anon().post('/api/auth/login').send(ACCOUNTS.user).expect(200);
  });

  it('the per-address ceiling stops credential stuffing from one client (X-Forwarded-For is not trusted) but not another client', async (ctx) => {
    const clients = await loopbackClients(ctx, await durableShop({ loginLimits: { perIp: 10 } }));
    figures.cases += 1;
    try {
      for (let i = 0; i < 10; i++) {
        expect(await clients.login('127.0.0.2', { email: `victim${i}@shop.test`, password: 'Guess1234' }, `10.0.0.${i}`)).toBe(401);
      }
      expect(await clients.login('127.0.0.2', { email: 'victim99@shop.test', password: 'Guess1234' }, '10.9.9.9')).toBe(429);
      expect(await clients.login('127.0.0.2', ACCOUNTS.admin, '10.9.9.8')).toBe(429);
      // Another client is not locked out.
      expect(await clients.login('127.0.0.3', ACCOUNTS.admin)).toBe(200);
      expect(await clients.login('127.0.0.3', ACCOUNTS.user)).toBe(200);
    } finally {
      await clients.close();
    }
  });

  it('a stranger guessing an email cannot lock its owner out, but guesses spread over many clients still hit a ceiling', async (ctx) => {
    const clients = await loopbackClients(ctx, await durableShop({ loginLimits: { perEmailTotal: 8 } }));
    figures.cases += 1;
    const guess = { email: ACCOUNTS.user.email, password: 'Guess1234' };
    try {
      for (let i = 0; i < 5; i++) expect(await clients.login('127.0.0.2', guess)).toBe(401);
      // The stranger's client is refused even the right password...
      expect(await clients.login('127.0.0.2', ACCOUNTS.user)).toBe(429);
      // ...while the owner, on their own machine, signs in.
      expect(await clients.login('127.0.0.3', ACCOUNTS.user)).toBe(200);
      // 8 failures for the email from all clients together: now every client waits.
      for (let i = 0; i < 3; i++) expect(await clients.login('127.0.0.3', guess)).toBe(401);
      expect(await clients.login('127.0.0.4', ACCOUNTS.user)).toBe(429);
      // Other accounts are not affected.
      expect(await clients.login('127.0.0.4', ACCOUNTS.admin)).toBe(200);
    } finally {
      await clients.close();
    }
  });
});
