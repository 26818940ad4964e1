// The back office's products table (GET /api/admin/products): the product list's page with each
// product's variants and the time of its newest audit entry; and its bulk actions (POST
// /api/admin/products/bulk): delete, restore, set category, set brand, all products or none, each
// audited as a single admin write; bad input answers 4xx with nothing changed; admins only. One
// shop for the file (the tests run in order, each leaving what the next expects). On both drivers.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DbSchema } from '../../../server/db/snapshot';
import type { AuditEntry } from '../../../src/domain/backOffice';
import type { ProductTableRow } from '../../../src/domain/productTable';
import { clock, expectNoLeaks, makeData, makeShop, PRODUCTS, type Agent, type TestShop } from '../fixtures';

afterEach(expectNoLeaks);

const SIZE = { name: 'Size', values: ['42', '43'] };
const time = clock(Date.UTC(2026, 5, 1, 12));

/** The fixture shop plus boots in two sizes (stock 3 and 0). */
function withBoots(): DbSchema {
  const data = makeData();
  data.products.push({
    ...structuredClone(PRODUCTS[0]),
    id: 6,
    title: 'Chelsea Boots',
    category: 'fragrances',
    brand: 'Dior',
    price: 100,
    discountPercentage: 0,
    stock: 3,
    options: [SIZE],
    variants: [
      { id: 101, sku: 'BOOT-42', options: { Size: '42' }, price: null, discountPercentage: null, stock: 3 },
      { id: 102, sku: 'BOOT-43', options: { Size: '43' }, price: 120, discountPercentage: null, stock: 0 },
    ],
  });
  return data;
}

let shop: TestShop;
let admin: Agent;
beforeAll(async () => {
  shop = makeShop({ data: withBoots(), now: time.now });
  admin = await shop.as('admin');
});

const table = async (query = ''): Promise<ProductTableRow[]> => (await admin.get(`/api/admin/products?${query}`).expect(200)).body;
const productAudit = async (): Promise<AuditEntry[]> => (await admin.get('/api/admin/audit?entity=product').expect(200)).body;
/** What a refused call must leave as it was: every product with its variants, and the audit log. */
const stored = async () => ({ products: await table('_sort=id&_order=asc&_limit=100'), audit: await productAudit() });

describe('GET /api/admin/products', () => {
  it("answers the list's page with variants, summed stock, status and last change (none yet)", async () => {
    const res = await admin.get('/api/admin/products?_sort=id&_order=asc&_page=1&_limit=4').expect(200);
    expect(res.headers['x-total-count']).toBe('6');
    expect(res.headers.link).toContain('rel="next"');
    const rows: ProductTableRow[] = res.body;
    expect(rows.map((r) => r.id)).toEqual([1, 2, 3, 4]);
    expect(rows[0]).toEqual({
      id: 1,
      title: 'iPhone 15',
      thumbnail: PRODUCTS[0].thumbnail,
      brand: 'Apple',
      category: 'smartphones',
      price: 1000,
      discountPercentage: 10,
      salePrice: 900,
      stock: 10,
      deleted: false,
      options: [],
      variants: [expect.objectContaining({ sku: 'SKU-1', options: {}, stock: 10, price: null })],
      lastChangedAt: null,
    });
    expect(rows[3]).toMatchObject({ id: 4, deleted: true });
    const [boots] = await table('q=Chelsea');
    expect(boots).toMatchObject({ id: 6, stock: 3, options: [SIZE] });
    expect(boots.variants.map((v) => [v.sku, v.stock, v.price])).toEqual([
      ['BOOT-42', 3, null],
      ['BOOT-43', 0, 120],
    ]);
  });

  it("takes the list's filters, search and sort: deleted only, a category, by price", async () => {
    expect((await table('deleted=true')).map((r) => r.id)).toEqual([4]);
    expect((await table('category=laptops&_sort=price&_order=desc')).map((r) => r.id)).toEqual([3, 5]);
    expect((await table('search=galaxy&_sort=id&_order=asc')).map((r) => r.id)).toEqual([2, 5]);
  });

  it('is for admins only: 401 signed out, 403 for a shopper', async () => {
    await shop.anon().get('/api/admin/products').expect(401);
    const shopper = await shop.as('user');
    const res = await shopper.get('/api/admin/products').expect(403);
    expect(res.body.message).toEqual(expect.any(String));
  });
});

describe('POST /api/admin/products/bulk', () => {
  it('refuses visitors (401) and shoppers (403), nothing changed', async () => {
    const before = await stored();
    await shop.anon().post('/api/admin/products/bulk').send({ action: 'delete', ids: [1] }).expect(401);
    const shopper = await shop.as('user');
    await shopper.post('/api/admin/products/bulk').send({ action: 'delete', ids: [1] }).expect(403);
    expect(await stored()).toEqual(before);
  });

  it.each([
    ['no ids', { action: 'delete', ids: [] }, 400, { ids: 'Choose 1 to 500 products' }],
    ['ids that are not ids', { action: 'restore', ids: [1, 'x'] }, 400, { ids: 'Each product must be named by its id' }],
    ['too many ids', { action: 'delete', ids: Array.from({ length: 501 }, (_, i) => i + 1) }, 400, { ids: 'Choose 1 to 500 products' }],
    ['an unknown action', { action: 'archive', ids: [1] }, 400, { action: 'Action must be one of delete, restore, category, brand' }],
    ['an unknown category', { action: 'category', ids: [1, 2], value: 'shoes' }, 400, { value: 'Category must be one of the listed categories' }],
    ['an unknown brand', { action: 'brand', ids: [1], value: 'Nokia' }, 400, { value: 'Brand must be one of the listed brands' }],
    ['no brand', { action: 'brand', ids: [1] }, 400, { value: 'Choose a brand' }],
    ['a product that does not exist', { action: 'delete', ids: [1, 2, 99, 98] }, 409, { ids: 'Nothing was changed: no product with id 98, 99' }],
  ])('%s: %s with a message, nothing changed', async (_what, body, status, errors) => {
    const before = await stored();
    const res = await admin.post('/api/admin/products/bulk').send(body).expect(status);
    expect(res.body.message).toEqual(expect.any(String));
    expect(res.body.errors).toEqual(errors);
    expect(await stored()).toEqual(before);
  });

  it('deletes the ticked products, each audited as a single delete; one already deleted is left as it is', async () => {
    time.advance(60_000);
    const res = await admin.post('/api/admin/products/bulk').send({ action: 'delete', ids: [2, 1, 4, 1] }).expect(200);
    expect(res.body).toEqual({ changed: [1, 2], unchanged: [4] });
    expect((await table('deleted=true&_sort=id&_order=asc')).map((r) => r.id)).toEqual([1, 2, 4]);
    const entries = await productAudit();
    expect(entries.map((e) => [e.action, e.entityId, e.before, e.after, e.actor.email])).toEqual([
      ['product.delete', '2', { deleted: false }, { deleted: true }, 'admin@shop.test'],
      ['product.delete', '1', { deleted: false }, { deleted: true }, 'admin@shop.test'],
    ]);
    // The table's last change is the newest audit entry's time.
    const rows = await table('_sort=id&_order=asc');
    const at = new Date(time.now()).toISOString();
    expect(rows.map((r) => r.lastChangedAt)).toEqual([at, at, null, null, null, null]);
  });

  it('restores them, audited as restores', async () => {
    time.advance(60_000);
    const res = await admin.post('/api/admin/products/bulk').send({ action: 'restore', ids: [1, 2, 4] }).expect(200);
    expect(res.body).toEqual({ changed: [1, 2, 4], unchanged: [] });
    expect(await table('deleted=true')).toEqual([]);
    expect((await productAudit()).slice(0, 3).map((e) => [e.action, e.entityId, e.after])).toEqual([
      ['product.restore', '4', { deleted: false }],
      ['product.restore', '2', { deleted: false }],
      ['product.restore', '1', { deleted: false }],
    ]);
    const at = new Date(time.now()).toISOString();
    expect((await table('_sort=id&_order=asc')).map((r) => r.lastChangedAt)).toEqual([at, at, null, at, null, null]);
  });

  it('sets a category and a brand, audited as updates; the lists and facets follow', async () => {
    await admin.post('/api/admin/products/bulk').send({ action: 'category', ids: [3, 6], value: 'smartphones' }).expect(200, { changed: [3, 6], unchanged: [] });
    await admin.post('/api/admin/products/bulk').send({ action: 'brand', ids: [5, 6], value: ' Apple ' }).expect(200, { changed: [5, 6], unchanged: [] });
    const listed = (await shop.anon().get('/api/products?category=smartphones&brand=Apple&_sort=id&_order=asc').expect(200)).body;
    expect(listed.map((p: { id: number }) => p.id)).toEqual([1, 3, 6]);
    const [brand, category] = (await productAudit()).filter((e) => e.entityId === '6');
    expect([brand.action, brand.before, brand.after]).toEqual(['product.update', { brand: 'Dior' }, { brand: 'Apple' }]);
    expect([category.action, category.before, category.after]).toEqual(['product.update', { category: 'fragrances' }, { category: 'smartphones' }]);
    // The boots' variants were left as they were.
    const [boots] = await table('q=Chelsea');
    expect(boots.variants.map((v) => [v.id, v.stock])).toEqual([
      [101, 3],
      [102, 0],
    ]);
  });
});

describe('PATCH /api/admin/products/:id/variants/:variantId', () => {
  it("sets one variant's stock, the product's sum follows, audited as an update", async () => {
    const res = await admin.patch('/api/admin/products/6/variants/102').send({ stock: '7' }).expect(200);
    expect(res.body).toMatchObject({ id: 6, stock: 10 });
    expect(res.body.variants.map((v: { id: number; stock: number }) => [v.id, v.stock])).toEqual([
      [101, 3],
      [102, 7],
    ]);
    const [entry] = await productAudit();
    expect([entry.action, entry.entityId]).toEqual(['product.update', '6']);
    expect((await table('q=Chelsea'))[0].stock).toBe(10);
  });

  it.each([
    ['a negative stock', '/6/variants/101', { stock: -1 }, 400],
    ['a stock that is not a number', '/6/variants/101', { stock: 'lots' }, 400],
    ["another product's variant", '/1/variants/101', { stock: 1 }, 404],
    ['a product that does not exist', '/99/variants/101', { stock: 1 }, 404],
  ])('%s: %s, nothing changed', async (_what, path, body, status) => {
    const before = await stored();
    const res = await admin.patch(`/api/admin/products${path}`).send(body).expect(status);
    if (status === 400) expect(res.body.errors).toEqual({ stock: 'Stock must be a whole number of 0 or more' });
    else expect(res.body.message).toMatch(/not found/);
    expect(await stored()).toEqual(before);
  });

  it('is for admins only', async () => {
    await shop.anon().patch('/api/admin/products/6/variants/101').send({ stock: 1 }).expect(401);
    await (await shop.as('other')).patch('/api/admin/products/6/variants/101').send({ stock: 1 }).expect(403);
  });
});
