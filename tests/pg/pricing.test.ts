// The displayed price (the price less its discount, rounded to whole dollars) is computed in JavaScript
// (src/domain/pricing.ts discountedPrice) and, where SQL needs it, by shop_sale_price (migration 0004):
// the two must always agree.
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { discountedPrice } from '../../src/domain/pricing';
import { openDatabase } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import type { Database } from '../../server/db/schema';
import { mulberry32 } from '../../scripts/random';
import type { FreshDatabase } from './cluster';
import { testDatabase } from './database';

let fresh: FreshDatabase;
let db: Kysely<Database>;
beforeAll(async () => {
  fresh = await testDatabase();
  db = openDatabase(fresh.url, { max: 1 });
  await migrateToLatest(db);
});
afterAll(async () => {
  await db?.destroy();
  await fresh?.drop();
});

it('shop_sale_price answers as discountedPrice for prices and discounts the shop can hold', async () => {
  const random = mulberry32(2026);
  const cases: [number, number][] = [
    [1, 0],
    [1, 50],
    [1, 100],
    [10000, 0],
    [10000, 99.99],
    [99.99, 5],
    [1000, 10],
    [800, 12.5],
    [2.5, 0],
    [3.5, 0],
    [4.49, 0],
    [0.5, 0],
    [1.01, 50.5],
  ];
  for (let i = 0; i < 3000; i++) {
    const price = Math.round((1 + random() * 9999) * 100) / 100;
    const discount = random() < 0.2 ? 0 : Math.round(random() * 10000) / 100;
    cases.push([price, discount]);
  }
  const { rows } = await sql<{ p: number; d: number; sale: number }>`
    SELECT p, d, shop_sale_price(p, d) AS sale
    FROM unnest(${cases.map((c) => c[0])}::float8[], ${cases.map((c) => c[1])}::float8[]) AS t(p, d)`.execute(db);
  const differ = rows.filter((r) => r.sale !== discountedPrice({ price: r.p, discountPercentage: r.d }));
  expect(differ).toEqual([]);
  expect(rows).toHaveLength(cases.length);
});
