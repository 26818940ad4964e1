// 0048: only the orders that are not cancelled carry promotion uses (README "Prices"): cancelling
// an order gives its uses back, leaving `cancelled` takes them again. Orders cancelled before
// kept theirs, so a code limited to one use could stay used up by an order that was never
// delivered. Their uses go back: their redemptions deleted (the customers' counts) and each
// promotion's `used` lowered by as many.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    WITH gone AS (
      DELETE FROM promotion_redemptions r USING orders o
      WHERE o.id = r.order_id AND o.status = 'cancelled'
      RETURNING r.promotion_id
    )
    UPDATE promotions p SET used = greatest(p.used - g.n, 0)
    FROM (SELECT promotion_id, count(*)::int AS n FROM gone GROUP BY promotion_id) AS g
    WHERE p.id = g.promotion_id`.execute(db);
}

// Nothing to undo: which cancelled orders held uses is not kept, and the uses given back may have
// been taken by other orders since.
export async function down(): Promise<void> {}
