// The product CSV per variant: the export has a row per variant of a product
// with options (its product columns repeated, the option names and values, the variant's id,
// SKU, price, discount and stock); the import reads the same shape, a product's rows grouped by
// its id (a new product's by following its first row), checks each row's cells with the
// variant rules (messages on the row and column), says per row what would change in the dry
// run, and writes all or nothing. On both drivers.
import { parse } from 'csv-parse/sync';
import { afterEach, describe, expect, it } from 'vitest';
import type { DbSchema } from '../../../server/db/snapshot';
import { expectNoLeaks, makeData, makeShop, PRODUCTS } from '../fixtures';
import { exportCsv } from './csvDownload';

afterEach(expectNoLeaks);

const SIZE = { name: 'Size', values: ['42', '43', '44'] };

function withBoots(): DbSchema {
  const data = makeData();
  data.products.push({
    ...structuredClone(PRODUCTS[0]),
    id: 6,
    title: 'Stridewell Waterproof Chelsea Boots',
    price: 100,
    discountPercentage: 10,
    stock: 5,
    options: [SIZE],
    variants: [
      { id: 101, sku: 'BOOT-42', options: { Size: '42' }, price: null, discountPercentage: null, stock: 3 },
      { id: 102, sku: 'BOOT-43', options: { Size: '43' }, price: null, discountPercentage: null, stock: 0 },
      { id: 103, sku: 'BOOT-44', options: { Size: '44' }, price: 120, discountPercentage: null, stock: 2 },
    ],
  });
  return data;
}

const rowsOf = (csv: string) => parse(csv, { columns: true }) as Record<string, string>[];
/** The file again, from its rows (the export's columns). */
const fileOf = (csv: string, rows: Record<string, string>[]) => {
  const header = csv.split('\n')[0];
  const columns = header.split(',');
  const cell = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return [header, ...rows.map((r) => columns.map((c) => cell(r[c] ?? '')).join(','))].join('\n');
};

describe('the product CSV per variant', () => {
  it('exports a row per variant, the product columns repeated; a product without options keeps one row, with its SKU', async () => {
    const shop = makeShop({ data: withBoots() });
    const admin = await shop.as('admin');
    const csv = await exportCsv(admin);
    expect(csv.split('\n')[0]).toBe(
      'id,title,description,price,discountPercentage,stock,brand,category,thumbnail,image1,image2,image3,image4,image5,image6,image7,image8,image9,image10,image11,image12,' +
        'weight,warrantyInformation,shippingInformation,returnPolicy,minimumOrderQuantity,lowStockThreshold,deleted,' +
        'option1Name,option1Value,option2Name,option2Value,option3Name,option3Value,variantId,variantSku,variantPrice,variantDiscountPercentage,variantStock,rating',
    );
    const rows = rowsOf(csv);
    const boots = rows.filter((r) => r.id === '6');
    expect(boots.map((r) => [r.title, r.stock, r.option1Name, r.option1Value, r.variantId, r.variantSku, r.variantPrice, r.variantDiscountPercentage, r.variantStock])).toEqual([
      ['Stridewell Waterproof Chelsea Boots', '5', 'Size', '42', '101', 'BOOT-42', '', '', '3'],
      ['Stridewell Waterproof Chelsea Boots', '5', 'Size', '43', '102', 'BOOT-43', '', '', '0'],
      ['Stridewell Waterproof Chelsea Boots', '5', 'Size', '44', '103', 'BOOT-44', '120', '', '2'],
    ]);
    const plain = rows.filter((r) => r.id === '1');
    expect(plain).toHaveLength(1);
    expect([plain[0].option1Name, plain[0].variantId, plain[0].variantSku, plain[0].variantPrice, plain[0].variantStock]).toEqual(['', '', 'SKU-1', '', '']);
  });

  it("the dry run says per row what would change; the import changes the variants' cells, adds and removes variants, audited", async () => {
    const shop = makeShop({ data: withBoots() });
    const admin = await shop.as('admin');
    const csv = await exportCsv(admin);
    const rows = rowsOf(csv);
    const at = (sku: string) => rows.find((r) => r.variantSku === sku)!;
    at('BOOT-42').variantStock = '7';
    at('BOOT-44').variantPrice = '';
    at('BOOT-44').variantDiscountPercentage = '5';
    // Size 43 goes, 45 comes (a row without a variant id: a new variant).
    const edited = rows.filter((r) => r.variantSku !== 'BOOT-43');
    edited.splice(edited.indexOf(at('BOOT-44')) + 1, 0, { ...at('BOOT-44'), option1Value: '45', variantId: '', variantSku: 'BOOT-45', variantStock: '4' });
    const file = fileOf(csv, edited);
    const before = await shop.state();
    const dry = await admin.post('/api/admin/import/products').send({ csv: file }).expect(200);
    // Products 1 to 5 are as they were: the boots alone are updated.
    expect(dry.body).toMatchObject({ dryRun: true, rows: 8, update: 1, unchanged: 5, create: 0, errors: {} });
    const line = (sku: string) => `row ${edited.findIndex((r) => r.variantSku === sku) + 2}`;
    expect(dry.body.changes).toMatchObject({
      'row 2': 'No change',
      [line('BOOT-42')]: 'Options Size (42, 43, 44) → Size (42, 44, 45); variant BOOT-42 (Size 42): Stock 3 → 7; removes variant BOOT-43 (Size 43)',
      [line('BOOT-44')]: `variant BOOT-44 (Size 44): Price 120 → the product's, Discount Percentage the product's → 5`,
      [line('BOOT-45')]: 'new variant BOOT-45 (Size 45)',
    });
    expect(await shop.state()).toEqual(before);

    const done = await admin.post('/api/admin/import/products').send({ csv: file, dryRun: false }).expect(200);
    expect(done.body).toMatchObject({ update: 1, unchanged: 5, updated: [6] });
    const boots = (await admin.get('/api/products/6').expect(200)).body;
    expect(boots.options).toEqual([{ name: 'Size', values: ['42', '44', '45'] }]);
    expect(boots.variants.map((v: { id: number; sku: string; price: number | null; discountPercentage: number | null; stock: number }) => [v.sku, v.price, v.discountPercentage, v.stock])).toEqual([
      ['BOOT-42', null, null, 7],
      ['BOOT-44', null, 5, 2],
      ['BOOT-45', null, 5, 4], // its row copied Size 44's, discount included
    ]);
    expect(boots.variants[0].id).toBe(101);
    expect(boots.stock).toBe(13);
    const [entry] = (await shop.state()).audit.filter((e) => e.action === 'product.import');
    expect(entry).toMatchObject({ entity: 'product', entityId: '6' });
    expect((entry.before as { variants: { sku: string }[] }).variants.map((v) => v.sku)).toEqual(['BOOT-42', 'BOOT-43', 'BOOT-44']);
    expect((entry.after as { variants: { sku: string }[] }).variants.map((v) => v.sku)).toEqual(['BOOT-42', 'BOOT-44', 'BOOT-45']);
  });

  it('a new product from variant rows without an id: grouped by following its first row', async () => {
    const shop = makeShop({ data: withBoots() });
    const admin = await shop.as('admin');
    const csv = await exportCsv(admin);
    const boots = rowsOf(csv)
      .filter((r) => r.id === '6')
      .map((r, i) => ({ ...r, id: '', variantId: '', variantSku: `NEW-${r.option1Value}`, ...(i > 0 ? { title: '', description: '' } : {}) }));
    const res = await admin.post('/api/admin/import/products').send({ csv: fileOf(csv, boots), dryRun: false }).expect(200);
    expect(res.body).toMatchObject({ create: 1, update: 0, created: [7] });
    expect(res.body.changes).toEqual({ 'row 2': 'New product "Stridewell Waterproof Chelsea Boots"; new variant NEW-42 (Size 42)', 'row 3': 'new variant NEW-43 (Size 43)', 'row 4': 'new variant NEW-44 (Size 44)' });
    const created = (await admin.get('/api/products/7').expect(200)).body;
    expect(created.variants.map((v: { sku: string; stock: number; price: number | null }) => [v.sku, v.stock, v.price])).toEqual([
      ['NEW-42', 3, null],
      ['NEW-43', 0, null],
      ['NEW-44', 2, 120],
    ]);
  });

  it('bad variant rows: 400 with each message on its row and column, nothing imported', async () => {
    const shop = makeShop({ data: withBoots() });
    const admin = await shop.as('admin');
    const csv = await exportCsv(admin);
    const rows = rowsOf(csv);
    const boots = rows.filter((r) => r.id === '6');
    boots[0].variantStock = '-1';
    boots[1].variantSku = '';
    boots[1].title = 'Another title';
    boots[2].option1Value = '42';
    boots[2].variantStock = '1.5';
    const file = fileOf(csv, rows);
    const before = await shop.state();
    const dry = await admin.post('/api/admin/import/products').send({ csv: file }).expect(200);
    expect(dry.body.errors).toEqual({
      'row 7.variantStock': 'Stock must be a whole number of 0 or more',
      'row 8.variantSku': 'SKU must be 1 to 64 characters',
      'row 8.title': "Differs from row 7, this product's first row",
      'row 9.option1Value': 'Another variant has the same Size',
      'row 9.variantStock': 'Stock must be a whole number of 0 or more',
    });
    const refused = await admin.post('/api/admin/import/products').send({ csv: file, dryRun: false }).expect(400);
    expect(refused.body.message).toBe('Nothing was imported: 3 rows have errors');
    // An unknown option name in a row, a SKU of another product.
    const other = rowsOf(csv);
    other.filter((r) => r.id === '6')[1].option1Name = 'Colour';
    expect((await admin.post('/api/admin/import/products').send({ csv: fileOf(csv, other) }).expect(200)).body.errors).toEqual({
      'row 8.option1Name': 'Must be "Size", as in row 7',
    });
    // A SKU product 1 has: the dry run says so on the row's SKU cell, and the import refuses it there.
    const taken = rowsOf(csv);
    taken.filter((r) => r.id === '6')[0].variantSku = 'SKU-1';
    const clash = { 'row 7.variantSku': 'SKU SKU-1 is already used by another product' };
    expect((await admin.post('/api/admin/import/products').send({ csv: fileOf(csv, taken) }).expect(200)).body.errors).toEqual(clash);
    const refusedSku = await admin.post('/api/admin/import/products').send({ csv: fileOf(csv, taken), dryRun: false }).expect(400);
    expect(refusedSku.body).toEqual({ message: 'Nothing was imported: 1 rows have errors', errors: clash });
    expect(await shop.state()).toEqual(before);
  });

  it("a one-row file of a product with options: its Stock column can't change it (its variants' rows can)", async () => {
    const shop = makeShop({ data: withBoots() });
    const admin = await shop.as('admin');
    const file = 'id,title,stock\n6,Stridewell Waterproof Chelsea Boots,9\n';
    const dry = await admin.post('/api/admin/import/products').send({ csv: file }).expect(200);
    expect(dry.body.errors).toEqual({ 'row 2.stock': "Stock of a product with options is each variant's: give its variant rows" });
    const same = await admin.post('/api/admin/import/products').send({ csv: 'id,title,stock\n6,Chelsea Boots,5\n' }).expect(200);
    expect(same.body).toMatchObject({ errors: {}, changes: { 'row 2': 'Product 6: Product Name "Stridewell Waterproof Chelsea Boots" → "Chelsea Boots"' } });
  });
});
