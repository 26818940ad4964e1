// product.updated is emitted for a write that changes a product, and only then (both drivers): a
// PATCH with the product's own values, or an import of an unchanged export, emits nothing; a
// brand's merge or new slug moves its products and emits one event per product moved, as the
// bulk action "Set brand" does.
import { afterEach, describe, expect, it } from 'vitest';
import { clock, expectNoLeaks, makeShop, type TestShop } from '../fixtures';
import { WebhookWorker } from '../../../server/modules/webhooks/worker';
import { exportCsv } from '../backoffice/csvDownload';
import { receiveInThisFile } from './receiver';

afterEach(expectNoLeaks);

const receiver = receiveInThisFile();

async function setUp() {
  const c = clock();
  const shop = makeShop({ now: c.now, webhooks: { allowPrivate: true } });
  const worker = new WebhookWorker(shop.store, { now: c.now, allowPrivate: true, batch: 1 });
  const admin = await shop.as('admin');
  await admin.post('/api/admin/webhooks').send({ url: receiver.url(), events: ['product.updated'] }).expect(201);
  return { shop, worker, admin };
}

/** The products of the product.updated events delivered so far: [id, brand]. */
async function delivered(worker: WebhookWorker): Promise<[number, string][]> {
  await worker.drain();
  return receiver.requests
    .map((r) => JSON.parse(r.body) as { type: string; data: { product: { id: number; brand: string } } })
    .map((e) => [e.data.product.id, e.data.product.brand] as [number, string])
    .sort(([a], [b]) => a - b);
}

const productAudit = async (shop: TestShop) => (await shop.state()).audit.filter((e) => e.entity === 'product');

describe('product.updated', () => {
  it('a PATCH with the values the product has emits nothing (and records nothing); a real change emits one', async () => {
    const { shop, worker, admin } = await setUp();
    const same = (await admin.get('/api/products/2').expect(200)).body;
    await admin.patch('/api/products/2').send({ title: same.title, price: same.price, stock: same.stock, brand: same.brand }).expect(200);
    await admin.put('/api/products/2').send({ ...same, reviews: undefined, rating: undefined, salePrice: undefined, id: undefined }).expect(200);
    expect(await delivered(worker)).toEqual([]);
    expect(await productAudit(shop)).toEqual([]);
    await admin.patch('/api/products/2').send({ price: same.price + 1 }).expect(200);
    expect(await delivered(worker)).toEqual([[2, 'Samsung']]);
  });

  it('an import of an unchanged export updates nothing and emits nothing', async () => {
    const { shop, worker, admin } = await setUp();
    const csv = await exportCsv(admin);
    const dry = await admin.post('/api/admin/import/products').send({ csv }).expect(200);
    expect(dry.body).toMatchObject({ rows: 5, create: 0, update: 0, unchanged: 5, errors: {} });
    const done = await admin.post('/api/admin/import/products').send({ csv, dryRun: false }).expect(200);
    expect(done.body).toMatchObject({ create: 0, update: 0, unchanged: 5, created: [], updated: [] });
    expect(await delivered(worker)).toEqual([]);
    expect(await productAudit(shop)).toEqual([]);
    // One price changed: one product updated, one event.
    const changed = csv.replace(/\n2,Galaxy S24,(.*?),800,/, '\n2,Galaxy S24,$1,810,');
    expect(changed).not.toBe(csv);
    const one = await admin.post('/api/admin/import/products').send({ csv: changed, dryRun: false }).expect(200);
    expect(one.body).toMatchObject({ update: 1, unchanged: 4, updated: [2] });
    expect(await delivered(worker)).toEqual([[2, 'Samsung']]);
  });

  it("a brand's merge and a new slug emit an event per product moved, as Set brand does", async () => {
    const { worker, admin } = await setUp();
    // Set brand: products 1 and 3 are Apple already, 2 moves.
    await admin.post('/api/admin/products/bulk').send({ action: 'brand', ids: [1, 2, 3], value: 'Apple' }).expect(200);
    expect(await delivered(worker)).toEqual([[2, 'Apple']]);
    receiver.requests.length = 0;

    // Samsung (now product 5 only) merged into Dior (product 4, deleted): product 5 moves.
    await admin.post('/api/admin/brands/2/merge').send({ into: 3 }).expect(200);
    expect(await delivered(worker)).toEqual([[5, 'Dior']]);
    receiver.requests.length = 0;

    // A new slug for Apple moves its three products; a label alone moves none.
    await admin.patch('/api/admin/brands/1').send({ value: 'apple-inc' }).expect(200);
    await admin.patch('/api/admin/brands/1').send({ label: 'Apple Inc.' }).expect(200);
    expect(await delivered(worker)).toEqual([
      [1, 'apple-inc'],
      [2, 'apple-inc'],
      [3, 'apple-inc'],
    ]);
    receiver.requests.length = 0;

    // A category's merge too (the same move): products 3 and 5 (laptops) become smartphones.
    await admin.post('/api/admin/categories/2/merge').send({ into: 1 }).expect(200);
    expect((await delivered(worker)).map(([id]) => id)).toEqual([3, 5]);
  });
});
