// Orders (PgStore delegates here). Placing an order locks the products it takes (in id order, so
// two orders cannot deadlock), decrements their stock with a guarded UPDATE, stores the order and
// empties the cart in one transaction; a keyed order (Idempotency-Key) is found again by its key.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Order } from '../../../../src/domain/types';
import { describeOrder } from '../../backoffice/auditEntries';
import type { AuditContext, KeyedRequest, OrderChange, OrderMail, PlaceOrder, PlaceOrderResult } from '../../../db/port';
import { insertMail } from '../../mail/pg/outbox';
import { recordAudit } from '../../catalogue/pg/productWrites';
import { isId, orderFromRow, orderToRow, PRODUCT_COLUMNS, productFromRow, withoutId } from '../../../db/rows';
import type { Database } from '../../../db/schema';
import type { VariantProduct } from '../../catalogue/variantTypes';
import { withVariants } from '../../catalogue/pg/variants';
import { moveVariantStock, takeVariantStock } from '../../catalogue/pg/variantStock';
import { alertsAfterStockMove } from '../../wishlist/pg/wishlist';
import { pricingContext, redeemPromotions } from '../../pricing/pg/promotionUse';
import type { Payment } from '../../../../src/domain/checkout';

type Db = Kysely<Database> | Transaction<Database>;

/** First key of the two-key advisory lock on a user's keyed orders (users.ts uses 1). */
const ORDERS_LOCK = 2;

/** A line of an order could not take its stock after all: roll the transaction back. */
class ShortOf extends Error {
  constructor(
    readonly product: number,
    readonly variant?: number,
  ) {
    super(`short of product ${product}`);
  }
}

/** A user's orders, newest first (an order without a date last, then by id). */
const ownOrders = (db: Db, user: number) =>
  db.selectFrom('orders').selectAll().where('user_id', '=', user).orderBy(sql`created_at DESC NULLS LAST`).orderBy('id', 'desc');

export async function ordersOf(db: Db, user: number): Promise<Order[]> {
  if (!isId(user)) return [];
  return (await ownOrders(db, user).execute()).map(orderFromRow);
}

/** One page of ordersOf (same order) and the user's number of orders. */
export async function ordersOfPage(db: Db, user: number, slice: { start: number; end: number }): Promise<{ items: Order[]; total: number }> {
  if (!isId(user)) return { items: [], total: 0 };
  const offset = Math.max(0, slice.start);
  const limit = Math.max(0, slice.end - offset);
  const { n: total } = await db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', user).executeTakeFirstOrThrow();
  if (limit === 0 || Number(total) <= offset) return { items: [], total: Number(total) };
  const rows = await ownOrders(db, user).limit(limit).offset(offset).execute();
  return { items: rows.map(orderFromRow), total: Number(total) };
}

export async function orderById(db: Db, id: number): Promise<Order | undefined> {
  if (!isId(id)) return undefined;
  const row = await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  return row && orderFromRow(row);
}

export async function changeOrder(
  db: Kysely<Database>,
  id: number,
  plan: (order: Order, products: readonly VariantProduct[]) => OrderChange | Promise<OrderChange>,
  audit?: AuditContext,
  mail?: OrderMail,
): Promise<Order | undefined> {
  if (!isId(id)) return undefined;
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) return undefined;
    // The plan sees the stored payment (orders.payment) whether or not the row mapper carries it.
    const withPayment = (r: typeof row): Order => ({ ...orderFromRow(r), ...(r.payment ? { payment: r.payment } : {}) });
    const order = withPayment(row);
    const ids = order.items.map((i) => i.product.id).filter(isId);
    // Locked in id order, as placeOrder locks them: the two never wait on each other in a circle.
    const rows = await trx.selectFrom('products').select(PRODUCT_COLUMNS).where('id', '=', sql<number>`ANY(${ids}::int[])`).orderBy('id').forUpdate().execute();
    // The plan may await (a card's capture or refund at the provider) with the order's row locked,
    // so two changes of one order never move its money twice.
    const { status, history, stock, payment } = await plan(order, await withVariants(trx, rows.map(productFromRow)));
    if (status === order.status) return order;
    // The plan checked the stock with the products locked: a shortfall here is a bug, not a 409.
    if (!(await moveVariantStock(trx, stock))) throw new Error(`changeOrder ${id}: the stock of a variant cannot change as planned`);
    // Stock given back (a cancelled order) may bring a sold-out variant back: its subscribers are mailed.
    const back = stock.filter((s) => s.delta > 0).map((s) => s.product);
    if (back.length > 0) await alertsAfterStockMove(trx, back, mail?.at ?? audit?.at ?? Date.now());
    const updated = await trx
      .updateTable('orders')
      .set({ status, history: JSON.stringify(history), ...(payment ? { payment: JSON.stringify(payment) } : {}) })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const after = withPayment(updated);
    await recordAudit(trx, audit, () => describeOrder(order, after));
    await mailAbout(trx, after, mail);
    return after;
  });
}

export async function hasDeliveredOrderWith(db: Db, user: number, product: number): Promise<boolean> {
  if (!isId(user) || !isId(product)) return false;
  const { rows } = await sql<{ found: boolean }>`
    SELECT EXISTS (
      SELECT 1 FROM orders WHERE user_id = ${user} AND status = 'delivered' AND items @> ${JSON.stringify([{ product: { id: product } }])}::jsonb
    ) AS found`.execute(db);
  return rows[0].found;
}

export async function orderForKey(db: Db, user: number, key: string): Promise<({ order: Order } & KeyedRequest) | undefined> {
  const row = await db
    .selectFrom('idempotency_keys')
    .innerJoin('orders', 'orders.id', 'idempotency_keys.order_id')
    .selectAll('orders')
    .select('idempotency_keys.fingerprint as key_fingerprint')
    .where('idempotency_keys.user_id', '=', user)
    .where('idempotency_keys.key', '=', key)
    .executeTakeFirst();
  if (!row) return undefined;
  const { key_fingerprint: fingerprint, ...order } = row;
  return { order: orderFromRow(order), ...(fingerprint === null ? {} : { fingerprint }) };
}

/** Puts `mail`'s message about `order` in the outbox, addressed to the order's account (none when the account is gone). */
async function mailAbout(trx: Transaction<Database>, order: Order, mail: OrderMail | undefined): Promise<void> {
  if (!mail) return;
  const owner = await trx.selectFrom('users').select('email').where('id', '=', order.user).executeTakeFirst();
  const message = owner && mail.message(order, owner.email);
  if (message) await insertMail(trx, message, mail.at);
}

/** A promotion of the order could not be counted, or the card was refused: roll the transaction back. */
class Refused extends Error {
  constructor(readonly result: PlaceOrderResult) {
    super('order refused');
  }
}

export async function placeOrder(db: Kysely<Database>, { user, lines, price, pricing, pay, idempotency, mail }: PlaceOrder): Promise<PlaceOrderResult> {
  // The payment taken inside the transaction: given back when the transaction does not commit.
  let taken: Payment | undefined;
  let committed = false;
  try {
    const result = await db.transaction().execute(async (trx): Promise<PlaceOrderResult> => {
      if (idempotency) {
        // The same user's keyed orders one at a time: a retry racing its first attempt (on
        // another instance) waits for it and then finds its order.
        await sql`SELECT pg_advisory_xact_lock(${ORDERS_LOCK}, ${user})`.execute(trx);
        const earlier = await orderForKey(trx, user, idempotency.key);
        if (earlier) return { earlier: earlier.order, fingerprint: earlier.fingerprint };
      }
      const ids = lines.map((l) => l.product);
      const rows = await trx
        .selectFrom('products')
        .select(PRODUCT_COLUMNS)
        .where('id', '=', sql<number>`ANY(${ids.filter(isId)}::int[])`)
        .orderBy('id')
        .forUpdate()
        .execute();
      const byId = new Map((await withVariants(trx, rows.map(productFromRow))).map((p) => [p.id, p]));
      const products: VariantProduct[] = [];
      for (const line of lines) {
        const product = byId.get(line.product);
        if (!product) return { shortOf: line.product };
        products.push(product);
      }
      const context = pricing ? await pricingContext(trx, user, pricing.codes, pricing.place) : undefined;
      const draft = price(products, context);
      const stockOf = (i: number) => products[i].variants.find((v) => v.id === lines[i].variant)?.stock ?? 0;
      const short = lines.find((l, i) => products[i].deleted || stockOf(i) < l.quantity);
      if (short) return { shortOf: short.product, variant: short.variant };

      // The guarded decrement of each line's variant: never below zero, never a deleted product,
      // whatever ran before (products.stock follows).
      const missing = await takeVariantStock(trx, lines);
      if (missing) throw new ShortOf(missing.product, missing.variant);
      const orderRow = withoutId(orderToRow({ id: 0, ...draft }));
      let stored = await trx.insertInto('orders').values(orderRow).returningAll().executeTakeFirstOrThrow();
      // Each promotion it carries counted once, guarded by its limits (promotionUse.ts).
      const refused = await redeemPromotions(trx, (draft.promotions ?? []).map((p) => p.id), user, stored.id);
      if (refused) throw new Refused({ refused });
      if (pay) {
        const outcome = await pay.take(draft);
        if ('declined' in outcome) throw new Refused({ declined: outcome.declined });
        taken = outcome.payment;
        stored = await trx.updateTable('orders').set({ payment: JSON.stringify(outcome.payment) }).where('id', '=', stored.id).returningAll().executeTakeFirstOrThrow();
      }
      await trx.deleteFrom('cart').where('user_id', '=', user).execute();
      if (idempotency) {
        await trx.deleteFrom('idempotency_keys').where('created_at', '<=', new Date(idempotency.forgetUpTo)).execute();
        await trx
          .insertInto('idempotency_keys')
          .values({ user_id: user, key: idempotency.key, order_id: stored.id, created_at: new Date(idempotency.at), fingerprint: idempotency.fingerprint })
          .execute();
      }
      const placed = orderFromRow(stored);
      await mailAbout(trx, placed, mail);
      return { placed };
    });
    committed = true;
    return result;
  } catch (error) {
    if (error instanceof ShortOf) return { shortOf: error.product, variant: error.variant };
    if (error instanceof Refused) return error.result;
    throw error;
  } finally {
    if (taken && !committed) await pay!.undo(taken).catch(() => undefined);
  }
}
