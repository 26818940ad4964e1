// A shopper's cart lines (PgStore delegates here): one row per user and product.
import type { Kysely } from 'kysely';
import type { CartItem } from '../../../src/domain/types';
import type { StoredCartLine } from '../../model';
import { cartLineFromRow, isId, PRODUCT_COLUMNS, productFromRow } from './rows';
import type { Database } from './schema';

type Db = Kysely<Database>;

export async function cartItems(db: Db, user: number): Promise<CartItem[]> {
  if (!isId(user)) return [];
  const rows = await db
    .selectFrom('cart')
    .innerJoin('products', 'products.id', 'cart.product_id')
    .select(PRODUCT_COLUMNS.map((c) => `products.${c}` as const))
    .select(['cart.id as line_id', 'cart.quantity as line_quantity'])
    .where('cart.user_id', '=', user)
    .orderBy('cart.id')
    .execute();
  return rows.map((r) => ({ id: r.line_id, product: productFromRow(r), quantity: r.line_quantity }));
}

export async function cartLine(db: Db, user: number, id: number): Promise<StoredCartLine | undefined> {
  if (!isId(user) || !isId(id)) return undefined;
  const row = await db.selectFrom('cart').selectAll().where('id', '=', id).where('user_id', '=', user).executeTakeFirst();
  return row && cartLineFromRow(row);
}

export async function addCartLine(db: Db, { user, product, quantity }: Omit<StoredCartLine, 'id'>): Promise<StoredCartLine | undefined> {
  const row = await db
    .insertInto('cart')
    .values({ user_id: user, product_id: product, quantity })
    .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
  return row && cartLineFromRow(row);
}

export async function setCartQuantity(db: Db, user: number, id: number, quantity: number): Promise<StoredCartLine | undefined> {
  if (!isId(user) || !isId(id)) return undefined;
  const row = await db.updateTable('cart').set({ quantity }).where('id', '=', id).where('user_id', '=', user).returningAll().executeTakeFirst();
  return row && cartLineFromRow(row);
}

export async function removeCartLine(db: Db, user: number, product: number): Promise<StoredCartLine | undefined> {
  if (!isId(user) || !isId(product)) return undefined;
  const row = await db.deleteFrom('cart').where('user_id', '=', user).where('product_id', '=', product).returningAll().executeTakeFirst();
  return row && cartLineFromRow(row);
}
