// The back office's money rule in SQL, for every report that sums money (reports.ts): what an
// order was charged less what was refunded of it, counted on the day it was placed. Cancelled
// orders are left out by status: their money went back with the cancel, or was never taken. Each
// fragment reads a row of `orders` (and `item`, an element of its `items`, for a line's).
import { sql } from 'kysely';

/** What the order's refunded returns gave back (migration 0016), in dollars. */
export const refundedOf = sql`coalesce((SELECT sum((r->'refund'->>'amount')::numeric) FROM jsonb_array_elements(orders.returns) AS r WHERE r->>'status' = 'refunded'), 0)`;

/** What the order was charged (its total) less what its refunded returns gave back, in dollars (numeric). */
export const netOfOrder = sql`(orders.total_amount::numeric - ${refundedOf})`;

/** A line's unit price as it was sold, for a line that stored none: its variant's, else the product's displayed price. */
const listedUnitPrice = sql`CASE
    WHEN jsonb_typeof(item->'variant') = 'object' THEN coalesce(item->'variant'->>'salePrice', item->'variant'->>'price')::numeric
    ELSE shop_sale_price((item->'product'->>'price')::float8, (item->'product'->>'discountPercentage')::float8)::numeric
  END`;

/**
 * What the line was charged, in cents: its stored total (its promotions taken off); a line placed
 * before prices were stored, as the API derives it (src/domain/orderText.ts lineCharges: its unit
 * price then × quantity, less a stored discount).
 */
const lineChargedCents = sql`coalesce(
    round((item->>'total')::numeric * 100),
    round(coalesce((item->>'unitPrice')::numeric, ${listedUnitPrice}) * 100) * (item->>'quantity')::int - round(coalesce((item->>'discount')::numeric, 0) * 100)
  )`;

/** Units of the line that its order's refunded returns gave back. */
const refundedUnits = sql`(SELECT coalesce(sum((ri->>'quantity')::int), 0)
    FROM jsonb_array_elements(orders.returns) AS r, jsonb_array_elements(r->'items') AS ri
    WHERE r->>'status' = 'refunded' AND (ri->>'line')::int = (item->>'id')::int)`;

/**
 * What the line brought in, in cents (numeric, not rounded): what it was charged less the share of
 * it that refunded returns gave back (line total × units returned / quantity, as a return's refund
 * counts a unit before tax), so a line returned in full brings in nothing. Tax and shipping are
 * the order's, not a product's.
 */
export const netOfLine = sql`(${lineChargedCents} * ((item->>'quantity')::int - least(${refundedUnits}, (item->>'quantity')::int)) / nullif((item->>'quantity')::int, 0))`;
