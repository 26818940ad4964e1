// Card payments outlive a process: they are records in the database (the shop's payments and the
// test provider's book), so an order placed on one instance is captured or voided on another, or
// after a restart; a provider call whose answer is lost leaves a pending record that a retry
// finishes with the same idempotency key, so the card is charged once.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Order } from '../../../src/domain/types';
import type { StoreAdapter } from '../../../server/db/port';
import { openDatabase } from '../../../server/db/connect';
import { PgStore } from '../../../server/db/pgStore';
import { TestPaymentProvider } from '../../../server/modules/payments/testProvider';
import { embeddedShop } from '../../pg/embeddedShop';
import { newShopDatabase } from '../../pg/shopDatabase';
import { address, ENGINE, expectNoLeaks, makeData, makeShop, TEST_CARD, type TestShop } from '../fixtures';

afterEach(expectNoLeaks);

const closing: PgStore[] = [];
afterAll(async () => {
  for (const store of closing) await store.close().catch(() => {});
});

/** Two instances' stores on one database; `again()` opens one more on it (an instance started later). */
async function oneDatabase(): Promise<{ first: StoreAdapter; again(): StoreAdapter }> {
  if (ENGINE === 'postgres') {
    const { url } = await newShopDatabase(makeData());
    const open = () => {
      const store = new PgStore(openDatabase(url, { max: 2, idleTimeoutMs: 1000 }));
      closing.push(store);
      return store;
    };
    return { first: open(), again: open };
  }
  // The embedded database belongs to one process: another adapter on the same data.
  const shop = embeddedShop(makeData());
  return { first: shop.store, again: () => shop.again() };
}

const instance = (store: StoreAdapter, payments = new TestPaymentProvider()) => ({ shop: makeShop({ store, payments }), payments });

/** The shopper orders one Galaxy Tab S9 by card. */
async function cardOrder(shop: TestShop): Promise<Order> {
  const res = await (await shop.as('user'))
    .post('/api/orders')
    .send({ items: [{ product: 5, quantity: 1 }], selectedAddress: address(), paymentMethod: 'card', card: TEST_CARD })
    .expect(201);
  return res.body;
}

const stockOf5 = async (shop: TestShop) => (await shop.state()).products.find((p) => p.id === 5)!.stock;

describe('a card order on several instances', () => {
  it('placed on instance 1, dispatched on instance 2: captured once, paid', async () => {
    const db = await oneDatabase();
    const one = instance(db.first);
    const two = instance(db.again());
    const placed = await cardOrder(one.shop);
    const total = Math.round(placed.totals!.total * 100);
    const res = await (await two.shop.as('admin')).patch(`/api/orders/${placed.id}`).send({ status: 'dispatched' }).expect(200);
    expect(res.body.payment).toMatchObject({ method: 'card', status: 'paid', refunded: 0 });
    // Instance 2's provider sees instance 1's authorization, captured.
    expect(await two.payments.payment(one.payments.references[0])).toMatchObject({ authorized: total, captured: total });
    expect(two.payments.calls.map((c) => c.kind)).toEqual(['capture']);
  });

  it('placed, then the process restarted: the shopper cancels, the payment is voided and the stock comes back', async () => {
    const db = await oneDatabase();
    const one = instance(db.first);
    const before = await stockOf5(one.shop);
    const placed = await cardOrder(one.shop);
    expect(await stockOf5(one.shop)).toBe(before - 1);
    // A new process: new services and a new provider object; only the database remains.
    const restarted = instance(db.again());
    const res = await (await restarted.shop.as('user')).post(`/api/orders/${placed.id}/cancel`).send({}).expect(200);
    expect(res.body).toMatchObject({ status: 'cancelled', refunded: 0, payment: { method: 'card', status: 'voided', last4: '4242' } });
    expect(await stockOf5(restarted.shop)).toBe(before);
    expect(await restarted.payments.payment(one.payments.references[0])).toMatchObject({ captured: 0, voided: true });
  });
});

describe('a provider call whose answer is lost', () => {
  it('leaves the order unchanged (502); the retry finishes it with the same key: captured once', async () => {
    class LostAnswer extends TestPaymentProvider {
      lose = true;
      override async capture(reference: string, amount: number, key: string): Promise<void> {
        await super.capture(reference, amount, key);
        if (this.lose) throw new Error('connection reset');
      }
    }
    const db = await oneDatabase();
    const payments = new LostAnswer();
    const { shop } = instance(db.first, payments);
    const placed = await cardOrder(shop);
    const total = Math.round(placed.totals!.total * 100);
    const admin = await shop.as('admin');
    const failed = await admin.patch(`/api/orders/${placed.id}`).send({ status: 'dispatched' }).expect(502);
    expect(failed.body.message).toMatch(/could not be captured/);
    expect((await admin.get(`/api/orders/${placed.id}`).expect(200)).body).toMatchObject({ status: 'pending', payment: { status: 'authorized' } });

    // The same action again, on another instance: the pending capture is finished with its key.
    payments.lose = false;
    const other = instance(db.again());
    const done = await (await other.shop.as('admin')).patch(`/api/orders/${placed.id}`).send({ status: 'dispatched' }).expect(200);
    expect(done.body).toMatchObject({ status: 'dispatched', payment: { status: 'paid' } });
    const captures = [...payments.calls, ...other.payments.calls].filter((c) => c.kind === 'capture');
    expect(captures).toHaveLength(2);
    expect(captures[1].key).toBe(captures[0].key);
    expect(await other.payments.operationsUnder(captures[0].key)).toBe(1);
    expect(await other.payments.payment(payments.references[0])).toMatchObject({ captured: total, refunded: 0 });
  });
});
