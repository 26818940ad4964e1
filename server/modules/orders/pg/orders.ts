// Orders' SQL (PgStore binds it): a user's orders, one order by id or by Idempotency-Key, and the
// writes of an order's transaction that OrderService opens (server/modules/orders/service.ts): the
// order's row locked, a new order stored, its fields written, its key kept.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Order } from '../../../../src/domain/types';
import type { KeyedRequest, NewOrder } from '../port';
import { isId, withoutId } from '../../../db/rows';
import { orderFromRow, orderToRow } from './rows';
import type { Database } from '../../../db/schema';
import type { OrderUpdate } from '../port';

type Db = Kysely<Database> | Transaction<Database>;

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

export async function hasDeliveredOrderWith(db: Db, user: number, product: number): Promise<boolean> {
  if (!isId(user) || !isId(product)) return false;
  const { rows } = await sql<{ found: boolean }>`
    SELECT EXISTS (
      SELECT 1 FROM orders WHERE user_id = ${user} AND status = 'delivered' AND items @> ${JSON.stringify([{ product: { id: product } }])}::jsonb
    ) AS found`.execute(db);
  return rows[0].found;
}

export async function orderForKey(db: Db, user: number, key: string, notBefore: number): Promise<({ order: Order } & KeyedRequest) | undefined> {
  const row = await db
    .selectFrom('idempotency_keys')
    .innerJoin('orders', 'orders.id', 'idempotency_keys.order_id')
    .selectAll('orders')
    .select('idempotency_keys.fingerprint as key_fingerprint')
    .where('idempotency_keys.user_id', '=', user)
    .where('idempotency_keys.key', '=', key)
    .where('idempotency_keys.created_at', '>', new Date(notBefore))
    .executeTakeFirst();
  if (!row) return undefined;
  const { key_fingerprint: fingerprint, ...order } = row;
  return { order: orderFromRow(order), ...(fingerprint === null ? {} : { fingerprint }) };
}

/** The order, its row locked (FOR UPDATE) until `trx` ends. */
export async function lockOrder(trx: Transaction<Database>, id: number): Promise<Order | undefined> {
  if (!isId(id)) return undefined;
  const row = await trx.selectFrom('orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  return row && orderFromRow(row);
}

export async function insertOrder(trx: Transaction<Database>, order: NewOrder): Promise<Order> {
  const row = await trx.insertInto('orders').values(withoutId(orderToRow({ id: 0, ...order }))).returningAll().executeTakeFirstOrThrow();
  return orderFromRow(row);
}

export async function updateOrder(trx: Transaction<Database>, id: number, { status, history, payment, returns, tracking }: OrderUpdate): Promise<Order> {
  const row = await trx
    .updateTable('orders')
    .set({
      ...(status ? { status } : {}),
      ...(history ? { history: JSON.stringify(history) } : {}),
      ...(payment ? { payment: JSON.stringify(payment) } : {}),
      ...(returns ? { returns: JSON.stringify(returns) } : {}),
      ...(tracking ? { tracking: JSON.stringify(tracking) } : {}),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return orderFromRow(row);
}

/**
 * The order and its Idempotency-Key in one statement (a data-modifying WITH): the key's row
 * replaces an expired one of the same name; a live one (or one a concurrent transaction committed
 * meanwhile: the insert waits for it) is left as it is, and undefined is answered.
 */
export async function insertKeyedOrder(
  trx: Transaction<Database>,
  order: NewOrder,
  k: { user: number; key: string; fingerprint: string; at: number; forgetUpTo: number },
): Promise<Order | undefined> {
  const row = await trx
    .with('placed', (db) => db.insertInto('orders').values(withoutId(orderToRow({ id: 0, ...order }))).returningAll())
    .with('kept', (db) =>
      db
        .insertInto('idempotency_keys')
        .columns(['user_id', 'key', 'order_id', 'created_at', 'fingerprint'])
        .expression((eb) =>
          eb.selectFrom('placed').select([sql<number>`${k.user}::int`.as('user_id'), sql<string>`${k.key}::text`.as('key'), 'placed.id', sql<Date>`${new Date(k.at)}::timestamptz`.as('created_at'), sql<string>`${k.fingerprint}::text`.as('fingerprint')]),
        )
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'key'])
            .doUpdateSet((eb) => ({ order_id: eb.ref('excluded.order_id'), created_at: eb.ref('excluded.created_at'), fingerprint: eb.ref('excluded.fingerprint') }))
            .where('idempotency_keys.created_at', '<=', new Date(k.forgetUpTo)),
        )
        .returning('order_id'),
    )
    .selectFrom('placed')
    .selectAll('placed')
    .select((eb) => eb.exists(eb.selectFrom('kept').select('order_id')).as('key_kept'))
    .executeTakeFirstOrThrow();
  const { key_kept: kept, ...placed } = row;
  return kept ? orderFromRow(placed) : undefined;
}

/** Forgets the keys made at or before `upTo`; how many. */
export async function forgetIdempotencyKeys(db: Db, upTo: number): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<=', new Date(upTo)).executeTakeFirst();
  return Number(result.numDeletedRows);
}
