// Returns and refunds: the shopper returns units of a delivered order, the admin approves (the refund
// is fixed then), receives (stock back unless damaged) and refunds (a card through the payment
// provider); every step in the return's history, the audit log and a mail; bad input; and refunds
// that never exceed what was paid.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SEED_FILE } from '../../../server/app';
import type { DbSchema } from '../../../server/db/snapshot';
import { datedSeed, type SeedFile } from '../../../server/db/seedDates';
import { returnableUnits } from '../../../src/domain/returns';
import { formatMoney, percentOf, toCents } from '../../../src/domain/checkout';
import type { AuditEntry, Order, OrderReturn, ShopStats } from '../../../src/domain/types';
import type { EmailMessage } from '../../../src/domain/mail';
import { TestPaymentProvider } from '../../../server/modules/payments/testProvider';
import { refundCents } from '../../../server/modules/returns/service';
import { address, clock, expectNoLeaks, makeShop, TEST_CARD, type ShopOptions, type TestShop } from '../fixtures';
import { priceData } from '../priceData';
import { orderCsvRow } from '../backoffice/csvDownload';

afterEach(expectNoLeaks);

const DAY = 24 * 60 * 60 * 1000;

function shopWith(options: ShopOptions = {}) {
  const c = clock(Date.UTC(2026, 5, 1, 12));
  const payments = new TestPaymentProvider();
  const shop = makeShop({ data: priceData(), now: c.now, payments, ...options });
  return { shop, c, payments };
}

/** The shopper (user 2) orders to India (18 % tax) with SAVE10 and FIVE: 2 iPhones ($900) and 1 Galaxy Tab ($240). */
async function placeOrder(shop: TestShop, extra: Record<string, unknown> = {}): Promise<Order> {
  const user = await shop.as('user');
  const res = await user
    .post('/api/orders')
    .send({
      items: [
        { product: 1, quantity: 2 },
        { product: 5, quantity: 1 },
      ],
      selectedAddress: address(),
      paymentMethod: 'card',
      card: TEST_CARD,
      codes: ['SAVE10', 'FIVE'],
      shippingMethod: 2,
      ...extra,
    })
    .expect(201);
  return res.body;
}

async function deliver(shop: TestShop, id: number): Promise<Order> {
  const admin = await shop.as('admin');
  await admin.patch(`/api/orders/${id}`).send({ status: 'dispatched' }).expect(200);
  return (await admin.patch(`/api/orders/${id}`).send({ status: 'delivered' }).expect(200)).body;
}

const outbox = async (shop: TestShop) => (await (await shop.as('admin')).get('/api/admin/emails?_limit=100').expect(200)).body as EmailMessage[];
const variantStock = async (shop: TestShop, product: number) => (await shop.anon().get(`/api/products/${product}`).expect(200)).body.variants[0].stock as number;

/** The refund of `units` of each line by hand: line total × units / quantity, plus tax, rounded once. */
function byHand(order: Order, units: Record<number, number>): number {
  // In hundredths of a cent, exact for these figures, then tax, then to the cent half-up.
  let goods = 0;
  for (const item of order.items) if (units[item.id]) goods += (toCents(item.total!) * units[item.id]) / item.quantity;
  return Math.round(goods + (goods * order.tax!.rate) / 100) / 100;
}

describe('a return, from the shopper asking to the refund', () => {
  it('requested -> approved (refund fixed) -> received (stock back but damaged) -> refunded to the card; history, audit, mail', async () => {
    const { shop, c, payments } = shopWith();
    const placed = await placeOrder(shop);
    const delivered = await deliver(shop, placed.id);
    expect(delivered.returns).toEqual([]);
    expect(delivered.refunded).toBe(0);
    expect(delivered.payment!.status).toBe('paid');
    const [phones, tab] = delivered.items;
    expect(phones.quantity).toBe(2);
    const stockBefore = { phone: await variantStock(shop, 1), tab: await variantStock(shop, 5) };

    c.advance(3 * DAY);
    const user = await shop.as('user');
    const asked = await user
      .post(`/api/orders/${placed.id}/returns`)
      .send({ items: [{ line: phones.id, quantity: 1 }, { line: tab.id, quantity: 1 }], reason: '  Screen scratched <b>on arrival</b>  ' })
      .expect(201);
    const requested: OrderReturn = asked.body.returns[0];
    expect(requested).toEqual({
      id: 1,
      status: 'requested',
      items: [{ line: phones.id, quantity: 1 }, { line: tab.id, quantity: 1 }],
      reason: 'Screen scratched <b>on arrival</b>',
      createdAt: new Date(c.now()).toISOString(),
      refund: null,
      history: [{ status: 'requested', at: new Date(c.now()).toISOString(), by: 'shopper' }],
    });
    // Every order answer carries it: the owner's list and the admin's order and list.
    expect((await user.get('/api/orders/own').expect(200)).body[0].returns).toEqual([requested]);
    const admin = await shop.as('admin');
    expect((await admin.get(`/api/orders/${placed.id}`).expect(200)).body.returns).toEqual([requested]);
    expect((await admin.get('/api/orders').expect(200)).body.find((o: Order) => o.id === placed.id).returns).toEqual([requested]);

    c.advance(DAY);
    const approved = (await admin.patch(`/api/orders/${placed.id}/returns/1`).send({ status: 'approved' }).expect(200)).body as Order;
    const expected = byHand(delivered, { [phones.id]: 1, [tab.id]: 1 });
    expect(approved.returns![0].refund).toEqual({ amount: expected, method: 'card' });
    expect(approved.returns![0].status).toBe('approved');
    expect(approved.refunded).toBe(0);
    expect(await variantStock(shop, 1)).toBe(stockBefore.phone);

    c.advance(DAY);
    const received = (await admin.patch(`/api/orders/${placed.id}/returns/1`).send({ status: 'received', damaged: [tab.id] }).expect(200)).body as Order;
    expect(received.returns![0].status).toBe('received');
    expect(await variantStock(shop, 1)).toBe(stockBefore.phone + 1);
    expect(await variantStock(shop, 5)).toBe(stockBefore.tab); // damaged: not back on the shelf

    // The dashboard's revenue is what the order was charged until the refund, then net of it (on the order's day).
    const revenue = async () => ((await admin.get('/api/admin/stats?days=30').expect(200)).body as ShopStats).revenue.last30;
    expect(await revenue()).toBe(delivered.totals!.total);
    c.advance(DAY);
    const refunded = (await admin.patch(`/api/orders/${placed.id}/returns/1`).send({ status: 'refunded' }).expect(200)).body as Order;
    expect(await revenue()).toBe((toCents(delivered.totals!.total) - toCents(expected)) / 100);
    expect(refunded.returns![0].status).toBe('refunded');
    expect(refunded.refunded).toBe(expected);
    // Part of the order refunded: its payment is partially refunded; the provider gave back exactly that.
    expect(refunded.payment).toMatchObject({ status: 'partially_refunded', refunded: expected });
    const [payment] = (await payments.all());
    expect(payment.refunded).toBe(toCents(expected));
    // The charged figures are unchanged.
    expect(refunded.totals).toEqual(delivered.totals);
    expect(refunded.returns![0].history.map((e) => [e.status, e.by])).toEqual([
      ['requested', 'shopper'],
      ['approved', 'admin'],
      ['received', 'admin'],
      ['refunded', 'admin'],
    ]);

    const mail = await outbox(shop);
    const about = mail.filter((m) => m.subject.startsWith('Your return'));
    expect(about.map((m) => m.subject).reverse()).toEqual(
      ['requested', 'approved', 'received', 'refunded'].map((s) => `Your return for order #${placed.id} is ${s}`),
    );
    expect(about.every((m) => m.to === 'user@shop.test')).toBe(true);
    const [last] = about;
    expect(last.text).toContain(`Refund: ${formatMoney(expected)} to your card`);
    // The payment in the words of every page: what was given back of what was paid, in the mail and the CSV.
    const partly = `Card •••• 4242 (Visa) — Refunded ${formatMoney(expected)} of ${formatMoney(delivered.totals!.total)}`;
    expect(last.text).toContain(`Payment: ${partly}`);
    expect(last.html).toContain(`Payment: ${partly}`);
    expect(about.slice(1).every((m) => !m.text.includes('Payment:'))).toBe(true);
    expect((await orderCsvRow(admin, placed.id)).payment).toBe(partly);
    expect(last.text).toContain(`/orders/${placed.id}`);
    expect(last.html).toContain('Screen scratched &lt;b&gt;on arrival&lt;/b&gt;');
    expect(last.html).not.toContain('<b>on arrival');

    const audit = (await admin.get('/api/admin/audit?entity=order').expect(200)).body as AuditEntry[];
    const steps = audit.filter((e) => e.action === 'order.return').reverse();
    expect(steps.map((e) => [e.actor.email, e.actor.role, e.entityId, e.before, e.after])).toEqual([
      ['user@shop.test', 'user', String(placed.id), null, { return: 1, status: 'requested', items: requested.items, reason: requested.reason }],
      ['admin@shop.test', 'admin', String(placed.id), { return: 1, status: 'requested' }, { return: 1, status: 'approved', refund: expected }],
      ['admin@shop.test', 'admin', String(placed.id), { return: 1, status: 'approved' }, { return: 1, status: 'received', refund: expected, damaged: [tab.id] }],
      ['admin@shop.test', 'admin', String(placed.id), { return: 1, status: 'received' }, { return: 1, status: 'refunded', refund: expected }],
    ]);
  });

  it('a rejected return frees its units; a cash order is refunded in cash without the provider', async () => {
    const { shop, payments } = shopWith();
    const placed = await placeOrder(shop, { paymentMethod: 'cash', card: undefined });
    await deliver(shop, placed.id);
    const user = await shop.as('user');
    const admin = await shop.as('admin');
    const line = placed.items[1].id;
    await user.post(`/api/orders/${placed.id}/returns`).send({ items: [{ line, quantity: 1 }], reason: 'Changed my mind' }).expect(201);
    const rejected = (await admin.patch(`/api/orders/${placed.id}/returns/1`).send({ status: 'rejected' }).expect(200)).body as Order;
    expect(rejected.returns![0]).toMatchObject({ status: 'rejected', refund: null });
    // Rejected: the same units may be asked for again.
    const again = (await user.post(`/api/orders/${placed.id}/returns`).send({ items: [{ line, quantity: 1 }], reason: 'It does not fit' }).expect(201)).body as Order;
    expect(again.returns!.map((r) => [r.id, r.status])).toEqual([[1, 'rejected'], [2, 'requested']]);
    const stock = await variantStock(shop, 5);
    await admin.patch(`/api/orders/${placed.id}/returns/2`).send({ status: 'approved' }).expect(200);
    await admin.patch(`/api/orders/${placed.id}/returns/2`).send({ status: 'received' }).expect(200);
    expect(await variantStock(shop, 5)).toBe(stock + 1);
    const done = (await admin.patch(`/api/orders/${placed.id}/returns/2`).send({ status: 'refunded' }).expect(200)).body as Order;
    expect(done.returns![1].refund).toEqual({ amount: byHand(placed, { [line]: 1 }), method: 'cash' });
    expect(done.refunded).toBe(byHand(placed, { [line]: 1 }));
    expect(done.payment).toEqual({ method: 'cash', status: 'partially_refunded', refunded: byHand(placed, { [line]: 1 }) });
    expect((await payments.all())).toEqual([]);
  });

  it("an order with a return under way keeps its status (409, nothing changed); once the return is rejected it may change", async () => {
    const { shop, payments } = shopWith();
    const placed = await placeOrder(shop);
    await deliver(shop, placed.id);
    const user = await shop.as('user');
    const admin = await shop.as('admin');
    await user.post(`/api/orders/${placed.id}/returns`).send({ items: [{ line: placed.items[0].id, quantity: 1 }], reason: 'Too big' }).expect(201);
    const before = (await admin.get(`/api/orders/${placed.id}`).expect(200)).body as Order;
    const charged = (await payments.all());
    for (const status of ['cancelled', 'pending', 'dispatched']) {
      const res = await admin.patch(`/api/orders/${placed.id}`).send({ status }).expect(409);
      expect(res.body.message).toBe(`Order #${placed.id} has a return (requested), so its status cannot change`);
    }
    // Nothing changed: the order, its stock and the card's money.
    expect((await admin.get(`/api/orders/${placed.id}`).expect(200)).body).toEqual(before);
    expect((await payments.all())).toEqual(charged);
    await admin.patch(`/api/orders/${placed.id}/returns/1`).send({ status: 'rejected' }).expect(200);
    expect((await admin.patch(`/api/orders/${placed.id}`).send({ status: 'cancelled' }).expect(200)).body.status).toBe('cancelled');
  });

  it('a card refund the provider refuses is 502 and the return stays received', async () => {
    class Refusing extends TestPaymentProvider {
      override async refund(): Promise<void> {
        throw new Error('provider down');
      }
    }
    const { shop } = shopWith({ payments: new Refusing() });
    const placed = await placeOrder(shop);
    await deliver(shop, placed.id);
    await (await shop.as('user')).post(`/api/orders/${placed.id}/returns`).send({ items: [{ line: placed.items[0].id, quantity: 2 }], reason: 'Broken' }).expect(201);
    const admin = await shop.as('admin');
    await admin.patch(`/api/orders/${placed.id}/returns/1`).send({ status: 'approved' }).expect(200);
    await admin.patch(`/api/orders/${placed.id}/returns/1`).send({ status: 'received' }).expect(200);
    const mails = (await outbox(shop)).length;
    const res = await admin.patch(`/api/orders/${placed.id}/returns/1`).send({ status: 'refunded' }).expect(502);
    expect(res.body.message).toMatch(/could not be made/);
    const order = (await admin.get(`/api/orders/${placed.id}`).expect(200)).body as Order;
    expect(order.returns![0].status).toBe('received');
    expect(order.refunded).toBe(0);
    expect((await outbox(shop)).length).toBe(mails);
  });
});

describe('refunds never exceed what was paid', () => {
  it('returns covering every unit refund the whole total (shipping and its tax with the last), and the payment becomes refunded', async () => {
    const { shop, payments } = shopWith();
    const placed = await placeOrder(shop);
    expect(placed.totals!.shipping).toBeGreaterThan(0);
    await deliver(shop, placed.id);
    const user = await shop.as('user');
    const admin = await shop.as('admin');
    const [phones, tab] = placed.items;
    // Three returns: one phone, then the other phone, then the tab (which completes the order).
    const parts = [
      [{ line: phones.id, quantity: 1 }],
      [{ line: phones.id, quantity: 1 }],
      [{ line: tab.id, quantity: 1 }],
    ];
    let order = placed;
    for (const [i, items] of parts.entries()) {
      await user.post(`/api/orders/${placed.id}/returns`).send({ items, reason: `Part ${i + 1}` }).expect(201);
      for (const status of ['approved', 'received', 'refunded']) {
        order = (await admin.patch(`/api/orders/${placed.id}/returns/${i + 1}`).send({ status }).expect(200)).body;
      }
    }
    const amounts = order.returns!.map((r) => toCents(r.refund!.amount));
    const total = toCents(placed.totals!.total);
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(total);
    // The first two are a phone's share with tax each; the last holds the rest: the tab, shipping and their tax.
    expect(amounts[0]).toBe(toCents(byHand(placed, { [phones.id]: 1 })));
    const shipping = toCents(placed.totals!.shipping);
    const tabWithShipping = toCents(tab.total!) + shipping;
    expect(Math.abs(amounts[2] - (tabWithShipping + percentOf(tabWithShipping, placed.tax!.rate)))).toBeLessThanOrEqual(2);
    expect(order.refunded).toBe(placed.totals!.total);
    expect(order.payment!.status).toBe('refunded');
    expect((await payments.all())[0].refunded).toBe(total);
    // Refunded in whole: the last refund's mail and the CSV say so, never "Paid".
    const [lastMail] = (await outbox(shop)).filter((m) => m.subject === `Your return for order #${placed.id} is refunded`);
    expect(lastMail.text).toContain('Payment: Card •••• 4242 (Visa) — Refunded\n');
    expect(await orderCsvRow(admin, placed.id)).toMatchObject({ paymentStatus: 'refunded', payment: 'Card •••• 4242 (Visa) — Refunded' });
    // Nothing is left to return.
    const res = await user.post(`/api/orders/${placed.id}/returns`).send({ items: [{ line: tab.id, quantity: 1 }], reason: 'Again' }).expect(409);
    expect(res.body.message).toMatch(/already in a return/);
  });

  it('one-unit returns of a line of three, approved in any order, add up to the total exactly', async () => {
    const { shop } = shopWith();
    // Three phones: each unit's share of a line is a third of it (rounded per return).
    const placed = await placeOrder(shop, { items: [{ product: 1, quantity: 3 }], codes: ['FIVE'] });
    await deliver(shop, placed.id);
    const user = await shop.as('user');
    const admin = await shop.as('admin');
    const line = placed.items[0].id;
    for (let i = 1; i <= 3; i++) {
      await user.post(`/api/orders/${placed.id}/returns`).send({ items: [{ line, quantity: 1 }], reason: 'x' }).expect(201);
    }
    let order = placed;
    for (const id of [3, 1, 2]) order = (await admin.patch(`/api/orders/${placed.id}/returns/${id}`).send({ status: 'approved' }).expect(200)).body;
    const sum = order.returns!.reduce((s, r) => s + toCents(r.refund!.amount), 0);
    expect(sum).toBe(toCents(placed.totals!.total));
    for (const r of order.returns!) expect(toCents(r.refund!.amount)).toBeLessThanOrEqual(toCents(placed.totals!.total));
  });
});

describe('refundCents', () => {
  const order = (total: number, returns: OrderReturn[] = []): Order =>
    ({
      id: 1,
      user: 2,
      items: [
        { id: 1, quantity: 3, unitPrice: 10, discount: 0, total: 30 },
        { id: 2, quantity: 1, unitPrice: 10, discount: 0, total: 10 },
      ],
      totalAmount: total,
      totalItems: 4,
      paymentMethod: 'cash',
      status: 'delivered',
      tax: { rate: 14.975, amount: 0 },
      totals: { subtotal: 40, discount: 0, shipping: 0, tax: 0, total },
      returns,
    }) as unknown as Order;
  const approved = (id: number, line: number, quantity: number, amount: number): OrderReturn => ({
    id,
    status: 'approved',
    items: [{ line, quantity }],
    reason: 'x',
    createdAt: '2026-06-01T00:00:00.000Z',
    refund: { amount, method: 'cash' },
    history: [],
  });

  it('a unit is its share of the line plus tax, rounded half-up once per return', () => {
    // 1000 × 1.14975 = 1149.75 → 1150; two units: 2299.5 → 2300 (not 2 × 1150 rounded apart).
    expect(refundCents(order(100), { id: 1, items: [{ line: 1, quantity: 1 }] }, [])).toBe(1150);
    expect(refundCents(order(100), { id: 1, items: [{ line: 1, quantity: 2 }] }, [])).toBe(2300);
  });

  it('never more than what is left of the total, and all of it with the last units', () => {
    // A total below the lines' (inconsistent data): clamped to it.
    expect(refundCents(order(5), { id: 1, items: [{ line: 2, quantity: 1 }] }, [])).toBe(500);
    // Others hold 40.00 of 45.99: this one, though worth more, gets what is left.
    expect(refundCents(order(45.99, [approved(1, 1, 3, 40)]), { id: 2, items: [{ line: 2, quantity: 1 }] }, [approved(1, 1, 3, 40)])).toBe(599);
    expect(refundCents(order(50, [approved(1, 1, 3, 60)]), { id: 2, items: [{ line: 2, quantity: 1 }] }, [approved(1, 1, 3, 60)])).toBe(0);
  });

  it('an order that bought membership: the whole order returned gives back its goods, not the fee (the membership stays)', () => {
    const member = (returns: OrderReturn[] = []) => {
      const o = order(95.99, returns);
      return { ...o, membershipFee: 49, totals: { ...o.totals!, membership: 49 } } as Order;
    };
    // Every unit at once: the total less the fee.
    expect(refundCents(member(), { id: 1, items: [{ line: 1, quantity: 3 }, { line: 2, quantity: 1 }] }, [])).toBe(4699);
    // The last units after others: what is left of the goods.
    expect(refundCents(member([approved(1, 1, 3, 40)]), { id: 2, items: [{ line: 2, quantity: 1 }] }, [approved(1, 1, 3, 40)])).toBe(699);
  });
});

describe('bad input', () => {
  async function delivered() {
    const ctx = shopWith();
    const placed = await placeOrder(ctx.shop);
    await deliver(ctx.shop, placed.id);
    return { ...ctx, placed, user: await ctx.shop.as('user'), admin: await ctx.shop.as('admin') };
  }

  it("someone else's or an unknown order is 404; an admin cannot return for a shopper", async () => {
    const { shop, placed, admin } = await delivered();
    const body = { items: [{ line: placed.items[0].id, quantity: 1 }], reason: 'Mine now' };
    const other = await shop.as('other');
    expect((await other.post(`/api/orders/${placed.id}/returns`).send(body).expect(404)).body).toEqual({ message: 'Order not found' });
    await other.post('/api/orders/99999/returns').send(body).expect(404);
    await other.post('/api/orders/abc/returns').send(body).expect(404);
    await admin.post(`/api/orders/${placed.id}/returns`).send(body).expect(404);
    await shop.anon().post(`/api/orders/${placed.id}/returns`).send(body).expect(401);
    expect((await admin.get(`/api/orders/${placed.id}`).expect(200)).body.returns).toEqual([]);
  });

  it('an order not delivered is 409', async () => {
    const { shop } = shopWith();
    const placed = await placeOrder(shop);
    const res = await (await shop.as('user')).post(`/api/orders/${placed.id}/returns`).send({ items: [{ line: placed.items[0].id, quantity: 1 }], reason: 'Too slow' }).expect(409);
    expect(res.body.message).toBe(`Order #${placed.id} is pending: only a delivered order can be returned`);
  });

  it('400 with field messages: no items, unknown line, bad quantity, more than bought, no reason, a reason too long; nothing changed', async () => {
    const { placed, user, admin } = await delivered();
    const line = placed.items[0].id;
    const cases: [unknown, Record<string, string>][] = [
      [{ items: [], reason: 'x' }, { items: 'Choose at least one item to return' }],
      [{ reason: 'x' }, { items: 'Choose at least one item to return' }],
      [{ items: [{ line: 99, quantity: 1 }], reason: 'x' }, { 'items.0.line': 'There is no such line in this order' }],
      [{ items: [{ line, quantity: 0 }], reason: 'x' }, { 'items.0.quantity': 'Quantity must be a whole number of at least 1' }],
      [{ items: [{ line, quantity: 1.5 }], reason: 'x' }, { 'items.0.quantity': 'Quantity must be a whole number of at least 1' }],
      [{ items: [{ line, quantity: '1.5' }], reason: 'x' }, { 'items.0.quantity': 'Quantity must be a whole number of at least 1' }],
      [{ items: [{ line, quantity: '0x1' }], reason: 'x' }, { 'items.0.quantity': 'Quantity must be a whole number of at least 1' }],
      [{ items: [{ line, quantity: 3 }], reason: 'x' }, { 'items.0.quantity': 'You bought 2 of "iPhone 15"' }],
      [{ items: [{ line, quantity: 1 }, { line, quantity: 1 }], reason: 'x' }, { 'items.1.line': 'The same line twice' }],
      [{ items: [{ line, quantity: 1 }], reason: '   ' }, { reason: 'Reason is required' }],
      [{ items: [{ line, quantity: 1 }] }, { reason: 'Reason is required' }],
      [{ items: [{ line, quantity: 1 }], reason: 'x'.repeat(501) }, { reason: 'Reason must be at most 500 characters' }],
    ];
    for (const [body, errors] of cases) {
      const res = await user.post(`/api/orders/${placed.id}/returns`).send(body as object).expect(400);
      expect(res.body).toEqual({ message: 'Invalid return', errors });
    }
    // A plain decimal string is a number, as everywhere in the API.
    await user.post(`/api/orders/${placed.id}/returns`).send({ items: [{ line: String(line), quantity: '1' }], reason: 'x'.repeat(500) }).expect(201);
    expect((await admin.get(`/api/orders/${placed.id}`).expect(200)).body.returns).toHaveLength(1);
  });

  it('twice for the same units is 409; the units left can still be returned', async () => {
    const { placed, user } = await delivered();
    const line = placed.items[0].id;
    await user.post(`/api/orders/${placed.id}/returns`).send({ items: [{ line, quantity: 1 }], reason: 'One is broken' }).expect(201);
    const res = await user.post(`/api/orders/${placed.id}/returns`).send({ items: [{ line, quantity: 2 }], reason: 'Both, then' }).expect(409);
    expect(res.body.message).toBe('1 of the 2 "iPhone 15" are already in a return: at most 1 more can be returned');
    await user.post(`/api/orders/${placed.id}/returns`).send({ items: [{ line, quantity: 1 }], reason: 'The other too' }).expect(201);
  });

  it('a product with "No return policy" is 409, and so is a window that is over', async () => {
    const { shop, c } = shopWith();
    await shop.update((data) => {
      data.products[4].returnPolicy = 'No return policy';
      data.products[0].returnPolicy = '7 days return policy';
    });
    const placed = await placeOrder(shop);
    await deliver(shop, placed.id);
    const user = await shop.as('user');
    const [phones, tab] = placed.items;
    const noPolicy = await user.post(`/api/orders/${placed.id}/returns`).send({ items: [{ line: tab.id, quantity: 1 }], reason: 'x' }).expect(409);
    expect(noPolicy.body.message).toBe('"Galaxy Tab S9" cannot be returned: No return policy');
    // The window is whole UTC days: delivered on June 1 (at noon), '7 days' is open through June 8
    // to its last millisecond, closed from midnight. (Sessions last a week: sign in again after it.)
    expect(c.now()).toBe(Date.UTC(2026, 5, 1, 12));
    c.advance(Date.UTC(2026, 5, 9) - 1 - c.now());
    const later = await shop.as('user');
    const admin = await shop.as('admin');
    expect((await admin.get(`/api/orders/${placed.id}`).expect(200)).body.history.at(-1).status).toBe('delivered');
    c.advance(1);
    const over = await later.post(`/api/orders/${placed.id}/returns`).send({ items: [{ line: phones.id, quantity: 1 }], reason: 'x' }).expect(409);
    expect(over.body.message).toBe('The return window of "iPhone 15" (7 days return policy) ended on Jun 8, 2026 (UTC)');
    c.advance(-1);
    await later.post(`/api/orders/${placed.id}/returns`).send({ items: [{ line: phones.id, quantity: 1 }], reason: 'x' }).expect(201);
  });

  it('the window counts from the first delivery: delivered, back to dispatched and delivered again does not reopen it', async () => {
    const { shop, c } = shopWith();
    await shop.update((data) => {
      data.products[0].returnPolicy = '7 days return policy';
    });
    const placed = await placeOrder(shop);
    await deliver(shop, placed.id);
    c.advance(6 * DAY);
    // Delivered again six days later (a courier's mistake corrected): the window still ends a day on.
    await deliver(shop, placed.id);
    c.advance(2 * DAY);
    const user = await shop.as('user');
    const over = await user.post(`/api/orders/${placed.id}/returns`).send({ items: [{ line: placed.items[0].id, quantity: 1 }], reason: 'x' }).expect(409);
    expect(over.body.message).toBe('The return window of "iPhone 15" (7 days return policy) ended on Jun 8, 2026 (UTC)');
  });

  it('PATCH: a shopper is 403; unknown return 404; bad status or damaged 400; a step out of order 409 with nothing changed', async () => {
    const { shop, placed, user, admin } = await delivered();
    const line = placed.items[0].id;
    await user.post(`/api/orders/${placed.id}/returns`).send({ items: [{ line, quantity: 1 }], reason: 'x' }).expect(201);
    await user.patch(`/api/orders/${placed.id}/returns/1`).send({ status: 'approved' }).expect(403);
    await admin.patch(`/api/orders/${placed.id}/returns/2`).send({ status: 'approved' }).expect(404);
    await admin.patch(`/api/orders/99999/returns/1`).send({ status: 'approved' }).expect(404);
    expect((await admin.patch(`/api/orders/${placed.id}/returns/1`).send({ status: 'lost' }).expect(400)).body.errors).toEqual({
      status: 'Status must be one of requested, approved, rejected, received, refunded',
    });
    expect((await admin.patch(`/api/orders/${placed.id}/returns/1`).send({ status: 'approved', damaged: [line] }).expect(400)).body.errors).toEqual({
      damaged: 'Damaged lines are marked when the return is received',
    });
    const mails = (await outbox(shop)).length;
    for (const status of ['received', 'refunded', 'requested']) {
      const res = await admin.patch(`/api/orders/${placed.id}/returns/1`).send({ status }).expect(409);
      expect(res.body.message).toBe('Return #1 is requested: it can only become approved or rejected');
    }
    await admin.patch(`/api/orders/${placed.id}/returns/1`).send({ status: 'approved' }).expect(200);
    expect((await admin.patch(`/api/orders/${placed.id}/returns/1`).send({ status: 'received', damaged: [line + 100] }).expect(400)).body.errors).toEqual({
      damaged: 'Damaged lines must be lines of this return',
    });
    await admin.patch(`/api/orders/${placed.id}/returns/1`).send({ status: 'approved' }).expect(409);
    const order = (await admin.get(`/api/orders/${placed.id}`).expect(200)).body as Order;
    expect(order.returns![0].history.map((e) => e.status)).toEqual(['requested', 'approved']);
    expect((await outbox(shop)).length).toBe(mails + 1);
  });
});

describe('the seed', () => {
  it("gives the demo shopper a delivered order, within its return window, that can be returned on a first start", async () => {
    const seed = JSON.parse(readFileSync(DEFAULT_SEED_FILE, 'utf8')) as SeedFile;
    const data = { cart: [], sessions: [], idempotency: [], audit: [], ...datedSeed(seed, Date.now()) } as DbSchema;
    const shop = makeShop({ data });
    const user = shop.anon();
    await user.post('/api/auth/login').send({ email: 'user@shop.test', password: 'User12345' }).expect(200);
    const own = (await user.get('/api/orders/own').expect(200)).body as Order[];
    const returnable = own.flatMap((o) => o.items.filter((i) => returnableUnits(o, i) > 0).map((i) => ({ order: o, item: i })));
    expect(returnable.length).toBeGreaterThan(0);
    // A line of an order of more than one unit: returning one gives back part of what was paid.
    const [{ order, item }] = returnable.filter(({ order }) => order.items.reduce((n, i) => n + i.quantity, 0) > 1);
    const res = await user.post(`/api/orders/${order.id}/returns`).send({ items: [{ line: item.id, quantity: 1 }], reason: 'Not what I expected' }).expect(201);
    expect(res.body.returns).toMatchObject([{ id: 1, status: 'requested', items: [{ line: item.id, quantity: 1 }] }]);

    // Refunded, the order's payment (one the API derives: the seed's orders predate stored payments)
    // says so, as a newer order's does: refunded in part, with what was given back.
    const admin = shop.anon();
    await admin.post('/api/auth/login').send({ email: 'admin@shop.test', password: 'Admin1234' }).expect(200);
    for (const status of ['approved', 'received', 'refunded']) await admin.patch(`/api/orders/${order.id}/returns/1`).send({ status }).expect(200);
    const after = (await user.get(`/api/orders/${order.id}`).expect(200)).body as Order;
    const given = after.returns![0].refund!.amount;
    expect(given).toBeGreaterThan(0);
    expect(given).toBeLessThan(order.totalAmount);
    expect(after.payment).toMatchObject({ method: order.paymentMethod, status: 'partially_refunded', refunded: given });
    // Loading the whole seed takes a while on a busy machine.
  }, 240_000);
});
