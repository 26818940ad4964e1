// A shopper's cart lines (PgStore delegates here): one row per user and variant, the product and
// the variant expanded when read.
import { sql, type Kysely, type Transaction } from 'kysely';
import { variantSalePrice, variantPricing, type CartVariant } from '../../../src/domain/variants';
import type { StoredCartLine } from '../../db/snapshot';
import type { StoredCartItem } from '../../db/port';
import { cartLineFromRow, isId, PRODUCT_COLUMNS, productFromRow } from '../../db/rows';
import type { Database } from '../../db/schema';
// eslint-disable-next-line no-restricted-imports -- a cart line is read with its product's variants in one query; docs/architecture.md "Known crossings"
import { withVariants } from '../catalogue/pg/variants';

type Db = Kysely<Database>;

export async function cartItems(db: Db, user: number): Promise<StoredCartItem[]> {
  if (!isId(user)) return [];
  const rows = await db
    .selectFrom('cart')
    .innerJoin('products', 'products.id', 'cart.product_id')
    .select(PRODUCT_COLUMNS.map((c) => `products.${c}` as const))
    .select(['cart.id as line_id', 'cart.quantity as line_quantity', 'cart.variant_id as line_variant'])
    .where('cart.user_id', '=', user)
    .orderBy('cart.id')
    .execute();
  const products = await withVariants(db, rows.map(productFromRow));
  return rows.flatMap((r, i) => {
    const product = products[i];
    const variant = product.variants.find((v) => v.id === r.line_variant);
    if (!variant) return [];
    const { price, discountPercentage } = variantPricing(product, variant);
    const line: CartVariant = { id: variant.id, sku: variant.sku, options: variant.options, price, discountPercentage, salePrice: variantSalePrice(product, variant), stock: variant.stock };
    return [{ id: r.line_id, product, quantity: r.line_quantity, variant: line }];
  });
}

export async function cartLine(db: Db, user: number, id: number): Promise<StoredCartLine | undefined> {
  if (!isId(user) || !isId(id)) return undefined;
  const row = await db.selectFrom('cart').selectAll().where('id', '=', id).where('user_id', '=', user).executeTakeFirst();
  return row && cartLineFromRow(row);
}

/** The id of the product's first variant (the only one of a product without options). */
export const firstVariant = (product: number) =>
  sql<number>`(SELECT id FROM variants WHERE product_id = ${product} ORDER BY position, id LIMIT 1)`;

export async function addCartLine(db: Db, { user, product, variant, quantity }: Omit<StoredCartLine, 'id'>): Promise<StoredCartLine | undefined> {
  if (!isId(product) || (variant !== undefined && !isId(variant))) return undefined;
  const { rows } = await sql<Parameters<typeof cartLineFromRow>[0]>`
    INSERT INTO cart (user_id, product_id, variant_id, quantity)
    SELECT ${user}, v.product_id, v.id, ${quantity} FROM variants v
    WHERE v.id = ${variant === undefined ? firstVariant(product) : variant} AND v.product_id = ${product}
    ON CONFLICT (user_id, variant_id) DO NOTHING
    RETURNING *`.execute(db);
  return rows[0] && cartLineFromRow(rows[0]);
}

export async function setCartQuantity(db: Db, user: number, id: number, quantity: number): Promise<StoredCartLine | undefined> {
  if (!isId(user) || !isId(id)) return undefined;
  const row = await db.updateTable('cart').set({ quantity }).where('id', '=', id).where('user_id', '=', user).returningAll().executeTakeFirst();
  return row && cartLineFromRow(row);
}

export async function removeCartLine(db: Db, user: number, product: number, variant?: number): Promise<StoredCartLine | undefined> {
  if (!isId(user) || !isId(product) || (variant !== undefined && !isId(variant))) return undefined;
  let query = db.deleteFrom('cart').where('user_id', '=', user).where('product_id', '=', product);
  if (variant !== undefined) query = query.where('variant_id', '=', variant);
  const rows = await query.returningAll().execute();
  const first = rows.sort((a, b) => a.id - b.id)[0];
  return first && cartLineFromRow(first);
}

/** Removes every line of the user's cart. */
export async function emptyCart(db: Db | Transaction<Database>, user: number): Promise<void> {
  await db.deleteFrom('cart').where('user_id', '=', user).execute();
}
