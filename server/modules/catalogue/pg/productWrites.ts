// Products by id and the admin's product writes (create, change), in the transaction the
// catalogue's service opened (PgStore delegates here). Products come with their options and
// variants (variants.ts); a write's stock goes to the variants, whose triggers keep products.stock.
import { type Kysely, type Transaction } from 'kysely';
import type { NewProduct, ProductChanges } from '../../../db/port';
import type { LockedProduct, VariantProduct } from '../variantTypes';
import type { ProductNotify } from '../../../../src/domain/types';
import { NOTIFY_COLUMNS, notifyFromRow, notifyToRow } from './notifyColumns';
import { distinctIds, idIn, isId, withoutId } from '../../../db/rows';
import { PRODUCT_COLUMNS, productChangesToRow, productFromRow, productToRow, type ProductRow } from './productRows';
import type { Database } from '../../../db/schema';
import { setOnlyVariantStock, VARIANTS_COLUMN, variantsFromRow, writeVariants } from './variants';

type Db = Kysely<Database> | Transaction<Database>;

/** Products with their options and variants, in one statement. */
const withVariantColumns = (db: Db) => db.selectFrom('products').select([...PRODUCT_COLUMNS, 'options', VARIANTS_COLUMN]);
const variantProductFromRow = (row: ProductRow & Parameters<typeof variantsFromRow>[0]): VariantProduct => ({ ...productFromRow(row), ...variantsFromRow(row) });

export async function productById(db: Db, id: number): Promise<VariantProduct | undefined> {
  if (!isId(id)) return undefined;
  const row = await withVariantColumns(db).where('id', '=', id).executeTakeFirst();
  return row && variantProductFromRow(row);
}

export async function productsByIds(db: Db, ids: readonly number[]): Promise<VariantProduct[]> {
  const wanted = distinctIds(ids);
  if (wanted.length === 0) return [];
  const rows = await withVariantColumns(db).where('id', '=', idIn(wanted)).execute();
  return rows.map(variantProductFromRow);
}

/** The product as it is now in `trx` (after its variants' triggers ran), with its variants. */
async function reread(trx: Db, id: number): Promise<VariantProduct> {
  return (await productById(trx, id))!;
}

/** The staff's `notify` settings of a product (the admin's answers); undefined when there is no such product. */
export async function productNotify(db: Db, id: number): Promise<ProductNotify | undefined> {
  if (!isId(id)) return undefined;
  const row = await db.selectFrom('products').select(NOTIFY_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && notifyFromRow(row);
}

/** Adds the product (and its variants), in `trx`: the product as stored. SkuTaken (roll back) when another product has one of its SKUs. */
export async function insertProduct(trx: Transaction<Database>, product: NewProduct): Promise<VariantProduct> {
  const row = { ...withoutId(productToRow({ id: 0, ...product })), ...notifyToRow(product.notify) };
  const inserted = productFromRow(await trx.insertInto('products').values(row).returning(PRODUCT_COLUMNS).executeTakeFirstOrThrow());
  // The product has the variant every product gets (migration 0012); given ones replace it.
  if (product.variants) await writeVariants(trx, inserted.id, { options: product.options ?? [], variants: product.variants });
  return reread(trx, inserted.id);
}

/**
 * Adds the products (and the variants given), in `trx`, with one INSERT per INSERT_BATCH products
 * and one read of them: the products as stored, in the order given. SkuTaken as insertProduct.
 */
export async function insertProducts(trx: Transaction<Database>, products: readonly NewProduct[]): Promise<VariantProduct[]> {
  const ids: number[] = [];
  for (let i = 0; i < products.length; i += INSERT_BATCH) {
    const batch = products.slice(i, i + INSERT_BATCH);
    const rows = batch.map((product) => withoutId(productToRow({ id: 0, ...product })));
    // The sequence numbers the rows in the order they are inserted, which is the VALUES' order.
    const inserted = (await trx.insertInto('products').values(rows).returning('id').execute()).map((r) => r.id).sort((a, b) => a - b);
    for (const [k, product] of batch.entries()) {
      if (product.variants) await writeVariants(trx, inserted[k], { options: product.options ?? [], variants: product.variants });
    }
    ids.push(...inserted);
  }
  const byId = new Map((await productsByIds(trx, ids)).map((p) => [p.id, p]));
  return ids.map((id) => byId.get(id)!);
}

/** Products one INSERT of insertProducts adds (PostgreSQL takes at most 65,535 parameters a statement). */
const INSERT_BATCH = 500;

/**
 * Writes `changes` to `before` (a product the caller locked, as it is), in `trx`: the product
 * after, undefined when the changes change nothing (nothing written). `variants` (with
 * `options`) replace the product's; otherwise `stock` sets the only variant's stock of a product
 * without options (the service refuses it on one with options).
 */
export async function updateProduct(trx: Transaction<Database>, before: VariantProduct | LockedProduct, changes: ProductChanges): Promise<VariantProduct | undefined> {
  const { id } = before;
  const { stock, options, variants, notify, ...fields } = changes;
  const set = { ...productChangesToRow(fields), ...notifyToRow(notify, 'notify' in before ? before.notify : undefined) };
  const stockChanges = !variants && stock !== undefined && stock !== before.stock && before.options.length === 0;
  if (Object.keys(set).length === 0 && !variants && !stockChanges) return undefined;
  if (Object.keys(set).length > 0) await trx.updateTable('products').set(set).where('id', '=', id).execute();
  if (variants) await writeVariants(trx, id, { options: options ?? before.options, variants });
  else if (stockChanges) await setOnlyVariantStock(trx, id, stock);
  return reread(trx, id);
}
