// Wishlists and stock alerts (PgStore delegates here through store.ts). The alerts a change of
// stock or price sends are the service's (WishlistService): it reads and uses up the
// subscriptions and saved items here, in the transaction of that change, with the product's row
// locked by it, so two changes at once (on two instances too) never mail one subscriber twice: a
// subscription row is deleted as it is read, a saved item locked until its last price is moved.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { StockAlert } from '../../../../src/domain/wishlist';
import type { SnapshotStockAlert, SnapshotWishlistItem } from '../port';
import type { AlertSubscriber, NewWishlistItem, SavedItem, StockAlertRefusal, StoredWishlistItem } from '../port';
import { distinctIds, isId } from '../../../db/rows';
import type { Database } from '../../../db/schema';
import type { Page } from '../../../query/lists';

type Db = Kysely<Database> | Transaction<Database>;

function itemFromRow(r: { id: number; user_id: number; product_id: number; variant_id: number | null; created_at: Date }): StoredWishlistItem {
  return { id: r.id, user: r.user_id, product: r.product_id, variant: r.variant_id, createdAt: r.created_at.toISOString() };
}

function alertFromRow(r: { id: number; product_id: number; variant_id: number; created_at: Date }): StockAlert {
  return { id: r.id, product: r.product_id, variant: r.variant_id, createdAt: r.created_at.toISOString() };
}

export async function wishlistPage(db: Db, user: number, slice: { start: number; end: number }): Promise<Page<StoredWishlistItem>> {
  if (!isId(user)) return { items: [], total: 0 };
  const rows = await db
    .selectFrom('wishlist_items')
    .selectAll()
    .where('user_id', '=', user)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(slice.start)
    .limit(slice.end - slice.start)
    .execute();
  // Counted apart: a page past the end still says how many there are.
  const { n } = await db.selectFrom('wishlist_items').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', user).executeTakeFirstOrThrow();
  return { items: rows.map(itemFromRow), total: Number(n) };
}

/**
 * Locks the user's row until `trx` ends (FOR NO KEY UPDATE: rows that only refer to the user are
 * not held up), so that two saves of one user at once count one after the other.
 */
async function lockUser(trx: Transaction<Database>, user: number): Promise<boolean> {
  return (await trx.selectFrom('users').select('id').where('id', '=', user).forNoKeyUpdate().executeTakeFirst()) !== undefined;
}

async function countOf(trx: Transaction<Database>, table: 'wishlist_items' | 'stock_alerts', user: number): Promise<number> {
  const { n } = await trx.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', user).executeTakeFirstOrThrow();
  return Number(n);
}

export async function addWishlistItem(db: Kysely<Database>, item: NewWishlistItem, max: number): Promise<StoredWishlistItem | 'taken' | 'full'> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockUser(trx, item.user))) return 'full';
    const same = await trx
      .selectFrom('wishlist_items')
      .select('id')
      .where('user_id', '=', item.user)
      .where('product_id', '=', item.product)
      .where(sql<number>`coalesce(variant_id, 0)`, '=', item.variant ?? 0)
      .executeTakeFirst();
    if (same) return 'taken';
    if ((await countOf(trx, 'wishlist_items', item.user)) >= max) return 'full';
    const row = await trx
      .insertInto('wishlist_items')
      .values({ user_id: item.user, product_id: item.product, variant_id: item.variant, created_at: new Date(item.at), last_price: item.price })
      .returningAll()
      .executeTakeFirstOrThrow();
    return itemFromRow(row);
  });
}

export async function removeWishlistItem(db: Db, user: number, id: number): Promise<boolean> {
  if (!isId(user) || !isId(id)) return false;
  const gone = await db.deleteFrom('wishlist_items').where('id', '=', id).where('user_id', '=', user).executeTakeFirst();
  return gone.numDeletedRows > 0n;
}

export async function stockAlertsOf(db: Db, user: number): Promise<StockAlert[]> {
  if (!isId(user)) return [];
  const rows = await db.selectFrom('stock_alerts').selectAll().where('user_id', '=', user).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map(alertFromRow);
}

export async function addStockAlert(
  db: Kysely<Database>,
  alert: { user: number; product: number; variant: number; at: number },
  max: number,
): Promise<StockAlert | StockAlertRefusal> {
  if (!isId(alert.product) || !isId(alert.variant)) return 'missing';
  return db.transaction().execute(async (trx) => {
    if (!(await lockUser(trx, alert.user))) return 'full';
    // The product's row first, as every stock write locks it (FOR UPDATE): a restock not committed
    // yet is waited for and then seen; one that starts later waits for this subscription and mails it.
    const product = await trx.selectFrom('products').select('id').where('id', '=', alert.product).forShare().executeTakeFirst();
    if (!product) return 'missing';
    const variant = await trx.selectFrom('variants').select('stock').where('id', '=', alert.variant).where('product_id', '=', alert.product).executeTakeFirst();
    if (!variant) return 'missing';
    if (variant.stock > 0) return 'in stock';
    const taken = await trx.selectFrom('stock_alerts').select('id').where('user_id', '=', alert.user).where('variant_id', '=', alert.variant).executeTakeFirst();
    if (taken) return 'taken';
    if ((await countOf(trx, 'stock_alerts', alert.user)) >= max) return 'full';
    const row = await trx
      .insertInto('stock_alerts')
      .values({ user_id: alert.user, product_id: alert.product, variant_id: alert.variant, created_at: new Date(alert.at) })
      .onConflict((oc) => oc.columns(['user_id', 'variant_id']).doNothing())
      .returningAll()
      .executeTakeFirst();
    return row ? alertFromRow(row) : 'taken';
  });
}

export async function removeStockAlert(db: Db, user: number, id: number): Promise<boolean> {
  if (!isId(user) || !isId(id)) return false;
  const gone = await db.deleteFrom('stock_alerts').where('id', '=', id).where('user_id', '=', user).executeTakeFirst();
  return gone.numDeletedRows > 0n;
}

// --- The alerts a stock or price change sends (inside the changing transaction) ------------------

/** The products among `ids` that someone waits for (a subscription to one of their variants). */
export async function productsWithAlerts(trx: Transaction<Database>, ids: readonly number[]): Promise<number[]> {
  const wanted = distinctIds(ids);
  if (wanted.length === 0) return [];
  const rows = await trx.selectFrom('stock_alerts').select('product_id').distinct().where('product_id', '=', sql<number>`ANY(${wanted}::int[])`).execute();
  return rows.map((r) => r.product_id);
}

/**
 * Uses up the subscriptions to `variants` of `product`: each removed as it is read (two changes at
 * once never take one twice), with its subscriber's email and alerts switch.
 */
export async function takeStockAlerts(trx: Transaction<Database>, product: number, variants: readonly number[]): Promise<AlertSubscriber[]> {
  const { rows } = await sql<{ variant_id: number; email: string; alerts: boolean }>`
    DELETE FROM stock_alerts a USING users u
    WHERE a.product_id = ${product} AND a.variant_id = ANY(${variants}::int[]) AND u.id = a.user_id
    RETURNING a.variant_id, u.email, u.alerts`.execute(trx);
  return rows.map((r) => ({ variant: r.variant_id, email: r.email, alerts: r.alerts }));
}

/** The saved items of `product` with their owners' email and alerts switch, by id, locked until `trx` ends. */
export async function lockSavedItems(trx: Transaction<Database>, product: number): Promise<SavedItem[]> {
  const rows = await trx
    .selectFrom('wishlist_items as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .select(['w.id', 'w.variant_id', 'w.last_price', 'u.email', 'u.alerts'])
    .where('w.product_id', '=', product)
    .orderBy('w.id')
    .forUpdate('w')
    .execute();
  return rows.map((r) => ({ id: r.id, variant: r.variant_id, lastPrice: r.last_price, email: r.email, alerts: r.alerts }));
}

/** Sets the price (cents) a saved item remembers. */
export async function setLastPrice(trx: Transaction<Database>, item: number, price: number): Promise<void> {
  await trx.updateTable('wishlist_items').set({ last_price: price }).where('id', '=', item).execute();
}

// --- Whole-data moves (load.ts): wishlists and subscriptions are shoppers' data, like cart lines ---

export async function insertWishlists(db: Db, snapshot: { wishlist?: readonly SnapshotWishlistItem[]; stockAlerts?: readonly SnapshotStockAlert[] }): Promise<void> {
  const { wishlist = [], stockAlerts = [] } = snapshot;
  if (wishlist.length > 0) {
    await db
      .insertInto('wishlist_items')
      .values(wishlist.map((i) => ({ id: i.id, user_id: i.user, product_id: i.product, variant_id: i.variant, created_at: i.createdAt, last_price: i.lastPrice })))
      .execute();
  }
  if (stockAlerts.length > 0) {
    await db
      .insertInto('stock_alerts')
      .values(stockAlerts.map((a) => ({ id: a.id, user_id: a.user, product_id: a.product, variant_id: a.variant, created_at: a.createdAt })))
      .execute();
  }
}

/** Both collections, by id; each left out when empty (files older than them have neither). */
export async function readWishlists(db: Db): Promise<{ wishlist?: SnapshotWishlistItem[]; stockAlerts?: SnapshotStockAlert[] }> {
  const items = await db.selectFrom('wishlist_items').selectAll().orderBy('id').execute();
  const alerts = await db.selectFrom('stock_alerts').selectAll().orderBy('id').execute();
  return {
    ...(items.length > 0 ? { wishlist: items.map((r) => ({ ...itemFromRow(r), lastPrice: r.last_price })) } : {}),
    ...(alerts.length > 0 ? { stockAlerts: alerts.map((r) => ({ ...alertFromRow(r), user: r.user_id })) } : {}),
  };
}
