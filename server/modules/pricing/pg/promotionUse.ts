// What pricing reads and the redemptions placing an order counts. Every reader takes
// any handle, so placeOrder prices with them inside its own transaction.
//
// Redemptions: an order carrying promotion P raises P.used with a guarded UPDATE (never past its
// usage_limit; the row lock serialises orders racing for the last uses, across instances), then,
// with that row locked, counts the customer's earlier redemptions against per_customer_limit.
// Promotions are locked in id order, so two orders never wait on each other in a circle.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { PricingContext, PricingPlace, RedemptionRefused } from '../port';
import { promotionFromRow } from './rows';
import { shippingMethodsFor, taxRateFor } from './shippingTax';
import type { Database } from '../../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** At most this many codes are looked up (the service refuses more). */
const MAX_CODES = 20;

/**
 * Everything pricing needs besides the lines: whether `user` is a member, every automatic
 * promotion and the promotions of `codes` (whatever their state: the engine says why one does
 * not apply), the user's earlier uses of each, and for `place` its shipping methods (cheapest
 * first) and tax rate (none without a place).
 */
export async function pricingContext(db: Db, user: number, codes: readonly string[], place: PricingPlace | undefined): Promise<PricingContext> {
  const keys = [...new Set(codes.slice(0, MAX_CODES).map((c) => c.trim().toLowerCase()))];
  const member = await db.selectFrom('users').select('member').where('id', '=', user).executeTakeFirst();
  const rows = await db
    .selectFrom('promotions')
    .selectAll()
    .where((eb) => (keys.length === 0 ? eb('code', 'is', null) : eb.or([eb('code', 'is', null), eb(sql<string>`lower(code)`, '=', sql<string>`ANY(${keys}::text[])`)])))
    .orderBy('id')
    .execute();
  const ids = rows.map((r) => r.id);
  const uses =
    ids.length === 0
      ? []
      : await db
          .selectFrom('promotion_redemptions')
          .select(['promotion_id', (eb) => eb.fn.countAll<string>().as('n')])
          .where('user_id', '=', user)
          .where('promotion_id', '=', sql<number>`ANY(${ids}::int[])`)
          .groupBy('promotion_id')
          .execute();
  return {
    member: member?.member === true,
    promotions: rows.map(promotionFromRow),
    customerUses: Object.fromEntries(uses.map((u) => [u.promotion_id, Number(u.n)])),
    shippingMethods: place ? await shippingMethodsFor(db, place.country) : [],
    taxRate: place ? await taxRateFor(db, place.country, place.state) : 0,
  };
}

/**
 * Counts the order `order` of `user` as a use of each promotion in `ids`, inside the placing
 * transaction: undefined when all were counted; otherwise the first that could not be (its
 * usage limit reached, or the customer's) and nothing should be kept (roll back).
 */
export async function redeemPromotions(trx: Transaction<Database>, ids: readonly number[], user: number, order: number): Promise<RedemptionRefused | undefined> {
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const raised = await trx
      .updateTable('promotions')
      .set((eb) => ({ used: eb('used', '+', 1) }))
      .where('id', '=', id)
      .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('used', '<', eb.ref('usage_limit'))]))
      .returning(['per_customer_limit'])
      .executeTakeFirst();
    if (!raised) return { promotion: id, limit: 'usage' };
    if (raised.per_customer_limit !== null) {
      const { n } = await trx
        .selectFrom('promotion_redemptions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('promotion_id', '=', id)
        .where('user_id', '=', user)
        .executeTakeFirstOrThrow();
      if (Number(n) >= raised.per_customer_limit) return { promotion: id, limit: 'customer' };
    }
    await trx.insertInto('promotion_redemptions').values({ promotion_id: id, order_id: order, user_id: user }).execute();
  }
  return undefined;
}
