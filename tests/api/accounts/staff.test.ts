// Staff management on both drivers: GET/POST /api/admin/staff, PATCH/DELETE /api/admin/staff/:id
// (admins only). An existing account gets its role at once; a new address is invited (an account
// without a password, a set-password link in the outbox); the last admin stays; each change is
// audited; a role's permissions travel in the user answer.
import { afterEach, describe, expect, it } from 'vitest';
import { permissionsOf } from '../../../src/domain/permissions';
import type { AuditEntry } from '../../../src/domain/types';
import type { EmailMessage } from '../../../src/domain/mail';
import { INVITATION_SUBJECT } from '../../../server/modules/mail/messages';
import { LAST_ADMIN, UNKNOWN_ROLE } from '../../../server/modules/accounts/staff';
import { ACCOUNTS, expectNoLeaks, makeShop, type TestShop, type Who } from '../fixtures';

afterEach(expectNoLeaks);

const PUBLIC_URL = 'https://shop.example';
const staffAudit = async (shop: TestShop, who: Who = 'admin') => (await (await shop.as(who)).get('/api/admin/audit?entity=staff').expect(200)).body as AuditEntry[];

describe('/api/admin/staff', () => {
  it('invites a new address: 201, an account without a password, a mail whose link sets one; then it signs in with its role', async () => {
    const shop = makeShop({ publicUrl: PUBLIC_URL });
    const admin = await shop.as('admin');
    const res = await admin.post('/api/admin/staff').send({ email: ' Pat@Shop.test ', role: 'fulfilment' }).expect(201);
    expect(res.body).toEqual({ id: expect.any(Number), email: 'pat@shop.test', role: 'fulfilment', invited: true });
    // No password signs in before the link is used.
    await shop.anon().post('/api/auth/login').send({ email: 'pat@shop.test', password: '!invited' }).expect(401);

    const mails = (await admin.get('/api/admin/emails').expect(200)).body as EmailMessage[];
    const mail = mails.find((m) => m.to === 'pat@shop.test')!;
    expect(mail.subject).toBe(INVITATION_SUBJECT);
    expect(mail.text).toContain('This is an invitation');
    expect(mail.text).toContain('"fulfilment"');
    const token = new RegExp(`${PUBLIC_URL}/reset-password\\?token=([A-Za-z0-9_-]{43})`).exec(mail.text)![1];
    await shop.anon().post('/api/auth/reset').send({ token, password: 'Staff12345', confirmPassword: 'Staff12345' }).expect(200);

    const pat = shop.anon();
    const login = await pat.post('/api/auth/login').send({ email: 'pat@shop.test', password: 'Staff12345' }).expect(200);
    expect(login.body).toMatchObject({ role: 'fulfilment', permissions: permissionsOf('fulfilment') });
    expect(login.body.permissions).toEqual(expect.arrayContaining(['orders.read', 'orders.write', 'returns']));
    expect(login.body.permissions).not.toContain('refunds');

    const listed = (await admin.get('/api/admin/staff').expect(200)).body;
    expect(listed).toEqual([
      { id: 1, email: ACCOUNTS.admin.email, name: 'Admin', role: 'admin', invited: false },
      { id: res.body.id, email: 'pat@shop.test', role: 'fulfilment', invited: false },
    ]);
    expect(await staffAudit(shop)).toMatchObject([
      { action: 'staff.invite', entity: 'staff', entityId: String(res.body.id), actor: { id: 1, role: 'admin' }, before: null, after: { email: 'pat@shop.test', role: 'fulfilment' } },
    ]);
  });

  it('gives an existing account the role at once (200, no mail); changes it; removes it (a shopper again)', async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    const user = await shop.as('user');
    const added = await admin.post('/api/admin/staff').send({ email: ACCOUNTS.user.email, role: 'catalogue' }).expect(200);
    expect(added.body).toEqual({ id: 2, email: ACCOUNTS.user.email, role: 'catalogue', invited: false });
    expect((await admin.get('/api/admin/emails').expect(200)).body).toEqual([]);
    // The role applies to the session already open.
    expect((await user.get('/api/auth/check').expect(200)).body).toMatchObject({ role: 'catalogue', permissions: permissionsOf('catalogue') });
    await user.get('/api/admin/promotions').expect(200);

    const changed = await admin.patch('/api/admin/staff/2').send({ role: 'support' }).expect(200);
    expect(changed.body).toMatchObject({ id: 2, role: 'support' });
    await user.get('/api/admin/promotions').expect(403);
    await user.get('/api/admin/customers').expect(200);

    await admin.delete('/api/admin/staff/2').expect(204);
    expect((await user.get('/api/auth/check').expect(200)).body).toMatchObject({ role: 'user', permissions: [] });
    await user.get('/api/admin/customers').expect(403);
    expect((await admin.get('/api/admin/staff').expect(200)).body.map((m: { id: number }) => m.id)).toEqual([1]);
    // A shopper is no staff member to change or remove.
    await admin.patch('/api/admin/staff/2').send({ role: 'support' }).expect(404);
    await admin.delete('/api/admin/staff/2').expect(404);

    expect((await staffAudit(shop)).map((e) => [e.action, e.before, e.after])).toEqual([
      ['staff.remove', { role: 'support' }, { role: 'user' }],
      ['staff.role', { role: 'catalogue' }, { role: 'support' }],
      ['staff.role', { role: 'user' }, { role: 'catalogue' }],
    ]);
  });

  it('409 for demoting or removing the last admin, nothing changed; with a second admin it goes', async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    for (const req of [admin.patch('/api/admin/staff/1').send({ role: 'catalogue' }), admin.delete('/api/admin/staff/1')]) {
      const res = await req.expect(409);
      expect(res.body).toEqual({ message: LAST_ADMIN });
    }
    expect((await shop.state()).users[0].role).toBe('admin');
    await admin.post('/api/admin/staff').send({ email: ACCOUNTS.other.email, role: 'admin' }).expect(200);
    await admin.patch('/api/admin/staff/1').send({ role: 'support' }).expect(200);
    // The former admin's own session has lost the staff permission at once.
    await admin.get('/api/admin/staff').expect(403);
    expect((await staffAudit(shop, 'other')).map((e) => e.action)).toEqual(['staff.role', 'staff.role']);
  });

  it('400 for an unknown or missing role or a bad address, nothing changed', async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    const before = await shop.state();
    for (const body of [{ email: 'new@shop.test', role: 'owner' }, { email: 'new@shop.test' }, { email: ACCOUNTS.user.email, role: 'user' }, { email: 'not-an-address', role: 'support' }]) {
      const res = await admin.post('/api/admin/staff').send(body).expect(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    const unknown = await admin.patch('/api/admin/staff/1').send({ role: 'superuser' }).expect(400);
    expect(unknown.body).toMatchObject({ errors: { role: UNKNOWN_ROLE } });
    const after = await shop.state();
    expect(after.users).toEqual(before.users);
    expect(after.audit).toEqual([]);
    expect((await admin.get('/api/admin/emails').expect(200)).body).toEqual([]);
  });

  it('fulfilment staff cancel in bulk, but an order whose money would go back is refused (403) and stays', async () => {
    const shop = makeShop();
    await shop.update((db) => {
      db.users[1].role = 'fulfilment';
      // Order 2 (dispatched) was paid in cash; order 1 is pending, nothing paid.
      db.orders[1].payment = { method: 'cash', status: 'paid', refunded: 0 };
    });
    const staff = await shop.as('user');
    const res = await staff.patch('/api/orders').send({ ids: [1, 2], status: 'cancelled' }).expect(200);
    expect(res.body).toMatchObject([
      { id: 1, status: 200, order: { status: 'cancelled' } },
      { id: 2, status: 403, message: expect.stringContaining('"refunds"') },
    ]);
    expect((await shop.state()).orders[1]).toMatchObject({ status: 'dispatched', payment: { status: 'paid' } });
    // An admin holds refunds: the same change goes through.
    const done = await (await shop.as('admin')).patch('/api/orders/2').send({ status: 'cancelled' }).expect(200);
    expect(done.body).toMatchObject({ status: 'cancelled' });
  });

  it('401 for a visitor, 403 for a shopper and for staff without the staff permission', async () => {
    const shop = makeShop();
    await shop.anon().get('/api/admin/staff').expect(401);
    const user = await shop.as('user');
    expect((await user.post('/api/admin/staff').send({ email: 'x@shop.test', role: 'admin' }).expect(403)).body).toEqual({ message: expect.any(String) });
    await (await shop.as('admin')).post('/api/admin/staff').send({ email: ACCOUNTS.user.email, role: 'support' }).expect(200);
    const refused = await user.post('/api/admin/staff').send({ email: ACCOUNTS.user.email, role: 'admin' }).expect(403);
    expect(refused.body.message).toContain('"staff"');
    expect((await shop.state()).users[1].role).toBe('support');
  });
});
