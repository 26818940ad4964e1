// Paid membership, on both drivers: joining puts the membership line in the cart (201, 409 twice,
// 409 for a member); the quote and the order price the cart as a member's with the fee as its own
// line (not discounted, not taxed, no shipping effect); placing the order (cash or card) makes the
// shopper a member for 365 days, and cancelling it (shopper or admin) ends that membership;
// leaving keeps a paid term and stops its reminder; the reminder is mailed once per term through
// the outbox; a fee of 0 keeps membership free and instant; the fee is a shop setting (400 for a
// bad one, nothing stored).
import { parse } from 'csv-parse/sync';
import { afterEach, describe, expect, it } from 'vitest';
import type { EmailMessage } from '../../../src/domain/mail';
import { MEMBERSHIP_TERM_MS } from '../../../src/domain/membership';
import { memberUntilDay } from '../../../src/domain/memberUntil';
import { address, clock, expectNoLeaks, makeShop, TEST_CARD, type Agent, type TestShop } from '../fixtures';
import { MEMBERS_LABEL, priceData } from '../priceData';

afterEach(expectNoLeaks);

const LINE = { id: 'membership', kind: 'membership', title: 'Membership (1 year)', price: 49, quantity: 1 };
const DAY = 24 * 60 * 60 * 1000;
/** India: 18 % tax; Standard shipping 4.99, free over 100. */
const PLACE = { country: 'India', state: 'Karnataka' };
const LAPTOP = 5;

async function outbox(shop: TestShop): Promise<EmailMessage[]> {
  return ((await (await shop.as('admin')).get('/api/admin/emails?_page=1&_limit=1000').expect(200)).body as EmailMessage[]).reverse();
}

const userOf = async (shop: TestShop, id: number) => (await shop.state()).users.find((u) => u.id === id)!;

/** The 'user' shopper (id 2, no member) with a laptop and the membership line in the cart. */
async function cartWithMembership(shop: TestShop): Promise<Agent> {
  const a = await shop.as('user');
  await a.post('/api/cart').send({ product: LAPTOP, quantity: 1 }).expect(201);
  expect((await a.post('/api/users/own/membership').send({}).expect(201)).body).toEqual(LINE);
  return a;
}

const orderBody = (extra: Record<string, unknown> = {}) => ({ items: [{ product: LAPTOP, quantity: 1 }], paymentMethod: 'cash', selectedAddress: address(), ...extra });

describe('paid membership', () => {
  it('a non-member buys membership with a laptop: the members’ offer and the fee as quoted, a member for 365 days; cancelling ends it', async () => {
    const shop = makeShop({ data: priceData() });
    const a = await cartWithMembership(shop);
    const cart = (await a.get('/api/cart').expect(200)).body;
    expect(cart).toHaveLength(2);
    expect(cart[0]).toMatchObject({ product: { id: LAPTOP }, quantity: 1 });
    expect(cart[1]).toEqual(LINE);

    const quote = (await a.post('/api/checkout/quote').send({ address: PLACE }).expect(200)).body;
    expect(quote.membership).toEqual(LINE);
    expect(quote.memberSavings).toBe(0);
    // The laptop: 300 less 20 % = 240; the members' 20 % takes 48; 192 ships free; tax 18 % of 192.
    expect(quote.promotions).toEqual([{ id: 1, code: null, label: MEMBERS_LABEL, amount: 48 }]);
    expect(quote.totals).toEqual({ subtotal: 240, discount: 48, shipping: 0, tax: 34.56, membership: 49, total: 275.56 });
    const t = quote.totals;
    expect(t.total).toBeCloseTo(t.subtotal - t.discount + t.shipping + t.tax + t.membership, 10);

    const before = Date.now();
    const order = (await a.post('/api/orders').send(orderBody()).expect(201)).body;
    expect(order).toMatchObject({ membershipFee: 49, totalAmount: 275.56, totals: quote.totals, promotions: quote.promotions, totalItems: 1 });
    const me = (await a.get('/api/users/own').expect(200)).body;
    expect(me).toMatchObject({ member: true, membershipRenews: true });
    // To the end of the UTC day 365 days on.
    expect(Date.parse(me.memberUntil) - before).toBeGreaterThanOrEqual(MEMBERSHIP_TERM_MS);
    expect(Date.parse(me.memberUntil) - Date.now()).toBeLessThan(MEMBERSHIP_TERM_MS + DAY);
    expect(me.memberUntil).toMatch(/T23:59:59\.999Z$/);
    expect((await userOf(shop, 2)).membershipOrder).toBe(order.id);
    // The cart went with the order, its membership line too; the order page and the mail show the line.
    expect((await a.get('/api/cart').expect(200)).body).toEqual([]);
    expect((await a.get(`/api/orders/${order.id}`).expect(200)).body).toMatchObject({ membershipFee: 49, totals: { membership: 49 } });
    const mail = (await outbox(shop)).find((m) => m.subject === `Order #${order.id} confirmed`)!;
    expect(mail.text).toContain('Membership (1 year): $49.00');
    expect(mail.text).toContain('Total: $275.56');
    // A member whose term runs: 409, nothing added.
    expect((await a.post('/api/users/own/membership').send({}).expect(409)).body).toEqual({ message: 'You are already a member' });
    expect((await a.get('/api/cart').expect(200)).body).toEqual([]);

    // The orders CSV: the total charged, the fee in its own column.
    const csv = (await (await shop.as('admin')).get('/api/admin/export/orders.csv?user=2').buffer(true).parse((r, done) => {
      let text = '';
      r.on('data', (c: Buffer) => (text += c.toString()));
      r.on('end', () => done(null, text));
    })).body as string;
    const [header, ...rows] = parse(csv) as string[][];
    const row = rows.find((r) => r[0] === String(order.id))!;
    expect([row[header.indexOf('total')], row[header.indexOf('membership')]]).toEqual(['275.56', '49']);

    await a.post(`/api/orders/${order.id}/cancel`).send({}).expect(200);
    expect((await a.get('/api/users/own').expect(200)).body).toMatchObject({ member: false, memberUntil: null });

    // Reopened, the order would charge the fee for a membership that ended: refused, nothing changes.
    const admin = await shop.as('admin');
    const cancelled = await shop.state();
    const reopen = await admin.patch(`/api/orders/${order.id}`).send({ status: 'pending' }).expect(409);
    expect(reopen.body.message).toBe(`Order #${order.id} bought a membership, which ended when it was cancelled, so it cannot be reopened: the shopper can order again.`);
    expect(await shop.state()).toEqual(cancelled);
    const bulk = await admin.patch('/api/orders').send({ ids: [order.id], status: 'delivered' }).expect(200);
    expect(bulk.body).toEqual([{ id: order.id, status: 409, message: reopen.body.message }]);
    expect((await a.get(`/api/orders/${order.id}`).expect(200)).body.status).toBe('cancelled');
  });

  it('by card, cancelled by an admin: the card holds the total with the fee; the membership ends', async () => {
    const shop = makeShop({ data: priceData() });
    const a = await cartWithMembership(shop);
    const quote = (await a.post('/api/checkout/quote').send({ address: PLACE }).expect(200)).body;
    const order = (await a.post('/api/orders').send(orderBody({ paymentMethod: 'card', card: TEST_CARD })).expect(201)).body;
    expect(order).toMatchObject({ totalAmount: quote.totals.total, payment: { method: 'card', status: 'authorized' }, membershipFee: 49 });
    expect((await a.get('/api/users/own').expect(200)).body.member).toBe(true);
    const admin = await shop.as('admin');
    await admin.patch(`/api/orders/${order.id}`).send({ status: 'cancelled' }).expect(200);
    expect((await a.get('/api/users/own').expect(200)).body).toMatchObject({ member: false, memberUntil: null });
    expect(await userOf(shop, 2)).not.toHaveProperty('membershipOrder');
  });

  it('membership alone is an order of its own: no shipping, no tax, the fee only', async () => {
    const shop = makeShop({ data: priceData() });
    const a = await shop.as('user');
    await a.post('/api/users/own/membership').send({}).expect(201);
    const quote = (await a.post('/api/checkout/quote').send({ address: PLACE }).expect(200)).body;
    expect(quote.totals).toEqual({ subtotal: 0, discount: 0, shipping: 0, tax: 0, membership: 49, total: 49 });
    const order = (await a.post('/api/orders').send(orderBody({ items: [] })).expect(201)).body;
    expect(order).toMatchObject({ items: [], totalAmount: 49, membershipFee: 49, totalItems: 0 });
    // Nothing ships: no delivery estimate, on the order nor in its mail (the quote showed none).
    expect(order.delivery).toBeNull();
    expect((await outbox(shop)).find((m) => m.subject === `Order #${order.id} confirmed`)!.text).not.toContain('Estimated delivery');
    expect((await a.get('/api/users/own').expect(200)).body.member).toBe(true);
    // Without the line, no items is still refused.
    expect((await a.post('/api/orders').send(orderBody({ items: [] })).expect(400)).body.errors.items).toBe('The order has no items');
  });

  it('the line is removed through the cart or by leaving; twice 409 and 404; nothing else changes', async () => {
    const shop = makeShop({ data: priceData() });
    const a = await cartWithMembership(shop);
    expect((await a.post('/api/users/own/membership').send({}).expect(409)).body).toEqual({ message: 'Membership is already in your cart' });
    expect((await a.get('/api/cart').expect(200)).body).toHaveLength(2);
    expect((await a.delete('/api/cart/membership').expect(200)).body).toEqual(LINE);
    expect((await a.delete('/api/cart/membership').expect(404)).body).toEqual({ message: 'Membership is not in your cart' });
    expect((await a.get('/api/cart').expect(200)).body).toHaveLength(1);
    // Without the line the quote prices as a non-member's.
    expect((await a.post('/api/checkout/quote').send({ address: PLACE }).expect(200)).body).toMatchObject({ membership: null, memberSavings: 48, promotions: [] });
    await a.post('/api/users/own/membership').send({}).expect(201);
    expect((await a.delete('/api/users/own/membership').expect(200)).body).toMatchObject({ member: false, memberUntil: null });
    expect((await a.get('/api/cart').expect(200)).body).toHaveLength(1);
    expect(await userOf(shop, 2)).not.toHaveProperty('member');
  });

  it('a term lasts to the end of the UTC day the profile names: the members’ prices all that day, none the next', async () => {
    const c = clock(Date.UTC(2026, 10, 30, 5, 55));
    const shop = makeShop({ data: priceData(), now: c.now });
    const a = await cartWithMembership(shop);
    await a.post('/api/orders').send(orderBody()).expect(201);
    const me = (await a.get('/api/users/own').expect(200)).body;
    expect(me.memberUntil).toBe('2027-11-30T23:59:59.999Z');
    expect(memberUntilDay(me.memberUntil)).toBe('November 30, 2027 (UTC)');
    await a.post('/api/cart').send({ product: LAPTOP, quantity: 1 }).expect(201);
    // A year on (signed in again: sessions last less), on the last day, then the next: the quote
    // (priced at the shop's time) has the members' offer, then not.
    const offersAt = async (when: number) => {
      c.advance(when - c.now());
      const b = await shop.as('user');
      return (await b.post('/api/checkout/quote').send({ address: PLACE }).expect(200)).body.promotions.map((p: { label: string }) => p.label);
    };
    expect(await offersAt(Date.UTC(2027, 10, 30, 23, 59))).toEqual([MEMBERS_LABEL]);
    expect(await offersAt(Date.UTC(2027, 11, 1))).toEqual([]);
  });

  it('leaving keeps the paid term and stops the reminder; the reminder goes once per term, 14 days before', async () => {
    const shop = makeShop({ data: priceData() });
    const a = await cartWithMembership(shop);
    await a.post('/api/orders').send(orderBody()).expect(201);
    const other = await shop.as('other');
    await other.post('/api/users/own/membership').send({}).expect(201);
    await other.post('/api/orders').send({ ...orderBody(), items: [] }).expect(201);
    // Both terms now end in 10 days (set through the store).
    const soon = new Date(Date.now() + 10 * DAY).toISOString();
    await shop.update((d) => {
      for (const u of d.users) if (u.id !== 1) u.memberUntil = soon;
    });
    const left = (await a.delete('/api/users/own/membership').expect(200)).body;
    expect(left).toMatchObject({ member: true, memberUntil: soon, membershipRenews: false });
    expect((await a.delete('/api/users/own/membership').expect(200)).body).toMatchObject({ member: true, membershipRenews: false });

    const mailed = (await outbox(shop)).length;
    expect(await shop.services.membership.sendReminders()).toBe(1);
    const sent = (await outbox(shop)).slice(mailed);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'other@shop.test' });
    expect(sent[0].subject).toMatch(/^Your membership ends on /);
    // Once per term: a second sweep sends none.
    expect(await shop.services.membership.sendReminders()).toBe(0);
    expect(await outbox(shop)).toHaveLength(mailed + 1);
    // A term ended is no membership: the user answer and the members' prices say so.
    await shop.update((d) => {
      d.users.find((u) => u.id === 3)!.memberUntil = new Date(Date.now() - DAY).toISOString();
    });
    expect((await other.get('/api/users/own').expect(200)).body).toMatchObject({ member: false, memberUntil: null });
    await other.post('/api/cart').send({ product: LAPTOP, quantity: 1 }).expect(201);
    expect((await other.post('/api/checkout/quote').send({ address: PLACE }).expect(200)).body).toMatchObject({ promotions: [], memberSavings: 48 });
    // It may be bought again.
    await other.post('/api/users/own/membership').send({}).expect(201);
  });

  it('fee 0: joining is free and instant, no cart line; a member without end leaves at once', async () => {
    const shop = makeShop({ data: priceData() });
    const admin = await shop.as('admin');
    expect((await admin.patch('/api/admin/settings').send({ membershipFee: 0 }).expect(200)).body.membershipFee).toBe(0);
    const a = await shop.as('user');
    const joined = (await a.post('/api/users/own/membership').send({}).expect(200)).body;
    expect(joined).toMatchObject({ id: 2, member: true, memberUntil: null, membershipRenews: true });
    expect((await a.post('/api/users/own/membership').send({}).expect(200)).body).toEqual(joined);
    expect((await a.get('/api/cart').expect(200)).body).toEqual([]);
    expect((await a.delete('/api/users/own/membership').expect(200)).body).toMatchObject({ member: false, memberUntil: null });
  });

  it('the fee is a shop setting: everyone reads it, an admin sets it (audited); the line and quote follow it', async () => {
    const shop = makeShop({ data: priceData() });
    expect((await shop.anon().get('/api/settings').expect(200)).body.membershipFee).toBe(49);
    const admin = await shop.as('admin');
    const res = await admin.patch('/api/admin/settings').send({ membershipFee: 25.5 }).expect(200);
    expect(res.body).toMatchObject({ membershipFee: 25.5, contact: { email: 'help@shop.test' } });
    expect((await shop.anon().get('/api/settings').expect(200)).body.membershipFee).toBe(25.5);
    expect((await shop.state()).audit).toEqual([expect.objectContaining({ action: 'settings.update', entity: 'settings', entityId: 'membershipFee', before: { membershipFee: 49 }, after: { membershipFee: 25.5 } })]);
    const a = await shop.as('user');
    expect((await a.post('/api/users/own/membership').send({}).expect(201)).body).toEqual({ ...LINE, price: 25.5 });
    expect((await a.post('/api/checkout/quote').send({}).expect(200)).body.totals).toMatchObject({ membership: 25.5, total: 25.5 });
  });

  it.each([
    ['below 0', -1, 'The fee must be 0 or more'],
    ['not a number', 'abc', 'The fee must be a number'],
    ['a numeric string', '49', 'The fee must be a number'],
    ['above 10000', 10000.01, 'The fee must be at most 10000'],
    ['with 3 decimals', 1.234, 'The fee must have at most 2 decimals'],
    ['null', null, 'The fee must be a number'],
  ])('a fee %s: 400 errors.membershipFee, nothing stored', async (_what, membershipFee, message) => {
    const shop = makeShop({ data: priceData() });
    const admin = await shop.as('admin');
    const res = await admin.patch('/api/admin/settings').send({ membershipFee, contact: { phone: '+1 555 0100' } }).expect(400);
    expect(res.body).toEqual({ message: 'Invalid settings', errors: { membershipFee: message } });
    expect((await shop.anon().get('/api/settings').expect(200)).body).toMatchObject({ membershipFee: 49, contact: { phone: '+1 416 555 0100' } });
    expect((await shop.state()).audit).toEqual([]);
  });
});
