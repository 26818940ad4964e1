// The product CSV is lossless: an export imported unchanged changes nothing,
// whatever the products' texts and numbers — formula-looking ones, apostrophes, quotes, commas,
// line breaks, any Unicode — and exporting again gives the same file, byte for byte. Generated
// products (fast-check, a fixed seed) through the real API, on both drivers.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FilterOption, Product } from '../../../src/domain/types';
import { MAX_IMAGE, MAX_LONG_TEXT, MAX_STOCK } from '../../../src/domain/productFields';
import { MAX_TEXT } from '../../../src/domain/fieldRule';
import { isLocalImage } from '../../../server/http/validate';
import { makeData, makeShop } from '../fixtures';
import { exportCsv } from './csvDownload';

const SEED = 2025_25_04;
const RUNS = Number(process.env.CSV_RUNS ?? 12);

/** Units that make CSV and spreadsheets work hard, and any code point (no lone surrogates). */
const unit = fc.oneof(
  fc.constantFrom('"', ',', ';', '\n', '\r', '\r\n', '\t', "'", '=', '+', '-', '@', ' ', '\u00a0', '\ufeff', 'é', '😀', '0', '1e5'),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
);
/** A text the shop can hold (as a form or an import stores it: trimmed, not empty, no NUL, within its limit). */
const text = (max: number) =>
  fc
    .tuple(fc.constantFrom('', "'", "''", '=', '+', '-', '@', "'=", '=SUM(1)', "'=SUM(1)"), fc.string({ unit, maxLength: 30 }))
    .map(([start, rest]) => (start + rest).replace(/\0/g, '').trim().slice(0, max).trim())
    .filter((t) => t.length > 0 && !/[\ud800-\udfff]$/.test(t) && !/^[\udc00-\udfff]/.test(t));
const image = text(MAX_IMAGE - 1)
  .map((t) => `/${t}`)
  .filter((path) => path.length <= MAX_IMAGE && isLocalImage(path));

/** A double PostgreSQL's float8 takes: not subnormal (its input refuses those as an underflow). */
const double = (min: number, max: number) => fc.double({ min, max, noNaN: true }).filter((n) => n === 0 || Math.abs(n) >= 2.3e-308);

const product = (id: number) =>
  fc.record({
    title: text(MAX_TEXT),
    description: text(MAX_LONG_TEXT),
    // A price is whole cents (the import refuses more decimals); the other numbers any double.
    price: fc.integer({ min: 100, max: 1_000_000 }).map((cents) => cents / 100),
    discountPercentage: double(0, 100),
    stock: fc.integer({ min: 0, max: MAX_STOCK }),
    thumbnail: image,
    images: fc.array(image, { minLength: 3, maxLength: 3 }),
    brand: text(MAX_TEXT),
    category: text(MAX_TEXT),
    rating: double(0, 5),
    deleted: fc.boolean(),
    lowStockThreshold: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: undefined }),
  }).map((fields): Product => {
    const p: Product = { ...makeData().products[0], ...fields, id, reviews: [] };
    if (fields.lowStockThreshold === undefined) delete p.lowStockThreshold;
    return p;
  });

const options = (values: string[]): FilterOption[] => [...new Set(values)].map((value, i) => ({ id: i + 1, value, label: value }));

describe('CSV export and import are exact inverses', () => {
  it('a formula-looking title and one with a protective apostrophe of its own come back as they were', async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    await admin.patch('/api/products/1').send({ title: "'=SUM(1)" }).expect(200);
    await admin.patch('/api/products/2').send({ title: '=SUM(1)', description: "'quoted'" }).expect(200);
    const csv = await exportCsv(admin);
    expect(csv).toContain(`\n1,''=SUM(1),`);
    expect(csv).toContain(`\n2,'=SUM(1),''quoted',`);
    const before = (await shop.state()).products;
    const result = await admin.post('/api/admin/import/products').send({ csv, dryRun: false }).expect(200);
    expect(result.body).toMatchObject({ update: 0, unchanged: 5, errors: {} });
    const after = (await shop.state()).products;
    expect(after.map((p) => p.title).slice(0, 2)).toEqual(["'=SUM(1)", '=SUM(1)']);
    expect(after[1].description).toBe("'quoted'");
    expect(after).toEqual(before);
    expect((await shop.state()).audit.filter((e) => e.action === 'product.import')).toEqual([]);
  });

  it('an exported row without its id imports as a new product with the same cells (empty optional cells: defaults)', async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    await admin.patch('/api/products/3').send({ title: "'=SUM(1)", lowStockThreshold: 0 }).expect(200);
    const rows = (await exportCsv(admin)).split('\n');
    const [header, , , three, four] = rows;
    expect(four.startsWith('4,')).toBe(true); // product 4 has no threshold: an empty cell
    // A SKU is one product's: the copies name their own.
    const copy = (row: string, id: number, sku: string) => row.replace(new RegExp(`^${id},`), ',').replace(`,SKU-${id},`, `,${sku},`);
    const csv = [header, copy(three, 3, 'COPY-3'), copy(four, 4, 'COPY-4')].join('\n');
    const result = await admin.post('/api/admin/import/products').send({ csv, dryRun: false }).expect(200);
    expect(result.body).toMatchObject({ create: 2, errors: {}, created: [6, 7] });
    const again = (await exportCsv(admin)).split('\n');
    // The same cells but the id, and the rating (never imported: a new product has none yet).
    const cells = (row: string) => row.split(',').slice(1, -1);
    expect(cells(again[6])).toEqual(cells(copy(three, 3, 'COPY-3')));
    expect(cells(again[7])).toEqual(cells(copy(four, 4, 'COPY-4')));
  });

  it('for generated products: export → import changes nothing, and the next export is the same file', async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    await fc.assert(
      fc.asyncProperty(fc.tuple(product(1), product(2), product(3)), async (products) => {
        await shop.update((data) => {
          data.products = products;
          data.brands = options([...data.brands.map((b) => b.value), ...products.map((p) => p.brand)]);
          data.categories = options([...data.categories.map((c) => c.value), ...products.map((p) => p.category)]);
          data.cart = [];
          data.orders = [];
          data.audit = [];
        });
        const first = await exportCsv(admin);
        const before = (await shop.state()).products;
        const imported = await admin.post('/api/admin/import/products').send({ csv: first, dryRun: false });
        expect(imported.body, JSON.stringify(imported.body)).toMatchObject({ rows: 3, update: 0, unchanged: 3, create: 0, errors: {} });
        expect(imported.status).toBe(200);
        const after = await shop.state();
        expect(after.products).toEqual(before);
        expect(after.audit).toEqual([]); // nothing changed, nothing recorded
        expect(await exportCsv(admin)).toBe(first);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  }, 240_000);

  it('with variants: export → import changes no product and no variant, and the next export is the same file', async () => {
    const data = makeData();
    data.products.push({
      ...structuredClone(data.products[0]),
      id: 6,
      title: 'Chelsea Boots, "waterproof"',
      options: [{ name: 'Size', values: ['42', '44'] }, { name: 'Colour', values: ['Black', '=Brown'] }],
      variants: [
        { id: 101, sku: 'B-42-BLACK', options: { Size: '42', Colour: 'Black' }, price: null, discountPercentage: null, stock: 3 },
        { id: 102, sku: "'B-42-BROWN", options: { Size: '42', Colour: '=Brown' }, price: 120.5, discountPercentage: 0, stock: 0 },
        { id: 103, sku: 'B-44-BLACK', options: { Size: '44', Colour: 'Black' }, price: null, discountPercentage: 12.5, stock: 2 },
        { id: 104, sku: 'B-44-BROWN', options: { Size: '44', Colour: '=Brown' }, price: 99, discountPercentage: null, stock: 1 },
      ],
      stock: 6,
    });
    const shop = makeShop({ data });
    const admin = await shop.as('admin');
    const first = await exportCsv(admin);
    expect(first.split('\n').filter((line) => line.startsWith('6,'))).toHaveLength(4);
    const before = (await shop.state()).products;
    const imported = await admin.post('/api/admin/import/products').send({ csv: first, dryRun: false }).expect(200);
    expect(imported.body).toMatchObject({ rows: 9, update: 0, unchanged: 6, create: 0, errors: {}, updated: [] });
    expect(Object.values(imported.body.changes as Record<string, string>).every((c) => c === 'No change')).toBe(true);
    const after = await shop.state();
    expect(after.products).toEqual(before);
    expect(after.audit).toEqual([]);
    expect(await exportCsv(admin)).toBe(first);
  });
});
