// Stock inside an order's transaction: the products it locks, the guarded decrement that places
// it and the moves of a status change or a return. products.stock follows by migration 0012's triggers.
import { sql, type Transaction } from 'kysely';
import { distinctIds, idIn } from '../../../db/rows';
import { PRODUCT_COLUMNS, productFromRow } from './productRows';
import type { Database } from '../../../db/schema';
import type { LockedProduct } from '../variantTypes';
import { withVariants } from './variants';
import { NOTIFY_COLUMNS, notifyFromRow } from './notifyColumns';

/**
 * The products among `ids`, with their variants and the staff's `notify` settings (read in the
 * same statement), locked (FOR UPDATE) in id order until `trx` ends.
 */
export async function lockProducts(trx: Transaction<Database>, ids: readonly number[]): Promise<LockedProduct[]> {
  const rows = await trx
    .selectFrom('products')
    .select([...PRODUCT_COLUMNS, ...NOTIFY_COLUMNS])
    .where('id', '=', idIn(distinctIds(ids)))
    .orderBy('id')
    .forUpdate()
    .execute();
  return withVariants(
    trx,
    rows.map((row) => ({ ...productFromRow(row), notify: notifyFromRow(row) })),
  );
}

/**
 * Takes each line's quantity from its variant, never below zero, never from a variant of a
 * deleted product or of another product: the first line that could not take it (nothing is
 * undone here: the caller rolls back), undefined when every line did.
 */
export async function takeVariantStock(
  trx: Transaction<Database>,
  lines: readonly { product: number; variant: number; quantity: number }[],
): Promise<{ product: number; variant: number } | undefined> {
  const taken = await sql<{ id: number }>`
    UPDATE variants v SET stock = v.stock - l.quantity
    FROM unnest(${lines.map((l) => l.variant)}::int[], ${lines.map((l) => l.product)}::int[], ${lines.map((l) => l.quantity)}::int[])
      AS l(id, product_id, quantity)
    WHERE v.id = l.id AND v.product_id = l.product_id AND v.stock >= l.quantity
      AND NOT EXISTS (SELECT 1 FROM products p WHERE p.id = l.product_id AND p.deleted)
    RETURNING v.id`.execute(trx);
  const done = new Set(taken.rows.map((r) => r.id));
  return lines.find((l) => !done.has(l.variant));
}

/**
 * Adds each delta to its variant (deltas of one variant summed), never below zero: whether every
 * variant moved (false: one would have gone below zero, or is gone).
 */
export async function moveVariantStock(trx: Transaction<Database>, stock: readonly { variant: number; delta: number }[]): Promise<boolean> {
  const sums = new Map<number, number>();
  for (const s of stock) sums.set(s.variant, (sums.get(s.variant) ?? 0) + s.delta);
  const moves = [...sums].filter(([, delta]) => delta !== 0);
  if (moves.length === 0) return true;
  const moved = await sql<{ id: number }>`
    UPDATE variants v SET stock = v.stock + s.delta
    FROM unnest(${moves.map(([id]) => id)}::int[], ${moves.map(([, delta]) => delta)}::int[]) AS s(id, delta)
    WHERE v.id = s.id AND v.stock + s.delta >= 0
    RETURNING v.id`.execute(trx);
  return moved.rows.length === moves.length;
}
