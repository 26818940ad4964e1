// A shopper's cart lines (PgStore delegates here): one row per user and variant (the service
// expands the products and variants through the catalogue).
import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { EmptiedCart, StoredCartLine } from './port';
import { isId } from '../../db/rows';
import type { CartTable, Database } from '../../db/schema';

type Db = Kysely<Database>;

export async function cartLines(db: Db, user: number): Promise<StoredCartLine[]> {
  if (!isId(user)) return [];
  const rows = await db.selectFrom('cart').selectAll().where('user_id', '=', user).orderBy('id').execute();
  return rows.map(cartLineFromRow);
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

/** Removes every line of the user's cart, its membership line too, in one statement; whether it held the membership line. */
export async function emptyCart(db: Db | Transaction<Database>, user: number): Promise<EmptiedCart> {
  const { rows } = await sql<{ held: boolean; lines: [number, number][] }>`
    WITH membership AS (DELETE FROM cart_membership WHERE user_id = ${user} RETURNING user_id),
         lines AS (DELETE FROM cart WHERE user_id = ${user} RETURNING variant_id, quantity)
    SELECT EXISTS (SELECT 1 FROM membership) AS held,
      coalesce((SELECT json_agg(json_build_array(variant_id, quantity)) FROM lines), '[]') AS lines`.execute(db);
  return { membership: rows[0].held, lines: rows[0].lines.map(([variant, quantity]) => ({ variant, quantity })) };
}

// The membership line: a row of cart_membership per user holding one.

/** Whether the user's cart holds the membership line (in `trx`, locked until it ends, when given). */
export async function hasMembershipLine(db: Db | Transaction<Database>, user: number, lock = false): Promise<boolean> {
  if (!isId(user)) return false;
  let query = db.selectFrom('cart_membership').select('user_id').where('user_id', '=', user);
  if (lock) query = query.forUpdate();
  return (await query.executeTakeFirst()) !== undefined;
}

/** Adds the membership line; false (nothing added) when the cart holds it already. */
export async function addMembershipLine(db: Db, user: number): Promise<boolean> {
  const added = await db.insertInto('cart_membership').values({ user_id: user }).onConflict((oc) => oc.column('user_id').doNothing()).returning('user_id').executeTakeFirst();
  return added !== undefined;
}

/** Removes the membership line; false when there was none. */
export async function removeMembershipLine(db: Db, user: number): Promise<boolean> {
  if (!isId(user)) return false;
  const removed = await db.deleteFrom('cart_membership').where('user_id', '=', user).executeTakeFirst();
  return removed.numDeletedRows > 0n;
}

// Rows <-> cart lines (./port.ts StoredCartLine).

/** A line without a variant (an older file) takes its product's first variant when loaded (load.ts). */
export function cartLineToRow(c: StoredCartLine): Insertable<CartTable> {
  return { id: c.id, user_id: c.user, product_id: c.product, ...(c.variant === undefined ? {} : { variant_id: c.variant }), quantity: c.quantity };
}

export function cartLineFromRow(r: Selectable<CartTable>): StoredCartLine {
  return { id: r.id, user: r.user_id, product: r.product_id, variant: r.variant_id, quantity: r.quantity };
}
