// The staff's product notifications, on both drivers: each product's `notify` ({review, lowStock,
// soldOut}, off by default) is set by the admin's product writes and answered to admins only; with
// it on, a new review, a sale taking a variant to its low-stock threshold or below, and a sale
// taking it to 0 each put one mail to STAFF_EMAIL in the outbox, in the transaction of the change.
//
// Fixtures (tests/api/fixtures.ts): product 1 has stock 10, product 2 stock 2, product 5 stock 5,
// none a lowStockThreshold (the default, 5). The user (2) has delivered orders holding product 1.
import { afterEach, describe, expect, it } from 'vitest';
import type { EmailMessage } from '../../../src/domain/mail';
import type { Order } from '../../../src/domain/types';
import { DEFAULT_STAFF_EMAIL, staffEmailFromEnv } from '../../../server/http/config';
import { expectNoLeaks, makeShop, orderBody, type Agent, type TestShop } from '../fixtures';

afterEach(expectNoLeaks);

const STAFF = 'staff@shop.example';
const OFF = { review: false, lowStock: false, soldOut: false };
const PIXEL = { title: 'Pixel 9', description: 'A phone', price: '699', discountPercentage: '0', stock: '3', thumbnail: '/images/pixel/thumb.webp', image1: '/images/pixel/1.webp', image2: '/images/pixel/2.webp', image3: '/images/pixel/3.webp', brand: 'Samsung', category: 'smartphones' };

async function staffMail(admin: Agent): Promise<EmailMessage[]> {
  const all = (await admin.get('/api/admin/emails?_page=1&_limit=100').expect(200)).body as EmailMessage[];
  return all.filter((m) => m.to === STAFF);
}

async function sell(shop: TestShop, product: number, quantity: number): Promise<Order> {
  return (await (await shop.as('user')).post('/api/orders').send(orderBody([{ product, quantity }])).expect(201)).body;
}

describe('notify: stored, written by admins, answered to admins only', () => {
  it('defaults off; PATCH sets the keys sent and keeps the rest; anything but true/false is 400 with nothing changed', async () => {
    const shop = makeShop({ staffEmail: STAFF });
    const admin = await shop.as('admin');
    expect((await admin.get('/api/products/2').expect(200)).body.notify).toEqual(OFF);

    const patched = await admin.patch('/api/products/2').send({ notify: { soldOut: true, review: true } }).expect(200);
    expect(patched.body.notify).toEqual({ review: true, lowStock: false, soldOut: true });
    await admin.patch('/api/products/2').send({ notify: { review: false } }).expect(200);
    expect((await admin.get('/api/products/2').expect(200)).body.notify).toEqual({ review: false, lowStock: false, soldOut: true });

    for (const notify of [{ soldOut: 'yes' }, { soldOut: 1 }, { sold: true }, true, [true], null]) {
      const refused = await admin.patch('/api/products/2').send({ notify, title: 'Changed' }).expect(400);
      expect(refused.body.errors).toEqual({ notify: 'Notifications must be an object of true/false under review, lowStock and soldOut' });
    }
    expect((await admin.get('/api/products/2').expect(200)).body).toMatchObject({ title: 'Galaxy S24', notify: { review: false, lowStock: false, soldOut: true } });
  });

  it("a new product's settings are what was sent, the rest off; a shopper's and a visitor's answers never have them", async () => {
    const shop = makeShop({ staffEmail: STAFF });
    const admin = await shop.as('admin');
    const created = await admin
      .post('/api/products')
      .send({ ...PIXEL, notify: { lowStock: true } })
      .expect(201);
    expect(created.body.notify).toEqual({ review: false, lowStock: true, soldOut: false });

    // A shopper's and a visitor's answers: no `notify`, on one product, a list, a review's answer.
    const user = await shop.as('user');
    for (const who of [user, shop.anon()]) {
      expect((await who.get('/api/products/2').expect(200)).body).not.toHaveProperty('notify');
      const list = (await who.get('/api/products?_limit=50').expect(200)).body as object[];
      expect(list.filter((p) => 'notify' in p)).toEqual([]);
    }
    await admin.patch('/api/products/1').send({ notify: { review: true } }).expect(200);
    expect((await user.post('/api/products/1/reviews').send({ rating: 4, comment: 'Good' }).expect(201)).body).not.toHaveProperty('notify');
    // An order line's product (what the shopper's orders show) keeps no settings either.
    const order = await sell(shop, 2, 1);
    expect(order.items[0].product).not.toHaveProperty('notify');

    // Staff who edit the catalogue read it (the form saves what it shows); support staff do not.
    for (const [role, sees] of [['catalogue', true], ['support', false]] as const) {
      await shop.update((db) => void (db.users.find((u) => u.id === 2)!.role = role));
      const staff = await shop.as('user');
      expect('notify' in (await staff.get(`/api/products/${created.body.id}`).expect(200)).body, role).toBe(sees);
    }
  });
});

describe('staff mail', () => {
  it('a new review of a product with notify.review: one mail naming it, its id and its back-office page', async () => {
    const shop = makeShop({ staffEmail: STAFF, publicUrl: 'https://shop.example' });
    const admin = await shop.as('admin');
    await admin.patch('/api/products/1').send({ notify: { review: true } }).expect(200);
    await (await shop.as('user')).post('/api/products/1/reviews').send({ rating: 4, comment: 'Good phone' }).expect(201);

    const mails = await staffMail(admin);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('New review: iPhone 15 (#1)');
    expect(mails[0].text).toContain('iPhone 15 (#1) has a new review: 4 of 5 by New User.');
    expect(mails[0].text).toContain('Good phone');
    expect(mails[0].text).toContain('Back office: https://shop.example/admin/productdetail/1');
  });

  it('sold out: one mail for the sale of the last unit; a cancel gives it back and selling out again is a new mail', async () => {
    const shop = makeShop({ staffEmail: STAFF });
    const admin = await shop.as('admin');
    await admin.patch('/api/products/2').send({ notify: { soldOut: true } }).expect(200);
    await sell(shop, 2, 1);
    expect(await staffMail(admin)).toEqual([]);
    const last = await sell(shop, 2, 1);
    const [mail, ...more] = await staffMail(admin);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ to: STAFF, subject: 'Sold out: Galaxy S24 (#2)' });
    expect(mail.text).toContain('Galaxy S24 (#2) is sold out: 0 left.');
    expect(mail.text).toContain('/admin/productdetail/2');

    await admin.patch(`/api/orders/${last.id}`).send({ status: 'cancelled' }).expect(200);
    expect(await staffMail(admin)).toHaveLength(1);
    await sell(shop, 2, 1);
    expect((await staffMail(admin)).map((m) => m.subject)).toEqual(['Sold out: Galaxy S24 (#2)', 'Sold out: Galaxy S24 (#2)']);
  });

  it('low stock: one mail when a sale crosses the threshold, none for the next sale while it stays low; flags off: none', async () => {
    const shop = makeShop({ staffEmail: STAFF });
    const admin = await shop.as('admin');
    await admin.patch('/api/products/1').send({ notify: { lowStock: true } }).expect(200);
    await sell(shop, 1, 4); // 10 → 6: above the threshold (5)
    expect(await staffMail(admin)).toEqual([]);
    await sell(shop, 1, 2); // 6 → 4: crossed
    await sell(shop, 1, 1); // 4 → 3: still low
    const mails = await staffMail(admin);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Low stock: iPhone 15 (#1)');
    expect(mails[0].text).toContain('iPhone 15 (#1) is low on stock: 4 left (low-stock threshold 5).');

    // Product 5 (stock 5) with every flag off: sold out, and reviewed, without a mail.
    await sell(shop, 5, 5);
    expect(await staffMail(admin)).toHaveLength(1);
  });
});

describe('STAFF_EMAIL', () => {
  it('defaults to admin@shop.test; anything but one address is refused at start', () => {
    expect(DEFAULT_STAFF_EMAIL).toBe('admin@shop.test');
    expect(staffEmailFromEnv({})).toBe('admin@shop.test');
    expect(staffEmailFromEnv({ STAFF_EMAIL: ' team@shop.example ' })).toBe('team@shop.example');
    expect(() => staffEmailFromEnv({ STAFF_EMAIL: 'a@b.test, c@d.test' })).toThrow('STAFF_EMAIL must be one email address');
    expect(() => staffEmailFromEnv({ STAFF_EMAIL: 'nobody' })).toThrow('STAFF_EMAIL must be one email address');
  });
});
