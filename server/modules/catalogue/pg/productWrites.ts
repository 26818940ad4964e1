// Products by id and the admin's product writes (create, change, import), each in one transaction
// with its audit entry (PgStore delegates here). Products come with their options and variants
// (variants.ts); a write's stock goes to the variants, whose triggers keep products.stock.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Product } from '../../../../src/domain/types';
import { describeProduct } from '../../backoffice/auditEntries';
// eslint-disable-next-line no-restricted-imports -- a product write and its audit entry are one transaction here; docs/architecture.md "Known crossings"
import { recordAudit } from '../../backoffice/pg/audit';
import type { AuditContext, ImportResult, ImportRow, NewProduct, ProductChanges } from '../../../db/port';
import { SkuTaken, type VariantProduct } from '../variantTypes';
import { isId, PRODUCT_COLUMNS, productChangesToRow, productFromRow, productToRow, withoutId, type ProductRow } from '../../../db/rows';
import type { Database } from '../../../db/schema';
// eslint-disable-next-line no-restricted-imports -- a product write and the alerts it sets off are one transaction here; docs/architecture.md "Known crossings"
import { alertsAfterProductWrite } from '../../wishlist/pg/wishlist';
import { setOnlyVariantStock, skuViolation, VARIANTS_COLUMN, variantsFromRow, withVariantsOne, writeVariants } from './variants';

type Db = Kysely<Database> | Transaction<Database>;

/** An import names a product that does not exist: roll the transaction back. */
class Missing extends Error {}

/** Products with their options and variants, in one statement. */
const withVariantColumns = (db: Db) => db.selectFrom('products').select([...PRODUCT_COLUMNS, 'options', VARIANTS_COLUMN]);
const variantProductFromRow = (row: ProductRow & Parameters<typeof variantsFromRow>[0]): VariantProduct => ({ ...productFromRow(row), ...variantsFromRow(row) });

export async function productById(db: Db, id: number): Promise<VariantProduct | undefined> {
  if (!isId(id)) return undefined;
  const row = await withVariantColumns(db).where('id', '=', id).executeTakeFirst();
  return row && variantProductFromRow(row);
}

export async function productsByIds(db: Db, ids: readonly number[]): Promise<VariantProduct[]> {
  const wanted = [...new Set(ids.filter(isId))];
  if (wanted.length === 0) return [];
  const rows = await withVariantColumns(db).where('id', '=', sql<number>`ANY(${wanted}::int[])`).execute();
  return rows.map(variantProductFromRow);
}

/** The product as it is now in `trx` (after its variants' triggers ran), with its variants. */
async function reread(trx: Db, id: number): Promise<VariantProduct> {
  return (await productById(trx, id))!;
}

/**
 * A product as its audit entry records it: with its options and variants, unless it has no
 * options and one variant at its own price (then `stock` says all there is to say of it).
 */
function audited(p: VariantProduct): Product | VariantProduct {
  const [only] = p.variants;
  if (p.options.length > 0 || p.variants.length !== 1 || only.price !== null || only.discountPercentage !== null) return p;
  const { options: _options, variants: _variants, ...fields } = p;
  void _options;
  void _variants;
  return fields;
}

/** Both sides of a change as recorded: stripped of their variants only when both are plain. */
function auditedPair(before: VariantProduct, after: VariantProduct): [Product, Product] {
  const [a, b] = [audited(before), audited(after)];
  return a !== before && b !== after ? [a, b] : [before, after];
}

/** Runs a write, answering SkuTaken for a SKU the database found taken at commit (a race). */
async function skuSafe<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const sku = skuViolation(error);
    if (sku !== undefined) throw new SkuTaken(sku);
    throw error;
  }
}

async function insertProduct(trx: Transaction<Database>, product: NewProduct, audit: AuditContext | undefined): Promise<VariantProduct> {
  const row = withoutId(productToRow({ id: 0, ...product }));
  const inserted = productFromRow(await trx.insertInto('products').values(row).returning(PRODUCT_COLUMNS).executeTakeFirstOrThrow());
  // The product has the variant every product gets (migration 0012); given ones replace it.
  if (product.variants) await writeVariants(trx, inserted.id, { options: product.options ?? [], variants: product.variants });
  const created = await reread(trx, inserted.id);
  await recordAudit(trx, audit, () => describeProduct(audit!, undefined, audited(created)));
  return created;
}

/** Locks the product, changes it with `change`, records the audit entry; in `trx`. */
/**
 * Locks the product, changes it with `change`, records the audit entry; in `trx`. `variants`
 * (with `options`) replace the product's; otherwise `stock` sets the only variant's stock of a
 * product without options (the service refuses it on one with options).
 */
async function changeProduct(
  trx: Transaction<Database>,
  id: number,
  change: (product: VariantProduct) => ProductChanges,
  audit: AuditContext | undefined,
): Promise<VariantProduct | undefined> {
  const row = await trx.selectFrom('products').select(PRODUCT_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) return undefined;
  const before = (await withVariantsOne(trx, productFromRow(row)))!;
  const { stock, options, variants, ...fields } = change(before);
  const set = productChangesToRow(fields);
  const stockChanges = !variants && stock !== undefined && stock !== before.stock && before.options.length === 0;
  if (Object.keys(set).length === 0 && !variants && !stockChanges) return before;
  if (Object.keys(set).length > 0) await trx.updateTable('products').set(set).where('id', '=', id).execute();
  if (variants) await writeVariants(trx, id, { options: options ?? before.options, variants });
  else if (stockChanges) await setOnlyVariantStock(trx, id, stock);
  const after = await reread(trx, id);
  // Back-in-stock and price-drop mail, in this transaction (the product's row is locked).
  await alertsAfterProductWrite(trx, after, audit?.at ?? Date.now());
  await recordAudit(trx, audit, () => describeProduct(audit!, ...auditedPair(before, after)));
  return after;
}

export function createProduct(db: Kysely<Database>, product: NewProduct, audit?: AuditContext): Promise<VariantProduct> {
  return skuSafe(() => db.transaction().execute((trx) => insertProduct(trx, product, audit)));
}

export async function updateProductWith(
  db: Kysely<Database>,
  id: number,
  change: (product: VariantProduct) => ProductChanges,
  audit?: AuditContext,
): Promise<VariantProduct | undefined> {
  if (!isId(id)) return undefined;
  return skuSafe(() => db.transaction().execute((trx) => changeProduct(trx, id, change, audit)));
}

/** All rows or none: a row naming a product that does not exist rolls the import back. */
export async function importProducts(db: Kysely<Database>, rows: readonly ImportRow[], audit: AuditContext): Promise<ImportResult> {
  const ids = rows.flatMap((r) => (r.id === undefined ? [] : [r.id]));
  try {
    // A SKU another product has (the per-variant import can name one): SkuTaken, nothing written.
    return await skuSafe(() => db.transaction().execute(async (trx) => {
      const created: number[] = [];
      const updated: number[] = [];
      for (const row of rows) {
        if (row.id === undefined) {
          created.push((await insertProduct(trx, row.product, audit)).id);
        } else {
          const product = isId(row.id) ? await changeProduct(trx, row.id, () => row.changes, audit) : undefined;
          if (!product) throw new Missing();
          updated.push(product.id);
        }
      }
      return { created, updated };
    }));
  } catch (error) {
    if (!(error instanceof Missing)) throw error;
    const found = new Set((await productsByIds(db, ids)).map((p) => p.id));
    return { missing: ids.filter((id) => !found.has(id)) };
  }
}
