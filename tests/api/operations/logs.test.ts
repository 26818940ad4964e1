// Logs and request ids: the app given a pino logger writing to a stream of this file, so every
// line can be read back. Each request answers its X-Request-Id (the client's when it is a plain
// token, else a new one) and its lines carry it; no line holds a password, a cookie, a session or
// a token. One app, without a metrics token: GET /metrics from this machine only.
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../server/modules/operations/logging';
import { ACCOUNTS, agent, expectNoLeaks, makeShop, orderBody } from '../fixtures';

afterEach(expectNoLeaks);

const written: string[] = [];
const logger = createLogger({ level: 'info', stream: { write: (line: string) => void written.push(line) } });
const shop = makeShop({ logger });

type Line = Record<string, unknown>;
/** The lines written since `from` (an index into `written`), parsed. */
const linesSince = (from: number): Line[] => written.slice(from).map((l) => JSON.parse(l) as Line);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it('keeps a plain one the client sent, makes one otherwise, and logs the request with it', async () => {
    const from = written.length;
    const kept = await request(shop.app).get('/api/products/1').set('X-Request-Id', 'lb-7f3a.19_x').expect(200);
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.19_x');
    const made = await request(shop.app).get('/health/live').expect(200);
    expect(made.headers['x-request-id']).toMatch(UUID);
    for (const bad of ['two words', 'x'.repeat(129), 'quote"d', '']) {
      const res = await request(shop.app).get('/health/live').set('X-Request-Id', bad).expect(200);
      expect(res.headers['x-request-id'], bad).toMatch(UUID);
    }
    await request(shop.app).get('/health/live').set('X-Request-Id', 'y'.repeat(128)).expect(200).expect('X-Request-Id', 'y'.repeat(128));
    const lines = linesSince(from);
    expect(lines[0]).toMatchObject({ msg: 'request', reqId: 'lb-7f3a.19_x', method: 'GET', route: '/api/products/:id', status: 200, level: 30 });
    expect(typeof lines[0].ms).toBe('number');
    expect(lines[1]).toMatchObject({ msg: 'request', reqId: made.headers['x-request-id'], route: '/health/live', status: 200 });
    expect(lines).toHaveLength(7);
  });
});

describe('what a line never holds', () => {
  it('a sign-in: neither the password, nor the cookie, nor the session; a refused one is logged with its request id', async () => {
    const from = written.length;
    const wrong = 'Wrong-Guess-987';
    await agent(shop.app).post('/api/auth/login').set('X-Request-Id', 'refused-1').send({ email: ACCOUNTS.user.email, password: wrong }).expect(401);
    const a = agent(shop.app);
    const res = await a
      .post('/api/auth/login')
      .set('X-Request-Id', 'signin-1')
      .set('Cookie', 'tracking=cookie-value-123')
      .set('Authorization', 'Bearer secret-bearer-456')
      .send({ email: ACCOUNTS.user.email, password: ACCOUNTS.user.password })
      .expect(200);
    const cookie = String(res.headers['set-cookie']).split(';')[0];
    // The signed cookie is s:<session id>.<signature>.
    const session = decodeURIComponent(cookie.split('=')[1]).replace(/^s:/, '').split('.')[0];
    expect(session.length).toBeGreaterThan(16);
    await a.get('/api/users/own').set('X-Request-Id', 'signed-in-1').expect(200);
    await a.post('/api/orders').set('X-Request-Id', 'order-1').send(orderBody([{ product: 1, quantity: 1 }])).expect(201);

    const text = written.slice(from).join('');
    for (const secret of [wrong, ACCOUNTS.user.password, 'cookie-value-123', 'secret-bearer-456', session, cookie, '4242424242424242', '4242 4242 4242 4242']) {
      expect(text, secret).not.toContain(secret);
    }
    const lines = linesSince(from);
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'login failed', event: 'login failed', reason: 'wrong credentials', reqId: 'refused-1', level: 40 }));
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'request', reqId: 'refused-1', route: '/api/auth/login', status: 401 }));
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'request', reqId: 'signin-1', route: '/api/auth/login', status: 200 }));
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'order placed', reqId: 'order-1', user: ACCOUNTS.user.id, paymentMethod: 'card' }));
  });
});

describe('GET /metrics without a token', () => {
  it('answers a request made on this machine, not one through a proxy', async () => {
    expect((await request(shop.app).get('/metrics').expect(200)).text).toMatch(/^# HELP /m);
    await request(shop.app).get('/metrics').set('X-Forwarded-For', '203.0.113.9').expect(403);
  });
});
