// GET /metrics: Prometheus's text format, behind a bearer token when one is set; the request
// histogram labelled by route pattern, the shop's counters and the outbox and pool gauges.
// One app, with a token (the file on logs has one without: this machine only). The tests share
// it and run in order: each counts from the figures the ones before left.
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { WebhookWorker } from '../../../server/modules/webhooks/worker';
import { address, ENGINE, expectNoLeaks, makeShop, orderBody, TEST_CARD } from '../fixtures';
import { receiveInThisFile } from '../webhooks/receiver';

afterEach(expectNoLeaks);

const TOKEN = 'metrics-token-of-this-test';
const shop = makeShop({ metricsToken: TOKEN, webhooks: { allowPrivate: true } });
const receiver = receiveInThisFile();

async function scrape(): Promise<string> {
  const res = await request(shop.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain;.*version=0\.0\.4/);
  return res.text;
}

/** The value of one series (`name` with its labels as written), undefined when absent. */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('asks for the token: 401 without one, 403 with another, 200 with it', async () => {
    const none = await request(shop.app).get('/metrics').expect(401);
    expect(none.body.message).toMatch(/token/);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    await request(shop.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}x`).expect(403);
    await request(shop.app).get('/metrics').set('Authorization', `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`).expect(401);
    expect(await scrape()).toMatch(/^# HELP http_request_duration_seconds /m);
  });

  it('counts placed orders, declined cards and refused sign-ins; the confirmation waits in the outbox', async () => {
    const before = await scrape();
    expect(value(before, 'shop_outbox_pending')).toBe(0);
    expect(value(before, 'shop_outbox_oldest_pending_age_seconds')).toBe(0);
    const user = await shop.as('user');
    await user.post('/api/orders').send(orderBody([{ product: 1, quantity: 1 }])).expect(201);
    const body = { items: [{ product: 5, quantity: 1 }], selectedAddress: address(), paymentMethod: 'card' };
    await user.post('/api/orders').send({ ...body, card: { ...TEST_CARD, number: '4000000000000002' } }).expect(402);
    await shop.anon().post('/api/auth/login').send({ email: 'user@shop.test', password: 'Wrong12345' }).expect(401);
    const after = await scrape();
    for (const name of ['shop_orders_placed_total', 'shop_payments_declined_total', 'shop_logins_failed_total']) {
      expect(value(after, name), name).toBe(value(before, name)! + 1);
    }
    expect(value(after, 'shop_outbox_pending')).toBe(1);
    expect(value(after, 'shop_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('labels requests by route pattern and status class, never by raw path', async () => {
    await shop.anon().get('/api/products/2').expect(200);
    await shop.anon().get('/api/products/3').expect(200);
    await shop.anon().get('/api/no-such-thing/42').expect(404);
    const text = await scrape();
    expect(value(text, 'http_request_duration_seconds_count{method="GET",route="/api/products/:id",status="2xx"}')).toBeGreaterThanOrEqual(2);
    expect(value(text, 'http_request_duration_seconds_count{method="GET",route="unmatched",status="4xx"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'http_request_duration_seconds_count{method="POST",route="/api/orders",status="2xx"}')).toBe(1);
    expect(text).not.toMatch(/route="\/api\/products\/\d/);
    expect(text).not.toMatch(/no-such-thing/);
  });

  it('labels a request refused before its route ran with the route it was meant for (a 404 stays unmatched)', async () => {
    const before = await scrape();
    const count = (text: string, key: string) => value(text, `http_request_duration_seconds_count{${key}}`) ?? 0;
    // Signed out: the sign-in check of the orders' router refuses it; a body that is not JSON: the parser.
    await shop.anon().get('/api/orders/own').expect(401);
    await shop.anon().get('/api/orders/7').expect(401);
    await shop.anon().post('/api/auth/login').set('content-type', 'application/json').send('{"email":').expect(400);
    const after = await scrape();
    expect(count(after, 'method="GET",route="/api/orders/own",status="4xx"') - count(before, 'method="GET",route="/api/orders/own",status="4xx"')).toBe(1);
    expect(count(after, 'method="GET",route="/api/orders/:id",status="4xx"') - count(before, 'method="GET",route="/api/orders/:id",status="4xx"')).toBe(1);
    expect(count(after, 'method="POST",route="/api/auth/login",status="4xx"') - count(before, 'method="POST",route="/api/auth/login",status="4xx"')).toBe(1);
    expect(count(after, 'method="GET",route="unmatched",status="4xx"')).toBe(count(before, 'method="GET",route="unmatched",status="4xx"'));
  });

  it("reports the connection pool's use on a PostgreSQL server, and none for the embedded database", async () => {
    const text = await scrape();
    if (ENGINE === 'postgres') {
      expect(value(text, 'shop_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
      expect(value(text, 'shop_db_pool_connections{state="in_use"}')).toBeGreaterThanOrEqual(0);
      // Read before the scrape's own reads ask the pool: an idle shop, once its connections are
      // open (the scrape before), has none waiting.
      expect(value(await scrape(), 'shop_db_pool_waiting_queries')).toBe(0);
      expect(value(text, 'shop_db_pool_max_connections')).toBeGreaterThan(0);
    } else {
      expect(text).not.toMatch(/shop_db_pool/);
    }
  });

  it('counts webhook deliveries waiting and attempts failed', async () => {
    const admin = await shop.as('admin');
    await admin.post('/api/admin/webhooks').send({ url: receiver.url(), events: ['order.placed'] }).expect(201);
    const before = await scrape();
    expect(value(before, 'shop_webhooks_pending')).toBe(0);
    const user = await shop.as('user');
    await user.post('/api/orders').send(orderBody([{ product: 1, quantity: 1 }])).expect(201);
    expect(value(await scrape(), 'shop_webhooks_pending')).toBe(1);

    receiver.answer({ status: 500 });
    const worker = new WebhookWorker(shop.store, { allowPrivate: true });
    shop.operations.webhookRound(await worker.runOnce());
    expect(receiver.requests).toHaveLength(1);
    const after = await scrape();
    expect(value(after, 'shop_webhook_deliveries_failed_total')).toBe((value(before, 'shop_webhook_deliveries_failed_total') ?? 0) + 1);
    // Retried later: it still waits.
    expect(value(after, 'shop_webhooks_pending')).toBe(1);
  });
});
