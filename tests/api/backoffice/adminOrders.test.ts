// The back office's orders: the list with each order's customer and date (newest first; sorted,
// searched by number or customer email, filtered by status and days placed) and internal notes.
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminOrder, AuditEntry, OrderNote } from '../../../src/domain/backOffice';
import { ACCOUNTS, clock, expectNoLeaks, makeShop } from '../fixtures';

afterEach(expectNoLeaks);

const ids = (body: AdminOrder[]) => body.map((o) => o.id);

describe('GET /api/orders (admin list)', () => {
  it('answers each order with its customer and date, newest first', async () => {
    const shop = makeShop();
    const a = await shop.as('admin');
    const res = await a.get('/api/orders?_page=1&_per_page=3').expect(200);
    expect(ids(res.body)).toEqual([12, 11, 10]);
    expect(res.headers['x-total-count']).toBe('12');
    const [twelve, eleven] = res.body as AdminOrder[];
    expect(twelve.customer).toEqual({ id: ACCOUNTS.other.id, email: ACCOUNTS.other.email });
    expect(eleven.customer).toEqual({ id: ACCOUNTS.user.id, email: ACCOUNTS.user.email });
    const stored = (await shop.state()).orders.find((o) => o.id === 12)!;
    expect(twelve.createdAt).toBe(stored.createdAt);
    // The list never carries notes; an account's name comes along when it has one.
    expect(twelve).not.toHaveProperty('notes');
    await shop.update((data) => {
      data.users[2].name = 'Olga Other';
    });
    expect((await a.get('/api/orders?_per_page=1').expect(200)).body[0].customer).toEqual({ id: 3, email: ACCOUNTS.other.email, name: 'Olga Other' });
  });

  it('sorts by number, date, total, items, status, payment and customer email, both ways', async () => {
    const a = await makeShop().as('admin');
    const all = (await a.get('/api/orders?_per_page=50').expect(200)).body as AdminOrder[];
    const key: Record<string, (o: AdminOrder) => string | number> = {
      id: (o) => o.id,
      createdAt: (o) => o.createdAt!,
      totalAmount: (o) => o.totalAmount,
      totalItems: (o) => o.totalItems,
      status: (o) => o.status,
      paymentMethod: (o) => o.paymentMethod,
      email: (o) => o.customer!.email,
    };
    for (const [field, of] of Object.entries(key)) {
      for (const order of ['asc', 'desc'] as const) {
        const body = (await a.get(`/api/orders?_sort=${field}&_order=${order}&_per_page=50`).expect(200)).body as AdminOrder[];
        const expected = [...all].sort((x, y) => {
          const [p, q] = [of(x), of(y)];
          const by = p < q ? -1 : p > q ? 1 : 0;
          return (order === 'desc' ? -by : by) || x.id - y.id;
        });
        expect(ids(body), `${field} ${order}`).toEqual(ids(expected));
      }
    }
  });

  it('q finds an order number exactly (that order alone), or a part of the customer email or a line title (any case)', async () => {
    const a = await makeShop().as('admin');
    expect(ids((await a.get('/api/orders?q=7').expect(200)).body)).toEqual([7]);
    expect(ids((await a.get('/api/orders?q=%2312').expect(200)).body)).toEqual([12]);
    // A number is an order number only, though the odd orders hold an 'iPhone 15'.
    expect(ids((await a.get('/api/orders?q=1').expect(200)).body)).toEqual([1]);
    expect(ids((await a.get('/api/orders?q=iphone%2015').expect(200)).body)).toEqual([11, 9, 7, 5, 3, 1]);
    expect(ids((await a.get('/api/orders?q=OTHER%40').expect(200)).body)).toEqual([12, 10, 8, 6, 4, 2]);
    const users = await a.get('/api/orders?q=%20user@shop%20&_page=1&_per_page=2').expect(200);
    expect(ids(users.body)).toEqual([11, 9]);
    expect(users.headers['x-total-count']).toBe('6');
    expect((await a.get('/api/orders?q=nobody').expect(200)).body).toEqual([]);
    expect((await a.get('/api/orders?q=99').expect(200)).body).toEqual([]);
    // With the other filters: the status and the customer still apply.
    expect(ids((await a.get('/api/orders?q=shop.test&status=pending').expect(200)).body)).toEqual([9, 5, 1]);
    // An empty search is no search.
    expect((await a.get('/api/orders?q=').expect(200)).headers['x-total-count']).toBe('12');
  });

  it('createdAt_gte and createdAt_lte take whole UTC days, both included', async () => {
    const shop = makeShop();
    const a = await shop.as('admin');
    // Orders 3, 4 and 5 were placed on 3, 4 and 5 January 2026 at midnight; move 5 to the day's last moment.
    await shop.update((data) => {
      data.orders[4].createdAt = '2026-01-05T23:59:59.999Z';
    });
    expect(ids((await a.get('/api/orders?createdAt_gte=2026-01-03&createdAt_lte=2026-01-05').expect(200)).body)).toEqual([5, 4, 3]);
    expect(ids((await a.get('/api/orders?createdAt_gte=2026-01-11').expect(200)).body)).toEqual([12, 11]);
    expect(ids((await a.get('/api/orders?createdAt_lte=2026-01-02').expect(200)).body)).toEqual([2, 1]);
    expect(ids((await a.get('/api/orders?createdAt_gte=2026-01-04&createdAt_lte=2026-01-04').expect(200)).body)).toEqual([4]);
    // The first and last days a date may name: every order, in the list and its CSV export.
    expect(ids((await a.get('/api/orders?createdAt_gte=1970-01-01&createdAt_lte=9999-12-31').expect(200)).body)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    await a.get('/api/admin/export/orders.csv?createdAt_gte=1970-01-01&createdAt_lte=9999-12-31').expect(200);
    expect(ids((await a.get('/api/orders?createdAt_gte=2026-01-01&createdAt_lte=2026-01-12&status=delivered&q=other').expect(200)).body)).toEqual([]);
    expect(ids((await a.get('/api/orders?createdAt_gte=2026-01-01&createdAt_lte=2026-01-12&status=delivered').expect(200)).body)).toEqual([11, 7, 3]);
  });

  it.each([
    ['a date that does not exist', 'createdAt_gte=2026-02-30', { createdAt_gte: 'From must be a date (YYYY-MM-DD)' }],
    ['a date and time', 'createdAt_lte=2026-01-05T10:00:00Z', { createdAt_lte: 'To must be a date (YYYY-MM-DD)' }],
    ['a day before 1970', 'createdAt_gte=1969-12-31', { createdAt_gte: 'From must be between 1970-01-01 and 9999-12-31' }],
    ['a day past the year 9999', 'createdAt_lte=10000-01-01', { createdAt_lte: 'To must be a date (YYYY-MM-DD)' }],
    ['an end before the start', 'createdAt_gte=2026-01-05&createdAt_lte=2026-01-04', { createdAt_lte: 'To must not be before From' }],
    ['a date given twice', 'createdAt_gte=2026-01-05&createdAt_gte=2026-01-06', { createdAt_gte: 'From must be given once' }],
    ['a search given twice', 'q=a&q=b', { q: 'Search must be given once' }],
    ['a search too long', `q=${'a'.repeat(201)}`, { q: 'Search must be at most 200 characters' }],
    ['an unknown sort', '_sort=password', { _sort: 'Sort must be one of id, totalAmount, totalItems, status, paymentMethod, user, createdAt, email' }],
    ['an unknown status with a bad date', 'status=lost&createdAt_gte=yesterday', { status: 'Status must be one of pending, dispatched, delivered, cancelled', createdAt_gte: 'From must be a date (YYYY-MM-DD)' }],
  ])('400 with the field messages for %s', async (_label, query, errors) => {
    const a = await makeShop().as('admin');
    const res = await a.get(`/api/orders?${query}`).expect(400);
    expect(res.body.errors).toEqual(errors);
    expect(typeof res.body.message).toBe('string');
  });
});

describe('POST /api/orders/:id/notes', () => {
  it('adds an internal note the order page shows to admins, in the audit log, never to the shopper', async () => {
    const c = clock();
    const shop = makeShop({ now: c.now });
    const admin = await shop.as('admin');
    const res = await admin.post('/api/orders/3/notes').send({ text: '  Customer asked to leave it with the neighbour.  ' }).expect(201);
    const note: OrderNote = res.body;
    expect(note).toEqual({
      id: expect.any(Number),
      text: 'Customer asked to leave it with the neighbour.',
      at: new Date(c.now()).toISOString(),
      by: { id: ACCOUNTS.admin.id, email: ACCOUNTS.admin.email },
    });
    c.advance(60_000);
    const second = (await admin.post('/api/orders/3/notes').send({ text: 'Called: confirmed.' }).expect(201)).body as OrderNote;

    const order = (await admin.get('/api/orders/3').expect(200)).body as AdminOrder;
    expect(order.notes).toEqual([note, second]);
    expect(order.customer).toEqual({ id: ACCOUNTS.user.id, email: ACCOUNTS.user.email });
    expect((await admin.get('/api/orders/5').expect(200)).body.notes).toEqual([]);

    // The owner sees the order, without notes or the back office's customer.
    const owned = (await (await shop.as('user')).get('/api/orders/3').expect(200)).body;
    expect(owned.id).toBe(3);
    expect(owned).not.toHaveProperty('notes');
    expect(JSON.stringify(owned)).not.toContain('neighbour');
    const own = (await (await shop.as('user')).get('/api/orders/own').expect(200)).body;
    expect(JSON.stringify(own)).not.toContain('neighbour');

    const audit = (await admin.get('/api/admin/audit?entity=order').expect(200)).body as AuditEntry[];
    expect(audit.filter((e) => e.action === 'order.note').map((e) => [e.entityId, e.actor.email, e.after])).toEqual([
      ['3', ACCOUNTS.admin.email, { note: 'Called: confirmed.' }],
      ['3', ACCOUNTS.admin.email, { note: 'Customer asked to leave it with the neighbour.' }],
    ]);
  });

  it.each([
    ['an empty note', { text: '' }, 'Note is required'],
    ['a note of spaces', { text: '   \n ' }, 'Note is required'],
    ['no text', {}, 'Note must be a text'],
    ['a number', { text: 42 }, 'Note must be a text'],
    ['2,001 characters', { text: 'x'.repeat(2001) }, 'Note must be at most 2000 characters'],
  ])('400 for %s, nothing recorded', async (_label, body, message) => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    const res = await admin.post('/api/orders/3/notes').send(body).expect(400);
    expect(res.body).toEqual({ message: 'Invalid note', errors: { text: message } });
    expect((await admin.get('/api/orders/3').expect(200)).body.notes).toEqual([]);
    expect((await admin.get('/api/admin/audit').expect(200)).body).toEqual([]);
  });

  it('takes 2,000 characters (emoji count as one)', async () => {
    const admin = await makeShop().as('admin');
    const text = '📦'.repeat(2000);
    expect((await admin.post('/api/orders/3/notes').send({ text }).expect(201)).body.text).toBe(text);
  });

  it('404 for an order that does not exist; 403 for a shopper, even on their own order; 401 signed out', async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    expect((await admin.post('/api/orders/999/notes').send({ text: 'Hello' }).expect(404)).body.message).toBe('Order not found');
    await admin.post('/api/orders/abc/notes').send({ text: 'Hello' }).expect(404);
    await admin.get('/api/orders/999').expect(404);
    await (await shop.as('user')).post('/api/orders/3/notes').send({ text: 'Hello' }).expect(403);
    await shop.anon().post('/api/orders/3/notes').send({ text: 'Hello' }).expect(401);
    expect((await admin.get('/api/orders/3').expect(200)).body.notes).toEqual([]);
    expect((await admin.get('/api/admin/audit').expect(200)).body).toEqual([]);
  });
});
