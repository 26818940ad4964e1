// Migration 0048 on a database made before it: orders cancelled earlier kept their promotion uses;
// they give them back (their redemptions and each promotion's count), the other orders keep theirs.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate';
import type { FreshDatabase } from './cluster';
import { migratedBefore, testDatabase } from './database';

let fresh: FreshDatabase;
beforeAll(async () => {
  fresh = await testDatabase();
});
afterAll(() => fresh?.drop());

it('gives back the uses of the orders cancelled before it, and only theirs', async () => {
  const db = await migratedBefore(fresh.url, '0048_cancelled_orders_release_promotions');
  try {
    await sql`INSERT INTO users (id, email, password, role) VALUES (1, 'a@example.com', 'x', 'user'), (2, 'b@example.com', 'x', 'user')`.execute(db);
    await sql`
      INSERT INTO promotions (id, name, label, kind, value, code, usage_limit, per_customer_limit, used) VALUES
        (1, 'Once', 'Once', 'fixed', 100, 'ONCE', 1, NULL, 1),
        (2, 'Save', 'Save', 'percentage', 1000, 'SAVE', NULL, 1, 3),
        (3, 'Quiet', 'Quiet', 'percentage', 500, NULL, NULL, NULL, 0)`.execute(db);
    await sql`
      INSERT INTO orders (id, user_id, items, total_amount, total_items, payment_method, selected_address, status) VALUES
        (1, 1, '[]', 100, 1, 'cash', '{}', 'cancelled'),
        (2, 2, '[]', 100, 1, 'cash', '{}', 'pending'),
        (3, 2, '[]', 100, 1, 'cash', '{}', 'cancelled')`.execute(db);
    await sql`INSERT INTO promotion_redemptions (promotion_id, order_id, user_id) VALUES (1, 1, 1), (2, 1, 1), (2, 2, 2), (2, 3, 2)`.execute(db);

    expect((await migrateToLatest(db)).map((r) => r.migrationName)).toEqual(['0048_cancelled_orders_release_promotions']);
    expect(await db.selectFrom('promotions').select(['id', 'used']).orderBy('id').execute()).toEqual([
      { id: 1, used: 0 },
      { id: 2, used: 1 },
      { id: 3, used: 0 },
    ]);
    expect(await db.selectFrom('promotion_redemptions').select(['promotion_id', 'order_id', 'user_id']).execute()).toEqual([{ promotion_id: 2, order_id: 2, user_id: 2 }]);
  } finally {
    await db.destroy();
  }
});
