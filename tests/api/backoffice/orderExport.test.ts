// The orders CSV (GET /api/admin/export/orders.csv) carries each order's priced figures, on both
// drivers: subtotal, discount, shipping, tax, total and the payment's status, after the columns
// it had before (kept as they were), then the payment in the words every page and mail uses. An order placed before prices were kept exports the figures
// the API derives for it: its total, no discount, shipping or tax; cash is paid once delivered.
import { parse } from 'csv-parse/sync';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '../../../src/domain/types';
import type { EmailMessage } from '../../../src/domain/mail';
import { expectNoLeaks, makeShop, orderBody, type Agent } from '../fixtures';

afterEach(expectNoLeaks);

async function download(agent: Agent, path: string) {
  const res = await agent.get(path).buffer(true).parse((r, done) => {
    let text = '';
    r.on('data', (c: Buffer) => (text += c.toString()));
    r.on('end', () => done(null, text));
  });
  expect(res.status, String(res.body)).toBe(200);
  const [header, ...rows] = parse(res.body as string) as string[][];
  return { header, rows: rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i]]))) };
}

const FIGURES = ['subtotal', 'discount', 'shipping', 'tax', 'total', 'paymentStatus', 'payment'];

describe('orders CSV: the priced figures', () => {
  it('keeps the columns it had and adds subtotal, discount, shipping, tax, total payment status and payment', async () => {
    const admin = await makeShop().as('admin');
    const { header } = await download(admin, '/api/admin/export/orders.csv');
    expect(header.slice(0, 16)).toEqual(['id', 'createdAt', 'user', 'status', 'paymentMethod', 'totalItems', 'totalAmount', 'items', 'name', 'email', 'phoneNumber', 'street', 'city', 'state', 'pincode', 'country']);
    expect(header.slice(16)).toEqual([...FIGURES, 'membership']);
  });

  it('an older order: its stored total as subtotal and total, no discount, shipping or tax; cash pending until delivered', async () => {
    const admin = await makeShop().as('admin');
    const { rows } = await download(admin, '/api/admin/export/orders.csv?_sort=id&_order=asc');
    const pick = (id: string) => {
      const row = rows.find((r) => r.id === id)!;
      return [row.status, ...FIGURES.map((f) => row[f])];
    };
    // Fixture orders: #1 pending $100, #3 delivered $300 (both cash).
    expect(pick('1')).toEqual(['pending', '100', '0', '0', '0', '100', 'pending', 'Cash on delivery — Not paid yet']);
    expect(pick('3')).toEqual(['delivered', '300', '0', '0', '0', '300', 'paid', 'Cash on delivery — Paid']);
  });

  it('a placed order: the figures its answer carries, to the cent, the total equal to totalAmount', async () => {
    const shop = makeShop();
    const user = await shop.as('user');
    const order: Order = (await user.post('/api/orders').send(orderBody([{ product: 1, quantity: 2 }], { paymentMethod: 'cash' })).expect(201)).body;
    const admin = await shop.as('admin');
    const { rows } = await download(admin, `/api/admin/export/orders.csv?_sort=id&_order=desc`);
    const row = rows.find((r) => r.id === String(order.id))!;
    const totals = order.totals ?? { subtotal: order.totalAmount, discount: 0, shipping: 0, tax: 0, total: order.totalAmount };
    expect(FIGURES.map((f) => row[f])).toEqual([...[totals.subtotal, totals.discount, totals.shipping, totals.tax, totals.total].map(String), order.payment?.status ?? 'pending', 'Cash on delivery — Not paid yet']);
    expect(row.total).toBe(row.totalAmount);
    expect(Number(row.subtotal) - Number(row.discount) + Number(row.shipping) + Number(row.tax)).toBeCloseTo(Number(row.total), 10);
  });

  it('a card order captured then cancelled is refunded in full: the CSV and the cancellation mail say Refunded, never Paid', async () => {
    const shop = makeShop();
    const user = await shop.as('user');
    const order: Order = (await user.post('/api/orders').send(orderBody([{ product: 1, quantity: 1 }], { paymentMethod: 'card' })).expect(201)).body;
    const admin = await shop.as('admin');
    await admin.patch(`/api/orders/${order.id}`).send({ status: 'dispatched' }).expect(200);
    const cancelled: Order = (await admin.patch(`/api/orders/${order.id}`).send({ status: 'cancelled' }).expect(200)).body;
    expect(cancelled.payment).toMatchObject({ status: 'refunded', refunded: cancelled.totals!.total });
    const { rows } = await download(admin, '/api/admin/export/orders.csv');
    const row = rows.find((r) => r.id === String(order.id))!;
    expect([row.paymentStatus, row.payment]).toEqual(['refunded', 'Card •••• 4242 (Visa) — Refunded']);
    const mails = (await admin.get('/api/admin/emails').expect(200)).body as EmailMessage[];
    const mail = mails.find((m) => m.subject === `Order #${order.id} has been cancelled`)!;
    expect(mail.text).toContain('Payment: Card •••• 4242 (Visa) — Refunded\n');
    expect(mail.html).toContain('Payment: Card •••• 4242 (Visa) — Refunded<');
    expect(`${mail.text}${mail.html}`).not.toContain('Paid');
  });
});
