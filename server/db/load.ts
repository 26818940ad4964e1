// Whole-data moves between a DbSchema (db.json's shape) and the database: loading a snapshot or
// the seed, and reading everything back (tests, export). Run migrateToLatest(db) first.
import { readFileSync } from 'node:fs';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Product } from '../../src/domain/types';
import type { ProductVariants } from '../../src/domain/variants';
import type { DbSchema, SnapshotProduct } from './snapshot';
import { defaultSku } from '../modules/catalogue/variantTypes';
import { variantsOf } from '../modules/catalogue/pg/variants';
import { auditFromRow, auditToRow } from '../modules/backoffice/pg/rows';
import { cartLineFromRow, cartLineToRow } from '../modules/cart/pg';
import { filterOptionFromRow, filterOptionToRow } from '../modules/catalogue/pg/filterOptions';
import { PRODUCT_COLUMNS, productFromRow, productToRow } from '../modules/catalogue/pg/productRows';
import { idempotencyFromRow, idempotencyToRow, orderFromRow, orderToRow } from '../modules/orders/pg/rows';
import { sessionFromRow, sessionToRow, userFromRow, userToRow } from '../modules/accounts/pg/rows';
import { datedSeed, type SeedFile } from './seedDates';
import { promotionFromRow, promotionToRow, shippingMethodFromRow, shippingMethodToRow, taxRateFromRow, taxRateToRow } from '../modules/pricing/pg/rows';
import { IDENTITY_TABLES, type Database } from './schema';
import { insertWishlists, readWishlists } from '../modules/wishlist/pg/wishlist';
import { clearShopSettings } from '../modules/settings/pg/settings';

type Db = Kysely<Database> | Transaction<Database>;

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest table (18 columns). */
const BATCH = 1000;

async function insertBatched<T>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/**
 * Inserts the collections present in `snapshot` (explicit ids kept) in foreign-key order, then
 * moves the identity sequences past the largest ids. Use inside a transaction.
 */
export async function insertSnapshot(db: Db, snapshot: Partial<DbSchema>): Promise<void> {
  const { users = [], categories = [], brands = [], products = [], cart = [], orders = [], sessions = [], idempotency = [], audit = [] } = snapshot;
  const { shippingMethods = [], taxRates = [] } = snapshot;
  const { promotions, promotionRedemptions } = liveUses(snapshot);
  await insertBatched(users, (b) => db.insertInto('users').values(b.map(userToRow)).execute());
  await insertBatched(categories, (b) => db.insertInto('categories').values(b.map(filterOptionToRow)).execute());
  await insertBatched(brands, (b) => db.insertInto('brands').values(b.map(filterOptionToRow)).execute());
  await insertProducts(db, products);
  await insertBatched(cart, (b) => db.insertInto('cart').values(b.map(cartLineToRow)).execute());
  await insertBatched(orders, (b) => db.insertInto('orders').values(b.map(orderToRow)).execute());
  await insertBatched(sessions, (b) => db.insertInto('sessions').values(b.map(sessionToRow)).execute());
  await insertBatched(promotions, (b) => db.insertInto('promotions').values(b.map(promotionToRow)).execute());
  await insertBatched(promotionRedemptions, (b) =>
    db.insertInto('promotion_redemptions').values(b.map((r) => ({ promotion_id: r.promotion, order_id: r.order, user_id: r.user }))).execute(),
  );
  await insertBatched(shippingMethods, (b) => db.insertInto('shipping_methods').values(b.map(shippingMethodToRow)).execute());
  await insertBatched(taxRates, (b) => db.insertInto('tax_rates').values(b.map(taxRateToRow)).execute());
  await insertWishlists(db, snapshot);
  await insertBatched(idempotency, (b) => db.insertInto('idempotency_keys').values(b.map(idempotencyToRow)).execute());
  await insertBatched(audit, (b) => db.insertInto('audit').values(b.map(auditToRow)).execute());
  await syncIdentities(db);
}

/**
 * Only orders that are not cancelled carry promotion uses (README "Prices"). A file written before
 * that rule holds its cancelled orders' redemptions, counted in each promotion's `used`: they are
 * left out and the counts lowered by as many, as the database's own were when the rule came.
 */
function liveUses(snapshot: Partial<DbSchema>): Required<Pick<DbSchema, 'promotions' | 'promotionRedemptions'>> {
  const { promotions = [], promotionRedemptions = [], orders = [] } = snapshot;
  const cancelled = new Set(orders.filter((o) => o.status === 'cancelled').map((o) => o.id));
  const released = new Map<number, number>();
  const live = promotionRedemptions.filter((r) => {
    if (!cancelled.has(r.order)) return true;
    released.set(r.promotion, (released.get(r.promotion) ?? 0) + 1);
    return false;
  });
  return {
    promotions: promotions.map((p) => (released.has(p.id) ? { ...p, used: Math.max(0, p.used - released.get(p.id)!) } : p)),
    promotionRedemptions: live,
  };
}

/**
 * The products with their options and variants: those the snapshot has (an export), or the one
 * variant every product gets when inserted (migration 0012: options {}, its stock, SKU-<id>).
 * The variants' ids continue past the largest id the snapshot gives one.
 */
async function insertProducts(db: Db, products: readonly SnapshotProduct[]): Promise<void> {
  const given = products.filter((p) => p.variants && p.variants.length > 0);
  const last = given.reduce((max, p) => p.variants!.reduce((m, v) => Math.max(m, v.id ?? 0), max), 0);
  await sql`SELECT setval(pg_get_serial_sequence('variants', 'id'), ${last + 1}, false)`.execute(db);
  await insertBatched(products, (b) => db.insertInto('products').values(b.map(productToRow)).execute());
  if (given.length === 0) return;
  const productIds = given.map((p) => p.id);
  await db.deleteFrom('variants').where('product_id', '=', sql<number>`ANY(${productIds}::int[])`).execute();
  for (const p of given) {
    if (p.options && p.options.length > 0) await db.updateTable('products').set({ options: JSON.stringify(p.options) }).where('id', '=', p.id).execute();
  }
  const rows = given.flatMap((p) =>
    p.variants!.map((v, position) => ({
      ...(v.id === undefined ? {} : { id: v.id }),
      product_id: p.id,
      sku: v.sku,
      options: JSON.stringify(v.options ?? {}),
      price: v.price ?? null,
      discount_percentage: v.discountPercentage ?? null,
      stock: v.stock,
      position,
      image: v.image ?? null,
    })),
  );
  await insertBatched(rows, (b) => db.insertInto('variants').values(b).execute());
}

/** The variant a product without options gets when a file has none (insertVariants): left out of a snapshot, so a round trip gives the same file. */
function isDefaultOnly(p: Product, v: ProductVariants | undefined): boolean {
  if (!v || v.options.length > 0 || v.variants.length !== 1) return !v;
  const [only] = v.variants;
  return only.sku === defaultSku(p.id) && only.price === null && only.discountPercentage === null && only.stock === p.stock && Object.keys(only.options).length === 0 && !only.image;
}

/**
 * Points each identity sequence just past its table's largest id (at 1 for an empty table), so
 * the next insert without an id does not collide with a loaded one.
 */
export async function syncIdentities(db: Db): Promise<void> {
  for (const table of IDENTITY_TABLES) {
    await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), coalesce(max(id), 0) + 1, false) FROM ${sql.table(table)}`.execute(db);
  }
}

/** Counts every product anew into product_counts (after a bulk load that bypassed its triggers). */
export async function recountProducts(db: Db): Promise<void> {
  await sql`DELETE FROM product_counts`.execute(db);
  await sql`INSERT INTO product_counts SELECT category, brand, deleted, stock > 0, count(*) FROM products GROUP BY 1, 2, 3, 4`.execute(db);
}

/** Empties every table of the shop and restarts its ids at 1; its settings are the defaults again. */
export async function truncateAll(db: Db): Promise<void> {
  await clearShopSettings(db);
  await sql`TRUNCATE users, products, variants, categories, brands, cart, orders, sessions, throttle_events, idempotency_keys, audit, outbox, password_resets, email_verifications, promotions, promotion_redemptions, shipping_methods, tax_rates, payments, test_provider_operations, webhook_endpoints, webhook_deliveries, webhook_attempts, import_jobs RESTART IDENTITY CASCADE`.execute(db);
}

/**
 * Inserts a whole snapshot in one transaction (the tables should be empty: ids are kept). A
 * collection the snapshot lacks (db.json has no `idempotency`) counts as empty.
 */
export async function loadSnapshot(db: Kysely<Database>, snapshot: Partial<DbSchema>): Promise<void> {
  await db.transaction().execute((trx) => insertSnapshot(trx, snapshot));
}

/**
 * Loads the seed file (db.json), its dates moved to today (../seedDates.ts), when the database has
 * no users and no products; returns whether it did. Instances starting together are serialised by an advisory lock: one loads, the others
 * find it done.
 */
export async function loadSeedIfEmpty(db: Kysely<Database>, seedFile: string, now = Date.now()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('shop.loadSeedIfEmpty'))`.execute(trx);
    const { rows } = await sql<{ used: boolean }>`
      SELECT EXISTS (SELECT 1 FROM users) OR EXISTS (SELECT 1 FROM products) AS used`.execute(trx);
    if (rows[0].used) return false;
    const seed = JSON.parse(readFileSync(seedFile, 'utf8')) as SeedFile;
    await insertSnapshot(trx, datedSeed(seed, now));
    return true;
  });
}

/**
 * Everything, in db.json's shape and order (records by id; sessions by creation, idempotency keys by
 * creation; `idempotency` and `audit` last), read in one repeatable-read transaction so the
 * collections agree with each other. All in memory: meant for tests and exports of shop-sized
 * data, not for a million products.
 */
export async function readSnapshot(db: Kysely<Database>): Promise<DbSchema> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const products = (await trx.selectFrom('products').select(PRODUCT_COLUMNS).orderBy('id').execute()).map(productFromRow);
      const variants = await variantsOf(
        trx,
        products.map((p) => p.id),
      );
      const categories = await trx.selectFrom('categories').selectAll().orderBy('id').execute();
      const brands = await trx.selectFrom('brands').selectAll().orderBy('id').execute();
      const users = await trx.selectFrom('users').selectAll().orderBy('id').execute();
      const orders = await trx.selectFrom('orders').selectAll().orderBy('id').execute();
      const cart = await trx.selectFrom('cart').selectAll().orderBy('id').execute();
      const sessions = await trx.selectFrom('sessions').selectAll().orderBy('seq').execute();
      const idempotency = await trx.selectFrom('idempotency_keys').selectAll().orderBy('created_at').orderBy('user_id').orderBy('key').execute();
      const audit = await trx.selectFrom('audit').selectAll().orderBy('id').execute();
      // Prices: left out of the file when there are none (as in files older than them).
      const promotions = (await trx.selectFrom('promotions').selectAll().orderBy('id').execute()).map(promotionFromRow);
      const shippingMethods = (await trx.selectFrom('shipping_methods').selectAll().orderBy('id').execute()).map(shippingMethodFromRow);
      const taxRates = (await trx.selectFrom('tax_rates').selectAll().orderBy('id').execute()).map(taxRateFromRow);
      const promotionRedemptions = (await trx.selectFrom('promotion_redemptions').selectAll().orderBy('promotion_id').orderBy('order_id').execute()).map((r) => ({
        promotion: r.promotion_id,
        order: r.order_id,
        user: r.user_id,
      }));
      const wishlists = await readWishlists(trx);
      return {
        products: products.map((p) => (isDefaultOnly(p, variants.get(p.id)) ? p : { ...p, ...variants.get(p.id) })),
        categories: categories.map(filterOptionFromRow),
        brands: brands.map(filterOptionFromRow),
        // Without 2FA: its secrets stay out of the file (a loaded account has it off).
        users: users.map((row) => userFromRow({ ...row, two_factor: false })),
        orders: orders.map(orderFromRow),
        cart: cart.map(cartLineFromRow).map((line) => {
          const own = variants.get(line.product);
          const product = products.find((p) => p.id === line.product);
          if (!product || !isDefaultOnly(product, own)) return line;
          const { variant: _default, ...rest } = line;
          void _default;
          return rest;
        }),
        sessions: sessions.map(sessionFromRow),
        ...(promotions.length > 0 ? { promotions } : {}),
        ...(shippingMethods.length > 0 ? { shippingMethods } : {}),
        ...(taxRates.length > 0 ? { taxRates } : {}),
        ...(promotionRedemptions.length > 0 ? { promotionRedemptions } : {}),
        ...wishlists,
        idempotency: idempotency.map(idempotencyFromRow),
        audit: audit.map(auditFromRow),
      };
    });
}
