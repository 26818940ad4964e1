import { afterEach, describe, expect, it } from 'vitest';
import { addressRules } from '../../../src/domain/validation';
import { ACCOUNTS, address, expectNoLeaks, makeShop } from '../fixtures';

afterEach(expectNoLeaks);

describe('GET /api/users/own', () => {
  it('401 without a session, the caller without secrets with one', async () => {
    const shop = makeShop();
    await shop.anon().get('/api/users/own').expect(401);
    const res = await (await shop.as('other')).get('/api/users/own').expect(200);
    expect(res.body).toEqual({ id: 3, email: 'other@shop.test', role: 'user', addresses: [{ ...address({ name: 'Other' }), stateCode: 'KA' }], verified: true, member: false, memberUntil: null, membershipRenews: true, alerts: true, twoFactorEnabled: false, permissions: [] });
  });
});

describe('PATCH /api/users/:id', () => {
  const me = { id: 2, email: 'user@shop.test', role: 'user' };

  it('applies name and addresses (whitelisted, trimmed) and echoes the user', async () => {
    const shop = makeShop();
    const a = await shop.as('user');
    const res = await a
      .patch('/api/users/2')
      .send({ ...me, name: ' Uma ', addresses: [{ ...address(), city: ' Pune ', extra: 'x' }], isAdmin: true })
      .expect(200);
    // The state is answered by its region's name and code, and stored by its code.
    expect(res.body).toEqual({ ...me, name: 'Uma', addresses: [{ ...address({ city: 'Pune' }), stateCode: 'KA' }], verified: true, member: false, memberUntil: null, membershipRenews: true, alerts: true, twoFactorEnabled: false, permissions: [] });
    const stored = (await shop.state()).users[1];
    expect(stored.addresses[0]).toEqual(address({ city: 'Pune', state: 'KA' }));
    expect(stored).not.toHaveProperty('isAdmin');
    await a.get('/api/auth/check').expect(200, res.body);
  });

  it('answers a right and a wrong password alike (no password oracle), changing nothing', async () => {
    const shop = makeShop();
    const a = await shop.as('user');
    const before = structuredClone((await shop.state()).users[1]);
    const right = await a.patch('/api/users/2').send({ ...me, password: 'User12345', addresses: [] });
    const wrong = await a.patch('/api/users/2').send({ ...me, password: 'User12346', addresses: [] });
    expect([right.status, right.body]).toEqual([403, { message: 'The password cannot be changed here' }]);
    expect([wrong.status, wrong.body]).toEqual([right.status, right.body]);
    expect((await shop.state()).users[1]).toEqual(before);
  });

  it('removes addresses when sent the shorter list', async () => {
    const shop = makeShop();
    const a = await shop.as('other');
    await a.patch('/api/users/3').send({ addresses: [] }).expect(200);
    expect((await shop.state()).users[2].addresses).toEqual([]);
  });

  it.each([
    ['role', { role: 'admin' }, 'The role cannot be changed'],
    ['email', { email: 'admin@shop.test' }, 'The email cannot be changed'],
    ['id', { id: 1 }, 'The id cannot be changed'],
    ['password', { password: 'Changed123' }, 'The password cannot be changed here'],
    ['password (a hash)', { password: 'scrypt$00$00' }, 'The password cannot be changed here'],
  ])('403 when changing %s, and nothing changes', async (_label, change, message) => {
    const shop = makeShop();
    const a = await shop.as('user');
    const before = structuredClone((await shop.state()).users[1]);
    const res = await a.patch('/api/users/2').send({ ...me, name: 'X', ...change }).expect(403);
    expect(res.body.message).toBe(message);
    expect((await shop.state()).users[1]).toEqual(before);
  });

  it("403 for another user's id, also for an admin", async () => {
    const shop = makeShop();
    await (await shop.as('user')).patch('/api/users/3').send({ addresses: [] }).expect(403);
    await (await shop.as('admin')).patch('/api/users/3').send({ addresses: [] }).expect(403);
    await (await shop.as('user')).patch('/api/users/999').send({ addresses: [] }).expect(403);
    expect((await shop.state()).users[2].addresses).toHaveLength(1);
  });

  it('401 without a session', async () => {
    await makeShop().anon().patch('/api/users/2').send({ addresses: [] }).expect(401);
  });

  it.each(Object.entries(addressRules))('checks address field %s', async (field, rule) => {
    const shop = makeShop();
    const a = await shop.as('user');
    const res = await a
      .patch('/api/users/2')
      .send({ addresses: [address(), { ...address(), [field]: '' }] })
      .expect(400);
    expect(res.body.errors).toEqual({ [`addresses.1.${field}`]: rule.required });
    expect((await shop.state()).users[1].addresses).toEqual([]);
  });

  it.each([
    ['email', 'not-an-email', 'Email not valid'],
    ['country', 'France', 'Country must be one of India, United States, Canada, Mexico'],
    ['city', 'x'.repeat(201), 'City must be at most 200 characters'],
  ])('rejects address %s = %s', async (field, value, message) => {
    const a = await makeShop().as('user');
    const res = await a.patch('/api/users/2').send({ addresses: [{ ...address(), [field]: value }] }).expect(400);
    expect(res.body.errors[`addresses.0.${field}`]).toBe(message);
  });

  it('400 when addresses is not a list of objects', async () => {
    const a = await makeShop().as('user');
    await a.patch('/api/users/2').send({ addresses: 'home' }).expect(400);
    const res = await a.patch('/api/users/2').send({ addresses: ['home'] }).expect(400);
    expect(res.body.errors).toEqual({ 'addresses.0': 'Address must be an object' });
    await a.patch('/api/users/2').send({ name: 42 }).expect(400);
  });
});

describe('POST /api/users/own/password', () => {
  const change = { currentPassword: ACCOUNTS.user.password, newPassword: 'Changed123', confirmPassword: 'Changed123' };

  it('sets the new password, ends every other session of the user and keeps this one', async () => {
    const shop = makeShop();
    const laptop = await shop.as('user');
    const phone = await shop.as('user');
    const other = await shop.as('other');
    expect((await laptop.post('/api/users/own/password').send(change).expect(200)).body).toEqual({ message: 'Password changed' });
    await laptop.get('/api/auth/check').expect(200);
    await phone.get('/api/auth/check').expect(401);
    await other.get('/api/auth/check').expect(200);
    await shop.anon().post('/api/auth/login').send({ email: ACCOUNTS.user.email, password: ACCOUNTS.user.password }).expect(401);
    await shop.anon().post('/api/auth/login').send({ email: ACCOUNTS.user.email, password: 'Changed123' }).expect(200);
    const stored = (await shop.state()).users.find((u) => u.id === ACCOUNTS.user.id)!;
    expect(stored.password).toMatch(/^scrypt\$/);
  });

  it('a wrong current password is 400 with a message and changes nothing; guesses are throttled like sign-ins', async () => {
    const shop = makeShop({ loginLimits: { perEmail: 3 } });
    const laptop = await shop.as('user');
    const phone = await shop.as('user');
    const before = await shop.state();
    for (let i = 0; i < 3; i++) {
      const res = await laptop.post('/api/users/own/password').send({ ...change, currentPassword: `Wrong${i}1234` }).expect(400);
      expect(res.body).toEqual({ message: 'Current password is not correct', errors: { currentPassword: 'Current password is not correct' } });
    }
    const throttled = await laptop.post('/api/users/own/password').send(change).expect(429);
    expect(throttled.body.message).toMatch(/^Too many failed password attempts\. Try again in \d+ minutes\.$/);
    expect(await shop.state()).toEqual(before);
    await phone.get('/api/auth/check').expect(200);
  });

  it('the new password follows the sign-up rule; 401 signed out', async () => {
    const shop = makeShop();
    const user = await shop.as('user');
    const weak = await user.post('/api/users/own/password').send({ ...change, newPassword: 'password', confirmPassword: 'password' }).expect(400);
    expect(Object.keys(weak.body.errors)).toEqual(['newPassword']);
    await shop.anon().post('/api/users/own/password').send(change).expect(401);
  });
});
