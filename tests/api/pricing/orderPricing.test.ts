// POST /api/orders prices as the quote does and keeps what it charged.
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '../../../src/domain/types';
import { requestFingerprint, fingerprintBody } from '../../../server/modules/orders/service';
import { DECLINED_MESSAGE } from '../../../server/modules/payments/testProvider';
import { address, clock, expectNoLeaks, makeShop, orderBody, TEST_CARD } from '../fixtures';
import { priceData } from '../priceData';

afterEach(expectNoLeaks);

const cash = { paymentMethod: 'cash' };

describe('priced orders', () => {
  it("an order's stored snapshot equals its quote for the same cart, and stays when prices change", async () => {
    const shop = makeShop({ data: priceData({ member: true }) });
    const a = await shop.as('other'); // cart: 2 × iPhone 15
    const canada = address({ country: 'Canada', state: 'Ontario' });
    const choice = { shippingMethod: 4, codes: ['FIVE'] };
    const quote = (await a.post('/api/checkout/quote').send({ address: { country: 'Canada', state: 'Ontario' }, ...choice }).expect(200)).body;
    const res = await a.post('/api/orders').send(orderBody([{ product: 1, quantity: 2 }], { ...choice, selectedAddress: canada })).expect(201);
    const order: Order = res.body;
    expect(order.totals).toEqual(quote.totals);
    expect(order.totals).toEqual({ subtotal: 1800, discount: 365, shipping: 24.99, tax: 189.8, total: 1649.79 });
    expect(order.promotions).toEqual(quote.promotions);
    expect(order.shipping).toEqual(quote.shipping);
    expect(order.tax).toEqual(quote.tax);
    expect(order.items.map((i) => [i.unitPrice, i.quantity, i.discount, i.total])).toEqual(quote.lines.map((l: Order['items'][number]) => [l.unitPrice, l.quantity, l.discount, l.total]));
    expect(order.totalAmount).toBe(order.totals!.total);
    const t = order.totals!;
    expect(Math.round((t.subtotal - t.discount + t.shipping + t.tax) * 100)).toBe(Math.round(t.total * 100));
    // Paid by the test card: authorized, only brand and last four kept in the answer.
    expect(order.payment).toEqual({ method: 'card', status: 'authorized', brand: 'Visa', last4: '4242', refunded: 0 });

    const admin = await shop.as('admin');
    await admin.patch('/api/products/1').send({ price: 5 }).expect(200);
    await shop.update((data) => {
      data.taxRates = [];
    });
    const again = (await a.get(`/api/orders/${order.id}`).expect(200)).body as Order;
    expect({ totals: again.totals, items: again.items.map((i) => i.total), promotions: again.promotions }).toEqual({
      totals: order.totals,
      items: order.items.map((i) => i.total),
      promotions: order.promotions,
    });
    // Counted as a use of each promotion it carries.
    const state = await shop.state();
    expect(state.promotionRedemptions).toEqual([
      { promotion: 1, order: order.id, user: 3 },
      { promotion: 3, order: order.id, user: 3 },
    ]);
  });

  it('no method: the cheapest for the country; no codes: automatic promotions only; cash is pending', async () => {
    const shop = makeShop({ data: priceData() });
    const a = await shop.as('user');
    const order: Order = (await a.post('/api/orders').send(orderBody([{ product: 5, quantity: 1 }], cash)).expect(201)).body;
    // $240 in India: Standard is free over $100; 18 % tax.
    expect(order.shipping).toEqual({ method: 1, name: 'Standard', amount: 0 });
    expect(order.totals).toEqual({ subtotal: 240, discount: 0, shipping: 0, tax: 43.2, total: 283.2 });
    expect(order.payment).toEqual({ method: 'cash', status: 'pending', refunded: 0 });
  });

  it('a code that does not apply, a used-up code, a used code and a declined card: refused, nothing placed', async () => {
    const c = clock();
    const shop = makeShop({ data: priceData(), now: c.now });
    const a = await shop.as('user');
    const before = structuredClone(await shop.state());
    const expired = await a.post('/api/orders').send(orderBody([{ product: 5, quantity: 1 }], { ...cash, codes: ['OLD'] })).expect(409);
    expect(expired.body.message).toBe('The code OLD cannot be used: This code has expired');
    const declined = await a
      .post('/api/orders')
      .send(orderBody([{ product: 5, quantity: 1 }], { card: { ...TEST_CARD, number: '4000 0000 0000 0002' } }))
      .expect(402);
    expect(declined.body.message).toBe(DECLINED_MESSAGE);
    const wrongMethod = await a.post('/api/orders').send(orderBody([{ product: 5, quantity: 1 }], { ...cash, shippingMethod: 3 })).expect(400);
    expect(wrongMethod.body.errors.shippingMethod).toMatch(/not offered for India/);
    const badCard = await a.post('/api/orders').send(orderBody([{ product: 5, quantity: 1 }], { card: { ...TEST_CARD, number: '4242 4242 4242 4241' } })).expect(400);
    expect(badCard.body.errors['card.number']).toBeDefined();
    expect(await shop.state()).toEqual(before);

    // LIMITED has one use: the first order takes it, the next is refused.
    await a.post('/api/orders').send(orderBody([{ product: 5, quantity: 1 }], { ...cash, codes: ['LIMITED'] })).expect(201);
    const other = await shop.as('other');
    const gone = await other.post('/api/orders').send(orderBody([{ product: 5, quantity: 1 }], { ...cash, codes: ['limited'] })).expect(409);
    expect(gone.body.message).toMatch(/limited.*used up/i);
    // ONCE: once per customer.
    await a.post('/api/orders').send(orderBody([{ product: 5, quantity: 1 }], { ...cash, codes: ['ONCE'] })).expect(201);
    const twice = await a.post('/api/orders').send(orderBody([{ product: 5, quantity: 1 }], { ...cash, codes: ['ONCE'] })).expect(409);
    expect(twice.body.message).toMatch(/ONCE/);
    const promotions = (await shop.state()).promotions!;
    expect(promotions.find((p) => p.code === 'LIMITED')!.used).toBe(1);
    expect(promotions.find((p) => p.code === 'ONCE')!.used).toBe(1);
  });

  it('an Idempotency-Key fingerprint never holds the card number', () => {
    const body = orderBody([{ product: 5, quantity: 1 }]);
    expect(JSON.stringify(fingerprintBody(body))).not.toContain('4242 4242');
    expect(fingerprintBody(body)).toMatchObject({ card: { last4: '4242', expMonth: 12, expYear: 2099 } });
    // Another card number with the same last four and expiry is the same request; another expiry is not.
    expect(requestFingerprint(fingerprintBody({ ...body, card: { ...TEST_CARD, number: '4000 0566 5566 4242' } }))).toBe(requestFingerprint(fingerprintBody(body)));
    expect(requestFingerprint(fingerprintBody({ ...body, card: { ...TEST_CARD, expYear: 2098 } }))).not.toBe(requestFingerprint(fingerprintBody(body)));
  });
});
