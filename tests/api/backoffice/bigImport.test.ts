// A product import of some hundred rows (more than one of the batches its new products are
// written in) stays all or nothing, and writes what a short one writes: the products in the
// file's order, one audit entry each in that order, changes of existing products among them.
import { describe, expect, it } from 'vitest';
import { makeShop, type Agent } from '../fixtures';
import { exportCsv } from './csvDownload';

const ROWS = 600;

/** The header, product 1's row and product 3's row as a new product titled `title` (its SKU cell emptied: SKU-3 is product 3's). */
async function rowsOf(admin: Agent) {
  const lines = (await exportCsv(admin)).split('\n');
  const [header] = lines;
  const one = lines.find((l) => l.startsWith('1,iPhone 15,'))!;
  const three = lines.find((l) => l.startsWith('3,MacBook Air,'))!.replace(',SKU-3,', ',,');
  return { header, one, newRow: (title: string) => three.replace(/^3,MacBook Air,/, `,${title},`) };
}

describe('a big product import', () => {
  it('with one bad row near its end changes nothing', async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    const { header, newRow } = await rowsOf(admin);
    const bad = ROWS - 10;
    // Line numbers count the header as line 1: row i of the file is line i + 2.
    const rows = Array.from({ length: ROWS }, (_, i) => newRow(i + 2 === bad ? '' : `Item ${i + 1}`));
    const before = await shop.state();
    const res = await admin.post('/api/admin/import/products').send({ csv: [header, ...rows].join('\n'), dryRun: false }).expect(400);
    expect(res.body.message).toBe('Nothing was imported: 1 rows have errors');
    expect(Object.keys(res.body.errors)).toEqual([`row ${bad}.title`]);
    const after = await shop.state();
    expect(after.products).toEqual(before.products);
    expect(after.audit).toEqual(before.audit);
  });

  it('adds its new products in the file\'s order, changes the existing one among them, and audits each in that order', async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    const { header, one, newRow } = await rowsOf(admin);
    const middle = ROWS / 2;
    const rows = Array.from({ length: ROWS }, (_, i) => (i === middle ? one.replace(/^1,iPhone 15,/, '1,iPhone 15 Pro,') : newRow(`Item ${i + 1}`)));
    const res = await admin.post('/api/admin/import/products').send({ csv: [header, ...rows].join('\n'), dryRun: false });
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    const created = Array.from({ length: ROWS - 1 }, (_, i) => 6 + i);
    expect(res.body).toMatchObject({ create: ROWS - 1, update: 1, unchanged: 0, errors: {}, created, updated: [1] });
    const { products, audit } = await shop.state();
    expect(products.find((p) => p.id === 1)!.title).toBe('iPhone 15 Pro');
    const titles = new Map(products.map((p) => [p.id, p.title]));
    expect(created.map((id) => titles.get(id))).toEqual(rows.flatMap((_, i) => (i === middle ? [] : [`Item ${i + 1}`])));
    const entries = audit.filter((e) => e.action === 'product.import');
    expect(entries.map((e) => e.entityId)).toEqual([...created.slice(0, middle), 1, ...created.slice(middle)].map(String));
    // A new product's entry holds it as stored; the change's, both sides.
    expect(entries[0]).toMatchObject({ before: null, after: { id: 6, title: 'Item 1' } });
    expect(entries[middle]).toMatchObject({ before: { title: 'iPhone 15' }, after: { title: 'iPhone 15 Pro' } });
  });
});
