import { afterEach, describe, expect, it } from 'vitest';
import { generateSync } from 'otplib';
import { ACCOUNTS, clock, expectNoLeaks, makeShop, type Agent, type ShopOptions } from '../fixtures';

afterEach(expectNoLeaks);

const STEP = 30_000;
const { email, password } = ACCOUNTS.user;

function setup(options: ShopOptions = {}) {
  const c = clock();
  const shop = makeShop({ now: c.now, ...options });
  /** The code an authenticator app shows now (or `steps` steps from now). */
  const code = (secret: string, steps = 0) => generateSync({ secret, epoch: Math.floor((c.now() + steps * STEP) / 1000) });
  /** Turns 2FA on for the signed-in `agent`; its secret and recovery codes. The clock moves past the step used. */
  async function enable(agent: Agent) {
    const { body } = await agent.post('/api/users/own/2fa').send({}).expect(200);
    const confirmed = await agent.post('/api/users/own/2fa/confirm').send({ code: code(body.secret) }).expect(200);
    c.advance(STEP);
    return { secret: body.secret as string, recoveryCodes: confirmed.body.recoveryCodes as string[] };
  }
  const login = (body: Record<string, unknown>) => shop.anon().post('/api/auth/login').send({ email, password, ...body });
  return { c, shop, code, enable, login };
}

describe('turning two-factor sign-in on', () => {
  it('shows a secret and its QR code, turns on with a first code, hands out 10 recovery codes and ends the other sessions', async () => {
    const { shop, code } = setup();
    const phone = await shop.as('user');
    const laptop = await shop.as('user');
    const { body } = await laptop.post('/api/users/own/2fa').send({}).expect(200);
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauthUrl).toBe(`otpauth://totp/Shop:user%40shop.test?secret=${body.secret}&issuer=Shop`);
    expect(body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(body.qrCode.split(',')[1], 'base64').toString()).toContain('<svg');
    // Pending only: nothing changes until the first code.
    expect((await laptop.get('/api/users/own').expect(200)).body.twoFactorEnabled).toBe(false);

    const wrong = await laptop.post('/api/users/own/2fa/confirm').send({ code: code(body.secret, 5) }).expect(400);
    expect(wrong.body.errors.code).toMatch(/not right/);
    await laptop.post('/api/users/own/2fa/confirm').send({ code: 'abc' }).expect(400);
    expect((await laptop.get('/api/users/own').expect(200)).body.twoFactorEnabled).toBe(false);

    const confirmed = await laptop.post('/api/users/own/2fa/confirm').send({ code: code(body.secret) }).expect(200);
    const codes: string[] = confirmed.body.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);

    expect((await laptop.get('/api/users/own').expect(200)).body.twoFactorEnabled).toBe(true);
    await phone.get('/api/users/own').expect(401);
    await laptop.post('/api/users/own/2fa').send({}).expect(409);
    await laptop.post('/api/users/own/2fa/confirm').send({ code: code(body.secret) }).expect(409);
  });

  it('asks for a setup before a first code, and a new setup replaces an unconfirmed secret', async () => {
    const { shop, code } = setup();
    const user = await shop.as('user');
    await user.post('/api/users/own/2fa/confirm').send({ code: '123456' }).expect(409);
    const first = (await user.post('/api/users/own/2fa').send({}).expect(200)).body.secret;
    const second = (await user.post('/api/users/own/2fa').send({}).expect(200)).body.secret;
    expect(second).not.toBe(first);
    await user.post('/api/users/own/2fa/confirm').send({ code: code(first) }).expect(400);
    await user.post('/api/users/own/2fa/confirm').send({ code: code(second) }).expect(200);
  });
});

describe('signing in with two-factor sign-in on', () => {
  it('needs a current code: none gives 401 twoFactorRequired and no session; a code is taken once', async () => {
    const { c, shop, code, enable, login } = setup();
    const { secret } = await enable(await shop.as('user'));

    const asked = await login({}).expect(401);
    expect(asked.body).toEqual({ message: expect.stringMatching(/code/), twoFactorRequired: true });
    expect(asked.headers['set-cookie']).toBeUndefined();
    const wrongPassword = await login({ password: 'Wrong12345', code: code(secret) }).expect(401);
    expect(wrongPassword.body.twoFactorRequired).toBeUndefined();

    const a = shop.anon();
    const ok = await a.post('/api/auth/login').send({ email, password, code: code(secret) }).expect(200);
    expect(ok.body).toMatchObject({ email, twoFactorEnabled: true });
    expect(ok.headers['set-cookie'][0]).toMatch(/^sid=/);
    await a.get('/api/users/own').expect(200);

    const reused = await login({ code: code(secret) }).expect(401);
    expect(reused.body).toMatchObject({ message: expect.stringMatching(/used already/), twoFactorRequired: true });
    expect(reused.headers['set-cookie']).toBeUndefined();
    // The step before the one used is refused too; the next step's code (a slow phone) is taken.
    await login({ code: code(secret, -1) }).expect(401);
    await login({ code: code(secret, 1) }).expect(200);
    c.advance(3 * STEP);
    await login({ code: `${code(secret).slice(0, 3)} ${code(secret).slice(3)}` }).expect(200);
  });

  it('takes each recovery code once, in any case and with or without hyphens', async () => {
    const { shop, enable, login } = setup();
    const { recoveryCodes } = await enable(await shop.as('user'));
    await login({ code: recoveryCodes[0].toUpperCase() }).expect(200);
    await login({ code: recoveryCodes[0] }).expect(401);
    await login({ code: recoveryCodes[1].replace(/-/g, '') }).expect(200);
  });

  it('refuses a code of neither format with 400', async () => {
    const { shop, enable, login } = setup();
    await enable(await shop.as('user'));
    for (const bad of ['12345', '1234567', 'abc', '', 42, 'abcd-efgh-jkmn-pqr1']) {
      const res = await login({ code: bad }).expect(400);
      expect(res.body.errors.code).toMatch(/6-digit code/);
    }
  });

  it('locks code sign-in for 15 minutes after 5 wrong codes, across the account; each refusal is a failed sign-in', async () => {
    const { c, shop, code, enable, login } = setup();
    const { secret } = await enable(await shop.as('user'));
    // What the metric and the log count (shop_logins_failed_total, 'login failed').
    const failed: string[] = [];
    shop.services.auth.loginFailed.listen(({ reason }) => failed.push(reason));
    await login({}).expect(401);
    expect(failed).toEqual([]);
    for (let i = 0; i < 5; i++) await login({ code: code(secret, 10) }).expect(401);
    const locked = await login({ code: code(secret) }).expect(429);
    expect(failed).toEqual([...Array(5).fill('wrong code'), 'codes locked']);
    expect(locked.body.message).toMatch(/Too many wrong codes/);
    expect(Number(locked.headers['retry-after'])).toBe(15 * 60);
    c.advance(14 * 60_000);
    await login({ code: code(secret) }).expect(429);
    c.advance(60_000);
    await login({ code: code(secret) }).expect(200);
  });
});

describe('turning two-factor sign-in off', () => {
  it('needs the password and a code; nothing changes on a wrong one', async () => {
    const { shop, code, enable, login } = setup();
    const user = await shop.as('user');
    const { secret } = await enable(user);

    const missing = await user.delete('/api/users/own/2fa').send({}).expect(400);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['code', 'password']);
    const wrongPassword = await user.delete('/api/users/own/2fa').send({ password: 'Wrong12345', code: code(secret) }).expect(400);
    expect(wrongPassword.body.errors.password).toBeDefined();
    const wrongCode = await user.delete('/api/users/own/2fa').send({ password, code: code(secret, 10) }).expect(400);
    expect(wrongCode.body.errors.code).toMatch(/not right/);
    expect((await user.get('/api/users/own').expect(200)).body.twoFactorEnabled).toBe(true);

    const off = await user.delete('/api/users/own/2fa').send({ password, code: code(secret) }).expect(200);
    expect(off.body).toMatchObject({ email, twoFactorEnabled: false });
    await login({}).expect(200);
    await user.delete('/api/users/own/2fa').send({ password, code: code(secret, 1) }).expect(409);
  });
});

describe('STAFF_REQUIRE_2FA', () => {
  it('keeps an admin without two-factor sign-in out of the staff routes until they turn it on', async () => {
    const { shop, code } = setup({ staffRequire2fa: true });
    const admin = await shop.as('admin');
    const refused = await admin.get('/api/admin/stats').expect(403);
    expect(refused.body).toEqual({ message: expect.stringMatching(/two-factor/), twoFactorSetupRequired: true });
    await admin.get('/api/admin/promotions').expect(403);
    await admin.patch('/api/products/1').send({ price: 5 }).expect(403);
    // Routes shoppers use too answer as to a shopper: a customer's order is missing (no customer,
    // address or notes), a product has no staff-only `notify`.
    await admin.get('/api/orders/1').expect(404);
    expect((await admin.get('/api/products/1').expect(200)).body).not.toHaveProperty('notify');
    // The rest of the shop, and the setup, still answer.
    await admin.get('/api/users/own').expect(200);
    const { body } = await admin.post('/api/users/own/2fa').send({}).expect(200);
    await admin.post('/api/users/own/2fa/confirm').send({ code: code(body.secret) }).expect(200);
    await admin.get('/api/admin/stats').expect(200);
    await admin.patch('/api/products/1').send({ price: 5 }).expect(200);
    expect((await admin.get('/api/orders/1').expect(200)).body).toHaveProperty('customer');
    expect((await admin.get('/api/products/1').expect(200)).body).toHaveProperty('notify');
    // Shoppers are not affected: their /admin answers stay what they were.
    await (await shop.as('user')).get('/api/admin/stats').expect(403, { message: 'Staff only' });
  });
});
