// Wishlist and alerts, on both drivers: a shopper's own saved products and
// variants (401 signed out, 404 for someone else's, 409 twice, 400 with field messages); "Notify
// me" on a sold-out variant, mailed once when an admin restocks it (the product form, the variant
// grid, a cancelled order giving stock back) and then used up; price-drop mail once per drop; and
// no alert mail for a shopper who turned alerts off. Mail is read from the outbox, and once
// through a real SMTP server in process (tests/api/mailCatcher.ts).
import nodemailer from 'nodemailer';
import type { Agent } from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { MailWorker } from '../../../server/modules/mail/worker';
import type { DbSchema } from '../../../server/db/snapshot';
import type { EmailMessage } from '../../../src/domain/mail';
import type { StockAlert, WishlistItem } from '../../../src/domain/wishlist';
import { ACCOUNTS, address, clock, expectNoLeaks, makeData, makeShop, PRODUCTS, type TestShop } from '../fixtures';
import { startMailCatcher, type MailCatcher } from '../mailCatcher';

afterEach(expectNoLeaks);

const PUBLIC_URL = 'https://shop.example/store';
const SIZE = { name: 'Size', values: ['42', '43', '44'] };
const BOOTS = 'Stridewell Waterproof Chelsea Boots';

/** The fixture shop plus boots in three sizes: 43 sold out, 44 dearer (120 − 10 % = 108; the others 100 − 10 % = 90). */
function withBoots(): DbSchema {
  const data = makeData();
  data.products.push({
    ...structuredClone(PRODUCTS[0]),
    id: 6,
    title: BOOTS,
    price: 100,
    discountPercentage: 10,
    stock: 5,
    options: [SIZE],
    variants: [
      { id: 101, sku: 'BOOT-42', options: { Size: '42' }, price: null, discountPercentage: null, stock: 3 },
      { id: 102, sku: 'BOOT-43', options: { Size: '43' }, price: null, discountPercentage: null, stock: 0 },
      { id: 103, sku: 'BOOT-44', options: { Size: '44' }, price: 120, discountPercentage: null, stock: 2 },
    ],
  });
  return data;
}

function setUp() {
  const c = clock();
  const shop = makeShop({ data: withBoots(), now: c.now, publicUrl: PUBLIC_URL });
  return { c, shop };
}

/** Every message of the outbox, oldest first. */
async function outbox(shop: TestShop): Promise<EmailMessage[]> {
  const res = await (await shop.as('admin')).get('/api/admin/emails?_page=1&_limit=1000').expect(200);
  return (res.body as EmailMessage[]).reverse();
}

/** The messages the outbox gained while `act` ran. */
async function mailedBy(shop: TestShop, act: () => Promise<unknown>): Promise<EmailMessage[]> {
  const before = (await outbox(shop)).length;
  await act();
  return (await outbox(shop)).slice(before);
}

/** The admin sets one variant's stock through the product form's variant grid (PATCH options and variants). */
async function setVariantStock(admin: Agent, product: number, variant: number, stock: number): Promise<void> {
  const p = (await admin.get(`/api/products/${product}`).expect(200)).body;
  const variants = p.variants.map((v: { id: number }) => (v.id === variant ? { ...v, stock } : v));
  await admin.patch(`/api/products/${product}`).send({ options: p.options, variants }).expect(200);
}

describe('the wishlist', () => {
  it('is the signed-in shopper’s own: 401 signed out on every call', async () => {
    const { shop } = setUp();
    const anon = shop.anon();
    for (const [method, path] of [
      ['get', '/api/wishlist'],
      ['post', '/api/wishlist'],
      ['delete', '/api/wishlist/1'],
      ['get', '/api/stock-alerts'],
      ['post', '/api/stock-alerts'],
      ['delete', '/api/stock-alerts/1'],
      ['put', '/api/users/own/alerts'],
    ] as const) {
      const res = await anon[method](path).send({ product: 1 });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.message).toEqual(expect.any(String));
    }
  });

  it('saves a product or one of its variants, newest first, each once; deletes only the owner’s', async () => {
    const { c, shop } = setUp();
    const user = await shop.as('user');
    const phone: WishlistItem = (await user.post('/api/wishlist').send({ product: 1 }).expect(201)).body;
    expect(phone).toEqual({
      id: expect.any(Number),
      product: { id: 1, title: 'iPhone 15', thumbnail: '/images/products/1/thumb.webp', brand: 'Apple', price: 900, stock: 10, soldOut: false, hasOptions: false, deleted: false, minimumOrderQuantity: 1 },
      variant: null,
      createdAt: new Date(c.now()).toISOString(),
    });
    c.advance(1000);
    const size44: WishlistItem = (await user.post('/api/wishlist').send({ product: 6, variant: 103 }).expect(201)).body;
    // A saved choice: its price and stock are the item's.
    expect(size44.variant).toEqual({ id: 103, sku: 'BOOT-44', options: [{ name: 'Size', value: '44' }] });
    expect(size44.product).toMatchObject({ id: 6, title: BOOTS, price: 108, stock: 2, soldOut: false, hasOptions: true });
    c.advance(1000);
    // The boots as a whole are another item than their size 44.
    const boots: WishlistItem = (await user.post('/api/wishlist').send({ product: 6, variant: null }).expect(201)).body;

    const list: WishlistItem[] = (await user.get('/api/wishlist').expect(200)).body;
    expect(list.map((i) => i.id)).toEqual([boots.id, size44.id, phone.id]);
    expect(list[1]).toEqual(size44);

    const again = await user.post('/api/wishlist').send({ product: 6, variant: { id: 103 } }).expect(409);
    expect(again.body.message).toBe(`"${BOOTS} (Size 44)" is in your wishlist already`);
    expect((await user.post('/api/wishlist').send({ product: '1' }).expect(409)).body.message).toBe('"iPhone 15" is in your wishlist already');

    // Someone else sees none of it and cannot remove it.
    const other = await shop.as('other');
    expect((await other.get('/api/wishlist').expect(200)).body).toEqual([]);
    expect((await other.delete(`/api/wishlist/${phone.id}`).expect(404)).body.message).toBe('Wishlist item not found');
    await other.post('/api/wishlist').send({ product: 1 }).expect(201);

    await user.delete(`/api/wishlist/${phone.id}`).expect(204);
    await user.delete(`/api/wishlist/${phone.id}`).expect(404);
    await user.delete('/api/wishlist/abc').expect(404);
    expect(((await user.get('/api/wishlist').expect(200)).body as WishlistItem[]).map((i) => i.id)).toEqual([boots.id, size44.id]);
    expect((await other.get('/api/wishlist').expect(200)).body).toHaveLength(1);
  });

  it('refuses what cannot be saved with field messages, saving nothing', async () => {
    const { shop } = setUp();
    const user = await shop.as('user');
    const cases: [unknown, Record<string, string>][] = [
      [{}, { product: 'Product must be a product id' }],
      [{ product: 'abc' }, { product: 'Product must be a product id' }],
      [{ product: 999 }, { product: 'Choose a product of the shop' }],
      [{ product: 4 }, { product: '"Sauvage Eau de Parfum" is no longer sold' }],
      [{ product: 1, variant: 101 }, { variant: 'That choice of "iPhone 15" is not sold' }],
      [{ product: 6, variant: 'big' }, { variant: `That choice of "${BOOTS}" is not sold` }],
    ];
    for (const [body, errors] of cases) {
      const res = await user.post('/api/wishlist').send(body as object).expect(400);
      expect(res.body.errors, JSON.stringify(body)).toEqual(errors);
    }
    expect((await user.post('/api/wishlist').send([1]).expect(400)).body.message).toBe('Request body must be a JSON object');
    expect((await user.get('/api/wishlist').expect(200)).body).toEqual([]);
  });
});

describe('notify me', () => {
  it('subscribes to a sold-out variant once; refuses one in stock; own list and removal', async () => {
    const { c, shop } = setUp();
    const user = await shop.as('user');
    const alert: StockAlert = (await user.post('/api/stock-alerts').send({ product: 6, variant: 102 }).expect(201)).body;
    expect(alert).toEqual({ id: expect.any(Number), product: 6, variant: 102, createdAt: new Date(c.now()).toISOString() });
    expect((await user.post('/api/stock-alerts').send({ product: 6, variant: 102 }).expect(409)).body.message).toBe(`We will email you already when "${BOOTS} (Size 43)" is back in stock`);
    expect((await user.post('/api/stock-alerts').send({ product: 6, variant: 101 }).expect(409)).body.message).toBe(`"${BOOTS} (Size 42)" is in stock: you can order it now`);
    // A product without options needs no variant: its only one.
    const macbook: StockAlert = (await user.post('/api/stock-alerts').send({ product: 3 }).expect(201)).body;
    expect(macbook).toMatchObject({ product: 3, variant: expect.any(Number) });

    expect((await user.post('/api/stock-alerts').send({ product: 6 }).expect(400)).body.errors).toEqual({ variant: 'Choose a Size' });
    expect((await user.post('/api/stock-alerts').send({ product: 6, variant: 999 }).expect(400)).body.errors).toEqual({ variant: `That choice of "${BOOTS}" is not sold` });
    expect((await user.post('/api/stock-alerts').send({ product: 999, variant: 102 }).expect(400)).body.errors).toEqual({ product: 'Choose a product of the shop' });
    expect((await user.post('/api/stock-alerts').send({ product: 1, variant: 102 }).expect(400)).body.errors).toEqual({ variant: 'That choice of "iPhone 15" is not sold' });

    expect(((await user.get('/api/stock-alerts').expect(200)).body as StockAlert[]).map((a) => a.id).sort()).toEqual([alert.id, macbook.id].sort());
    const other = await shop.as('other');
    expect((await other.get('/api/stock-alerts').expect(200)).body).toEqual([]);
    await other.delete(`/api/stock-alerts/${alert.id}`).expect(404);
    await user.delete(`/api/stock-alerts/${alert.id}`).expect(204);
    await user.delete(`/api/stock-alerts/${alert.id}`).expect(404);
    expect((await user.get('/api/stock-alerts').expect(200)).body).toEqual([macbook]);
  });

  it('mails each subscriber once when an admin restocks the variant, and never again without a new subscription', async () => {
    const { shop } = setUp();
    const [user, other, admin] = [await shop.as('user'), await shop.as('other'), await shop.as('admin')];
    await user.post('/api/stock-alerts').send({ product: 6, variant: 102 }).expect(201);
    await other.post('/api/stock-alerts').send({ product: 6, variant: 102 }).expect(201);

    // A write that leaves the variant sold out mails nobody.
    expect(await mailedBy(shop, () => admin.patch('/api/products/6').send({ description: 'Waterproof leather boots.' }).expect(200))).toEqual([]);

    const mails = await mailedBy(shop, () => setVariantStock(admin, 6, 102, 5));
    expect(mails.map((m) => m.to).sort()).toEqual([ACCOUNTS.other.email, ACCOUNTS.user.email]);
    for (const mail of mails) {
      expect(mail.subject).toBe(`Back in stock: ${BOOTS} (Size 43)`);
      expect(mail.text).toContain(`Good news: ${BOOTS} (Size 43) is back in stock.`);
      expect(mail.text).toContain(`${PUBLIC_URL}/products/6?variant=102`);
      expect(mail.html).toContain(`<a href="${PUBLIC_URL}/products/6?variant=102">`);
    }
    // The subscriptions are used up.
    expect((await user.get('/api/stock-alerts').expect(200)).body).toEqual([]);
    expect((await other.get('/api/stock-alerts').expect(200)).body).toEqual([]);

    // Sold out again and restocked again: nobody asked again, nobody is mailed.
    expect(
      await mailedBy(shop, async () => {
        await setVariantStock(admin, 6, 102, 0);
        await setVariantStock(admin, 6, 102, 7);
      }),
    ).toEqual([]);
  });

  it('mails when the admin form’s stock restocks a product without options, and when a cancelled order gives the last units back', async () => {
    const { shop } = setUp();
    const [user, other, admin] = [await shop.as('user'), await shop.as('other'), await shop.as('admin')];
    await user.post('/api/stock-alerts').send({ product: 3 }).expect(201);
    const restock = await mailedBy(shop, () => admin.patch('/api/products/3').send({ stock: 4 }).expect(200));
    expect(restock.map((m) => [m.to, m.subject])).toEqual([[ACCOUNTS.user.email, 'Back in stock: MacBook Air']]);
    expect(restock[0].text).toContain(`${PUBLIC_URL}/products/3?variant=`);

    // The user buys the last two Galaxy S24; the other shopper asks to be told; the order is cancelled.
    const order = (
      await user
        .post('/api/orders')
        .send({ items: [{ product: 2, quantity: 2 }], paymentMethod: 'cash', selectedAddress: address() })
        .expect(201)
    ).body;
    expect((await shop.anon().get('/api/products/2').expect(200)).body.stock).toBe(0);
    await other.post('/api/stock-alerts').send({ product: 2 }).expect(201);
    const back = await mailedBy(shop, () => user.post(`/api/orders/${order.id}/cancel`).send({}).expect(200));
    expect(back.filter((m) => m.subject.startsWith('Back in stock')).map((m) => [m.to, m.subject])).toEqual([[ACCOUNTS.other.email, 'Back in stock: Galaxy S24']]);
    expect((await other.get('/api/stock-alerts').expect(200)).body).toEqual([]);
  });

  it('mails when a received return gives the last unit back', async () => {
    // Order 3 is the user's delivered iPhone (placed 3 January): still within its 30 days on the 10th.
    const c = clock(Date.UTC(2026, 0, 10));
    const shop = makeShop({ data: withBoots(), now: c.now, publicUrl: PUBLIC_URL });
    const [user, other, admin] = [await shop.as('user'), await shop.as('other'), await shop.as('admin')];
    await admin.patch('/api/products/1').send({ stock: 0 }).expect(200);
    await other.post('/api/stock-alerts').send({ product: 1 }).expect(201);
    await user.post('/api/orders/3/returns').send({ items: [{ line: 1, quantity: 1 }], reason: 'Too big' }).expect(201);
    expect(await mailedBy(shop, () => admin.patch('/api/orders/3/returns/1').send({ status: 'approved' }).expect(200))).not.toContainEqual(expect.objectContaining({ to: ACCOUNTS.other.email }));
    const received = await mailedBy(shop, () => admin.patch('/api/orders/3/returns/1').send({ status: 'received' }).expect(200));
    expect(received.filter((m) => m.to === ACCOUNTS.other.email).map((m) => m.subject)).toEqual(['Back in stock: iPhone 15']);
    expect((await other.get('/api/stock-alerts').expect(200)).body).toEqual([]);
  });

  it('sends the mail through SMTP with every value escaped and no header injection', async () => {
    const { c, shop } = setUp();
    const catcher: MailCatcher = await startMailCatcher();
    try {
      const admin = await shop.as('admin');
      await admin.patch('/api/products/6').send({ title: 'Boots <script>alert(1)</script> & "co"\r\nBcc: evil@evil.test' }).expect((res) => expect([200, 400]).toContain(res.status));
      await admin.patch('/api/products/6').send({ title: 'Boots <script>alert(1)</script> & "co"' }).expect(200);
      const user = await shop.as('user');
      await user.post('/api/stock-alerts').send({ product: 6, variant: 102 }).expect(201);
      await setVariantStock(admin, 6, 102, 1);
      const worker = new MailWorker(shop.store, { transport: nodemailer.createTransport(catcher.url), from: 'Shop <shop@shop.example>', now: c.now });
      await worker.drain();
      const alerts = catcher.messages.filter((m) => m.subject.startsWith('Back in stock'));
      expect(alerts).toHaveLength(1);
      const [mail] = alerts;
      expect(mail.recipients).toEqual([ACCOUNTS.user.email]);
      expect(mail.subject).toBe('Back in stock: Boots <script>alert(1)</script> & "co" (Size 43)');
      expect(mail.html).toContain('Boots &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;co&quot; (Size 43)');
      expect(mail.html).not.toContain('<script>');
      expect(mail.text).toContain(`${PUBLIC_URL}/products/6?variant=102`);
    } finally {
      await catcher.close();
    }
  });
});

describe('price drops', () => {
  it('mail once per drop of the price a shopper would pay; the same price or a rise mails nothing', async () => {
    const { shop } = setUp();
    const [user, admin] = [await shop.as('user'), await shop.as('admin')];
    await user.post('/api/wishlist').send({ product: 1 }).expect(201);

    const drop = await mailedBy(shop, () => admin.patch('/api/products/1').send({ price: 900 }).expect(200));
    expect(drop.map((m) => [m.to, m.subject])).toEqual([[ACCOUNTS.user.email, 'Price drop: iPhone 15 now $810.00']]);
    expect(drop[0].text).toContain('iPhone 15 from your wishlist is now $810.00 (it was $900.00).');
    expect(drop[0].text).toContain(`${PUBLIC_URL}/products/1`);
    expect(drop[0].html).toContain(`<a href="${PUBLIC_URL}/products/1">`);

    expect(await mailedBy(shop, () => admin.patch('/api/products/1').send({ price: 900 }).expect(200))).toEqual([]);
    expect(await mailedBy(shop, () => admin.patch('/api/products/1').send({ title: 'iPhone 15 (2026)' }).expect(200))).toEqual([]);
    expect(await mailedBy(shop, () => admin.patch('/api/products/1').send({ discountPercentage: 5 }).expect(200))).toEqual([]);
    // From $855 (the rise) to $720: a drop again.
    const further = await mailedBy(shop, () => admin.patch('/api/products/1').send({ discountPercentage: 20 }).expect(200));
    expect(further.map((m) => m.subject)).toEqual(['Price drop: iPhone 15 (2026) now $720.00']);
  });

  it('follows the saved variant’s own price, and the lowest variant price for the product as a whole', async () => {
    const { shop } = setUp();
    const [user, other, admin] = [await shop.as('user'), await shop.as('other'), await shop.as('admin')];
    await user.post('/api/wishlist').send({ product: 6, variant: 103 }).expect(201);
    await other.post('/api/wishlist').send({ product: 6 }).expect(201);

    // The product's price moves sizes 42 and 43 (90 → 72), not 44 (its own 120, less 10 %: 108).
    const mails = await mailedBy(shop, () => admin.patch('/api/products/6').send({ price: 80 }).expect(200));
    expect(mails.map((m) => [m.to, m.subject])).toEqual([[ACCOUNTS.other.email, `Price drop: ${BOOTS} now $72.00`]]);
    expect(mails[0].text).toContain(`${PUBLIC_URL}/products/6\n`);

    // Size 44's own price falls: its saver is mailed with the variant in the link.
    const p = (await admin.get('/api/products/6').expect(200)).body;
    const variants = p.variants.map((v: { id: number }) => (v.id === 103 ? { ...v, price: 110 } : v));
    const size44 = await mailedBy(shop, () => admin.patch('/api/products/6').send({ options: p.options, variants }).expect(200));
    expect(size44.map((m) => [m.to, m.subject])).toEqual([[ACCOUNTS.user.email, `Price drop: ${BOOTS} (Size 44) now $99.00`]]);
    expect(size44[0].text).toContain(`${PUBLIC_URL}/products/6?variant=103`);
  });
});

describe('alerts off', () => {
  it('is the user’s switch (PUT /users/own/alerts): no price-drop or back-in-stock mail while off', async () => {
    const { shop } = setUp();
    const [user, admin] = [await shop.as('user'), await shop.as('admin')];
    expect((await user.get('/api/users/own').expect(200)).body.alerts).toBe(true);
    expect((await user.put('/api/users/own/alerts').send({ alerts: 'no' }).expect(400)).body.errors).toEqual({ alerts: 'Alerts must be true or false' });
    await user.put('/api/users/own/alerts').send({}).expect(400);
    const off = await user.put('/api/users/own/alerts').send({ alerts: false }).expect(200);
    expect(off.body).toMatchObject({ id: ACCOUNTS.user.id, email: ACCOUNTS.user.email, alerts: false });
    expect((await user.get('/api/users/own').expect(200)).body.alerts).toBe(false);
    expect((await user.get('/api/auth/check').expect(200)).body).toMatchObject({ alerts: false });

    await user.post('/api/wishlist').send({ product: 1 }).expect(201);
    await user.post('/api/stock-alerts').send({ product: 6, variant: 102 }).expect(201);
    expect(
      await mailedBy(shop, async () => {
        await admin.patch('/api/products/1').send({ price: 900 }).expect(200);
        await setVariantStock(admin, 6, 102, 3);
      }),
    ).toEqual([]);
    // The restock has passed: the subscription is used up all the same.
    expect((await user.get('/api/stock-alerts').expect(200)).body).toEqual([]);

    // On again: the next drop (from the price seen while off) mails.
    await user.put('/api/users/own/alerts').send({ alerts: true }).expect(200);
    const drop = await mailedBy(shop, () => admin.patch('/api/products/1').send({ price: 800 }).expect(200));
    expect(drop.map((m) => m.subject)).toEqual(['Price drop: iPhone 15 now $720.00']);
  });
});
