import { afterEach, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGE } from '../../../src/domain/validation';
import { verifyPasswordAsync } from '../../../server/modules/accounts/passwords';
import { signupLimitFromEnv } from '../../../server/modules/accounts/throttle';
import { ACCOUNTS, address, clock, expectNoLeaks, makeShop } from '../fixtures';

afterEach(expectNoLeaks);

const newUser = { email: 'New.Person@Example.com', password: 'Secret123', addresses: [], role: 'user' };

describe('POST /api/auth/signup', () => {
  it('creates a user, signs it in and never stores or returns the plain password', async () => {
    const shop = makeShop();
    const a = shop.anon();
    const res = await a.post('/api/auth/signup').send(newUser).expect(201);
    expect(res.body).toEqual({ id: 4, email: 'new.person@example.com', role: 'user', addresses: [], verified: false, member: false, memberUntil: null, membershipRenews: true, alerts: true, twoFactorEnabled: false, permissions: [] });
    expect(res.headers['set-cookie'][0]).toMatch(/^sid=s%3A.+; Path=\/; .*HttpOnly; SameSite=Lax/);
    await a.get('/api/auth/check').expect(200, res.body);
    const stored = (await shop.state()).users.find((u) => u.id === 4)!;
    expect(stored.password).toMatch(/^scrypt\$/);
    expect(await verifyPasswordAsync('Secret123', stored.password)).toBe(true);
  });

  it("forces role 'user' and drops unknown fields", async () => {
    const shop = makeShop();
    const res = await shop
      .anon()
      .post('/api/auth/signup')
      .send({ ...newUser, role: 'admin', id: 99, isAdmin: true })
      .expect(201);
    expect(res.body.role).toBe('user');
    expect(res.body.id).toBe(4);
    expect((await shop.state()).users[3]).not.toHaveProperty('isAdmin');
    expect((await shop.state()).users[3].role).toBe('user');
  });

  it('refuses a duplicate email, whatever its case (409)', async () => {
    const shop = makeShop();
    const res = await shop
      .anon()
      .post('/api/auth/signup')
      .send({ ...newUser, email: ' USER@shop.test ' })
      .expect(409);
    expect(res.body.message).toMatch(/already exists/);
    expect((await shop.state()).users).toHaveLength(3);
  });

  it.each([
    [{ password: 'Secret123' }, 'email', 'Email is required'],
    [{ email: 'not-an-email', password: 'Secret123' }, 'email', 'Email not valid'],
    [{ email: 'a@b.co' }, 'password', 'Password required'],
    [{ email: 'a@b.co', password: 'short1A' }, 'password', PASSWORD_MESSAGE],
    [{ email: 'a@b.co', password: 'alllowercase1' }, 'password', PASSWORD_MESSAGE],
    [{ email: 'a@b.co', password: 'ALLUPPERCASE1' }, 'password', PASSWORD_MESSAGE],
    [{ email: 'a@b.co', password: 'NoDigitsHere' }, 'password', PASSWORD_MESSAGE],
    [{ email: 'a@b.co', password: 'Secret123', confirmPassword: 'Other123' }, 'confirmPassword', 'Password not matching'],
    [{ email: 'a@b.co', password: 'Secret123', addresses: [address({ city: '' })] }, 'addresses.0.city', 'City is Required'],
  ])('400 for %j: %s', async (body, field, message) => {
    const shop = makeShop();
    const res = await shop.anon().post('/api/auth/signup').send(body).expect(400);
    expect(res.body.errors[field]).toBe(message);
    expect((await shop.state()).users).toHaveLength(3);
  });

  it('names one mistake once: a confirmation is judged only when the password passes (as on reset and change)', async () => {
    const shop = makeShop();
    const res = await shop.anon().post('/api/auth/signup').send({ email: 'a@b.co', password: 'short1A', confirmPassword: 'Other123' }).expect(400);
    expect(res.body.errors).toEqual({ password: PASSWORD_MESSAGE });
  });

  it('accepts special characters in a password', async () => {
    await makeShop()
      .anon()
      .post('/api/auth/signup')
      .send({ email: 'x@y.io', password: 'S3cret!#€' })
      .expect(201);
  });
});

describe('sign-ups per client address', () => {
  const signup = (a: ReturnType<ReturnType<typeof makeShop>['anon']>, n: number) =>
    a.post('/api/auth/signup').send({ email: `shopper${n}@example.com`, password: 'Secret123' });

  it('429 with Retry-After beyond the hourly limit, creating nothing; an hour later it is open again', async () => {
    const c = clock();
    const shop = makeShop({ now: c.now, signupLimit: 3 });
    for (let n = 1; n <= 3; n++) await signup(shop.anon(), n).expect(201);
    const refused = await signup(shop.anon(), 4).expect(429);
    expect(refused.body.message).toMatch(/^Too many new accounts from your network\. Try again in 60 minutes\.$/);
    expect(refused.headers['retry-after']).toBe('3600');
    expect((await shop.state()).users.map((u) => u.email)).not.toContain('shopper4@example.com');
    // Signing in is not a sign-up: existing accounts are unaffected.
    await shop.as('user');
    c.advance(60 * 60 * 1000);
    await signup(shop.anon(), 4).expect(201);
  });

  it('refused sign-ups (bad input, a taken email) do not count', async () => {
    const shop = makeShop({ signupLimit: 2 });
    await shop.anon().post('/api/auth/signup').send({ email: 'bad', password: 'x' }).expect(400);
    await shop.anon().post('/api/auth/signup').send({ email: ACCOUNTS.user.email, password: 'Secret123' }).expect(409);
    await signup(shop.anon(), 1).expect(201);
    await signup(shop.anon(), 2).expect(201);
    await signup(shop.anon(), 3).expect(429);
  });

  it('the default allows at least 200 an hour, and SIGNUP_LIMIT_PER_HOUR changes it', async () => {
    expect(signupLimitFromEnv({})).toBe(200);
    expect(signupLimitFromEnv({ SIGNUP_LIMIT_PER_HOUR: '1000' })).toBe(1000);
    expect(() => signupLimitFromEnv({ SIGNUP_LIMIT_PER_HOUR: '0' })).toThrow(/positive whole number/);
    expect(() => signupLimitFromEnv({ SIGNUP_LIMIT_PER_HOUR: 'lots' })).toThrow(/positive whole number/);
    const shop = makeShop();
    const results = [];
    for (let n = 1; n <= 201; n++) results.push((await signup(shop.anon(), n)).status);
    expect(results.slice(0, 200).every((s) => s === 201)).toBe(true);
    expect(results[200]).toBe(429);
  });
});

describe('sessions per account', () => {
  it('a sign-in beyond 10 live sessions ends the oldest; the newer ten keep working', async () => {
    const shop = makeShop();
    const devices = [];
    for (let i = 0; i < 11; i++) devices.push(await shop.as('user'));
    await devices[0].get('/api/auth/check').expect(401);
    for (const device of devices.slice(1)) await device.get('/api/auth/check').expect(200);
    expect((await shop.state()).sessions.filter((s) => s.user === 2)).toHaveLength(10);
    // Other accounts' sessions are not counted against it.
    const admin = await shop.as('admin');
    await devices[1].get('/api/auth/check').expect(200);
    await admin.get('/api/auth/check').expect(200);
  });
});

describe('POST /api/auth/login', () => {
  it('returns the user and a session cookie', async () => {
    const a = makeShop().anon();
    const res = await a.post('/api/auth/login').send({ email: 'USER@shop.test', password: 'User12345' }).expect(200);
    expect(res.body).toEqual({ id: 2, email: 'user@shop.test', role: 'user', addresses: [], verified: true, member: false, memberUntil: null, membershipRenews: true, alerts: true, twoFactorEnabled: false, permissions: [] });
    expect(res.headers['set-cookie'][0]).toMatch(/HttpOnly/);
    await a.get('/api/users/own').expect(200);
  });

  it('answers a wrong password and an unknown email the same way (401)', async () => {
    const shop = makeShop();
    const wrong = await shop.anon().post('/api/auth/login').send({ email: 'user@shop.test', password: 'Nope12345' });
    const unknown = await shop.anon().post('/api/auth/login').send({ email: 'nobody@shop.test', password: 'User12345' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Wrong Email or Password' });
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('checks the form rules first (400)', async () => {
    const shop = makeShop();
    const res = await shop.anon().post('/api/auth/login').send({ email: 'bad' }).expect(400);
    expect(res.body.errors).toEqual({ email: 'Email not valid', password: 'Password required' });
  });

  it('refuses one email with 429 after 5 failures, without locking other accounts', async () => {
    const c = clock();
    const shop = makeShop({ now: c.now });
    const a = shop.anon();
    const attempt = (password: string) => a.post('/api/auth/login').send({ email: 'user@shop.test', password });
    for (let i = 0; i < 5; i++) await attempt('Wrong1234').expect(401);
    const blocked = await attempt('User12345').expect(429);
    expect(blocked.body.message).toMatch(/Too many/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    await attempt('Wrong1234').expect(429);

    // Another account from the same client still works.
    await shop.anon().post('/api/auth/login').send({ email: 'admin@shop.test', password: 'Admin1234' }).expect(200);

    c.advance(15 * 60 * 1000 + 1);
    await attempt('User12345').expect(200);
  });

  it('forgets an email’s failures after a successful login', async () => {
    const shop = makeShop();
    const attempt = (password: string) =>
      shop.anon().post('/api/auth/login').send({ email: 'user@shop.test', password });
    for (let i = 0; i < 4; i++) await attempt('Wrong1234').expect(401);
    await attempt('User12345').expect(200);
    for (let i = 0; i < 4; i++) await attempt('Wrong1234').expect(401);
    await attempt('User12345').expect(200);
  });

  it('has a per-address ceiling across emails', async () => {
    const shop = makeShop({ loginLimits: { perIp: 3 } });
    for (const email of ['a@x.io', 'b@x.io', 'c@x.io']) {
      await shop.anon().post('/api/auth/login').send({ email, password: 'Wrong1234' }).expect(401);
    }
    await shop.anon().post('/api/auth/login').send(ACCOUNTS.admin).expect(429);
  });

  it('successful logins do not count towards the per-address ceiling', async () => {
    const shop = makeShop({ loginLimits: { perIp: 2 } });
    for (let i = 0; i < 4; i++) await shop.anon().post('/api/auth/login').send(ACCOUNTS.user).expect(200);
  });

  it('replaces the session it was called with', async () => {
    const shop = makeShop();
    const a = await shop.as('user');
    const first = (await a.get('/api/auth/check')).request.cookies;
    await a.post('/api/auth/login').send(ACCOUNTS.user).expect(200);
    await shop.anon().get('/api/auth/check').set('Cookie', first).expect(401);
    expect((await shop.state()).sessions).toHaveLength(1);
  });
});

describe('GET /api/auth/check and POST /api/auth/logout', () => {
  it('401 before login, 200 after, 401 after logout; a copied cookie stops working', async () => {
    const shop = makeShop();
    const a = shop.anon();
    await a.get('/api/auth/check').expect(401, { message: 'Not signed in' });
    const login = await a.post('/api/auth/login').send(ACCOUNTS.user).expect(200);
    const cookie = login.headers['set-cookie'][0].split(';')[0];
    await a.get('/api/auth/check').expect(200);
    await shop.anon().get('/api/auth/check').set('Cookie', cookie).expect(200);

    const out = await a.post('/api/auth/logout').type('json').expect(200);
    expect(out.headers['set-cookie'][0]).toMatch(/^sid=;.*Expires=Thu, 01 Jan 1970/);
    expect((await shop.state()).sessions).toHaveLength(0);
    await a.get('/api/auth/check').expect(401);
    await shop.anon().get('/api/auth/check').set('Cookie', cookie).expect(401);
    await shop.anon().get('/api/cart').set('Cookie', cookie).expect(401);
  });

  it('logout without a session is fine', async () => {
    await makeShop().anon().post('/api/auth/logout').type('json').expect(200, { message: 'Signed out' });
  });

  it('ignores a tampered or unsigned cookie', async () => {
    const shop = makeShop();
    const login = await shop.anon().post('/api/auth/login').send(ACCOUNTS.user).expect(200);
    const cookie = login.headers['set-cookie'][0].split(';')[0];
    const raw = decodeURIComponent(cookie.slice('sid=s:'.length + 2)).split('.')[0];
    await shop.anon().get('/api/auth/check').set('Cookie', `sid=${raw}`).expect(401);
    await shop.anon().get('/api/auth/check').set('Cookie', `${cookie.slice(0, -3)}abc`).expect(401);
  });

  it('expires a session after 7 days', async () => {
    const c = clock();
    const shop = makeShop({ now: c.now });
    const a = await shop.as('user');
    c.advance(7 * 24 * 60 * 60 * 1000 - 1000);
    await a.get('/api/auth/check').expect(200);
    c.advance(2000);
    await a.get('/api/auth/check').expect(401);
  });

  it('stores only a digest of the session id', async () => {
    const shop = makeShop();
    const login = await shop.anon().post('/api/auth/login').send(ACCOUNTS.user).expect(200);
    const raw = decodeURIComponent(login.headers['set-cookie'][0].split(';')[0].slice(4)).slice(2).split('.')[0];
    expect((await shop.state()).sessions[0].id).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify((await shop.state()).sessions)).not.toContain(raw);
  });
});
