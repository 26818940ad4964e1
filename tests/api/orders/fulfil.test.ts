// The back office finding and dispatching orders: the search over customers and lines, tracking
// given with dispatched (answered with its carrier's link, mailed to the shopper).
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '../../../src/domain/types';
import type { EmailMessage } from '../../../src/domain/mail';
import { expectNoLeaks, makeData, makeShop, orderBody } from '../fixtures';

afterEach(expectNoLeaks);

const ids = (body: Order[]) => body.map((o) => o.id);

/** The fixtures with a named customer (user 2 is "Priya Sharma") whose last order holds product 5. */
function data() {
  const d = makeData();
  d.users[1] = { ...d.users[1], name: 'Priya Sharma' };
  const last = d.orders[11];
  d.orders[11] = { ...last, items: [{ ...last.items[0], product: d.products[4], variant: { id: 5, sku: 'TAB-S9-GRY', options: {}, price: 240 } }] };
  return d;
}

describe('GET /api/orders?q= (admin)', () => {
  it("finds by the customer's first name, email, a line's title or SKU, in any case, paged with its total", async () => {
    const a = await makeShop({ data: data() }).as('admin');
    // User 2 placed the odd-numbered fixtures' orders (ids 1, 3, … 11).
    const priya = await a.get('/api/orders?q=priya&_page=1&_per_page=4').expect(200);
    expect(ids(priya.body)).toEqual([11, 9, 7, 5]);
    expect(priya.headers['x-total-count']).toBe('6');
    expect(ids((await a.get('/api/orders?q=OTHER@shop').expect(200)).body)).toEqual([12, 10, 8, 6, 4, 2]);
    expect(ids((await a.get('/api/orders?q=galaxy tab').expect(200)).body)).toEqual([12]);
    expect(ids((await a.get('/api/orders?q=tab-s9').expect(200)).body)).toEqual([12]);
    // Product 2's title is on the even ones, and 12's line is product 5 now.
    const galaxy = await a.get('/api/orders?q=Galaxy S24&_per_page=2').expect(200);
    expect(ids(galaxy.body)).toEqual([10, 8]);
    expect(galaxy.headers['x-total-count']).toBe('5');
    expect(ids((await a.get('/api/orders?q=%237').expect(200)).body)).toEqual([7]);
    expect((await a.get('/api/orders?q=nobody').expect(200)).headers['x-total-count']).toBe('0');
  });
});

describe('PATCH /api/orders/:id with tracking (admin)', () => {
  it('stores the trimmed carrier and number, answers a link for a known carrier, null for another', async () => {
    const shop = makeShop();
    const a = await shop.as('admin');
    expect((await a.get('/api/orders/1').expect(200)).body.tracking).toBeNull();
    const res = await a.patch('/api/orders/1').send({ status: 'dispatched', tracking: { carrier: ' UPS ', number: ' 1Z999AA10123456784 ' } }).expect(200);
    expect(res.body.tracking).toEqual({ carrier: 'UPS', number: '1Z999AA10123456784', url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' });
    // The shopper sees it on their order.
    expect((await (await shop.as('user')).get('/api/orders/1').expect(200)).body.tracking).toEqual(res.body.tracking);
    const other = await a.patch('/api/orders/3').send({ status: 'dispatched', tracking: { carrier: 'Courier Co', number: 'AB-1' } }).expect(200);
    expect(other.body.tracking).toEqual({ carrier: 'Courier Co', number: 'AB-1', url: null });
    // Dispatched without tracking: none.
    expect((await a.patch('/api/orders/5').send({ status: 'dispatched' }).expect(200)).body.tracking).toBeNull();
  });

  it('400 with the field for too long a number or carrier, or tracking with another status; nothing changed', async () => {
    const shop = makeShop();
    const a = await shop.as('admin');
    const before = structuredClone((await shop.state()).orders[0]);
    const long = await a.patch('/api/orders/1').send({ status: 'dispatched', tracking: { carrier: 'x'.repeat(51), number: '1'.repeat(101) } }).expect(400);
    expect(long.body.errors).toEqual({ 'tracking.carrier': 'Carrier must be at most 50 characters', 'tracking.number': 'Tracking number must be at most 100 characters' });
    const other = await a.patch('/api/orders/1').send({ status: 'delivered', tracking: { number: '1' } }).expect(400);
    expect(other.body.errors).toEqual({ tracking: 'Tracking is given with the status dispatched' });
    expect((await shop.state()).orders[0]).toEqual(before);
    // The limits themselves are fine.
    await a.patch('/api/orders/1').send({ status: 'dispatched', tracking: { carrier: 'x'.repeat(50), number: '1'.repeat(100) } }).expect(200);
  });

  it('the dispatch mail names the carrier, the number and the tracking link', async () => {
    const shop = makeShop();
    const order = (await (await shop.as('user')).post('/api/orders').send(orderBody([{ product: 1, quantity: 1 }])).expect(201)).body as Order;
    const a = await shop.as('admin');
    await a.patch(`/api/orders/${order.id}`).send({ status: 'dispatched', tracking: { carrier: 'FedEx', number: '7946 1234' } }).expect(200);
    const mails = (await a.get('/api/admin/emails').expect(200)).body as EmailMessage[];
    const shipped = mails.filter((m) => m.subject === `Order #${order.id} has been shipped`);
    expect(shipped).toHaveLength(1);
    expect(shipped[0].text).toContain('Shipped with FedEx, tracking number 7946 1234.');
    expect(shipped[0].text).toContain('https://www.fedex.com/fedextrack/?trknbr=7946%201234');
  });
});
