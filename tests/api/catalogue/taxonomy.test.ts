// The back office's brands and categories (/api/admin/brands, /api/admin/categories): listed with
// how many products use each (deleted ones included), added, renamed (a new slug moves its
// products, and lists, facets and search follow), merged (products moved, source deleted,
// audited), deleted only when unused; bad input answers 4xx with nothing changed; admins only.
// The public GET /categories and /brands keep json-server's {id, value, label}. On both drivers.
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../src/domain/backOffice';
import { expectNoLeaks, makeShop, type Agent } from '../fixtures';

afterEach(expectNoLeaks);

const ids = (body: { id: number }[]) => body.map((p) => p.id);

async function audit(admin: Agent, entity: string): Promise<AuditEntry[]> {
  return (await admin.get(`/api/admin/audit?entity=${entity}`).expect(200)).body;
}

describe('/api/admin/brands and /api/admin/categories', () => {
  it('lists with product counts (deleted products included), adds with a generated slug, renames a label', async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    expect((await admin.get('/api/admin/brands').expect(200)).body).toEqual([
      { id: 1, value: 'Apple', label: 'Apple', products: 2 },
      { id: 2, value: 'Samsung', label: 'Samsung', products: 2 },
      { id: 3, value: 'Dior', label: 'Dior', products: 1 },
    ]);
    const created = await admin.post('/api/admin/categories').send({ label: '  Smart Watches & Bands ' }).expect(201);
    expect(created.body).toEqual({ id: 4, value: 'smart-watches-bands', label: 'Smart Watches & Bands', products: 0 });
    await admin.post('/api/admin/brands').send({ label: 'Nokia', value: 'nokia-phones' }).expect(201);
    const renamed = await admin.patch('/api/admin/categories/2').send({ label: 'Notebooks' }).expect(200);
    expect(renamed.body).toEqual({ id: 2, value: 'laptops', label: 'Notebooks', products: 2 });
    // The public lists keep json-server's shape.
    const categories = (await shop.anon().get('/api/categories').expect(200)).body;
    expect(categories).toEqual([
      { id: 1, value: 'smartphones', label: 'Smartphones' },
      { id: 2, value: 'laptops', label: 'Notebooks' },
      { id: 3, value: 'fragrances', label: 'Fragrances' },
      { id: 4, value: 'smart-watches-bands', label: 'Smart Watches & Bands' },
    ]);
    expect((await shop.anon().get('/api/brands?value=nokia-phones').expect(200)).body).toEqual([{ id: 4, value: 'nokia-phones', label: 'Nokia' }]);
    const entries = await audit(admin, 'category');
    expect(entries.map((e) => [e.action, e.entityId, e.before, e.after])).toEqual([
      ['category.update', '2', { label: 'Laptops' }, { label: 'Notebooks' }],
      ['category.create', '4', null, { value: 'smart-watches-bands', label: 'Smart Watches & Bands' }],
    ]);
  });

  it("renaming a slug moves its products: their answer, the list's filter, facets and search follow", async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    const anon = shop.anon();
    await admin.patch('/api/admin/brands/1').send({ value: 'apple-inc', label: 'Apple Inc.' }).expect(200);
    expect((await anon.get('/api/products/1').expect(200)).body.brand).toBe('apple-inc');
    const listed = await anon.get('/api/products?brand=apple-inc').expect(200);
    expect(ids(listed.body)).toEqual([1, 3]);
    expect(listed.headers['x-total-count']).toBe('2');
    expect((await anon.get('/api/products?brand=Apple').expect(200)).body).toEqual([]);
    expect(ids((await anon.get('/api/products?q=apple-inc').expect(200)).body)).toEqual([1, 3]);
    const facets = (await anon.get('/api/products/facets').expect(200)).body;
    expect(facets.brands.find((b: { value: string }) => b.value === 'apple-inc')).toMatchObject({ label: 'Apple Inc.', count: 2 });
    expect(facets.brands.some((b: { value: string }) => b.value === 'Apple')).toBe(false);
  });

  it('merge moves every product (deleted ones too) to the target, deletes the source, audited; promotions follow', async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    const promo = { name: 'Sale', label: '10% off', kind: 'percentage', value: 10, categories: ['fragrances', 'laptops', 'smartphones'] };
    const promotion = (await admin.post('/api/admin/promotions').send(promo).expect(201)).body;
    const merged = await admin.post('/api/admin/categories/3/merge').send({ into: 1 }).expect(200);
    expect(merged.body).toEqual({ id: 1, value: 'smartphones', label: 'Smartphones', products: 3 });
    expect((await shop.anon().get('/api/products/4').expect(200)).body.category).toBe('smartphones');
    expect((await admin.get('/api/admin/categories').expect(200)).body.map((c: { value: string }) => c.value)).toEqual(['smartphones', 'laptops']);
    const [entry] = await audit(admin, 'category');
    expect(entry).toMatchObject({
      action: 'category.merge',
      entityId: '3',
      before: { value: 'fragrances', label: 'Fragrances' },
      after: { mergedInto: 1, value: 'smartphones', products: 1 },
    });
    // Promotions that named the merged (or renamed) category follow it.
    const categoriesOf = async () => (await admin.get(`/api/admin/promotions/${promotion.id}`).expect(200)).body.categories;
    expect(await categoriesOf()).toEqual(['smartphones', 'laptops']);
    await admin.patch('/api/admin/categories/2').send({ value: 'notebooks' }).expect(200);
    expect(await categoriesOf()).toEqual(['smartphones', 'notebooks']);
  });

  it('delete: 409 "Used by N products" when used, 204 when unused', async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    const used = await admin.delete('/api/admin/brands/2').expect(409);
    expect(used.body.message).toBe('Used by 2 products');
    expect((await admin.delete('/api/admin/brands/3').expect(409)).body.message).toBe('Used by 1 product');
    await admin.post('/api/admin/brands').send({ label: 'Nokia' }).expect(201);
    await admin.delete('/api/admin/brands/4').expect(204);
    expect((await admin.get('/api/admin/brands').expect(200)).body).toHaveLength(3);
    expect((await audit(admin, 'brand')).map((e) => e.action)).toEqual(['brand.delete', 'brand.create']);
  });

  it('bad input answers 4xx with a message and changes nothing; shoppers get 403', async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    const before = await shop.state();
    const bad: [() => Promise<{ status: number; body: { message: string; errors?: Record<string, string> } }>, number, string?][] = [
      [() => admin.post('/api/admin/brands').send({ label: '   ' }), 400, 'label'],
      [() => admin.post('/api/admin/brands').send({ label: 'x'.repeat(81) }), 400, 'label'],
      [() => admin.post('/api/admin/brands').send({ label: 'Fine', value: 'Not A Slug' }), 400, 'value'],
      [() => admin.post('/api/admin/brands').send({ label: '!!!' }), 400, 'value'],
      [() => admin.post('/api/admin/brands').send({ label: 'apple' }), 409],
      // The seed's value "Apple", whatever its case.
      [() => admin.post('/api/admin/brands').send({ label: 'Pomme', value: 'apple' }), 409],
      [() => admin.post('/api/admin/brands').send({ label: 'Other', value: 'smartphones' }).then(() => admin.post('/api/admin/categories').send({ label: 'Phones', value: 'smartphones' })), 409],
      [() => admin.patch('/api/admin/categories/1').send({ value: 'laptops' }), 409],
      [() => admin.patch('/api/admin/categories/1').send({ label: '' }), 400, 'label'],
      [() => admin.patch('/api/admin/categories/99').send({ label: 'X' }), 404],
      [() => admin.delete('/api/admin/categories/99'), 404],
      [() => admin.post('/api/admin/categories/1/merge').send({ into: 1 }), 400, 'into'],
      [() => admin.post('/api/admin/categories/1/merge').send({ into: 99 }), 400, 'into'],
      [() => admin.post('/api/admin/categories/99/merge').send({ into: 1 }), 404],
    ];
    for (const [call, status, field] of bad) {
      const res = await call();
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(typeof res.body.message).toBe('string');
      if (field) expect(res.body.errors).toHaveProperty(field);
    }
    // The one write that succeeded along the way (brand "Other") aside, nothing changed.
    const after = await shop.state();
    expect(after.categories).toEqual(before.categories);
    expect(after.products).toEqual(before.products);
    expect(after.brands.map((b) => b.value)).toEqual([...before.brands.map((b) => b.value), 'smartphones']);
    const shopper = await shop.as('user');
    await shopper.get('/api/admin/brands').expect(403);
    await shopper.post('/api/admin/categories').send({ label: 'X' }).expect(403);
    await shopper.post('/api/admin/categories/1/merge').send({ into: 2 }).expect(403);
    await shop.anon().delete('/api/admin/brands/3').expect(401);
  });
});
