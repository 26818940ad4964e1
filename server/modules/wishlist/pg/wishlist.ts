// Wishlists, stock alerts and their mail (PgStore delegates here through pgWishlist.ts). The
// alert mail is written by the transaction that changes the stock or the price (product writes
// in productWrites.ts, an order's stock given back in orders.ts): alertsAfterProductWrite, with
// the product's row locked by that transaction, so two writes at once (on two instances too) never
// mail one subscriber twice: the subscription row is deleted as its mail is written, the item's
// last price moved as its price drop is mailed.
import { sql, type Kysely, type Transaction } from 'kysely';
import { wishlistPrice, type StockAlert } from '../../../../src/domain/wishlist';
import type { SnapshotStockAlert, SnapshotWishlistItem, StoredUser } from '../../../db/snapshot';
import type { AlertMailer, NewWishlistItem, StockAlertRefusal, StoredWishlistItem } from '../port';
import type { VariantProduct } from '../../catalogue/variantTypes';
// eslint-disable-next-line no-restricted-imports -- an alert and its mail are one transaction here; docs/architecture.md "Known crossings"
import { insertMail } from '../../mail/pg/outbox';
import { isId, PRODUCT_COLUMNS, productFromRow, userFromRow } from '../../../db/rows';
import type { Database } from '../../../db/schema';
// eslint-disable-next-line no-restricted-imports -- alerts read the products with their variants in the same transaction; docs/architecture.md "Known crossings"
import { withVariants } from '../../catalogue/pg/variants';

type Db = Kysely<Database> | Transaction<Database>;

// One shop per process (server/index.ts), so one mailer: the wishlist service sets it with the
// shop's public address when the app is built.
let mailer: AlertMailer | undefined;

export function useAlertMailer(m: AlertMailer): void {
  mailer = m;
}


function itemFromRow(r: { id: number; user_id: number; product_id: number; variant_id: number | null; created_at: Date }): StoredWishlistItem {
  return { id: r.id, user: r.user_id, product: r.product_id, variant: r.variant_id, createdAt: r.created_at.toISOString() };
}

function alertFromRow(r: { id: number; product_id: number; variant_id: number; created_at: Date }): StockAlert {
  return { id: r.id, product: r.product_id, variant: r.variant_id, createdAt: r.created_at.toISOString() };
}

export async function wishlistOf(db: Db, user: number): Promise<StoredWishlistItem[]> {
  if (!isId(user)) return [];
  const rows = await db.selectFrom('wishlist_items').selectAll().where('user_id', '=', user).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map(itemFromRow);
}

export async function addWishlistItem(db: Db, item: NewWishlistItem): Promise<StoredWishlistItem | undefined> {
  const row = await db
    .insertInto('wishlist_items')
    .values({ user_id: item.user, product_id: item.product, variant_id: item.variant, created_at: new Date(item.at), last_price: item.price })
    .onConflict((oc) => oc.expression(sql`user_id, product_id, coalesce(variant_id, 0)`).doNothing())
    .returningAll()
    .executeTakeFirst();
  return row && itemFromRow(row);
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
): Promise<StockAlert | StockAlertRefusal> {
  if (!isId(alert.product) || !isId(alert.variant)) return 'missing';
  return db.transaction().execute(async (trx) => {
    // The product's row first, as every stock write locks it (FOR UPDATE): a restock not committed
    // yet is waited for and then seen; one that starts later waits for this subscription and mails it.
    const product = await trx.selectFrom('products').select('id').where('id', '=', alert.product).forShare().executeTakeFirst();
    if (!product) return 'missing';
    const variant = await trx.selectFrom('variants').select('stock').where('id', '=', alert.variant).where('product_id', '=', alert.product).executeTakeFirst();
    if (!variant) return 'missing';
    if (variant.stock > 0) return 'in stock';
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

export async function setAlerts(db: Db, user: number, alerts: boolean): Promise<StoredUser | undefined> {
  if (!isId(user)) return undefined;
  const row = await db.updateTable('users').set({ alerts }).where('id', '=', user).returningAll().executeTakeFirst();
  return row && userFromRow(row);
}

// --- The alerts a stock or price change sends (inside the changing transaction) ------------------

/**
 * After a write of `product` (as it is now, in `trx`, its row locked by the write): every
 * subscription to one of its variants that has stock now is used up, and its subscriber mailed
 * (a subscription is only taken on a sold-out variant, so stock now means it came back); every
 * saved item of it whose price is now lower than the one it remembers is mailed, and each item
 * remembers the price now. Users with alerts off are not mailed (their subscriptions are used up
 * all the same: the moment passed). A deleted product mails nobody and keeps its subscriptions.
 */
export async function alertsAfterProductWrite(trx: Transaction<Database>, product: VariantProduct, at: number): Promise<void> {
  if (product.deleted) return;
  await backInStock(trx, product, at);
  await priceDrops(trx, product, at);
}

/** After stock moved for these products (an order cancelled): the back-in-stock mail, as alertsAfterProductWrite. */
export async function alertsAfterStockMove(trx: Transaction<Database>, productIds: readonly number[], at: number): Promise<void> {
  const ids = [...new Set(productIds.filter(isId))];
  if (ids.length === 0) return;
  const waiting = await trx.selectFrom('stock_alerts').select('product_id').distinct().where('product_id', '=', sql<number>`ANY(${ids}::int[])`).execute();
  if (waiting.length === 0) return;
  const rows = await trx.selectFrom('products').select(PRODUCT_COLUMNS).where('id', '=', sql<number>`ANY(${waiting.map((w) => w.product_id)}::int[])`).execute();
  for (const product of await withVariants(trx, rows.map(productFromRow))) {
    if (!product.deleted) await backInStock(trx, product, at);
  }
}

async function backInStock(trx: Transaction<Database>, product: VariantProduct, at: number): Promise<void> {
  const inStock = product.variants.filter((v) => v.stock > 0).map((v) => v.id);
  if (inStock.length === 0) return;
  const { rows } = await sql<{ variant_id: number; email: string; alerts: boolean }>`
    DELETE FROM stock_alerts a USING users u
    WHERE a.product_id = ${product.id} AND a.variant_id = ANY(${inStock}::int[]) AND u.id = a.user_id
    RETURNING a.variant_id, u.email, u.alerts`.execute(trx);
  for (const r of rows.sort((a, b) => a.email.localeCompare(b.email))) {
    const variant = product.variants.find((v) => v.id === r.variant_id)!;
    if (r.alerts && mailer) await insertMail(trx, mailer.backInStock(r.email, product, variant), at);
  }
}

async function priceDrops(trx: Transaction<Database>, product: VariantProduct, at: number): Promise<void> {
  const items = await trx
    .selectFrom('wishlist_items as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .select(['w.id', 'w.variant_id', 'w.last_price', 'u.email', 'u.alerts'])
    .where('w.product_id', '=', product.id)
    .orderBy('w.id')
    .forUpdate('w')
    .execute();
  for (const item of items) {
    const variant = item.variant_id === null ? null : product.variants.find((v) => v.id === item.variant_id);
    if (variant === undefined) continue;
    const price = wishlistPrice(product, variant);
    if (price === item.last_price) continue;
    await trx.updateTable('wishlist_items').set({ last_price: price }).where('id', '=', item.id).execute();
    if (price < item.last_price && item.alerts && mailer) await insertMail(trx, mailer.priceDrop(item.email, product, variant, item.last_price, price), at);
  }
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
