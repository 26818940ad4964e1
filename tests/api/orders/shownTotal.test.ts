// The total the shopper was shown, on both drivers: an order whose body gives it (`expectedTotal`,
// as the checkout sends its quote's total) is placed at that total or not at all. Here the cart
// gained the membership line in another tab after the quote: 409 naming both totals, nothing
// ordered, charged (no card authorization asked) or taken, the cart as it was; sent again with
// the new quote's total, placed. A bad value is a 400 of its own.
import { afterEach, describe, expect, it } from 'vitest';
import { TestPaymentProvider } from '../../../server/modules/payments/testProvider';
import { address, expectNoLeaks, makeShop, TEST_CARD, type Agent, type TestShop } from '../fixtures';
import { priceData } from '../priceData';

afterEach(expectNoLeaks);

/** India: 18 % tax; the laptop's quote without membership is 226.56, with it 275.56 (the members' offer and the fee). */
const PLACE = { country: 'India', state: 'Karnataka' };
const LAPTOP = 5;

const orderBody = (extra: Record<string, unknown> = {}) => ({ items: [{ product: LAPTOP, quantity: 1 }], paymentMethod: 'cash', selectedAddress: address(), ...extra });

/** The shopper's laptop quoted, then the membership line added (another tab): the quote's total and the new one. */
async function quotedThenChanged(shop: TestShop): Promise<{ a: Agent; shown: number; now: number }> {
  const a = await shop.as('user');
  await a.post('/api/cart').send({ product: LAPTOP, quantity: 1 }).expect(201);
  const shown = (await a.post('/api/checkout/quote').send({ address: PLACE }).expect(200)).body.totals.total;
  await a.post('/api/users/own/membership').send({}).expect(201);
  const now = (await a.post('/api/checkout/quote').send({ address: PLACE }).expect(200)).body.totals.total;
  expect(now).not.toBe(shown);
  return { a, shown, now };
}

/** What the shop held before: its orders and the laptop's stock. */
async function before(shop: TestShop) {
  const state = await shop.state();
  return { orders: state.orders.length, stock: state.products.find((p) => p.id === LAPTOP)!.stock };
}

async function expectNothingChanged(shop: TestShop, a: Agent, was: Awaited<ReturnType<typeof before>>) {
  expect(await before(shop)).toEqual(was);
  expect((await a.get('/api/cart').expect(200)).body.map((l: { id: unknown }) => l.id)).toHaveLength(2);
  expect((await a.get('/api/users/own').expect(200)).body.member).toBeFalsy();
}

describe('the total the shopper was shown', () => {
  it.each(['cash', 'card'] as const)('%s: another total is refused (409, nothing ordered or charged); the shown one is placed', async (method) => {
    const payments = new TestPaymentProvider();
    const shop = makeShop({ data: priceData(), payments });
    const was = await before(shop);
    const { a, shown, now } = await quotedThenChanged(shop);
    const card = method === 'card' ? { paymentMethod: 'card', card: TEST_CARD } : {};

    const refused = await a.post('/api/orders').send(orderBody({ ...card, expectedTotal: shown })).expect(409);
    expect(refused.body).toEqual({
      message: `The order's total is now $${now.toFixed(2)}, not the $${shown.toFixed(2)} shown. Nothing was ordered or charged: check the order and place it again.`,
    });
    expect(payments.calls).toEqual([]);
    await expectNothingChanged(shop, a, was);

    const placed = (await a.post('/api/orders').send(orderBody({ ...card, expectedTotal: now })).expect(201)).body;
    expect(placed).toMatchObject({ totalAmount: now, membershipFee: 49 });
    if (method === 'card') expect(payments.calls).toEqual([expect.objectContaining({ kind: 'authorization', amount: Math.round(now * 100) })]);
    expect((await a.get('/api/cart').expect(200)).body).toEqual([]);
  });

  it('without expectedTotal the order is priced as it is now (API clients that do not send it)', async () => {
    const shop = makeShop({ data: priceData() });
    const { a, now } = await quotedThenChanged(shop);
    expect((await a.post('/api/orders').send(orderBody()).expect(201)).body.totalAmount).toBe(now);
  });

  it.each([
    ['below 0', -1],
    ['a string', '226.56'],
    ['with 3 decimals', 226.561],
    ['null', null],
  ])('an expectedTotal %s: 400 errors.expectedTotal, nothing ordered', async (_what, expectedTotal) => {
    const shop = makeShop({ data: priceData() });
    const was = await before(shop);
    const { a } = await quotedThenChanged(shop);
    const res = await a.post('/api/orders').send(orderBody({ expectedTotal })).expect(400);
    expect(res.body).toEqual({ message: 'Invalid order', errors: { expectedTotal: 'Expected total must be an amount in dollars (0 or more, at most 2 decimals)' } });
    await expectNothingChanged(shop, a, was);
  });
});

// The cart the page showed: the checkout orders the lines it shows (and gives expectedTotal); when
// another tab changed the cart since, ordering those lines would charge a line removed there, or
// empty the cart of a line added there without ordering it.
describe('the cart the shopper was shown', () => {
  const CART_CHANGED = 'Your cart has changed since this page showed it (in another tab or window). Nothing was ordered or charged: check the order and place it again.';
  const PHONE = 1;
  const both = [
    { product: LAPTOP, quantity: 1 },
    { product: PHONE, quantity: 1 },
  ];
  const cartOf = async (a: Agent) => (await a.get('/api/cart').expect(200)).body.map((l: { product: { id: number }; quantity: number }) => [l.product.id, l.quantity]);

  it.each(['cash', 'card'] as const)('%s: a line removed in another tab since: 409, nothing ordered or charged, the cart as that tab left it', async (method) => {
    const payments = new TestPaymentProvider();
    const shop = makeShop({ data: priceData(), payments });
    const a = await shop.as('user');
    for (const line of both) await a.post('/api/cart').send(line).expect(201);
    const shown = (await a.post('/api/checkout/quote').send({ address: PLACE }).expect(200)).body.totals.total;
    const was = await before(shop);
    await a.delete(`/api/cart/${PHONE}`).expect(200);
    const card = method === 'card' ? { paymentMethod: 'card', card: TEST_CARD } : {};

    const res = await a.post('/api/orders').send(orderBody({ items: both, ...card, expectedTotal: shown })).expect(409);
    expect(res.body).toEqual({ message: CART_CHANGED });
    expect(await before(shop)).toEqual(was);
    expect(await cartOf(a)).toEqual([[LAPTOP, 1]]);
    // A card's authorization, asked before the cart could be compared, is given back at once.
    if (method === 'card') expect(payments.calls.map((c) => c.kind)).toEqual(['authorization', 'void']);
  });

  it('a line added in another tab since: 409, and that line stays in the cart; the cart as it is now is placed', async () => {
    const shop = makeShop({ data: priceData() });
    const a = await shop.as('user');
    await a.post('/api/cart').send(both[0]).expect(201);
    const shown = (await a.post('/api/checkout/quote').send({ address: PLACE }).expect(200)).body.totals.total;
    await a.post('/api/cart').send(both[1]).expect(201);
    const was = await before(shop);

    await a.post('/api/orders').send(orderBody({ items: [both[0]], expectedTotal: shown })).expect(409, { message: CART_CHANGED });
    expect(await before(shop)).toEqual(was);
    expect(await cartOf(a)).toEqual([
      [LAPTOP, 1],
      [PHONE, 1],
    ]);

    const now = (await a.post('/api/checkout/quote').send({ address: PLACE }).expect(200)).body.totals.total;
    const placed = (await a.post('/api/orders').send(orderBody({ items: [both[1], both[0]], expectedTotal: now })).expect(201)).body;
    expect(placed.items.map((i: { product: { id: number } }) => i.product.id).sort()).toEqual([PHONE, LAPTOP].sort());
    expect(await cartOf(a)).toEqual([]);
  });

  it('a quantity changed in another tab since: 409; without expectedTotal (API clients) the body is ordered as before', async () => {
    const shop = makeShop({ data: priceData() });
    const a = await shop.as('user');
    const line = (await a.post('/api/cart').send(both[0]).expect(201)).body;
    const shown = (await a.post('/api/checkout/quote').send({ address: PLACE }).expect(200)).body.totals.total;
    await a.patch(`/api/cart/${line.id}`).send({ quantity: 2 }).expect(200);
    await a.post('/api/orders').send(orderBody({ expectedTotal: shown })).expect(409, { message: CART_CHANGED });
    expect(await cartOf(a)).toEqual([[LAPTOP, 2]]);
    expect((await a.post('/api/orders').send(orderBody()).expect(201)).body.totalItems).toBe(1);
    expect(await cartOf(a)).toEqual([]);
  });
});

