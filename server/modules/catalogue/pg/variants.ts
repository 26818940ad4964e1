// Variants (PgStore and the product writes delegate here): reading a product's options and
// variants beside it, and writing them. products.stock and products.sale_price follow the
// variants through migration 0012's triggers, in the same statement.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Product } from '../../../../src/domain/types';
import type { ProductVariants, Variant } from '../../../../src/domain/variants';
import { SkuTaken, type VariantProduct, type VariantsWrite } from '../variantTypes';
import { distinctIds, idIn, ordered } from '../../../db/rows';
import type { Database } from '../../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

const VARIANT_KEYS = ['id', 'sku', 'options', 'price', 'discountPercentage', 'stock', 'image'] as const;

type VariantRow = {
  id: number;
  product_id: number;
  sku: string;
  options: Variant['options'];
  price: number | null;
  discount_percentage: number | null;
  stock: number;
  image: string | null;
};

/** A variant from its row; `image` absent when it has none (as nullable product fields are). */
export function variantFromRow(r: VariantRow): Variant {
  const variant: Variant = { id: r.id, sku: r.sku, options: r.options, price: r.price, discountPercentage: r.discount_percentage, stock: r.stock };
  if (r.image !== null) variant.image = r.image;
  return ordered(variant, VARIANT_KEYS);
}

/**
 * A product's variants (in the shop's order) as one JSON column of its own row, `variant_rows`,
 * beside `options`: a product and its variants are read in one statement.
 */
export const VARIANTS_COLUMN = sql<VariantRow[]>`coalesce((
    SELECT json_agg(json_build_object('id', v.id, 'product_id', v.product_id, 'sku', v.sku, 'options', v.options, 'price', v.price,
      'discount_percentage', v.discount_percentage, 'stock', v.stock, 'image', v.image) ORDER BY v.position, v.id)
    FROM variants v WHERE v.product_id = products.id), '[]')`.as('variant_rows');

/** The options and variants of a row read with `options` and VARIANTS_COLUMN. */
export const variantsFromRow = (r: { options: ProductVariants['options']; variant_rows: VariantRow[] }): ProductVariants => ({
  options: r.options,
  variants: r.variant_rows.map(variantFromRow),
});

/** The options and variants (in the shop's order) of the products among `ids`. */
export async function variantsOf(db: Db, ids: readonly number[]): Promise<Map<number, ProductVariants>> {
  const wanted = distinctIds(ids);
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('products')
    .select(['id', 'options', VARIANTS_COLUMN])
    .where('id', '=', idIn(wanted))
    .execute();
  return new Map(rows.map((r) => [r.id, variantsFromRow(r)]));
}

/** The products with their options and variants. */
export async function withVariants<P extends Product>(db: Db, products: readonly P[]): Promise<(P & ProductVariants)[]> {
  const of = await variantsOf(
    db,
    products.map((p) => p.id),
  );
  return products.map((p) => ({ ...p, ...(of.get(p.id) ?? { options: [], variants: [] }) }));
}

/** A SKU of `skus` that a variant of another product than `product` has (case as stored). */
async function takenSku(db: Db, skus: readonly string[], product: number | undefined): Promise<string | undefined> {
  if (skus.length === 0) return undefined;
  let query = db.selectFrom('variants').select('sku').where('sku', '=', sql<string>`ANY(${[...skus]}::text[])`);
  if (product !== undefined) query = query.where('product_id', '<>', product);
  return (await query.orderBy('sku').executeTakeFirst())?.sku;
}

/** The product each of `skus` belongs to (those some variant has), in one read. */
export async function skuOwners(db: Db, skus: readonly string[]): Promise<Map<string, number>> {
  if (skus.length === 0) return new Map();
  const rows = await db.selectFrom('variants').select(['sku', 'product_id']).where('sku', '=', sql<string>`ANY(${[...new Set(skus)]}::text[])`).execute();
  return new Map(rows.map((r) => [r.sku, r.product_id]));
}

/**
 * Sets a product's options and variants to `write` (checked by the service: the combinations,
 * the SKUs among themselves): variants with an id of this product are changed, those without are
 * added, the product's others removed (with the cart lines holding them). SkuTaken (nothing
 * written, when the caller rolls back) when another product has one of the SKUs.
 */
export async function writeVariants(trx: Transaction<Database>, product: number, write: VariantsWrite): Promise<void> {
  const taken = await takenSku(
    trx,
    write.variants.map((v) => v.sku),
    product,
  );
  if (taken !== undefined) throw new SkuTaken(taken);
  await trx.updateTable('products').set({ options: JSON.stringify(write.options) }).where('id', '=', product).execute();
  const existing = new Set(
    (await trx.selectFrom('variants').select('id').where('product_id', '=', product).execute()).map((r) => r.id),
  );
  const kept = write.variants.filter((v) => v.id !== undefined && existing.has(v.id)).map((v) => v.id!);
  const removed = [...existing].filter((id) => !kept.includes(id));
  if (removed.length > 0) await trx.deleteFrom('variants').where('id', '=', sql<number>`ANY(${removed}::int[])`).execute();
  for (const [position, v] of write.variants.entries()) {
    const values = {
      sku: v.sku,
      options: JSON.stringify(v.options),
      price: v.price,
      discount_percentage: v.discountPercentage,
      position,
    };
    // `image` left out keeps a variant's picture (a write that does not know of pictures).
    // `stock` left out keeps a kept variant's stock as it is now, under the product's lock.
    const kept = { ...(v.image === undefined ? {} : { image: v.image }), ...(v.stock === undefined ? {} : { stock: v.stock }) };
    if (v.id !== undefined && existing.has(v.id)) await trx.updateTable('variants').set({ ...values, ...kept }).where('id', '=', v.id).execute();
    else await trx.insertInto('variants').values({ ...values, stock: v.stock ?? 0, image: v.image ?? null, product_id: product }).execute();
  }
}

/** Sets the stock of a product's only variant (a product without options; the admin form's `stock`). */
export async function setOnlyVariantStock(db: Db, product: number, stock: number): Promise<void> {
  await db.updateTable('variants').set({ stock }).where('product_id', '=', product).execute();
}

/**
 * products.price_varies anew for the products with variants priced apart from the product (after
 * a bulk load that bypassed the variants' triggers): migration 0018's row trigger computes it.
 */
export async function markVaryingPrices(db: Db): Promise<void> {
  await sql`UPDATE products SET price_varies = true
    WHERE id IN (SELECT product_id FROM variants WHERE price IS NOT NULL OR discount_percentage IS NOT NULL)`.execute(db);
}

/** Unique violation of the SKU constraint (a race past takenSku): the SKU it names. */
export function skuViolation(error: unknown): string | undefined {
  const e = error as { code?: unknown; constraint?: unknown; detail?: unknown; message?: unknown };
  if (e?.code !== '23505') return undefined;
  const text = `${typeof e.detail === 'string' ? e.detail : ''} ${typeof e.message === 'string' ? e.message : ''}`;
  if (e.constraint !== 'variants_sku_key' && !text.includes('variants_sku_key') && !text.includes('(sku)')) return undefined;
  return /\(sku\)=\((.*)\) already exists/.exec(text)?.[1] ?? '';
}

export type { VariantProduct };
