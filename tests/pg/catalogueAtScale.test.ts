// The postgres adapter's catalogue reads stay small as the catalogue grows (migration 0003,
// server/modules/catalogue/pg/productList.ts): product_counts always equals a count of the products,
// whatever changed them; and on a 20,000-product catalogue, the statements the adapter itself
// sends read a page from an index in the page's order, count from product_counts, and search
// once. (Timings are the benchmark's business: docs/performance.md, "Scale".)
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../scripts/seedDatabase';
import { openDatabase } from '../../server/db/connect';
import { PgStore } from '../../server/db/pgStore';
import type { Database } from '../../server/db/schema';
import type { ListQuery, ProductChanges, ProductField } from '../../server/db/port';
import { makeData } from '../api/fixtures';
import type { FreshDatabase } from './cluster';
import { testDatabase } from './database';
import { openShopStore } from './shopDatabase';

type Counts = { category: string; brand: string; deleted: boolean; in_stock: boolean; n: number }[];

async function countsOf(db: Kysely<Database>): Promise<{ kept: Counts; actual: Counts }> {
  const kept = await sql<Counts[number]>`SELECT category, brand, deleted, in_stock, n::int AS n FROM product_counts WHERE n <> 0 ORDER BY 1, 2, 3, 4`.execute(db);
  const actual = await sql<Counts[number]>`SELECT category, brand, deleted, stock > 0 AS in_stock, count(*)::int AS n FROM products GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`.execute(db);
  return { kept: kept.rows, actual: actual.rows };
}

describe('product_counts', () => {
  it('equals a count of the products after every kind of change', async () => {
    const store = await openShopStore(makeData(), 2);
    const check = async (after: string) => {
      const { kept, actual } = await countsOf(store.db);
      expect(kept, after).toEqual(actual);
    };
    await check('loading');
    const update = (id: number, changes: ProductChanges) =>
      store.transaction(async (tx) => {
        const [product] = await store.lockProducts(tx, [id]);
        return store.updateProduct(tx, product, changes);
      });
    const lamp = await store.transaction((tx) => store.insertProduct(tx, { ...makeData().products[0], title: 'Lamp', category: 'laptops', brand: 'Dior' }));
    await check('a new product');
    await update(lamp.id, { category: 'fragrances' });
    await check('a new category');
    await update(1, { deleted: true, brand: 'Samsung' });
    await check('deleted and rebranded at once');
    await update(1, { deleted: false });
    await check('restored');
    await update(2, { title: 'Renamed', price: 5 });
    await check('a change of nothing counted');
    const two = (await store.productById(2))!;
    const missing = await store.transaction(async (tx) => {
      const short = await store.takeStock(tx, [{ product: 2, variant: two.variants[0].id, quantity: 1 }]);
      await store.insertOrder(tx, { ...makeData().orders[0], items: [{ id: 1, product: two, quantity: 1 }], user: 2 });
      return short;
    });
    expect(missing).toBeUndefined();
    await check('a stock decrement');
    await update(2, { stock: 0 });
    await check('sold out');
    await update(2, { stock: 3 });
    await check('back in stock');
    await sql`UPDATE products SET category = 'smartphones', brand = 'Apple' WHERE id > 2`.execute(store.db);
    await check('many rows at once');
    for (const table of ['cart', 'idempotency_keys', 'orders'] as const) await store.db.deleteFrom(table).execute();
    await store.db.deleteFrom('products').where('id', '=', lamp.id).execute();
    await check('a delete');
    await store.replace(makeData());
    await check('a truncate and reload');
  });
});

describe("the adapter's own statements on a 20,000-product catalogue", () => {
  let fresh: FreshDatabase;
  let store: PgStore;
  let statements: { sql: string; parameters: readonly unknown[] }[] = [];
  beforeAll(async () => {
    fresh = await testDatabase();
    await seedDatabase(fresh.url, { products: 20_000 });
    store = new PgStore(openDatabase(fresh.url, { max: 1, onQuery: (text, parameters) => statements.push({ sql: text, parameters }) }));
    await sql`VACUUM ANALYZE`.execute(store.db);
  }, 180_000);
  afterAll(async () => {
    await store?.close();
    await fresh?.drop();
  });

  interface PlanNode {
    type: string;
    relation?: string;
    index?: string;
  }

  /** Every node of a JSON plan, flattened. */
  function nodesOf(plan: unknown, out: PlanNode[] = []): PlanNode[] {
    if (Array.isArray(plan)) for (const p of plan) nodesOf(p, out);
    else if (plan && typeof plan === 'object') {
      const node = plan as Record<string, unknown>;
      if (typeof node['Node Type'] === 'string') {
        out.push({ type: node['Node Type'], relation: node['Relation Name'] as string | undefined, index: node['Index Name'] as string | undefined });
      }
      for (const value of Object.values(node)) nodesOf(value, out);
    }
    return out;
  }

  /** A parameter as an SQL literal, for EXPLAIN (test values only: no quotes in them). */
  function literal(value: unknown): string {
    if (value === null) return 'NULL';
    if (Array.isArray(value)) return `'{${value.join(',')}}'`;
    if (typeof value === 'string') return `'${value}'`;
    return String(value);
  }

  /** Lists with the adapter: what it answered, and the plan of each statement it ran for it. */
  async function plansOf(query: ListQuery<ProductField>) {
    statements = [];
    const answer = await store.listProducts(query);
    const ran = statements;
    statements = [];
    const plans: PlanNode[][] = [];
    for (const s of ran.filter((r) => /^\s*(select|with)\b/i.test(r.sql))) {
      const text = s.sql.replace(/\$(\d+)/g, (_, n: string) => literal(s.parameters[Number(n) - 1]));
      const { rows } = await sql<{ 'QUERY PLAN': unknown }>`EXPLAIN (FORMAT JSON) ${sql.raw(text)}`.execute(store.db);
      plans.push(nodesOf(rows[0]['QUERY PLAN']));
    }
    return { answer, plans };
  }

  const indexes = (plan: PlanNode[]) => plan.flatMap((n) => (n.index ? [n.index] : []));
  const seqScans = (plan: PlanNode[]) => plan.filter((n) => n.type === 'Seq Scan').map((n) => n.relation);
  const sorts = (plan: PlanNode[]) => plan.filter((n) => n.type === 'Sort').length;

  const inLaptops = [{ field: 'category', op: 'eq', values: ['laptops'] }, { field: 'deleted', op: 'ne', values: ['true'] }] as const;

  it('a sorted page within a category: read from the (category, price) index in order, counted from product_counts', async () => {
    for (const order of ['asc', 'desc'] as const) {
      const { answer, plans } = await plansOf({ filters: [...inLaptops], sort: [{ field: 'price', order }], slice: { start: 15, end: 30 } });
      expect(plans).toHaveLength(1);
      expect(indexes(plans[0])).toContain('products_category_price_id_idx');
      // Counted from product_counts (a few rows, scanned); the products are never scanned whole.
      expect(seqScans(plans[0])).toEqual(['product_counts']);
      expect(answer.items).toHaveLength(15);
      const prices = answer.items.map((p) => p.price);
      expect(prices).toEqual([...prices].sort((a, b) => (order === 'asc' ? a - b : b - a)));
      const { n } = await store.db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('category', '=', 'laptops')
        .where('deleted', '=', false)
        .executeTakeFirstOrThrow();
      expect(answer.total).toBe(n);
    }
  });

  it('a deep page within a category or a brand, best rated first: read from its (filter, rating DESC, id) index in order, nothing sorted', async () => {
    for (const [field, value] of [
      ['category', 'laptops'],
      ['brand', 'Stridewell'],
    ] as const) {
      const { answer, plans } = await plansOf({ filters: [{ field, op: 'eq', values: [value] }], sort: [{ field: 'rating', order: 'desc' }], slice: { start: 300, end: 315 } });
      expect(plans).toHaveLength(1);
      expect(indexes(plans[0])).toContain(`products_${field}_rating_desc_id_idx`);
      expect(plans[0].filter((n) => n.type === 'Sort' || n.type === 'Incremental Sort').length).toBeLessThanOrEqual(1);
      expect(seqScans(plans[0])).toEqual(['product_counts']);
      // The same page as the plain query (rating best first, ties in id order).
      const plain = await store.db.selectFrom('products').select('id').where(field, '=', value).orderBy('rating', 'desc').orderBy('id').limit(15).offset(300).execute();
      expect(answer.items.map((p) => p.id)).toEqual(plain.map((r) => r.id));
    }
  });

  it('several categories sorted by price: one index scan per category, merged, no sort of all their products', async () => {
    const { answer, plans } = await plansOf({
      filters: [{ field: 'category', op: 'eq', values: ['laptops', 'tops', 'smartphones'] }],
      sort: [{ field: 'price', order: 'asc' }],
      slice: { start: 30, end: 45 },
    });
    expect(indexes(plans[0]).filter((i) => i === 'products_category_price_id_idx')).toHaveLength(3);
    expect(seqScans(plans[0])).toEqual(['product_counts']);
    // Only the page's 15 rows are put in order (the merge's result), not the categories' products.
    expect(sorts(plans[0])).toBeLessThanOrEqual(2);
    // The same page as the plain query, which sorts them all.
    const plain = await store.db
      .selectFrom('products')
      .select('id')
      .where('category', 'in', ['laptops', 'tops', 'smartphones'])
      .orderBy('price')
      .orderBy('id')
      .limit(15)
      .offset(30)
      .execute();
    expect(answer.items.map((p) => p.id)).toEqual(plain.map((r) => r.id));
  });

  it('a deep page of the whole catalogue is found by id while ids have no gap, else in an index alone', async () => {
    const whole = await plansOf({ slice: { start: 10_000, end: 10_015 } });
    expect(whole.answer.items.map((p) => p.id)).toEqual(Array.from({ length: 15 }, (_, i) => 10_001 + i));
    expect(whole.answer.total).toBe(20_000);
    // A look at the largest id and the count, then the page from id 10,001 on: no entry before
    // the page is read.
    expect(whole.plans).toHaveLength(2);
    expect(whole.plans[1].map((n) => `${n.type} ${n.index}`)).toEqual(['Limit undefined', 'Index Scan products_pkey']);

    // Filtered, the page's ids come from skipping entries of an index, never table rows.
    const live = await plansOf({ filters: [{ field: 'deleted', op: 'ne', values: ['true'] }], slice: { start: 10_000, end: 10_015 } });
    expect(live.plans).toHaveLength(1);
    expect(live.plans[0].map((n) => n.type)).toContain('Index Only Scan');
    expect(seqScans(live.plans[0])).toEqual(['product_counts']);

    // A gap in the ids (an insert that failed, a product loaded with its own id): skipping again.
    await sql`INSERT INTO products (id, title, description, price, discount_percentage, stock, thumbnail, brand, category, rating, weight,
      warranty_information, shipping_information, return_policy, minimum_order_quantity)
      VALUES (30000, 'Far', 'Far away', 5, 0, 1, '/t.webp', 'Apple', 'laptops', 4, 1, 'w', 's', 'r', 1)`.execute(store.db);
    try {
      const gap = await plansOf({ slice: { start: 19_990, end: 20_005 } });
      expect(gap.answer.items.map((p) => p.id)).toEqual([...Array.from({ length: 10 }, (_, i) => 19_991 + i), 30_000]);
      expect(gap.answer.total).toBe(20_001);
      expect(gap.plans.at(-1)!.map((n) => n.type)).toContain('Index Only Scan');
    } finally {
      await sql`DELETE FROM products WHERE id = 30000`.execute(store.db);
    }
  });

  it('a search runs its match once, for the page and the count, through the trigram index', async () => {
    const { answer, plans: all } = await plansOf({ q: 'laptop', slice: { start: 0, end: 15 } });
    // Besides the catalogue's size (a sum over product_counts, which says whether a count may be
    // estimated), one statement: the match, for the page and the count.
    const catalogueSize = (plan: PlanNode[]) => indexes(plan).length === 0 && seqScans(plan).join() === 'product_counts';
    expect(all.filter(catalogueSize).length).toBeLessThanOrEqual(1);
    const plans = all.filter((plan) => !catalogueSize(plan));
    expect(plans).toHaveLength(1);
    expect(indexes(plans[0]).filter((i) => i === 'products_search_text_trgm_idx')).toHaveLength(1);
    expect(seqScans(plans[0])).toEqual([]);
    expect(answer.items).toHaveLength(15);
    const { n } = await store.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(sql<boolean>`search_text LIKE '%laptop%'`)
      .executeTakeFirstOrThrow();
    expect(answer.total).toBe(n);
  });
});
