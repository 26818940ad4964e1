// npm run seed -- --database-url URL [--products N] [--seed N] [--no-images]: the generated
// catalogue (generateSeed, the same data `--out` would write) into PostgreSQL instead of a file.
// Migrates the database, then REPLACES everything in it in one transaction: truncate (ids
// restart), COPY the products, insert users, categories, brands and orders (their dates moved to
// today, server/db/seedDates.ts), move the identity
// sequences past the loaded ids, and ANALYZE.
//
// For speed at a million products, products' secondary indexes (the trigram index above all) are
// dropped before the COPY and built again after it, from their own definitions as the database
// reports them — in the same transaction, so another session never sees the table without them
// (it waits on the lock instead). generateSeed holds the whole catalogue in memory: about 1.4 GB
// of heap for 1,000,000 products (Node's default limit here is ~4 GB), which is why the COPY
// turns products into text a chunk at a time instead of building one string.
import { sql, type Transaction } from 'kysely';
import { kyselyOnClient, newClient } from '../server/db/connect';
import { copyRows } from '../server/db/copy';
import { datedSeed } from '../server/db/seedDates';
import { insertSnapshot, recountProducts, truncateAll } from '../server/db/load';
import { markVaryingPrices } from '../server/modules/catalogue/pg/variants';
import { migrateToLatest } from '../server/db/migrate';
import { PRODUCT_WRITE_COLUMNS, productToRow } from '../server/modules/catalogue/pg/productRows';
import type { Database } from '../server/db/schema';
import type { SnapshotProduct } from '../server/db/snapshot';
import { defaultSku } from '../server/modules/catalogue/variantTypes';
import { DEFAULT_PRODUCTS, DEFAULT_SEED, generateSeed } from './seed';

export interface SeedDatabaseOptions {
  products?: number;
  seed?: number;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
  /** The day the seed's dates are moved to, as on a first start (default: now; server/db/seedDates.ts). */
  now?: number;
}

export interface SeedDatabaseResult {
  products: number;
  orders: number;
  users: number;
  ms: number;
}

interface IndexDef {
  name: string;
  definition: string;
}

/** Drops `table`'s indexes that back no constraint (not the primary key, not UNIQUE); returns their definitions. */
async function dropSecondaryIndexes(trx: Transaction<Database>, table: string): Promise<IndexDef[]> {
  const { rows } = await sql<IndexDef>`
    SELECT quote_ident(c.relname) AS name, pg_get_indexdef(i.indexrelid) AS definition
    FROM pg_index i
    JOIN pg_class c ON c.oid = i.indexrelid
    WHERE i.indrelid = ${table}::regclass
      AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
    ORDER BY c.relname`.execute(trx);
  for (const index of rows) await sql`DROP INDEX ${sql.raw(index.name)}`.execute(trx);
  return rows;
}

const VARIANT_COLUMNS = ['id', 'product_id', 'sku', 'options', 'price', 'discount_percentage', 'stock', 'position', 'image'] as const;

/** The variants' rows: a product's own (the seed's), or its one plain variant (migration 0012's), numbered after them. */
function* variantRows(products: readonly SnapshotProduct[]) {
  let next = 1 + products.reduce((max, p) => (p.variants ?? []).reduce((m, v) => Math.max(m, v.id), max), 0);
  for (const p of products) {
    const variants = p.variants && p.variants.length > 0 ? p.variants : [{ id: next++, sku: defaultSku(p.id), options: {}, price: null, discountPercentage: null, stock: p.stock }];
    for (const [position, v] of variants.entries()) {
      yield { id: v.id, product_id: p.id, sku: v.sku, options: JSON.stringify(v.options), price: v.price, discount_percentage: v.discountPercentage, stock: v.stock, position, image: v.image ?? null };
    }
  }
}

export async function seedDatabase(url: string, options: SeedDatabaseOptions = {}): Promise<SeedDatabaseResult> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  const generated = generateSeed({ products: options.products ?? DEFAULT_PRODUCTS, seed: options.seed ?? DEFAULT_SEED });
  // Its dates moved to today, as a first start does with db.json.
  const data = { ...generated, ...datedSeed(generated, options.now) };
  log(`generated ${data.products.length} products (${elapsed()})`);

  const client = newClient(url);
  await client.connect();
  // Kysely on the very connection COPY uses, so both run in one transaction.
  const db = kyselyOnClient(client);
  try {
    await migrateToLatest(db);
    await db.transaction().execute(async (trx) => {
      await truncateAll(trx);
      // Building indexes once at the end is much cheaper than updating them row by row.
      await sql`SET LOCAL maintenance_work_mem = '256MB'`.execute(trx);
      const indexes = await dropSecondaryIndexes(trx, 'products');
      function* rows() {
        for (const product of data.products) yield { ...productToRow(product), options: JSON.stringify(product.options ?? []) };
      }
      // Counted once at the end, not through the insert trigger's million-row transition table;
      // the variants copied next (the seed's, or each product's one), not made one by one.
      await sql`ALTER TABLE products DISABLE TRIGGER product_counts_insert`.execute(trx);
      await sql`ALTER TABLE products DISABLE TRIGGER products_variant`.execute(trx);
      await copyRows(client, 'products', [...PRODUCT_WRITE_COLUMNS, 'options'], rows(), { freeze: true });
      await sql`ALTER TABLE products ENABLE TRIGGER products_variant`.execute(trx);
      await sql`ALTER TABLE products ENABLE TRIGGER product_counts_insert`.execute(trx);
      // Their stock sums to the product's and the first is at its price: nothing for the variants'
      // triggers to change on the products.
      await sql`ALTER TABLE variants DISABLE TRIGGER variants_insert`.execute(trx);
      await copyRows(client, 'variants', VARIANT_COLUMNS, variantRows(data.products), { freeze: true });
      await sql`ALTER TABLE variants ENABLE TRIGGER variants_insert`.execute(trx);
      // Except whether their prices differ (phones, laptops): the products' row trigger computes it.
      await markVaryingPrices(trx);
      log(`copied variants (${elapsed()})`);
      await recountProducts(trx);
      log(`copied products (${elapsed()})`);
      for (const index of indexes) await sql.raw(index.definition).execute(trx);
      log(`built ${indexes.length} product indexes (${elapsed()})`);
      await insertSnapshot(trx, { ...data, products: [] });
    });
    await sql`ANALYZE`.execute(db);
    log(`committed and analyzed (${elapsed()})`);
  } finally {
    await db.destroy();
    await client.end();
  }
  return {
    products: data.products.length,
    orders: data.orders.length,
    users: data.users.length,
    ms: Math.round(performance.now() - started),
  };
}

/** The URL without its password, for messages. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(invalid URL)';
  }
}
