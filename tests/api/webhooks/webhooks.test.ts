// Signed webhooks on both drivers: the admin API (/api/admin/webhooks) and the worker
// (server/modules/webhooks/worker.ts) posting to a receiver in this process, driven round by round
// on a fake clock: an order placed reaches the receiver signed as the README says; a receiver
// answering 500 gets the event again on a later round, until 24 hours have passed; the delivery
// log, newest first; "send again"; bad input (nothing stored); shoppers refused.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../src/domain/types';
import type { NewWebhookEndpoint, WebhookDelivery, WebhookEndpoint } from '../../../src/domain/webhooks';
import { WebhookWorker, type WebhookWorkerOptions } from '../../../server/modules/webhooks/worker';
import { clock, expectNoLeaks, makeShop, orderBody, type Agent, type TestShop } from '../fixtures';
import { receiveInThisFile } from './receiver';

afterEach(expectNoLeaks);

const receiver = receiveInThisFile();
const HOUR = 60 * 60_000;

/** The README's check of a delivery's signature (its receiver's lines), with the clock given. */
function verify(secret: string, header: string, body: string, nowSeconds = Date.now() / 1000): boolean {
  const { t, v1 = '' } = Object.fromEntries(header.split(',').map((p) => p.split('=')));
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return Math.abs(nowSeconds - Number(t)) <= 300 && v1.length === 64 && timingSafeEqual(Buffer.from(v1), Buffer.from(expected));
}

function setUp() {
  const c = clock();
  const shop = makeShop({ now: c.now, webhooks: { allowPrivate: true } });
  const worker = (more: Partial<WebhookWorkerOptions> = {}) => new WebhookWorker(shop.store, { now: c.now, allowPrivate: true, ...more });
  return { c, shop, worker };
}

async function addEndpoint(admin: Agent, body: Record<string, unknown>): Promise<NewWebhookEndpoint> {
  return (await admin.post('/api/admin/webhooks').send(body).expect(201)).body;
}

const withoutSecret = ({ id, url, events, active, createdAt }: NewWebhookEndpoint): WebhookEndpoint => ({ id, url, events, active, createdAt });

const log = async (admin: Agent, id: number) => (await admin.get(`/api/admin/webhooks/${id}/deliveries`).expect(200)).body as WebhookDelivery[];

async function placeOrder(shop: TestShop): Promise<number> {
  const user = await shop.as('user');
  return (await user.post('/api/orders').send(orderBody([{ product: 5, quantity: 1 }])).expect(201)).body.id;
}

describe('webhooks', () => {
  it('an order placed reaches the endpoint signed with its secret; the log has the attempt', async () => {
    const { c, shop, worker } = setUp();
    const admin = await shop.as('admin');
    const endpoint = await addEndpoint(admin, { url: receiver.url(), events: ['order.placed'] });
    expect(endpoint).toEqual({ id: 1, url: receiver.url(), events: ['order.placed'], active: true, secret: expect.stringMatching(/^whsec_[0-9a-f]{64}$/), createdAt: new Date(c.now()).toISOString() });
    const listed = (await admin.get('/api/admin/webhooks').expect(200)).body as WebhookEndpoint[];
    expect(listed).toEqual([{ id: 1, url: receiver.url(), events: ['order.placed'], active: true, createdAt: endpoint.createdAt }]);
    expect(JSON.stringify(listed)).not.toContain(endpoint.secret);

    const orderId = await placeOrder(shop);
    c.advance(2_000);
    expect(await worker().runOnce()).toMatchObject({ delivered: [expect.any(Number)], retried: [], failed: [] });
    expect(receiver.requests).toHaveLength(1);
    const [got] = receiver.requests;
    expect(got.headers['content-type']).toBe('application/json');
    expect(verify(endpoint.secret, String(got.headers['x-shop-signature']), got.body, c.now() / 1000)).toBe(true);
    expect(verify(endpoint.secret, String(got.headers['x-shop-signature']), got.body.replace('"order.placed"', '"order.placed "'), c.now() / 1000)).toBe(false);
    expect(verify(endpoint.secret, String(got.headers['x-shop-signature']), got.body, c.now() / 1000 + 301)).toBe(false);
    expect(got.headers['x-shop-signature']).toMatch(new RegExp(`^t=${Math.floor(c.now() / 1000)},v1=[0-9a-f]{64}$`));
    const event = JSON.parse(got.body);
    expect(Object.keys(event)).toEqual(['id', 'type', 'createdAt', 'data']);
    expect(event).toMatchObject({ id: got.headers['x-shop-event-id'], type: 'order.placed', createdAt: new Date(c.now() - 2_000).toISOString() });
    expect(event.data.order).toMatchObject({ id: orderId, user: 2, status: 'pending', items: [{ quantity: 1, product: { id: 5 } }] });
    expect(event.data.order.payment.reference).toBeUndefined();

    expect(await log(admin, endpoint.id)).toEqual([{ id: 1, event: 'order.placed', eventId: event.id, attempt: 1, status: 200, at: new Date(c.now()).toISOString(), response: 'ok' }]);
    // Delivered once: the next round has nothing to do.
    expect((await worker().drain()).delivered).toEqual([]);
    expect(receiver.requests).toHaveLength(1);
  });

  it('a receiver answering 500 gets the event again on a later round; after 24 hours it is failed; the log is newest first', async () => {
    const { c, shop, worker } = setUp();
    const admin = await shop.as('admin');
    const endpoint = await addEndpoint(admin, { url: receiver.url(), events: ['order.placed', 'order.status_changed'] });
    await placeOrder(shop);
    receiver.answer({ status: 500, body: 'x'.repeat(600) });
    const w = worker();
    expect(await w.runOnce()).toMatchObject({ delivered: [], retried: [1] });
    expect((await w.runOnce()).retried).toEqual([]);
    c.advance(29_999);
    expect(await w.drain()).toMatchObject({ delivered: [], retried: [] });
    c.advance(1);
    expect((await w.runOnce()).delivered).toEqual([1]);
    expect(receiver.requests).toHaveLength(2);
    const [first, second] = receiver.requests;
    expect(second.headers['x-shop-event-id']).toBe(first.headers['x-shop-event-id']);
    expect(second.body).toBe(first.body);
    expect(verify(endpoint.secret, String(second.headers['x-shop-signature']), second.body, c.now() / 1000)).toBe(true);
    const attempts = await log(admin, endpoint.id);
    expect(attempts.map((a) => [a.attempt, a.status, a.response.length])).toEqual([
      [2, 200, 2],
      [1, 500, 500],
    ]);
    expect(attempts[1].at).toBe(new Date(c.now() - 30_000).toISOString());

    // A receiver that never answers 2xx: tried until 24 hours after the event, then failed.
    const placedAt = c.now();
    await admin.patch('/api/orders/13').send({ status: 'dispatched' }).expect(200);
    receiver.answer(...Array.from({ length: 60 }, () => ({ status: 503 })));
    const slow = worker({ backoffMs: () => 12 * HOUR });
    expect((await slow.runOnce()).retried).toHaveLength(1);
    c.advance(12 * HOUR);
    expect((await slow.runOnce()).retried).toHaveLength(1);
    c.advance(12 * HOUR);
    expect((await slow.runOnce()).failed).toHaveLength(1);
    c.advance(48 * HOUR);
    expect(await slow.drain()).toEqual({ delivered: [], retried: [], failed: [], lost: [] });
    const changed = (await log(admin, endpoint.id)).filter((a) => a.event === 'order.status_changed');
    expect(changed.map((a) => [a.attempt, a.status, a.at])).toEqual([
      [3, 503, new Date(placedAt + 24 * HOUR).toISOString()],
      [2, 503, new Date(placedAt + 12 * HOUR).toISOString()],
      [1, 503, new Date(placedAt).toISOString()],
    ]);
  });

  it('"Resend" queues the same event again, due now; audited; unknown delivery 404', async () => {
    const { c, shop, worker } = setUp();
    const admin = await shop.as('admin');
    const endpoint = await addEndpoint(admin, { url: receiver.url(), events: ['order.placed'] });
    await placeOrder(shop);
    await worker().runOnce();
    const [attempt] = await log(admin, endpoint.id);
    c.advance(60_000);
    const queued = (await admin.post(`/api/admin/webhooks/${endpoint.id}/deliveries/${attempt.id}/resend`).send({}).expect(202)).body;
    expect(queued).toEqual({ id: expect.any(Number), event: 'order.placed', eventId: attempt.eventId });
    expect((await worker().runOnce()).delivered).toEqual([queued.id]);
    expect(receiver.requests.map((r) => r.headers['x-shop-event-id'])).toEqual([attempt.eventId, attempt.eventId]);
    expect(JSON.parse(receiver.requests[1].body)).toEqual(JSON.parse(receiver.requests[0].body));
    expect((await log(admin, endpoint.id)).map((a) => [a.attempt, a.eventId, a.at])).toEqual([
      [1, attempt.eventId, new Date(c.now()).toISOString()],
      [1, attempt.eventId, attempt.at],
    ]);
    await admin.post(`/api/admin/webhooks/${endpoint.id}/deliveries/999/resend`).send({}).expect(404);
    await admin.post(`/api/admin/webhooks/99/deliveries/${attempt.id}/resend`).send({}).expect(404);
    await admin.get('/api/admin/webhooks/99/deliveries').expect(404);

    const audit = (await admin.get('/api/admin/audit?entity=webhook').expect(200)).body as AuditEntry[];
    expect(audit.map((e) => e.action)).toEqual(['webhook.resend', 'webhook.create']);
    expect(audit[1].after).toEqual({ url: receiver.url(), events: ['order.placed'], active: true });
    expect(JSON.stringify(audit)).not.toContain('whsec_');
  });

  it('PATCH and DELETE: an inactive endpoint gets nothing; events it does not take are not queued; audited', async () => {
    const { shop, worker } = setUp();
    const admin = await shop.as('admin');
    const a = await addEndpoint(admin, { url: receiver.url('a'), events: ['order.placed'], active: false });
    const b = await addEndpoint(admin, { url: receiver.url('b'), events: ['product.updated'] });
    await placeOrder(shop);
    expect(await worker().drain()).toEqual({ delivered: [], retried: [], failed: [], lost: [] });

    expect((await admin.patch(`/api/admin/webhooks/${a.id}`).send({ active: true, events: ['order.placed', 'order.placed', 'stock.low'] }).expect(200)).body).toEqual({
      id: a.id,
      url: receiver.url('a'),
      events: ['order.placed', 'stock.low'],
      active: true,
      createdAt: a.createdAt,
    });
    await placeOrder(shop);
    await worker().drain();
    // The order placed while it was inactive was not queued for it.
    expect(receiver.requests.map((r) => [r.path, JSON.parse(r.body).type, JSON.parse(r.body).data.order.id])).toEqual([['/a', 'order.placed', 14]]);

    await admin.delete(`/api/admin/webhooks/${a.id}`).expect(204);
    await admin.delete(`/api/admin/webhooks/${a.id}`).expect(404);
    await admin.patch(`/api/admin/webhooks/${a.id}`).send({ active: true }).expect(404);
    await admin.get(`/api/admin/webhooks/${a.id}/deliveries`).expect(404);
    expect((await admin.get('/api/admin/webhooks').expect(200)).body.map((e: WebhookEndpoint) => e.id)).toEqual([b.id]);
    const audit = (await admin.get('/api/admin/audit?entity=webhook').expect(200)).body as AuditEntry[];
    expect(audit.map((e) => [e.action, e.entityId])).toEqual([
      ['webhook.delete', String(a.id)],
      ['webhook.update', String(a.id)],
      ['webhook.create', String(b.id)],
      ['webhook.create', String(a.id)],
    ]);
    expect(audit[1]).toMatchObject({ before: { events: ['order.placed'], active: false }, after: { events: ['order.placed', 'stock.low'], active: true } });
  });

  it('two workers at once post each delivery once', async () => {
    const { shop, worker } = setUp();
    const admin = await shop.as('admin');
    await addEndpoint(admin, { url: receiver.url(), events: ['order.placed'] });
    for (let i = 0; i < 3; i++) await placeOrder(shop);
    const rounds = await Promise.all([worker().drain(), worker().drain()]);
    expect(rounds.flatMap((r) => r.delivered).sort()).toEqual([1, 2, 3]);
    expect(new Set(receiver.requests.map((r) => r.headers['x-shop-event-id'])).size).toBe(3);
    expect(receiver.requests).toHaveLength(3);
  });
});

describe('webhooks: bad input and who may', () => {
  const LONG = `http://example.com/${'a'.repeat(2001 - 'http://example.com/'.length)}`;

  it('400 with a message and field errors, nothing stored', async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    const bad = async (body: unknown, errors: Record<string, string>, message = 'Invalid webhook') => {
      const res = await admin.post('/api/admin/webhooks').send(body as object).expect(400);
      expect(res.body).toEqual({ message, errors });
    };
    expect(LONG).toHaveLength(2001);
    await bad({ url: 'ftp://example.com/hook', events: ['order.placed'] }, { url: 'URL must start with http:// or https://' });
    await bad({ url: 'http://10.0.0.1/hook', events: ['order.placed'] }, { url: 'URL must be a public address: 10.0.0.1 is a private, loopback or reserved address' });
    await bad({ url: 'http://localhost:8080/', events: ['order.placed'] }, { url: 'URL must be a public address: localhost is this machine' });
    await bad({ url: 'http://[::1]/', events: ['order.placed'] }, { url: 'URL must be a public address: [::1] is a private, loopback or reserved address' });
    await bad({ url: 'http://169.254.169.254/latest', events: ['order.placed'] }, { url: expect.stringContaining('169.254.169.254 is a private') } as never);
    await bad({ url: 'http://2130706433/', events: ['order.placed'] }, { url: expect.stringContaining('127.0.0.1 is a private') } as never);
    await bad({ url: LONG, events: ['order.placed'] }, { url: 'URL must be at most 2,000 characters' });
    await bad({ url: 'not a url', events: ['order.placed'] }, { url: 'URL must be a full http:// or https:// address' });
    const unknown = 'Unknown event: "order.shipped" (events are order.placed, order.status_changed, order.refunded, return.requested, product.updated, stock.low)';
    await bad({ url: 'https://example.com/hook', events: ['order.placed', 'order.shipped'] }, { events: unknown }, unknown);
    await bad({ url: 'https://example.com/hook', events: [] }, { events: expect.stringContaining('Events must be a list of at least one') } as never);
    await bad({ url: 'https://example.com/hook', events: ['order.placed'], active: 'yes' }, { active: 'Active must be true or false' });
    await bad({}, { url: 'URL is required', events: expect.any(String) } as never);
    await admin.post('/api/admin/webhooks').send([]).expect(400);
    expect((await admin.get('/api/admin/webhooks').expect(200)).body).toEqual([]);

    // A PATCH that is refused changes nothing either.
    const made = await addEndpoint(admin, { url: 'https://example.com/hook', events: ['stock.low'] });
    expect(made.url).toBe('https://example.com/hook');
    await admin.patch(`/api/admin/webhooks/${made.id}`).send({ url: 'http://192.168.1.10/', active: false }).expect(400);
    await admin.patch(`/api/admin/webhooks/${made.id}`).send({ events: ['nope'] }).expect(400);
    expect((await admin.get('/api/admin/webhooks').expect(200)).body).toStrictEqual([withoutSecret(made)]);
    expect((await admin.get('/api/admin/audit?entity=webhook').expect(200)).body).toHaveLength(1);
  });

  it('shoppers 403, visitors 401', async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    const made = await addEndpoint(admin, { url: 'https://example.com/hook', events: ['order.placed'] });
    const user = await shop.as('user');
    const requests = (a: Agent) => [
      a.get('/api/admin/webhooks'),
      a.post('/api/admin/webhooks').send({ url: 'https://example.com/x', events: ['order.placed'] }),
      a.patch(`/api/admin/webhooks/${made.id}`).send({ active: false }),
      a.delete(`/api/admin/webhooks/${made.id}`),
      a.get(`/api/admin/webhooks/${made.id}/deliveries`),
      a.post(`/api/admin/webhooks/${made.id}/deliveries/1/resend`).send({}),
    ];
    for (const res of await Promise.all(requests(user))) expect([res.status, res.body.message]).toEqual([403, 'Staff only']);
    for (const res of await Promise.all(requests(shop.anon()))) expect(res.status).toBe(401);
    expect((await admin.get('/api/admin/webhooks').expect(200)).body).toStrictEqual([withoutSecret(made)]);
  });
});
