// Order mail, on both drivers, read from a real SMTP server in process
// (tests/api/mailCatcher.ts): the confirmation goes in the outbox with the placed order, a status
// mail with the change to shipped, delivered or cancelled; a retry or a refused order mails nothing.
import nodemailer from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import { MailWorker } from '../../../server/modules/mail/worker';
import type { Order } from '../../../src/domain/types';
import type { EmailMessage } from '../../../src/domain/mail';
import { ACCOUNTS, address, clock, expectNoLeaks, makeShop, orderBody, type TestShop } from '../fixtures';
import type { CaughtMail } from '../mailCatcher';
import { catchMailInThisFile } from './catchMail';

afterEach(expectNoLeaks);

const catcher = catchMailInThisFile();

const PUBLIC_URL = 'https://shop.example/store';

function setUp() {
  const c = clock();
  const shop = makeShop({ now: c.now, publicUrl: PUBLIC_URL });
  const worker = new MailWorker(shop.store, { transport: nodemailer.createTransport(catcher.url), from: 'Shop <shop@shop.example>', now: c.now });
  /** Delivers the outbox; what arrived. */
  const deliver = async (): Promise<CaughtMail[]> => {
    const before = catcher.messages.length;
    await worker.drain();
    return catcher.messages.slice(before);
  };
  return { c, shop, deliver };
}

const outbox = async (shop: TestShop) => (await (await shop.as('admin')).get('/api/admin/emails').expect(200)).body as EmailMessage[];

describe('order confirmation', () => {
  it('mails the account: the order number, lines, total, address, payment and an absolute link', async () => {
    const { shop, deliver } = setUp();
    const user = await shop.as('user');
    const order: Order = (
      await user
        .post('/api/orders')
        .send(orderBody([{ product: 1, quantity: 2 }, { product: 2, quantity: 1 }], { paymentMethod: 'cash' }))
        .expect(201)
    ).body;
    expect(order.totalAmount).toBe(2500);

    const [mail, ...more] = await deliver();
    expect(more).toEqual([]);
    expect(mail.recipients).toEqual([ACCOUNTS.user.email]);
    expect(mail.to).toEqual([ACCOUNTS.user.email]);
    expect(mail.subject).toBe(`Order #${order.id} confirmed`);
    expect(mail.text).toContain(`Thank you for your order #${order.id}.`);
    expect(mail.text).toContain('2 × iPhone 15  $900.00 each  $1,800.00');
    expect(mail.text).toContain('1 × Galaxy S24  $700.00 each  $700.00');
    // The fixture's countries have no shipping method or tax rate: free shipping, no tax.
    expect(mail.text).toContain(['Items: 3', 'Subtotal: $2,500.00', 'Shipping (Free shipping): Free', 'Tax (0%): $0.00', 'Total: $2,500.00', 'Payment: Cash on delivery — Not paid yet'].join('\n'));
    expect(mail.text).toContain(['Delivery address:', 'Asha Rao', '12 MG Road', 'Bengaluru, Karnataka 560001', 'India'].join('\n'));
    expect(mail.text).toContain(`Your orders: ${PUBLIC_URL}/orders`);
    expect(mail.html).toContain(`<strong>$2,500.00</strong>`);
    expect(mail.html).toContain(`<a href="${PUBLIC_URL}/orders">See your orders</a>`);

    const [stored] = await outbox(shop);
    expect(stored).toMatchObject({ to: ACCOUNTS.user.email, subject: `Order #${order.id} confirmed`, status: 'sent', attempts: 1 });
  });

  it('escapes every value in the HTML and keeps CR LF out of the headers and lines', async () => {
    const { shop, deliver } = setUp();
    await (await shop.as('admin')).patch('/api/products/5').send({ title: 'Tab <script>alert(1)</script> & "co"' }).expect(200);
    const name = '<script>alert(2)</script>\r\nBcc: evil@evil.test';
    const user = await shop.as('user');
    await user
      .post('/api/orders')
      .send(orderBody([{ product: 5, quantity: 1 }], { selectedAddress: address({ name, street: '<img src=x onerror=alert(3)>' }) }))
      .expect(201);

    const [mail] = await deliver();
    expect(mail.recipients).toEqual([ACCOUNTS.user.email]);
    expect(mail.headerLines.filter((h) => /^(bcc|cc|to):/i.test(h))).toEqual([`To: ${ACCOUNTS.user.email}`]);
    expect(mail.html).not.toMatch(/<script|<img/i);
    expect(mail.html).toContain('Tab &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;co&quot;');
    expect(mail.html).toContain('&lt;script&gt;alert(2)&lt;/script&gt; Bcc: evil@evil.test');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(3)&gt;');
    expect(mail.text).toContain('\n<script>alert(2)</script> Bcc: evil@evil.test\n');
    expect(mail.text).toContain('1 × Tab <script>alert(1)</script> & "co"');
  });

  it('a retry with the same Idempotency-Key mails nothing more', async () => {
    const { shop, deliver } = setUp();
    const user = await shop.as('user');
    const body = orderBody([{ product: 1, quantity: 1 }]);
    const first = (await user.post('/api/orders').set('Idempotency-Key', 'k-1').send(body).expect(201)).body as Order;
    const again = (await user.post('/api/orders').set('Idempotency-Key', 'k-1').send(body).expect(200)).body as Order;
    expect(again.id).toBe(first.id);
    expect((await outbox(shop)).map((m) => m.subject)).toEqual([`Order #${first.id} confirmed`]);
    expect((await deliver()).map((m) => m.subject)).toEqual([`Order #${first.id} confirmed`]);
  });

  it('an order refused for stock (409) mails nothing', async () => {
    const { shop, deliver } = setUp();
    const user = await shop.as('user');
    await user.post('/api/orders').send(orderBody([{ product: 1, quantity: 1 }, { product: 2, quantity: 3 }])).expect(409);
    await user.post('/api/orders').send(orderBody([{ product: 3, quantity: 1 }])).expect(409);
    expect(await outbox(shop)).toEqual([]);
    expect(await deliver()).toEqual([]);
  });
});

describe('order status mail', () => {
  it('mails the owner when an admin ships, delivers or cancels, once per change', async () => {
    const { shop, deliver } = setUp();
    const admin = await shop.as('admin');
    // Order 1 (user 2) is pending, order 2 (user 3) dispatched in the fixture.
    await admin.patch('/api/orders/1').send({ status: 'dispatched' }).expect(200);
    await admin.patch('/api/orders/1').send({ status: 'dispatched' }).expect(200);
    await admin.patch('/api/orders/1').send({ status: 'delivered' }).expect(200);
    await admin.patch('/api/orders/2').send({ status: 'cancelled' }).expect(200);
    await admin.patch('/api/orders/2').send({ status: 'pending' }).expect(200);

    const mails = await deliver();
    expect(mails.map((m) => [m.recipients, m.subject])).toEqual([
      [[ACCOUNTS.user.email], 'Order #1 has been shipped'],
      [[ACCOUNTS.user.email], 'Order #1 has been delivered'],
      [[ACCOUNTS.other.email], 'Order #2 has been cancelled'],
    ]);
    expect(mails[0].text).toContain('Your order #1 has been shipped.');
    expect(mails[0].text).toContain('Total: $100.00');
    expect(mails[0].html).toContain(`<a href="${PUBLIC_URL}/orders">See your orders</a>`);
  });

  it('the bulk change mails each changed order; a refused one mails nothing', async () => {
    const { shop, deliver } = setUp();
    const admin = await shop.as('admin');
    // Orders 5 and 9 are pending; 4 is cancelled, and leaving cancelled takes its Galaxy S24 again: none left.
    await shop.update((d) => {
      d.products[1].stock = 0;
    });
    const res = await admin.patch('/api/orders').send({ ids: [5, 9, 4], status: 'dispatched' }).expect(200);
    expect(res.body.map((r: { status: number }) => r.status)).toEqual([200, 200, 409]);
    expect((await deliver()).map((m) => m.subject)).toEqual(['Order #5 has been shipped', 'Order #9 has been shipped']);
  });

  it('the shopper cancelling a pending order gets the cancellation mail', async () => {
    const { shop, deliver } = setUp();
    const other = await shop.as('other');
    const placed = (await other.post('/api/orders').send(orderBody([{ product: 1, quantity: 1 }])).expect(201)).body as Order;
    await other.post(`/api/orders/${placed.id}/cancel`).send({}).expect(200);
    await other.post(`/api/orders/${placed.id}/cancel`).send({}).expect(409);
    const mails = await deliver();
    expect(mails.map((m) => [m.recipients, m.subject])).toEqual([
      [[ACCOUNTS.other.email], `Order #${placed.id} confirmed`],
      [[ACCOUNTS.other.email], `Order #${placed.id} has been cancelled`],
    ]);
  });
});
