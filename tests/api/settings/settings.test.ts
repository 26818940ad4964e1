// The shop's settings on both drivers: everyone reads the contact details (the defaults until an
// admin sets them); an admin changes some of them, which every later read shows and the audit log
// records; bad input is refused field by field with nothing stored; only admins may change them.
import { afterEach, describe, expect, it } from 'vitest';
import type { ShopContact } from '../../../src/domain/settings';
import { DEFAULT_CONTACT } from '../../../server/modules/settings/service';
import { expectNoLeaks, makeData, makeShop } from '../fixtures';

afterEach(expectNoLeaks);

describe('shop settings', () => {
  it('everyone reads the contact details, the defaults until an admin sets them, cacheable for a minute when signed out', async () => {
    const shop = makeShop();
    const res = await shop.anon().get('/api/settings').expect(200);
    expect(res.body).toEqual({ contact: DEFAULT_CONTACT, membershipFee: 49 });
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const user = await shop.as('user');
    expect((await user.get('/api/settings').expect(200)).body).toEqual({ contact: DEFAULT_CONTACT, membershipFee: 49 });
  });

  it('an admin changes some details: later reads show them, the rest stay, and the audit log has the change', async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    const res = await admin.patch('/api/admin/settings').send({ contact: { email: '  care@example.com ', hours: 'Every day, 8 am to 8 pm' } }).expect(200);
    const after: ShopContact = { ...DEFAULT_CONTACT, email: 'care@example.com', hours: 'Every day, 8 am to 8 pm' };
    expect(res.body).toEqual({ contact: after, membershipFee: 49 });
    expect((await shop.anon().get('/api/settings').expect(200)).body).toEqual({ contact: after, membershipFee: 49 });
    expect((await admin.get('/api/admin/settings').expect(200)).body).toEqual({ contact: after, membershipFee: 49 });

    const audit = (await shop.state()).audit;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'settings.update',
      entity: 'settings',
      entityId: 'contact',
      actor: { id: 1, role: 'admin' },
      before: { email: DEFAULT_CONTACT.email, hours: DEFAULT_CONTACT.hours },
      after: { email: 'care@example.com', hours: 'Every day, 8 am to 8 pm' },
    });
    // The same details again (fields the settings do not have ignored) change nothing, and record nothing.
    await admin.patch('/api/admin/settings').send({ contact: { email: 'care@example.com', fax: '+1 555 0199' }, name: 'Shop' }).expect(200);
    expect((await shop.anon().get('/api/settings').expect(200)).body).toEqual({ contact: after, membershipFee: 49 });
    expect((await shop.state()).audit).toHaveLength(1);
  });

  it.each([
    ['an email that is not one', { contact: { email: 'not an email' } }, { email: 'Email not valid' }],
    ['a blank phone', { contact: { phone: '   ' } }, { phone: 'Phone is required' }],
    ['an address of 201 characters', { contact: { address: 'x'.repeat(201) } }, { address: 'Postal address must be at most 200 characters' }],
    ['hours as a number', { contact: { hours: 9 } }, { hours: 'Opening hours are required' }],
    ['a bad email beside an unknown field', { contact: { email: 'a@b', fax: '1' } }, { email: 'Email not valid' }],
    ['contact as a string', { contact: 'help@example.com' }, { contact: 'The contact details must be an object' }],
    ['no contact at all', { name: 'Shop' }, { contact: 'The contact details are required' }],
  ])('%s is refused with its field messages and nothing stored', async (_what, body, errors) => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    const res = await admin.patch('/api/admin/settings').send(body).expect(400);
    expect(res.body).toEqual({ message: 'Invalid settings', errors });
    expect((await shop.anon().get('/api/settings').expect(200)).body).toEqual({ contact: DEFAULT_CONTACT, membershipFee: 49 });
    expect((await shop.state()).audit).toEqual([]);
  });

  it('only admins change them: a shopper and catalogue staff 403, a visitor 401; a new shop starts from the defaults', async () => {
    const data = makeData();
    data.users.find((u) => u.id === 3)!.role = 'catalogue';
    const shop = makeShop({ data });
    const body = { contact: { email: 'mine@example.com' } };
    await shop.anon().patch('/api/admin/settings').send(body).expect(401);
    await (await shop.as('user')).patch('/api/admin/settings').send(body).expect(403);
    await (await shop.as('other')).patch('/api/admin/settings').send(body).expect(403);
    await (await shop.as('user')).get('/api/admin/settings').expect(403);
    expect((await shop.anon().get('/api/settings').expect(200)).body).toEqual({ contact: DEFAULT_CONTACT, membershipFee: 49 });
    expect((await shop.state()).audit).toEqual([]);
  });
});
