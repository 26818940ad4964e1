// POST /api/checkout/quote: the signed-in shopper's cart priced as an order would be.
import { afterEach, describe, expect, it } from 'vitest';
import { REASONS } from '../../../server/modules/pricing/pricing';
import { expectNoLeaks, makeShop } from '../fixtures';
import { MEMBERS_LABEL, priceData } from '../priceData';

afterEach(expectNoLeaks);

/** A delivery date (its rule with a controlled clock: delivery.test.ts). */
const ISO_DAY = expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/);

describe('POST /api/checkout/quote', () => {
  it("prices the cart for the first saved address: cheapest method, the country's tax, what membership would save", async () => {
    const shop = makeShop({ data: priceData() });
    const a = await shop.as('other'); // cart: 2 × iPhone 15 at $900; saved address in India
    const res = await a.post('/api/checkout/quote').send({}).expect(200);
    expect(res.body).toEqual({
      lines: [
        {
          product: { id: 1, title: 'iPhone 15', thumbnail: '/images/products/1/thumb.webp' },
          variant: { id: expect.any(Number), sku: expect.any(String), options: {} },
          quantity: 2,
          unitPrice: 900,
          discount: 0,
          total: 1800,
        },
      ],
      promotions: [],
      shipping: { method: 1, name: 'Standard', amount: 0 },
      tax: { rate: 18, amount: 324 },
      totals: { subtotal: 1800, discount: 0, shipping: 0, tax: 324, total: 2124 },
      rejected: [],
      shippingMethods: [
        { id: 1, name: 'Standard', country: 'India', amount: 4.99, freeOver: 100, estimate: { minDays: 4, maxDays: 8 }, charge: 0, delivery: { from: ISO_DAY, to: ISO_DAY } },
        { id: 2, name: 'Express', country: 'India', amount: 14.99, freeOver: null, estimate: { minDays: 2, maxDays: 3 }, charge: 14.99, delivery: { from: ISO_DAY, to: ISO_DAY } },
      ],
      memberSavings: 360,
      membership: null,
    });
  });

  it('a member: the members promotion beats a non-stackable code per line, a stackable code takes from what is left; state tax and the method chosen', async () => {
    const shop = makeShop({ data: priceData({ member: true }) });
    const a = await shop.as('other');
    const res = await a
      .post('/api/checkout/quote')
      .send({ address: { country: 'Canada', state: 'ontario' }, shippingMethod: 4, codes: ['save10', 'FIVE'] })
      .expect(200);
    expect(res.body.promotions).toEqual([
      { id: 1, code: null, label: MEMBERS_LABEL, amount: 360 },
      { id: 3, code: 'FIVE', label: 'Five off', amount: 5 },
    ]);
    expect(res.body.rejected).toEqual([{ code: 'save10', reason: REASONS.betterOffer }]);
    expect(res.body.lines[0]).toMatchObject({ unitPrice: 900, discount: 365, total: 1435 });
    expect(res.body.shipping).toEqual({ method: 4, name: 'Express', amount: 24.99 });
    // 13 % of 1435 + 24.99 = 189.7987 → 189.80
    expect(res.body.tax).toEqual({ rate: 13, amount: 189.8 });
    expect(res.body.totals).toEqual({ subtotal: 1800, discount: 365, shipping: 24.99, tax: 189.8, total: 1649.79 });
    expect(res.body.memberSavings).toBe(0);
  });

  it('rejects codes that do not apply, with why; no address and no saved one: no shipping and no tax', async () => {
    const shop = makeShop({ data: priceData() });
    const a = await shop.as('user');
    await a.post('/api/cart').send({ product: 5, quantity: 1 }).expect(201);
    const res = await a.post('/api/checkout/quote').send({ codes: ['OLD', 'nope', 'SAVE10'] }).expect(200);
    expect(res.body.rejected).toEqual([
      { code: 'OLD', reason: 'This code has expired' },
      { code: 'nope', reason: 'This code does not exist' },
    ]);
    expect(res.body.shipping).toEqual({ method: 0, name: 'Free shipping', amount: 0 });
    expect(res.body.shippingMethods).toEqual([]);
    expect(res.body.totals).toEqual({ subtotal: 240, discount: 24, shipping: 0, tax: 0, total: 216 });
  });

  it('400 with field messages for bad input; 401 signed out', async () => {
    const shop = makeShop({ data: priceData() });
    const a = await shop.as('other');
    const bad = async (body: unknown, field: string) => {
      const res = await a.post('/api/checkout/quote').send(body as object).expect(400);
      expect(res.body.errors[field], JSON.stringify(body)).toEqual(expect.any(String));
    };
    await bad({ shippingMethod: 3 }, 'shippingMethod'); // Canada's, the address is in India
    await bad({ shippingMethod: 'fast' }, 'shippingMethod');
    await bad({ codes: 'SAVE10' }, 'codes');
    await bad({ codes: [1] }, 'codes');
    await bad({ address: 1 }, 'address'); // one saved address: index 0 only
    await bad({ address: { country: 'France' } }, 'address.country');
    await shop.anon().post('/api/checkout/quote').send({}).expect(401);
  });

  it('two stackable codes give one total in either order they are sent (percentages first, on one base, then amounts)', async () => {
    const data = priceData();
    data.promotions!.push(
      { ...data.promotions![2], id: 7, name: 'Twelve', label: '12% off', code: 'TWELVE', kind: 'percentage', value: 12, stackable: true },
    );
    const shop = makeShop({ data });
    const a = await shop.as('other'); // cart: 2 × iPhone 15 at $900
    const totals = [];
    for (const codes of [['FIVE', 'TWELVE'], ['twelve', 'five']]) {
      const res = await a.post('/api/checkout/quote').send({ codes }).expect(200);
      expect(res.body.rejected).toEqual([]);
      totals.push(res.body.totals);
    }
    expect(totals[1]).toEqual(totals[0]);
    // 12% of $1,800 is $216, then $5: $221 off.
    expect(totals[0].discount).toBe(221);
  });
});
