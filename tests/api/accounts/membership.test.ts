// Membership without a fee (the admin set it to 0): POST /api/users/own/membership makes the
// caller a member at once (the members' promotions apply to them), DELETE ends it; every answer
// about a user says whether they are one. Paid membership (the default fee): tests/api/membership/.
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNTS, expectNoLeaks, makeShop, type TestShop } from '../fixtures';

/** A shop whose membership is free (fee 0). */
async function freeMembership(): Promise<TestShop> {
  const shop = makeShop();
  await (await shop.as('admin')).patch('/api/admin/settings').send({ membershipFee: 0 }).expect(200);
  return shop;
}

afterEach(expectNoLeaks);

describe('membership', () => {
  it('401 signed out, nothing stored', async () => {
    const shop = makeShop();
    await shop.anon().post('/api/users/own/membership').send({}).expect(401);
    await shop.anon().delete('/api/users/own/membership').send({}).expect(401);
    expect((await shop.state()).users.some((u) => u.member)).toBe(false);
  });

  it('a shopper joins (idempotent) and leaves; every user answer says so', async () => {
    const shop = await freeMembership();
    const a = await shop.as('user');
    expect((await a.get('/api/users/own').expect(200)).body.member).toBe(false);

    const joined = await a.post('/api/users/own/membership').send({}).expect(200);
    expect(joined.body).toEqual({ id: 2, email: ACCOUNTS.user.email, role: 'user', addresses: [], verified: true, member: true, memberUntil: null, membershipRenews: true, alerts: true, twoFactorEnabled: false, permissions: [] });
    // The same again: still a member, nothing else changes.
    expect((await a.post('/api/users/own/membership').send({}).expect(200)).body).toEqual(joined.body);
    expect((await a.get('/api/users/own').expect(200)).body.member).toBe(true);
    expect((await a.get('/api/auth/check').expect(200)).body.member).toBe(true);
    // Signing in again answers it too.
    const login = await shop.anon().post('/api/auth/login').send(ACCOUNTS.user).expect(200);
    expect(login.body.user ?? login.body).toMatchObject({ id: 2, member: true });
    // Only this account changed.
    expect((await shop.state()).users.map((u) => [u.id, u.member === true])).toEqual([
      [1, false],
      [2, true],
      [3, false],
    ]);
    // The back office's customers list says who is a member.
    const admin = await shop.as('admin');
    const customers = (await admin.get('/api/admin/customers').expect(200)).body;
    const list = Array.isArray(customers) ? customers : customers.items;
    expect(list.map((c: { id: number; member: boolean }) => [c.id, c.member])).toEqual([
      [1, false],
      [2, true],
      [3, false],
    ]);

    const left = await a.delete('/api/users/own/membership').send({}).expect(200);
    expect(left.body).toMatchObject({ id: 2, member: false });
    expect((await a.delete('/api/users/own/membership').send({}).expect(200)).body.member).toBe(false);
    expect((await a.get('/api/users/own').expect(200)).body.member).toBe(false);
    expect((await shop.state()).users.some((u) => u.member)).toBe(false);
  });

  it('a body cannot name another account: only the caller changes', async () => {
    const shop = await freeMembership();
    const b = await shop.as('other');
    expect((await b.post('/api/users/own/membership').send({ id: 2, member: false }).expect(200)).body).toMatchObject({ id: 3, member: true });
    expect((await shop.state()).users.filter((u) => u.member).map((u) => u.id)).toEqual([3]);
  });

  it('with a fee, the body cannot name another account either: the line goes in the caller’s cart only', async () => {
    const shop = makeShop();
    const b = await shop.as('other');
    expect((await b.post('/api/users/own/membership').send({ id: 2, member: true }).expect(201)).body).toMatchObject({ id: 'membership', price: 49 });
    expect((await (await shop.as('user')).get('/api/cart').expect(200)).body).toEqual([]);
    expect((await shop.state()).users.some((u) => u.member)).toBe(false);
  });

  it('PATCH /users/:id cannot make anyone a member', async () => {
    const shop = makeShop();
    const a = await shop.as('user');
    const res = await a.patch('/api/users/2').send({ name: 'Asha', member: true }).expect(200);
    expect(res.body).toMatchObject({ name: 'Asha', member: false });
    expect((await shop.state()).users.some((u) => u.member)).toBe(false);
  });
});
