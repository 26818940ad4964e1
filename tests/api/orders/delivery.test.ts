// The delivery estimate follows the chosen shipping method: the quote gives each method's dates,
// the order stores the chosen method's when placed (the method's business days after the slowest
// line's handling, src/domain/delivery.ts), every order answer and the confirmation carry them.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EmailMessage } from '../../../src/domain/mail';
import type { Country, Order } from '../../../src/domain/types';
import { address, clock, expectNoLeaks, makeShop, TEST_CARD, type TestShop } from '../fixtures';
import { priceData } from '../priceData';

afterEach(expectNoLeaks);

// A Wednesday, noon UTC.
const PLACED = Date.UTC(2026, 10, 25, 12);

let shop: TestShop;
beforeAll(() => {
  const data = priceData();
  // The cart of 'other' holds 2 × iPhone 15: its handling is 3-5 business days, Mon Nov 30 to Wed Dec 2.
  data.products[0].shippingInformation = 'Ships in 3-5 business days';
  data.products[4].shippingInformation = 'Ships overnight';
  shop = makeShop({ data, now: clock(PLACED).now });
});

const body = (shippingMethod: number | undefined, country: Country = 'India') => ({
  items: [
    { product: 1, quantity: 1 },
    { product: 5, quantity: 1 },
  ],
  selectedAddress: address({ country, ...(country === 'India' ? {} : { state: 'Jalisco' }) }),
  paymentMethod: 'card',
  card: TEST_CARD,
  ...(shippingMethod ? { shippingMethod } : {}),
});

// India: Standard (1) 4-8 business days, Express (2) 2-3. After handling that ends Mon Nov 30 at
// the earliest and Wed Dec 2 at the latest:
// Express: Nov 30 + 2 business days = Wed Dec 2; Dec 2 + 3 = Mon Dec 7.
// Standard: Nov 30 + 4 business days = Fri Dec 4; Dec 2 + 8 = Mon Dec 14.
const EXPRESS = { method: 'Express', from: '2026-12-02', to: '2026-12-07' };
const STANDARD = { method: 'Standard', from: '2026-12-04', to: '2026-12-14' };

describe('the delivery estimate follows the chosen method', () => {
  it("the quote shows each method's dates for the cart; the order placed with Express stores Express's, standard's differ", async () => {
    const other = await shop.as('other');
    const quote = (await other.post('/api/checkout/quote').send({}).expect(200)).body;
    expect(quote.shippingMethods.map((m: { name: string; delivery: unknown }) => [m.name, m.delivery])).toEqual([
      ['Standard', { from: STANDARD.from, to: STANDARD.to }],
      ['Express', { from: EXPRESS.from, to: EXPRESS.to }],
    ]);

    // The iPhone (3-5 business days) is the slowest line; the overnight tab does not move it.
    const express: Order = (await other.post('/api/orders').send(body(2)).expect(201)).body;
    expect(express.shipping).toMatchObject({ name: 'Express', amount: 14.99 });
    expect(express.delivery).toEqual(EXPRESS);
    const standard: Order = (await (await shop.as('user')).post('/api/orders').send(body(1)).expect(201)).body;
    expect(standard.delivery).toEqual(STANDARD);
    expect(standard.delivery).not.toEqual(express.delivery);

    // Stored: the order's own answer, the shopper's list and the admin's list say the same.
    expect((await other.get(`/api/orders/${express.id}`).expect(200)).body.delivery).toEqual(EXPRESS);
    const own = (await other.get('/api/orders/own').expect(200)).body as Order[];
    expect(own.find((o) => o.id === express.id)!.delivery).toEqual(EXPRESS);
    const admin = await shop.as('admin');
    const listed = (await admin.get('/api/orders?_sort=-id&_per_page=3').expect(200)).body;
    expect((listed.data ?? listed).slice(0, 2).map((o: Order) => o.delivery)).toEqual([STANDARD, EXPRESS]);

    // The confirmation says the same dates.
    const mails = (await admin.get('/api/admin/emails?_limit=100').expect(200)).body as EmailMessage[];
    const confirmation = mails.find((m) => m.subject === `Order #${express.id} confirmed`)!;
    expect(confirmation.text).toContain('Estimated delivery (Express): Wed, Dec 2 – Mon, Dec 7');
    expect(confirmation.html).toContain('Estimated delivery (Express): Wed, Dec 2 – Mon, Dec 7');
  });

  it('an order placed before estimates were kept, or to a country without shipping methods, answers delivery null', async () => {
    const user = await shop.as('user');
    expect((await user.get('/api/orders/1').expect(200)).body.delivery).toBeNull();
    const mexico: Order = (await user.post('/api/orders').send(body(undefined, 'Mexico')).expect(201)).body;
    expect(mexico.shipping).toMatchObject({ amount: 0 });
    expect(mexico.delivery).toBeNull();
  });
});
