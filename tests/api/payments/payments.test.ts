// Payments: the offline test provider, the card's money through an order's status
// changes (authorized at placing, captured at dispatch, voided or refunded at cancelling), cash's
// status, and a card's full number never stored anywhere nor written to the log.
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../src/domain/types';
import { APPROVED_CARD, DECLINED_CARD, DECLINED_MESSAGE, REMEMBERED, TestPaymentProvider } from '../../../server/modules/payments/testProvider';
import type { Database } from '../../../server/db/schema';
import { createLogger } from '../../../server/modules/operations/logging';
import { embeddedShop } from '../../pg/embeddedShop';
import { openShopStore } from '../../pg/shopDatabase';
import { address, ENGINE, expectNoLeaks, makeData, makeShop, type ShopOptions, type TestShop } from '../fixtures';

afterEach(expectNoLeaks);

const CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2031, cvc: '123' };
const MASTERCARD = { number: '5555-5555-5555-4444', expMonth: 1, expYear: 2032, cvc: '987' };

/** A shop on ENGINE with its own test provider, and a handle on its database for SQL behind the API. */
async function cardShop(
  options: ShopOptions = {},
  payments = new TestPaymentProvider(),
): Promise<{ shop: TestShop; payments: TestPaymentProvider; db: Kysely<Database> }> {
  if (ENGINE === 'postgres') {
    const store = await openShopStore(makeData());
    return { shop: makeShop({ ...options, store, payments }), payments, db: store.db };
  }
  const embedded = embeddedShop(makeData());
  return { shop: makeShop({ ...options, store: embedded.store, payments }), payments, db: (await embedded.opened).db };
}

/** A test provider of its own on a shop's database. */
async function provider(): Promise<TestPaymentProvider> {
  return new TestPaymentProvider((await cardShop()).shop.store);
}

/** The shopper (user 2) orders one Galaxy Tab S9 ($240) paying as `payment` says. */
async function order(shop: TestShop, payment: Record<string, unknown> = { paymentMethod: 'card', card: CARD }): Promise<Order> {
  const a = await shop.as('user');
  const res = await a
    .post('/api/orders')
    .send({ items: [{ product: 5, quantity: 1 }], selectedAddress: address(), ...payment })
    .expect(201);
  return res.body;
}

const setStatus = async (shop: TestShop, id: number, status: string, expected = 200) =>
  (await (await shop.as('admin')).patch(`/api/orders/${id}`).send({ status }).expect(expected)).body;

/** The payment column as stored (orders.payment). */
async function storedPayment(db: Kysely<Database>, id: number): Promise<unknown> {
  const row = await db.selectFrom('orders').select('payment').where('id', '=', id).executeTakeFirstOrThrow();
  return row.payment;
}

describe('the test provider', () => {
  it('approves 4242… and any other Luhn-valid number, declines 4000…0002 and invalid numbers', async () => {
    const p = await provider();
    const approved = await p.authorize({ ...CARD, number: APPROVED_CARD }, 24_000, 'a1');
    expect(approved).toEqual({ ok: true, reference: expect.stringMatching(/^test_[0-9a-f]{24}$/), brand: 'Visa', last4: '4242' });
    expect(await p.authorize(MASTERCARD, 100, 'a2')).toMatchObject({ ok: true, brand: 'Mastercard', last4: '4444' });
    expect(await p.authorize({ ...CARD, number: DECLINED_CARD }, 100, 'a3')).toEqual({ ok: false, message: DECLINED_MESSAGE });
    expect(await p.authorize({ ...CARD, number: '4242424242424241' }, 100, 'a4')).toEqual({ ok: false, message: DECLINED_MESSAGE });
    // References are random: two authorizations of one card differ; the same key is the same authorization.
    const again = await p.authorize(CARD, 24_000, 'a5');
    expect(again.ok && approved.ok && again.reference !== approved.reference).toBe(true);
    expect(await p.authorize({ ...CARD, number: APPROVED_CARD }, 24_000, 'a1')).toEqual(approved);
    // It keeps brand and last four only.
    const kept = JSON.stringify([await p.all(), p.declined]);
    for (const digits of ['4242424242424242', '5555555555554444', '4000000000000002', '4242424242424241']) expect(kept).not.toContain(digits);
  });

  it('captures within the authorization, refunds within the capture, voids an uncaptured one; a key seen is the same operation', async () => {
    const p = await provider();
    const a = await p.authorize(CARD, 5_000, 'b1');
    if (!a.ok) throw new Error('declined');
    await expect(p.capture(a.reference, 5_001, 'b2')).rejects.toThrow();
    await p.capture(a.reference, 5_000, 'b3');
    await p.capture(a.reference, 5_000, 'b3');
    await expect(p.void(a.reference, 'b4')).rejects.toThrow();
    await expect(p.refund(a.reference, 5_001, 'b5')).rejects.toThrow();
    await p.refund(a.reference, 5_000, 'b6');
    expect(await p.payment(a.reference)).toMatchObject({ authorized: 5_000, captured: 5_000, refunded: 5_000, voided: false });
    // A refused key stays refused.
    await expect(p.capture(a.reference, 5_001, 'b2')).rejects.toThrow();
    const b = await p.authorize(CARD, 700, 'b7');
    if (!b.ok) throw new Error('declined');
    await p.void(b.reference, 'b8');
    expect(await p.payment(b.reference)).toMatchObject({ captured: 0, voided: true });
    await expect(p.capture('test_unknown', 1, 'b9')).rejects.toThrow();
  });

  it('remembers in memory only its last calls (a server taking cards for months), while the database keeps every authorization', async () => {
    const p = await provider();
    const references: string[] = [];
    for (let i = 0; i < REMEMBERED + 2; i++) {
      const a = await p.authorize(CARD, 100 + i, `m${i}`);
      if (!a.ok) throw new Error('declined');
      references.push(a.reference);
    }
    await p.authorize({ ...CARD, number: DECLINED_CARD }, 100, 'm-declined');
    expect(p.calls).toHaveLength(REMEMBERED);
    expect(p.calls.at(-1)).toMatchObject({ kind: 'authorization', key: 'm-declined' });
    expect(p.references).toEqual(references.slice(2));
    expect(p.declined).toEqual([{ brand: 'Visa', last4: '0002', amount: 100 }]);
    // The first authorization is out of memory, not out of the database: its key still answers it.
    expect(await p.payment(references[0])).toMatchObject({ authorized: 100, captured: 0 });
    expect(await p.authorize(CARD, 100, 'm0')).toMatchObject({ ok: true, reference: references[0] });
  });
});

describe('a card order through its status changes', () => {
  it('authorizes card order after card order: ten in a row, each with its payment record (its statements long prepared)', async () => {
    const { shop, db } = await cardShop();
    const a = await shop.as('user');
    const placed: Order[] = [];
    for (let i = 0; i < 10; i++) {
      // Five of the Galaxy Tab S9 (its whole stock), then five iPhones.
      const items = [{ product: i < 5 ? 5 : 1, quantity: 1 }];
      placed.push((await a.post('/api/orders').send({ items, selectedAddress: address(), paymentMethod: 'card', card: CARD }).expect(201)).body);
    }
    for (const p of placed) expect(p.payment).toMatchObject({ method: 'card', status: 'authorized' });
    const records = await db.selectFrom('payments').select(['order_id', 'kind', 'state']).where('order_id', 'in', placed.map((p) => p.id)).orderBy('order_id').execute();
    expect(records).toEqual(placed.map((p) => ({ order_id: p.id, kind: 'authorization', state: 'succeeded' })));
  });

  // A driver detail: the embedded engine prepares what it runs again; the pool's statements are unnamed.
  it.skipIf(ENGINE !== 'embedded')('on the embedded engine, card orders of one product plan their statements on products five times at most, then keep a plan', async () => {
    const { shop, db } = await cardShop();
    const a = await shop.as('user');
    for (let i = 0; i < 10; i++) {
      const items = [{ product: i < 5 ? 5 : 1, quantity: 1 }];
      await a.post('/api/orders').send({ items, selectedAddress: address(), paymentMethod: 'card', card: CARD }).expect(201);
    }
    const plans = await sql<{ statement: string; custom: number }>`
      SELECT statement, custom_plans::int AS custom FROM pg_prepared_statements WHERE generic_plans + custom_plans > 5`.execute(db);
    // The products read with the body, locked, and their variants read: planning a statement on
    // products looks at every one of its indexes.
    const onProducts = plans.rows.filter((p) => /from "products"/.test(p.statement));
    expect(onProducts.length).toBeGreaterThanOrEqual(3);
    expect(onProducts.filter((p) => p.custom > 5)).toEqual([]);
  });

  it('authorized at placing, captured and paid at dispatch, refunded at cancelling; a refunded order cannot be reopened', async () => {
    const { shop, payments, db } = await cardShop();
    const placed = await order(shop);
    expect(placed.payment).toEqual({ method: 'card', status: 'authorized', brand: 'Visa', last4: '4242', refunded: 0 });
    const total = Math.round(placed.totals!.total * 100);
    const [reference] = payments.references;
    const auth = async () => (await payments.payment(reference))!;
    expect(await auth()).toMatchObject({ authorized: total, captured: 0, refunded: 0 });
    // The reference is kept (for capture and refund), never answered.
    expect(await storedPayment(db, placed.id)).toEqual({ ...placed.payment, reference });

    const dispatched = await setStatus(shop, placed.id, 'dispatched');
    expect(dispatched.payment).toEqual({ method: 'card', status: 'paid', brand: 'Visa', last4: '4242', refunded: 0 });
    expect((await auth()).captured).toBe(total);
    // Delivered: nothing more is taken.
    expect((await setStatus(shop, placed.id, 'delivered')).payment.status).toBe('paid');
    expect((await auth()).captured).toBe(total);

    const cancelled = await setStatus(shop, placed.id, 'cancelled');
    expect(cancelled.payment).toEqual({ method: 'card', status: 'refunded', brand: 'Visa', last4: '4242', refunded: placed.totals!.total });
    expect(cancelled.refunded).toBe(placed.totals!.total);
    expect((await auth()).refunded).toBe(total);
    // Cancelling again changes nothing and refunds nothing more.
    await setStatus(shop, placed.id, 'cancelled');
    expect((await auth()).refunded).toBe(total);

    const stockBefore = (await shop.state()).products[4].stock;
    const refused = await setStatus(shop, placed.id, 'pending', 409);
    expect(refused.message).toBe(`Order #${placed.id} was refunded to the card, so it cannot be reopened: the shopper can order again.`);
    const after = (await (await shop.as('admin')).get(`/api/orders/${placed.id}`).expect(200)).body;
    expect(after).toMatchObject({ status: 'cancelled', payment: { status: 'refunded' } });
    expect((await shop.state()).products[4].stock).toBe(stockBefore);
  });

  it('delivered straight from pending captures it too', async () => {
    const { shop, payments } = await cardShop();
    const placed = await order(shop);
    expect((await setStatus(shop, placed.id, 'delivered')).payment.status).toBe('paid');
    expect((await payments.all())[0].captured).toBe(Math.round(placed.totals!.total * 100));
  });

  it('the shopper cancelling a pending card order releases the authorization: voided, nothing captured', async () => {
    const { shop, payments } = await cardShop();
    const placed = await order(shop);
    const res = await (await shop.as('user')).post(`/api/orders/${placed.id}/cancel`).send({}).expect(200);
    expect(res.body).toMatchObject({ status: 'cancelled', refunded: 0, payment: { method: 'card', status: 'voided', last4: '4242', refunded: 0 } });
    expect((await payments.all())[0]).toMatchObject({ captured: 0, refunded: 0, voided: true });
  });

  it('a declined card places nothing (402 with the reason)', async () => {
    const { shop, payments } = await cardShop();
    const before = await shop.state();
    const res = await (await shop.as('user'))
      .post('/api/orders')
      .send({ items: [{ product: 5, quantity: 1 }], selectedAddress: address(), paymentMethod: 'card', card: { ...CARD, number: '4000 0000 0000 0002' } })
      .expect(402);
    expect(res.body.message).toBe(DECLINED_MESSAGE);
    const after = await shop.state();
    expect(after.orders).toHaveLength(before.orders.length);
    expect(after.products[4].stock).toBe(before.products[4].stock);
    expect(await payments.all()).toEqual([]);
  });

  it('a price changed after the card was authorized: nothing ordered (409), the authorization voided, the cart and stock as they were', async () => {
    let afterAuthorizing = async () => {};
    const provider = new (class extends TestPaymentProvider {
      override async authorize(...args: Parameters<TestPaymentProvider['authorize']>) {
        const answer = await super.authorize(...args);
        await afterAuthorizing();
        return answer;
      }
    })();
    const { shop, payments, db } = await cardShop({}, provider);
    // The Galaxy Tab S9 goes from $240 to $250 while the provider answers.
    afterAuthorizing = async () => void (await db.updateTable('products').set({ price: 250 }).where('id', '=', 5).execute());
    const a = await shop.as('user');
    await a.post('/api/cart').send({ product: 5, quantity: 1 }).expect(201);
    const before = await shop.state();
    const res = await a.post('/api/orders').send({ items: [{ product: 5, quantity: 1 }], selectedAddress: address(), paymentMethod: 'card', card: CARD }).expect(409);
    expect(res.body.message).toBe("The order's total changed while it was placed; nothing was charged. Try again.");
    const after = await shop.state();
    expect(after.orders).toHaveLength(before.orders.length);
    expect(after.cart).toEqual(before.cart);
    expect(after.products[4].stock).toBe(before.products[4].stock);
    expect(await payments.all()).toEqual([expect.objectContaining({ authorized: expect.any(Number), captured: 0, voided: true })]);
    // Ordered again, it is priced and authorized at the new price.
    afterAuthorizing = async () => {};
    const placed = (await a.post('/api/orders').send({ items: [{ product: 5, quantity: 1 }], selectedAddress: address(), paymentMethod: 'card', card: CARD }).expect(201)).body;
    expect(placed.items[0].product.price).toBe(250);
    expect((await payments.all())[1].authorized).toBe(Math.round(placed.totals.total * 100));
  });

  it('the provider failing to capture leaves the order as it was (502)', async () => {
    const { shop, payments } = await cardShop();
    const placed = await order(shop);
    payments.capture = async () => {
      throw new Error('provider down');
    };
    const res = await setStatus(shop, placed.id, 'dispatched', 502);
    expect(res.message).toMatch(/could not be captured/);
    expect((await (await shop.as('admin')).get(`/api/orders/${placed.id}`).expect(200)).body).toMatchObject({ status: 'pending', payment: { status: 'authorized' } });
    expect((await payments.all())[0].captured).toBe(0);
    // A bulk change answers that order's 502 and changes the others.
    const cash = await order(shop, { paymentMethod: 'cash' });
    const bulk = (await (await shop.as('admin')).patch('/api/orders').send({ ids: [placed.id, cash.id], status: 'dispatched' }).expect(200)).body;
    expect(bulk.map((r: { id: number; status: number }) => [r.id, r.status])).toEqual([
      [placed.id, 502],
      [cash.id, 200],
    ]);
    expect((await (await shop.as('admin')).get(`/api/orders/${placed.id}`).expect(200)).body.status).toBe('pending');
  });
});

describe('a cash order', () => {
  it('pending until delivered, then paid; cancelled after that: refunded; reopened: pending again', async () => {
    const { shop, payments } = await cardShop();
    const placed = await order(shop, { paymentMethod: 'cash' });
    expect(placed.payment).toEqual({ method: 'cash', status: 'pending', refunded: 0 });
    expect((await setStatus(shop, placed.id, 'dispatched')).payment).toEqual({ method: 'cash', status: 'pending', refunded: 0 });
    expect((await setStatus(shop, placed.id, 'delivered')).payment).toEqual({ method: 'cash', status: 'paid', refunded: 0 });
    expect((await setStatus(shop, placed.id, 'cancelled')).payment).toEqual({ method: 'cash', status: 'refunded', refunded: placed.totals!.total });
    expect((await setStatus(shop, placed.id, 'pending')).payment).toEqual({ method: 'cash', status: 'pending', refunded: 0 });
    expect(await payments.all()).toEqual([]);
  });

  it('cancelled before delivery: still pending (nothing was collected)', async () => {
    const { shop } = await cardShop();
    const placed = await order(shop, { paymentMethod: 'cash' });
    const res = await (await shop.as('user')).post(`/api/orders/${placed.id}/cancel`).send({}).expect(200);
    expect(res.body).toMatchObject({ status: 'cancelled', payment: { method: 'cash', status: 'pending' } });
  });

  it('an order placed before payments: its payment as its pages show it, kept when a change would read it otherwise; given back only with the refunds permission', async () => {
    const data = makeData();
    data.users[2].role = 'fulfilment'; // account 3 ("other") works in fulfilment: no refunds
    data.orders[1].paymentMethod = 'card'; // order 2: an older card order, paid when placed
    const shop = makeShop({ data });
    const fulfilment = await shop.as('other');
    const admin = await shop.as('admin');
    // Order 1 (cash, pending) delivered: paid, as its status says (nothing stored).
    expect((await setStatus(shop, 1, 'delivered')).payment).toMatchObject({ method: 'cash', status: 'paid' });
    expect((await shop.state()).orders[0].payment).toBeUndefined();
    // Cancelling it gives the cash back: not for fulfilment; for an admin, refunded and kept.
    const refused = await fulfilment.patch('/api/orders/1').send({ status: 'cancelled' }).expect(403);
    expect(refused.body.message).toContain('"refunds"');
    const cancelled = (await admin.patch('/api/orders/1').send({ status: 'cancelled' }).expect(200)).body;
    expect(cancelled.payment).toMatchObject({ method: 'cash', status: 'refunded' });
    expect((await admin.get('/api/orders/1').expect(200)).body.payment).toMatchObject({ method: 'cash', status: 'refunded' });
    // Moved from delivered to dispatched, the cash collected stays collected.
    await setStatus(shop, 5, 'delivered');
    expect((await setStatus(shop, 5, 'dispatched')).payment).toMatchObject({ method: 'cash', status: 'paid' });
    // The older card order: paid; cancelling it is a refund (fulfilment 403); once refunded it stays cancelled.
    expect((await admin.get('/api/orders/2').expect(200)).body.payment).toMatchObject({ method: 'card', status: 'paid' });
    await fulfilment.patch('/api/orders/2').send({ status: 'cancelled' }).expect(403);
    expect((await setStatus(shop, 2, 'cancelled')).payment).toMatchObject({ method: 'card', status: 'refunded' });
    const reopen = await admin.patch('/api/orders/2').send({ status: 'pending' }).expect(409);
    expect(reopen.body.message).toBe('Order #2 was refunded to the card, so it cannot be reopened: the shopper can order again.');
  });
});

describe('a card number is never kept', () => {
  it('after card orders (one with an Idempotency-Key, one declined), no table holds the number and the log never shows it', async () => {
    const lines: string[] = [];
    const capture = (...args: unknown[]) => void lines.push(args.map((a) => (a instanceof Error ? `${a.stack}` : typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
    const spies = [vi.spyOn(console, 'log').mockImplementation(capture), vi.spyOn(console, 'error').mockImplementation(capture), vi.spyOn(console, 'warn').mockImplementation(capture), vi.spyOn(console, 'info').mockImplementation(capture)];
    try {
      // The app's log lines (JSON, operations/logging.ts) go to the same capture, at the most detailed level.
      const { shop, db } = await cardShop({ logger: createLogger({ level: 'trace', stream: { write: (line: string) => void lines.push(line) } }) });
      const a = await shop.as('user');
      const body = { items: [{ product: 5, quantity: 1 }], selectedAddress: address(), paymentMethod: 'card' };
      await a.post('/api/orders').set('Idempotency-Key', 'card-order-1').send({ ...body, card: CARD }).expect(201);
      await a.post('/api/orders').set('Idempotency-Key', 'card-order-1').send({ ...body, card: CARD }).expect(200);
      await a.post('/api/orders').send({ ...body, items: [{ product: 1, quantity: 1 }], card: MASTERCARD }).expect(201);
      await a.post('/api/orders').send({ ...body, card: { ...CARD, number: '4000000000000002' } }).expect(402);
      await a.post('/api/orders').send({ ...body, card: { ...CARD, number: '4242 4242 4242 4241' } }).expect(400);
      const placed = (await a.get('/api/orders/own').expect(200)).body;
      const mine = (Array.isArray(placed) ? placed : placed.items) as Order[];
      expect(mine.filter((o) => o.payment?.method === 'card').map((o) => o.payment?.last4).sort()).toEqual(['4242', '4444']);

      // Every text-like column of every table, read as text (jsonb included).
      const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
        SELECT c.table_name, c.column_name FROM information_schema.columns c
        JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
          AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'bytea')`.execute(db);
      expect(columns.map((c) => `${c.table_name}.${c.column_name}`)).toEqual(expect.arrayContaining(['orders.payment', 'orders.items', 'idempotency_keys.fingerprint']));
      const numbers = ['4242424242424242', '5555555555554444', '4000000000000002', '4242424242424241'];
      const found: string[] = [];
      // The control: the scan does see what is kept (the last four digits in orders.payment).
      const lastFour = new Set<string>();
      for (const { table_name, column_name } of columns) {
        const { rows } = await sql<{ text: string }>`SELECT ${sql.ref(column_name)}::text AS text FROM ${sql.table(table_name)} WHERE ${sql.ref(column_name)} IS NOT NULL`.execute(db);
        for (const { text } of rows) {
          const digits = text.replace(/[\s-]/g, '');
          for (const n of numbers) if (digits.includes(n)) found.push(`${table_name}.${column_name}`);
          if (text.includes('"last4": "4444"')) lastFour.add(`${table_name}.${column_name}`);
          if (text.includes('"cvc"')) found.push(`${table_name}.${column_name} (a security code)`);
        }
      }
      expect(found).toEqual([]);
      expect(lastFour).toContain('orders.payment');

      const log = lines.join('\n');
      expect(log).toContain('"method":"POST","route":"/api/orders","status":201');
      expect(log).toContain('"msg":"payment declined"');
      for (const n of numbers) expect(log.replace(/[\s-]/g, '')).not.toContain(n);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});
