// The back office's reads of orders (PgStore delegates here): the list with each order's customer
// (searched by order number, a part of the customer's name or email or of a line's product title
// or SKU, filtered by status, customer and
// the days placed, sorted by any column), one order with its customer and internal notes, and
// adding a note with its audit entry in one transaction.
import { sql, type Kysely, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import type { AdminOrder, OrderCustomer, OrderNote } from '../../../../src/domain/backOffice';
import type { NewOrderNote, OrderQuery, OrderSortField, Page } from '../../../db/port';
import { isId } from '../../../db/rows';
import { orderFromRow } from './rows';
import type { Database } from '../../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

const ORDER_COLUMN: Record<OrderSortField, string> = {
  id: 'o.id',
  totalAmount: 'o.total_amount',
  totalItems: 'o.total_items',
  status: 'o.status',
  paymentMethod: 'o.payment_method',
  user: 'o.user_id',
  createdAt: 'o.created_at',
  email: 'u.email',
};

type OrderRow = Parameters<typeof orderFromRow>[0];
type Row = OrderRow & { customer_id: number | null; customer_email: string | null; customer_name: string | null; total: number };

function customerOf(row: Pick<Row, 'customer_id' | 'customer_email' | 'customer_name'>): OrderCustomer | null {
  if (row.customer_id === null || row.customer_email === null) return null;
  return { id: row.customer_id, email: row.customer_email, ...(row.customer_name === null ? {} : { name: row.customer_name }) };
}

/** orderFromRow reads only the order's columns. */
const adminOrder = (row: Row): AdminOrder => ({ ...orderFromRow(row), customer: customerOf(row) });

export async function listOrders(db: Db, { status, user, search, placed, sort, slice }: OrderQuery): Promise<Page<AdminOrder>> {
  const conditions: RawBuilder<SqlBool>[] = [sql<SqlBool>`true`];
  if (status) conditions.push(sql<SqlBool>`o.status = ANY(${[...status]}::text[])`);
  if (user !== undefined) conditions.push(isId(user) ? sql<SqlBool>`o.user_id = ${user}` : sql<SqlBool>`false`);
  if (search) {
    // The customer's name (the account's, or the one the order ships to) or email, or any line's
    // product title or variant SKU, in any case; one query, a line at a time.
    const t = search.text;
    const byText = sql<SqlBool>`(strpos(lower(u.email), ${t}) > 0 OR strpos(lower(coalesce(u.name, '')), ${t}) > 0
      OR strpos(lower(coalesce(o.selected_address->>'name', '')), ${t}) > 0
      OR EXISTS (SELECT 1 FROM jsonb_array_elements(o.items) AS line
        WHERE strpos(lower(coalesce(line->'product'->>'title', '')), ${t}) > 0
          OR strpos(lower(coalesce(line->'variant'->>'sku', '')), ${t}) > 0))`;
    // A number ('12' or '#12') is an order number: that order, not every line whose title holds it.
    conditions.push(search.id !== undefined ? (isId(search.id) ? sql<SqlBool>`o.id = ${search.id}` : sql<SqlBool>`false`) : byText);
  }
  if (placed?.from) conditions.push(sql<SqlBool>`o.created_at >= ${placed.from}::timestamptz`);
  if (placed?.to) conditions.push(sql<SqlBool>`o.created_at < ${placed.to}::timestamptz`);
  const where = sql.join(conditions, sql` AND `);
  const from = sql`orders o LEFT JOIN users u ON u.id = o.user_id`;
  const count = async () => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${from} WHERE ${where}`.execute(db)).rows[0].n;

  // Newest first unless told otherwise; an absent createdAt sorts as '' does (before every date
  // ascending, after them descending); ties by id ascending.
  let order = sql`o.created_at DESC NULLS LAST, o.id DESC`;
  if (sort) {
    const col = sql.raw(ORDER_COLUMN[sort.field]);
    const text = sort.field === 'status' || sort.field === 'paymentMethod' || sort.field === 'email';
    const key = text ? sql`${col} COLLATE "C"` : col;
    order = sql`${key} ${sql.raw(sort.order === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS FIRST')}, o.id`;
  }
  const offset = slice ? Math.max(0, slice.start) : 0;
  const limit = slice ? Math.max(0, slice.end - offset) : null;
  if (limit === 0) return { items: [], total: await count() };
  const { rows } = await sql<Row>`
    SELECT o.*, u.id AS customer_id, u.email AS customer_email, u.name AS customer_name,
      (SELECT count(*)::int FROM ${from} WHERE ${where}) AS total
    FROM ${from} WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`.execute(db);
  if (rows.length === 0) return { items: [], total: await count() };
  return { items: rows.map(adminOrder), total: rows[0].total };
}

type NoteRow = { id: number; text: string; at: Date; author_id: number; author_email: string };

const noteFromRow = (row: NoteRow): OrderNote => ({ id: row.id, text: row.text, at: new Date(row.at).toISOString(), by: { id: row.author_id, email: row.author_email } });

export async function orderForAdmin(db: Db, id: number): Promise<AdminOrder | undefined> {
  if (!isId(id)) return undefined;
  const { rows } = await sql<Row>`
    SELECT o.*, u.id AS customer_id, u.email AS customer_email, u.name AS customer_name, 0 AS total
    FROM orders o LEFT JOIN users u ON u.id = o.user_id WHERE o.id = ${id}`.execute(db);
  if (rows.length === 0) return undefined;
  const notes = await db.selectFrom('order_notes').select(['id', 'text', 'at', 'author_id', 'author_email']).where('order_id', '=', id).orderBy('id').execute();
  return { ...adminOrder(rows[0]), notes: notes.map(noteFromRow) };
}

export async function addOrderNote(trx: Transaction<Database>, order: number, note: NewOrderNote): Promise<OrderNote | undefined> {
  if (!isId(order)) return undefined;
  // The order row locked: a note never lands on an order being removed.
  const found = await trx.selectFrom('orders').select('id').where('id', '=', order).forShare().executeTakeFirst();
  if (!found) return undefined;
  const row = await trx
    .insertInto('order_notes')
    .values({ order_id: order, text: note.text, at: new Date(note.at), author_id: note.by.id, author_email: note.by.email })
    .returning(['id', 'text', 'at', 'author_id', 'author_email'])
    .executeTakeFirstOrThrow();
  return noteFromRow(row);
}
