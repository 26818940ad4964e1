// What pricing reads and the redemptions placing an order counts. Every reader takes
// any handle, so placeOrder prices with them inside its own transaction.
//
// Redemptions: an order carrying promotion P raises P.used with a guarded UPDATE (never past its
// usage_limit; the row lock serialises orders racing for the last uses, across instances), then,
// with that row locked, counts the customer's earlier redemptions against per_customer_limit.
// Promotions are locked in id order, so two orders never wait on each other in a circle. Only
// orders that are not cancelled carry uses: a cancel gives them back, a reopen counts them again.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { PricingContext, PricingPlace, RedemptionRefused } from '../port';
import { promotionFromRow, shippingMethodFromRow } from './rows';
import type { Database } from '../../../db/schema';
import type { PromotionsTable, ShippingMethodsTable } from '../../../db/schemaShop';

type Db = Kysely<Database> | Transaction<Database>;

/** At most this many codes are looked up (the service refuses more). */
const MAX_CODES = 20;

/** A promotions row as to_jsonb gives it: its timestamps as text. */
type PromotionJson = Omit<Selectable<PromotionsTable>, 'starts_at' | 'ends_at'> & { starts_at: string | null; ends_at: string | null; uses: number };

/**
 * Everything pricing needs besides the lines, in one statement: whether `user` is a member at `at`
 * (the flag, and a paid term not ended: users.member_until null or later), every
 * automatic promotion and the promotions of `codes` (whatever their state: the engine says why one
 * does not apply), the user's earlier uses of each, and for `place` its shipping methods (cheapest
 * first) and tax rate (none without a place: the state's rate when the country has one for that
 * state, compared without regard to case or surrounding spaces, else the whole country's, else 0).
 */
export async function pricingContext(db: Db, user: number, codes: readonly string[], place: PricingPlace | undefined, at: number): Promise<PricingContext> {
  const keys = [...new Set(codes.slice(0, MAX_CODES).map((c) => c.trim().toLowerCase()))];
  const country = place?.country ?? null;
  const state = (place?.state ?? '').trim().toLowerCase();
  const { rows } = await sql<{ member: boolean | null; promotions: PromotionJson[]; methods: Selectable<ShippingMethodsTable>[]; rate: number | string | null }>`
    SELECT
      (SELECT member AND (member_until IS NULL OR member_until > ${new Date(at)}) FROM users WHERE id = ${user}) AS member,
      (SELECT coalesce(jsonb_agg(to_jsonb(p) || jsonb_build_object('uses',
                 (SELECT count(*) FROM promotion_redemptions r WHERE r.promotion_id = p.id AND r.user_id = ${user})) ORDER BY p.id), '[]'::jsonb)
         FROM promotions p WHERE p.code IS NULL OR lower(p.code) = ANY(${keys}::text[])) AS promotions,
      (SELECT coalesce(jsonb_agg(to_jsonb(m) ORDER BY m.amount, m.id), '[]'::jsonb)
         FROM shipping_methods m WHERE m.country = ${country}) AS methods,
      (SELECT t.rate FROM tax_rates t
         WHERE t.country = ${country} AND (t.state IS NULL OR (${state} <> '' AND lower(trim(t.state)) = ${state}))
         ORDER BY t.state IS NULL LIMIT 1) AS rate`.execute(db);
  const row = rows[0];
  const promotions = row.promotions.map(({ uses, starts_at, ends_at, ...p }) => ({
    promotion: promotionFromRow({ ...p, starts_at: starts_at === null ? null : new Date(starts_at), ends_at: ends_at === null ? null : new Date(ends_at) }),
    uses: Number(uses),
  }));
  return {
    member: row.member === true,
    promotions: promotions.map((p) => p.promotion),
    customerUses: Object.fromEntries(promotions.filter((p) => p.uses > 0).map((p) => [p.promotion.id, p.uses])),
    shippingMethods: place ? row.methods.map(shippingMethodFromRow) : [],
    taxRate: place && row.rate !== null ? Number(row.rate) : 0,
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

/**
 * Gives back the uses order `order` holds, in the transaction that cancels it: its redemptions
 * deleted (the customer's count falls with them) and each promotion's `used` lowered by one, the
 * promotions locked in id order, as redeemPromotions locks them.
 */
export async function releasePromotions(trx: Transaction<Database>, order: number): Promise<void> {
  const held = await trx.deleteFrom('promotion_redemptions').where('order_id', '=', order).returning('promotion_id').execute();
  for (const id of held.map((r) => r.promotion_id).sort((a, b) => a - b)) {
    await trx.updateTable('promotions').set((eb) => ({ used: eb('used', '-', 1) })).where('id', '=', id).where('used', '>', 0).execute();
  }
}

/**
 * Counts order `order` of `user`, leaving `cancelled`, as a use of each promotion of `ids` again,
 * guarded as placing counts them (redeemPromotions). A promotion deleted since, or one the order
 * still holds, is not counted. undefined when all were; otherwise the first refused (roll back).
 */
export async function reclaimPromotions(trx: Transaction<Database>, ids: readonly number[], user: number, order: number): Promise<RedemptionRefused | undefined> {
  if (ids.length === 0) return undefined;
  const free = await trx
    .selectFrom('promotions as p')
    .select('p.id')
    .where('p.id', 'in', [...ids])
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('promotion_redemptions as r').select('r.order_id').whereRef('r.promotion_id', '=', 'p.id').where('r.order_id', '=', order))))
    .execute();
  return redeemPromotions(trx, free.map((p) => p.id), user, order);
}
