// The back office's API, on both engines: the dashboard's figures, customers, bulk
// order status, CSV export and import, and the audit log of every admin write.
//
// Fixture orders (tests/api/fixtures.ts): order n placed on 2026-01-n at midnight UTC, total
// n × 100, statuses pending, dispatched, delivered, cancelled in turn; odd orders the user's (2)
// holding one iPhone 15 (shown at 900), even ones the other shopper's (3) holding one Galaxy S24
// (shown at 700).
import { parse } from 'csv-parse/sync';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEntry, Customer, ShopStats } from '../../../src/domain/types';
import { MAX_IMPORT_BYTES } from '../../../server/modules/backoffice/transfer';
import { IMPORT_BODY_LIMIT } from '../../../server/modules/backoffice/routes';
import { clock, expectNoLeaks, makeShop, type Agent } from '../fixtures';

afterEach(expectNoLeaks);

const JAN_12_NOON = Date.UTC(2026, 0, 12, 12);

describe('GET /api/admin/stats', () => {
  it('revenue of the orders not cancelled by UTC day, the backlog by status, best sellers and low stock', async () => {
    const shop = makeShop({ now: clock(JAN_12_NOON).now });
    const stats = (await (await shop.as('admin')).get('/api/admin/stats?days=7').expect(200)).body as ShopStats;
    expect(stats.revenue).toEqual({ today: 0, last7: 600 + 700 + 900 + 1000 + 1100, last30: 5400 });
    expect(stats.ordersByStatus).toEqual({ pending: 3, dispatched: 3, delivered: 3, cancelled: 3 });
    expect(stats.revenueByDay).toEqual([
      { date: '2026-01-06', revenue: 600, orders: 1 },
      { date: '2026-01-07', revenue: 700, orders: 1 },
      { date: '2026-01-08', revenue: 0, orders: 0 },
      { date: '2026-01-09', revenue: 900, orders: 1 },
      { date: '2026-01-10', revenue: 1000, orders: 1 },
      { date: '2026-01-11', revenue: 1100, orders: 1 },
      { date: '2026-01-12', revenue: 0, orders: 0 },
    ]);
    expect(stats.averageOrderValue).toBe(860);
    expect(stats.topProducts).toEqual([
      { id: 1, title: 'iPhone 15', units: 3, revenue: 2700 },
      { id: 2, title: 'Galaxy S24', units: 2, revenue: 1400 },
    ]);
    expect(stats.lowStock).toEqual([
      { id: 3, title: 'MacBook Air', stock: 0, threshold: 5 },
      { id: 2, title: 'Galaxy S24', stock: 2, threshold: 5 },
      { id: 5, title: 'Galaxy Tab S9', stock: 5, threshold: 5 },
    ]);
    expect(stats.newCustomers).toBe(0);
  });

  it('30 days by default, new customers from sign-ups, a product’s own low-stock threshold', async () => {
    const c = clock(JAN_12_NOON);
    const shop = makeShop({ now: c.now });
    await shop.anon().post('/api/auth/signup').send({ email: 'new@shop.test', password: 'Newcomer1', addresses: [] }).expect(201);
    const admin = await shop.as('admin');
    await admin.patch('/api/products/1').send({ lowStockThreshold: 20 }).expect(200);
    const stats = (await admin.get('/api/admin/stats').expect(200)).body as ShopStats;
    expect(stats.revenueByDay).toHaveLength(30);
    expect(stats.revenueByDay[0].date).toBe('2025-12-14');
    expect(stats.newCustomers).toBe(1);
    expect(stats.lowStock.map((p) => [p.id, p.threshold])).toEqual([
      [3, 5],
      [2, 5],
      [5, 5],
      [1, 20],
    ]);
  });

  it("a product's threshold follows the form's rule: 400 naming it, and nothing stored", async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    const cases: [unknown, string][] = [
      ['', 'Low stock threshold is required'],
      [2.5, 'Low stock threshold must be a whole number'],
      [-1, 'Low stock threshold must be at least 0'],
      [1000001, 'Low stock threshold must be at most 1000000'],
    ];
    for (const [value, message] of cases) {
      const res = await admin.patch('/api/products/1').send({ lowStockThreshold: value }).expect(400);
      expect(res.body.errors).toEqual({ lowStockThreshold: message });
    }
    expect((await admin.get('/api/products/1').expect(200)).body.lowStockThreshold).toBeUndefined();
    expect((await admin.patch('/api/products/1').send({ lowStockThreshold: '0' }).expect(200)).body.lowStockThreshold).toBe(0);
  });

  it('400 for a bad window; 403 for a shopper, 401 signed out', async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    for (const days of ['0', '367', 'x', '1.5']) {
      expect((await admin.get(`/api/admin/stats?days=${days}`).expect(400)).body.errors).toEqual({ days: 'Days must be a whole number from 1 to 366' });
    }
    await (await shop.as('user')).get('/api/admin/stats').expect(403);
    await shop.anon().get('/api/admin/stats').expect(401);
  });
});

describe('GET /api/admin/customers', () => {
  it('every account with its orders, what they spent (not cancelled) and their last order; search and pages', async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    const res = await admin.get('/api/admin/customers').expect(200);
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.body as Customer[]).toEqual([
      { id: 1, email: 'admin@shop.test', name: 'Admin', role: 'admin', orders: 0, totalSpent: 0, verified: true, member: false },
      { id: 2, email: 'user@shop.test', role: 'user', orders: 6, totalSpent: 3600, lastOrderAt: '2026-01-11T00:00:00.000Z', verified: true, member: false },
      { id: 3, email: 'other@shop.test', role: 'user', orders: 6, totalSpent: 1800, lastOrderAt: '2026-01-12T00:00:00.000Z', verified: true, member: false },
    ]);
    expect((await admin.get('/api/admin/customers?q=OTHER').expect(200)).body.map((c: Customer) => c.id)).toEqual([3]);
    expect((await admin.get('/api/admin/customers?q=admin').expect(200)).body.map((c: Customer) => c.id)).toEqual([1]);
    const page = await admin.get('/api/admin/customers?_page=2&_limit=2').expect(200);
    expect(page.body.map((c: Customer) => c.id)).toEqual([3]);
    expect(page.headers['x-total-count']).toBe('3');
    await (await shop.as('user')).get('/api/admin/customers').expect(403);
  });
});

describe('PATCH /api/orders {ids, status} (admin)', () => {
  it('changes each order as PATCH /orders/:id would, and says what happened to each', async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    await admin.patch('/api/products/2').send({ stock: 0 }).expect(200);
    const res = await admin.patch('/api/orders').send({ ids: [1, 999, 4, 5], status: 'dispatched' }).expect(200);
    expect(res.body.map((r: { id: number; status: number }) => [r.id, r.status])).toEqual([
      [1, 200],
      [999, 404],
      [4, 409], // cancelled, holding a Galaxy S24, which is out of stock
      [5, 200],
    ]);
    expect(res.body[2].message).toBe('"Galaxy S24" is out of stock');
    expect(res.body[0].order).toMatchObject({ id: 1, status: 'dispatched' });
    const state = await shop.state();
    expect([1, 4, 5].map((id) => state.orders.find((o) => o.id === id)!.status)).toEqual(['dispatched', 'cancelled', 'dispatched']);
    // Cancelling two orders of the iPhone gives back both units.
    const before = state.products[0].stock;
    await admin.patch('/api/orders').send({ ids: [1, 5], status: 'cancelled' }).expect(200);
    expect((await shop.state()).products[0].stock).toBe(before + 2);
  });

  it.each([
    [{ status: 'pending' }, { ids: 'Orders must be a list of 1 to 1000 order numbers' }],
    [{ ids: [], status: 'pending' }, { ids: 'Orders must be a list of 1 to 1000 order numbers' }],
    [{ ids: [1, 'x'], status: 'pending' }, { ids: 'Orders must be order numbers' }],
    [{ ids: [1, 1], status: 'pending' }, { ids: 'Orders must not repeat' }],
    [{ ids: [1], status: 'lost' }, { status: 'Status must be one of pending, dispatched, delivered, cancelled' }],
  ])('400 for %j, nothing changed', async (body, errors) => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    const before = await shop.state();
    expect((await admin.patch('/api/orders').send(body).expect(400)).body.errors).toEqual(errors);
    expect(await shop.state()).toEqual(before);
  });

  it('403 for a shopper', async () => {
    await (await makeShop().as('user')).patch('/api/orders').send({ ids: [1], status: 'cancelled' }).expect(403);
  });
});

/** A CSV download, parsed: its header and rows. */
async function download(agent: Agent, path: string) {
  const res = await agent.get(path).buffer(true).parse((r, done) => {
    let text = '';
    r.on('data', (c: Buffer) => (text += c.toString()));
    r.on('end', () => done(null, text));
  });
  expect(res.status, String(res.body)).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  const rows = parse(res.body as string) as string[][];
  return { disposition: res.headers['content-disposition'], header: rows[0], rows: rows.slice(1), text: res.body as string };
}

describe('CSV export', () => {
  it('products as the admin list shows them: its filters and sort', async () => {
    const admin = await makeShop().as('admin');
    const all = await download(admin, '/api/admin/export/products.csv');
    expect(all.disposition).toBe('attachment; filename="products.csv"');
    // A row per variant of a product with options: its option and variant columns (empty on a product without), before the rating.
    expect(all.header).toEqual([
      ...['id', 'title', 'description', 'price', 'discountPercentage', 'stock', 'brand', 'category', 'thumbnail'],
      // A product's twelve image places.
      ...Array.from({ length: 12 }, (_, i) => `image${i + 1}`),
      ...['weight', 'warrantyInformation', 'shippingInformation', 'returnPolicy', 'minimumOrderQuantity', 'lowStockThreshold', 'deleted'],
      ...['option1Name', 'option1Value', 'option2Name', 'option2Value', 'option3Name', 'option3Value'],
      ...['variantId', 'variantSku', 'variantPrice', 'variantDiscountPercentage', 'variantStock', 'rating'],
    ]);
    expect(all.rows.map((r) => r[0])).toEqual(['1', '2', '3', '4', '5']);
    expect(all.rows[0].slice(0, 8)).toEqual(['1', 'iPhone 15', 'iPhone 15, a fine product.', '1000', '10', '10', 'Apple', 'smartphones']);
    expect(all.rows[0].slice(21, 26)).toEqual(['1', '1 year warranty', 'Ships in 1 week', '30 days return policy', '1']);
    expect(all.rows[3][27]).toBe('true');
    const laptops = await download(admin, '/api/admin/export/products.csv?category=laptops&_sort=price&_order=desc&_page=1&_limit=1');
    expect(laptops.rows.map((r) => r[0])).toEqual(['3', '5']); // paging is the list's, not the file's
  });

  it('orders with the status filter and sort; a cell a spreadsheet would run as a formula is defused', async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    await admin.patch('/api/products/1').send({ title: '=HYPERLINK("http://evil.example")' }).expect(200);
    const pending = await download(admin, '/api/admin/export/orders.csv?status=pending&_sort=totalAmount&_order=desc');
    expect(pending.header.slice(0, 8)).toEqual(['id', 'createdAt', 'user', 'status', 'paymentMethod', 'totalItems', 'totalAmount', 'items']);
    expect(pending.rows.map((r) => [r[0], r[3], r[6]])).toEqual([
      ['9', 'pending', '900'],
      ['5', 'pending', '500'],
      ['1', 'pending', '100'],
    ]);
    expect(pending.rows[0][7]).toBe('1 × iPhone 15 (#1)'); // the product as it was ordered
    const ofB = await download(admin, '/api/admin/export/orders.csv?user=3&status=dispatched&_sort=id&_order=desc');
    expect(ofB.rows.map((r) => [r[0], r[2], r[3]])).toEqual([['10', '3', 'dispatched'], ['6', '3', 'dispatched'], ['2', '3', 'dispatched']]);
    const products = await download(admin, '/api/admin/export/products.csv?id=1');
    expect(products.rows[0][1]).toBe(`'=HYPERLINK("http://evil.example")`);
  });

  it('400 JSON for a bad query, before any CSV; 403 for a shopper', async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    const bad = await admin.get('/api/admin/export/orders.csv?status=lost').expect(400);
    expect(bad.body.errors).toEqual({ status: 'Status must be one of pending, dispatched, delivered, cancelled' });
    await admin.get('/api/admin/export/products.csv?title_like=(').expect(400);
    await (await shop.as('user')).get('/api/admin/export/products.csv').expect(403);
  });
});

const HEADER = 'id,title,description,price,discountPercentage,stock,brand,category,thumbnail,image1,image2,image3';
const newRow = (title: string, price = '25') => `,${title},A lamp,${price},0,4,Apple,laptops,/images/l.webp,/images/l1.webp,/images/l2.webp,/images/l3.webp`;

describe('POST /api/admin/import/products', () => {
  it('a dry run lists every row’s errors with the form’s messages and changes nothing', async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    const before = await shop.state();
    const csv = [HEADER, newRow('Desk Lamp'), '2,,,650,,,,,,,,', newRow('Free Lamp', '0'), '99,Ghost,,,,,,,,,,', '2,Galaxy S24 FE,,,,,Nokia,,,,,'].join('\n');
    const report = (await admin.post('/api/admin/import/products').send({ csv, dryRun: true }).expect(200)).body;
    expect(report).toEqual({
      dryRun: true,
      rows: 5,
      create: 2,
      update: 3,
      unchanged: 0,
      errors: {
        'row 4.price': 'Price must be at least 1',
        'row 5.id': 'No product with id 99',
        'row 6.id': 'Product 2 is in the file twice (its rows must follow each other)',
      },
      // What each row without an error would change.
      changes: { 'row 2': 'New product "Desk Lamp"', 'row 3': 'Product 2: Price 800 → 650' },
    });
    expect(await shop.state()).toEqual(before);
    // For real, the same file: 400 with the same errors, and still nothing changed.
    const refused = await admin.post('/api/admin/import/products').send({ csv, dryRun: false }).expect(400);
    expect(refused.body).toEqual({ message: 'Nothing was imported: 3 rows have errors', errors: report.errors });
    expect(await shop.state()).toEqual(before);
  });

  it('for real: every row applied at once, each one audited; empty cells leave a product as it was', async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    const csv = [HEADER, newRow('Desk Lamp'), '2,,,650,,,,,,,,', `5,"Galaxy Tab S9, 2026",,,,7,,,,,,`].join('\r\n');
    const result = (await admin.post('/api/admin/import/products').send({ csv, dryRun: false }).expect(200)).body;
    expect(result).toMatchObject({ dryRun: false, rows: 3, create: 1, update: 2, errors: {}, created: [6], updated: [2, 5] });
    const state = await shop.state();
    expect(state.products.find((p) => p.id === 6)).toMatchObject({ title: 'Desk Lamp', price: 25, stock: 4, brand: 'Apple', deleted: false });
    expect(state.products[1]).toMatchObject({ title: 'Galaxy S24', price: 650, stock: 2, discountPercentage: 12.5 });
    expect(state.products[4]).toMatchObject({ title: 'Galaxy Tab S9, 2026', stock: 7, price: 300 });
    expect(state.audit.map((e) => [e.action, e.entityId, e.before, e.after && Object.keys(e.after).length])).toEqual([
      ['product.import', '6', null, expect.any(Number)],
      ['product.import', '2', { price: 800 }, 1],
      ['product.import', '5', { title: 'Galaxy Tab S9', stock: 5 }, 2],
    ]);
  });

  it('an export imports back unchanged', async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    const before = await shop.state();
    const { text } = await download(admin, '/api/admin/export/products.csv');
    const result = (await admin.post('/api/admin/import/products').send({ csv: text, dryRun: false }).expect(200)).body;
    // Every product as it was: none updated, each counted unchanged.
    expect(result).toMatchObject({ rows: 5, create: 0, update: 0, unchanged: 5, errors: {}, updated: [] });
    const after = await shop.state();
    expect(after.products).toEqual(before.products);
    expect(after.audit).toEqual([]); // nothing changed, nothing to record
  });

  it.each([
    [{ csv: 5 }, { csv: 'The file must be the text of a CSV file' }],
    [{ csv: 'id,colour\n1,red' }, { csv: 'Unknown columns: colour (the columns are those of the export)' }],
    [{ csv: 'id,__proto__\n1,x' }, { csv: 'Unknown columns: __proto__ (the columns are those of the export)' }],
    [{ csv: 'id,title,price,title\n1,Phone,5,Other phone' }, { csv: 'Columns given twice: title' }],
    [{ csv: `${HEADER}\n` }, { csv: 'The file has no rows' }],
    [{ csv: `${HEADER}\n"unclosed` }, { csv: expect.stringMatching(/^The file is not valid CSV: /) }],
    [{ csv: `${HEADER}\n${newRow('x')}`, dryRun: 'yes' }, { dryRun: 'Check only must be true or false' }],
  ])('400 for %j', async (body, errors) => {
    const shop = makeShop();
    const res = await (await shop.as('admin')).post('/api/admin/import/products').send(body).expect(400);
    expect(res.body.errors).toEqual(errors);
  });

  it('takes a file bigger than other bodies (up to 2 MB); 403 for a shopper', async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    const rows = Array.from({ length: 1500 }, (_, i) => newRow(`Lamp ${i} ${'x'.repeat(60)}`));
    const csv = [HEADER, ...rows].join('\n');
    expect(csv.length).toBeGreaterThan(150_000);
    expect((await admin.post('/api/admin/import/products').send({ csv, dryRun: true }).expect(200)).body).toMatchObject({ rows: 1500, create: 1500, errors: {} });
    // A file just under 2 MB that is mostly quotes doubles in JSON: still read, and answered.
    const quoted = `${HEADER}\n,Lamp,"${'""'.repeat((MAX_IMPORT_BYTES - 1000) / 2)}",25,0,4,Apple,laptops,/images/l.webp,,,`;
    expect(JSON.stringify({ csv: quoted }).length).toBeGreaterThan(1.9 * MAX_IMPORT_BYTES);
    const report = await admin.post('/api/admin/import/products').send({ csv: quoted, dryRun: true }).expect(200);
    expect(report.body).toMatchObject({ dryRun: true, rows: 1, create: 1 });
    // A file over 2 MB that fits in the body: 400 naming the limit, nothing read.
    const over = await admin.post('/api/admin/import/products').send({ csv: `${HEADER}\n${'x'.repeat(MAX_IMPORT_BYTES)}` }).expect(400);
    expect(over.body.errors).toEqual({ csv: 'The file must be at most 2 MB' });
    // Beyond what any 2 MB file can be in JSON: 413, with this route's limit.
    const tooBig = await admin.post('/api/admin/import/products').send({ csv: 'x'.repeat(IMPORT_BODY_LIMIT) }).expect(413);
    expect(tooBig.body).toEqual({ message: `Request body is too large (limit ${IMPORT_BODY_LIMIT / 1024} kB)` });
    await (await shop.as('user')).post('/api/admin/import/products').send({ csv, dryRun: true }).expect(403);
  });

  it('answers a caller without an admin session before reading the body: 401 / 403, never 400 or 413', async () => {
    const shop = makeShop();
    // Malformed JSON, and a body past the route's limit: were either read, the answer would be 400 or 413.
    const malformed = `{"csv": "${'x'.repeat(3 * 1024 * 1024)}`;
    const tooBig = JSON.stringify({ csv: 'x'.repeat(IMPORT_BODY_LIMIT) });
    for (const body of [malformed, tooBig]) {
      const anon = await shop.anon().post('/api/admin/import/products').set('Content-Type', 'application/json').send(body);
      expect([anon.status, anon.body.message]).toEqual([401, 'Please sign in']);
      const user = await (await shop.as('user')).post('/api/admin/import/products').set('Content-Type', 'application/json').send(body);
      expect(user.status).toBe(403);
    }
    // An admin's malformed body is read and refused.
    const admin = await (await shop.as('admin')).post('/api/admin/import/products').set('Content-Type', 'application/json').send('{"csv": "x');
    expect(admin.status).toBe(400);
  });
});

describe('the audit log', () => {
  it('records every admin write with who, when, what and the fields before and after; newest first', async () => {
    const c = clock(JAN_12_NOON);
    const shop = makeShop({ now: c.now });
    const admin = await shop.as('admin');
    await admin.patch('/api/products/1').send({ price: 950, stock: 10 }).expect(200);
    await admin.patch('/api/products/1').send({ deleted: true }).expect(200);
    await admin.patch('/api/products/1').send({ deleted: false }).expect(200);
    await admin.post('/api/products').send({ title: 'Lamp', description: 'A lamp', price: 5, discountPercentage: 0, stock: 1, thumbnail: '/images/l.webp', images: ['/images/1.webp', '/images/2.webp', '/images/3.webp'], brand: 'Apple', category: 'laptops' }).expect(201);
    await admin.patch('/api/orders/1').send({ status: 'dispatched' }).expect(200);
    await admin.patch('/api/orders').send({ ids: [5], status: 'delivered' }).expect(200);
    await admin.delete('/api/products/2/reviews/1').send({}).expect(200);
    // A refused write records nothing; a shopper's cancel of their own order is recorded as theirs.
    await admin.patch('/api/products/1').send({ price: -1 }).expect(400);
    await (await shop.as('user')).post('/api/orders/9/cancel').send({}).expect(200);

    const res = await admin.get('/api/admin/audit').expect(200);
    expect(res.headers['x-total-count']).toBe('8');
    const [cancel, ...entries] = res.body as AuditEntry[];
    expect(cancel).toMatchObject({ actor: { id: 2, email: 'user@shop.test', role: 'user' }, action: 'order.status', entityId: '9', after: { status: 'cancelled' } });
    expect(entries.map((e) => e.action)).toEqual([
      'review.remove',
      'order.status',
      'order.status',
      'product.create',
      'product.restore',
      'product.delete',
      'product.update',
    ]);
    for (const e of entries) expect(e).toMatchObject({ at: new Date(JAN_12_NOON).toISOString(), actor: { id: 1, email: 'admin@shop.test', role: 'admin' } });
    expect(entries[6]).toMatchObject({ entity: 'product', entityId: '1', before: { price: 1000 }, after: { price: 950 } });
    expect(entries[5]).toMatchObject({ before: { deleted: false }, after: { deleted: true } });
    expect(entries[3]).toMatchObject({ entityId: '6', before: null, after: { id: 6, title: 'Lamp' } });
    expect(entries[2]).toMatchObject({ entity: 'order', entityId: '1', before: { status: 'pending' }, after: { status: 'dispatched' } });
    expect(entries[1]).toMatchObject({ entity: 'order', entityId: '5', before: { status: 'pending' }, after: { status: 'delivered' } });
    expect(entries[0]).toMatchObject({ entity: 'review', entityId: '2/1', before: { reviewerName: 'Ben', rating: 5, productRating: 4.5 }, after: { productRating: 0 } });
    expect(new Set(entries.map((e) => e.id)).size).toBe(7);

    const orders = await admin.get('/api/admin/audit?entity=order&_page=1&_limit=1').expect(200);
    expect(orders.headers['x-total-count']).toBe('3');
    expect(orders.body.map((e: AuditEntry) => e.entityId)).toEqual(['9']);
    expect((await admin.get('/api/admin/audit?actor=2').expect(200)).body).toEqual([cancel]);
    expect((await admin.get('/api/admin/audit?actor=3').expect(200)).body).toEqual([]);
  });

  it('an order set to the status it has changes nothing and records nothing, one or in bulk', async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    const before = await shop.state();
    await admin.patch('/api/orders/1').send({ status: 'pending' }).expect(200);
    const res = await admin.patch('/api/orders').send({ ids: [2, 6], status: 'dispatched' }).expect(200);
    expect(res.body.map((r: { status: number }) => r.status)).toEqual([200, 200]);
    expect(await shop.state()).toEqual(before);
    expect((await admin.get('/api/admin/audit').expect(200)).headers['x-total-count']).toBe('0');
  });

  it('nobody can change it through the API; shoppers cannot read it; bad filters are 400', async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    await admin.patch('/api/products/1').send({ price: 950 }).expect(200);
    for (const method of ['post', 'patch', 'delete', 'put'] as const) await admin[method]('/api/admin/audit/1').send({}).expect(404);
    await admin.delete('/api/admin/audit').send({}).expect(404);
    await (await shop.as('user')).get('/api/admin/audit').expect(403);
    await shop.anon().get('/api/admin/audit').expect(401);
    expect((await admin.get('/api/admin/audit?entity=user').expect(400)).body.errors).toEqual({ entity: 'Entity must be one of product, order, review, promotion, shipping, tax, brand, category, webhook, staff, settings' });
    expect((await admin.get('/api/admin/audit?actor=me').expect(400)).body.errors).toEqual({ actor: 'Admin must be a user id' });
    expect((await shop.state()).audit).toHaveLength(1);
  });
});
