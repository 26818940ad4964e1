// SKUs in the product CSV (both drivers): a product without options exports its only variant's
// SKU, and the import changes it (its other variant cells are refused on their own columns: the
// product's stock and price are its product columns); the check finds a SKU another product has
// on the row's variantSku cell, in the order the import writes (new products first, then the
// changes in the file's order), as the real import refuses it.
import { parse } from 'csv-parse/sync';
import { afterEach, describe, expect, it } from 'vitest';
import { SkuTaken } from '../../../server/db/port';
import { expectNoLeaks, makeData, makeShop, PRODUCTS } from '../fixtures';
import { exportCsv } from './csvDownload';

afterEach(expectNoLeaks);

/** The fixture shop and Chelsea Boots (id 6) in sizes 41 and 42. */
function withBoots() {
  const data = makeData();
  data.products.push({
    ...structuredClone(PRODUCTS[0]),
    id: 6,
    title: 'Chelsea Boots',
    stock: 5,
    options: [{ name: 'Size', values: ['41', '42'] }],
    variants: [
      { id: 101, sku: 'BOOT-41', options: { Size: '41' }, price: null, discountPercentage: null, stock: 3 },
      { id: 102, sku: 'BOOT-42', options: { Size: '42' }, price: null, discountPercentage: null, stock: 2 },
    ],
  });
  return makeShop({ data });
}

type Row = Record<string, string>;
const rowsOf = (csv: string) => parse(csv, { columns: true }) as Row[];
const fileOf = (csv: string, rows: Row[]) => {
  const columns = csv.split('\n')[0].split(',');
  const cell = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return [columns.join(','), ...rows.map((r) => columns.map((c) => cell(r[c] ?? '')).join(','))].join('\n');
};

describe('SKUs in the product CSV', () => {
  it("a product without options: the import changes its SKU (and its stock with it), keeps its variant's id", async () => {
    const shop = withBoots();
    const admin = await shop.as('admin');
    const csv = await exportCsv(admin);
    const rows = rowsOf(csv);
    const three = rows.find((r) => r.id === '3')!;
    expect(three.variantSku).toBe('SKU-3');
    const before = (await admin.get('/api/products/3').expect(200)).body;
    Object.assign(three, { variantSku: 'MBA-13', stock: '4' });
    const file = fileOf(csv, rows);
    const dry = await admin.post('/api/admin/import/products').send({ csv: file }).expect(200);
    expect(dry.body).toMatchObject({ update: 1, unchanged: 5, errors: {} });
    expect(dry.body.changes['row 4']).toBe('variant MBA-13: SKU "SKU-3" → "MBA-13", Stock 0 → 4');
    await admin.post('/api/admin/import/products').send({ csv: file, dryRun: false }).expect(200, /"updated":\[3\]/);
    const after = (await admin.get('/api/products/3').expect(200)).body;
    expect(after.variants).toEqual([{ ...before.variants[0], sku: 'MBA-13', stock: 4 }]);
    expect(after.stock).toBe(4);
    expect(rowsOf(await exportCsv(admin)).find((r) => r.id === '3')!.variantSku).toBe('MBA-13');

    // A new product's row names its SKU; without one it gets SKU-<id>.
    const copies = [
      { ...three, id: '', title: 'Lamp', variantSku: 'LAMP-1' },
      { ...three, id: '', title: 'Desk', variantSku: '' },
    ];
    const created = await admin.post('/api/admin/import/products').send({ csv: fileOf(csv, copies), dryRun: false }).expect(200);
    expect(created.body).toMatchObject({ create: 2, created: [7, 8] });
    expect((await admin.get('/api/products/7').expect(200)).body.variants).toMatchObject([{ sku: 'LAMP-1', stock: 4, options: {} }]);
    expect((await admin.get('/api/products/8').expect(200)).body.variants).toMatchObject([{ sku: 'SKU-8', stock: 4 }]);
  });

  it("a product without options: its other variant cells are refused on their own columns, with what to do", async () => {
    const shop = withBoots();
    const admin = await shop.as('admin');
    const csv = await exportCsv(admin);
    const rows = rowsOf(csv);
    Object.assign(rows.find((r) => r.id === '3')!, { variantSku: 'MBA-13', variantStock: '4', variantPrice: '10' });
    Object.assign(rows.find((r) => r.id === '5')!, { variantSku: '', variantId: '9' });
    const dry = await admin.post('/api/admin/import/products').send({ csv: fileOf(csv, rows) }).expect(200);
    expect(dry.body.errors).toEqual({
      'row 4.variantPrice': 'Leave empty: a product without options has its price in the price column',
      'row 4.variantStock': 'Leave empty: a product without options has its stock in the stock column',
      'row 6.variantId': 'Leave empty: a product without options has one variant, named by its SKU',
    });
  });

  it('the check finds a SKU another product has on its row, as the import would refuse it, in the order the import writes', async () => {
    const shop = withBoots();
    const admin = await shop.as('admin');
    const csv = await exportCsv(admin);
    const check = async (rows: Row[]) => (await admin.post('/api/admin/import/products').send({ csv: fileOf(csv, rows) }).expect(200)).body.errors;
    const taken = (sku: string) => `SKU ${sku} is already used by another product`;
    const boots = (rows: Row[]) => rows.filter((r) => r.id === '6');

    // Size 41 given product 2's SKU: refused on its row's SKU cell (line 7), dry run and import alike.
    const clash = rowsOf(csv);
    boots(clash)[0].variantSku = 'SKU-2';
    expect(await check(clash)).toEqual({ 'row 7.variantSku': taken('SKU-2') });
    const before = await shop.state();
    const refused = await admin.post('/api/admin/import/products').send({ csv: fileOf(csv, clash), dryRun: false }).expect(400);
    expect(refused.body.errors).toEqual({ 'row 7.variantSku': taken('SKU-2') });
    expect(await shop.state()).toEqual(before);

    // Product 2 gives it up earlier in the file: the boots may take it.
    const moved = rowsOf(csv);
    moved.find((r) => r.id === '2')!.variantSku = 'SKU-2-OLD';
    boots(moved)[0].variantSku = 'SKU-2';
    expect(await check(moved)).toEqual({});
    // Later in the file, it still has it when the boots are written.
    const late = [...boots(moved), ...moved.filter((r) => r.id !== '6')];
    expect(await check(late)).toEqual({ 'row 2.variantSku': taken('SKU-2') });
    // A new product is written before any change: product 2 still has it then.
    const fresh = [...moved.filter((r) => r.id !== '6'), { ...moved.find((r) => r.id === '1')!, id: '', title: 'New phone', variantSku: 'SKU-2' }];
    expect(await check(fresh)).toEqual({ 'row 7.variantSku': taken('SKU-2') });
    // Two new products with one SKU: the second is refused.
    const twice = ['A', 'B'].map((title) => ({ ...moved.find((r) => r.id === '1')!, id: '', title, variantSku: 'NEW-1' }));
    expect(await check(twice)).toEqual({ 'row 3.variantSku': taken('NEW-1') });

    await admin.post('/api/admin/import/products').send({ csv: fileOf(csv, moved), dryRun: false }).expect(200);
    expect((await admin.get('/api/products/6').expect(200)).body.variants.map((v: { sku: string }) => v.sku)).toEqual(['SKU-2', 'BOOT-42']);
    expect((await admin.get('/api/products/2').expect(200)).body.variants.map((v: { sku: string }) => v.sku)).toEqual(['SKU-2-OLD']);
  });

  it('a SKU taken after the check (a race): 409 on the row that names it, nothing imported', async () => {
    const shop = withBoots();
    const admin = await shop.as('admin');
    const csv = await exportCsv(admin);
    const rows = rowsOf(csv);
    rows.filter((r) => r.id === '6')[1].variantSku = 'BOOT-43';
    // Free when checked; another write takes it before the import's (its store says so).
    shop.services.catalogue.importProducts = () => Promise.reject(new SkuTaken('BOOT-43'));
    const res = await admin.post('/api/admin/import/products').send({ csv: fileOf(csv, rows), dryRun: false }).expect(409);
    expect(res.body).toEqual({ message: 'SKU BOOT-43 is already used by another product', errors: { 'row 8.variantSku': 'SKU BOOT-43 is already used by another product' } });
  });
});
