// The back office's reads on PostgreSQL (PgStore delegates here): the dashboard's figures,
// customers with their orders, low stock and the audit log.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { LowStockEntry } from '../../../../src/domain/backOffice';
import type { AuditEntry, Customer, OrderStatus, Role } from '../../../../src/domain/types';
import type { AuditQuery, Page, TimeRange } from '../../../db/port';
import { isId } from '../../../db/rows';
import { auditFromRow } from './rows';
import type { Database } from '../../../db/schema';
import { containsPattern } from '../../../query/jsonQuery';
import { netOfLine, netOfOrder } from './revenue';

type Db = Kysely<Database> | Transaction<Database>;


export async function countUsersSince(db: Db, since: number, role: Role): Promise<number> {
  const { n } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', role)
    .where('created_at', '>=', new Date(since))
    .executeTakeFirstOrThrow();
  return n;
}


export async function listCustomers(db: Db, 
  { q, slice }: { q?: string; slice?: { start: number; end: number } },
  spentStatuses: readonly OrderStatus[],
): Promise<Page<Customer>> {
  const pattern = q ? containsPattern(q) : undefined;
  const where = pattern
    ? sql<boolean>`(lower(u.email COLLATE "und-x-icu") LIKE ${pattern} OR lower(coalesce(u.name, '') COLLATE "und-x-icu") LIKE ${pattern})`
    : sql<boolean>`true`;
  const limit = slice ? Math.max(0, slice.end - slice.start) : null;
  const { rows } = await sql<{ id: number; email: string; name: string | null; role: Role; verified: boolean; member: boolean; orders: number; spent: number; last: Date | null; total: number }>`
    SELECT u.id, u.email, u.name, u.role, u.verified, (u.member AND (u.member_until IS NULL OR u.member_until > now())) AS member, o.orders, o.spent, o.last, (SELECT count(*)::int FROM users u WHERE ${where}) AS total
    FROM (SELECT * FROM users u WHERE ${where} ORDER BY u.id LIMIT ${limit} OFFSET ${slice?.start ?? 0}) AS u
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS orders,
        coalesce(round(sum(${netOfOrder}) FILTER (WHERE status = ANY(${[...spentStatuses]}::text[])), 2), 0)::float8 AS spent,
        max(created_at) AS last
      FROM orders WHERE orders.user_id = u.id
    ) AS o
    ORDER BY u.id`.execute(db);
  const items = rows.map((r) => {
    const customer: Customer = { id: r.id, email: r.email, role: r.role, orders: r.orders, totalSpent: r.spent, verified: r.verified, member: r.member };
    if (r.name !== null) customer.name = r.name;
    if (r.last !== null) customer.lastOrderAt = r.last.toISOString();
    return customer;
  });
  const total = rows[0]?.total ?? (await sql<{ n: number }>`SELECT count(*)::int AS n FROM users u WHERE ${where}`.execute(db)).rows[0].n;
  return { items, total };
}


/**
 * Per variant: each variant at or below its product's threshold, lowest stock first;
 * a product without options is its one variant, answered as the product (no `variant`).
 */
export async function lowStockProducts(db: Db, defaultThreshold: number, limit: number): Promise<LowStockEntry[]> {
  const { rows } = await sql<LowStockEntry & { variant: LowStockEntry['variant'] | null }>`
    SELECT p.id, p.title, v.stock, coalesce(p.low_stock_threshold, ${defaultThreshold}) AS threshold,
      CASE WHEN jsonb_array_length(p.options) > 0 THEN jsonb_build_object('id', v.id, 'sku', v.sku, 'options', v.options) END AS variant
    FROM variants v JOIN products p ON p.id = v.product_id
    WHERE NOT p.deleted AND v.stock <= coalesce(p.low_stock_threshold, ${defaultThreshold})
    ORDER BY v.stock, p.id, v.position, v.id
    LIMIT ${limit}`.execute(db);
  return rows.map(({ variant, ...entry }) => (variant ? { ...entry, variant } : entry));
}


export async function salesByDay(db: Db, range: TimeRange, statuses: readonly OrderStatus[]): Promise<{ date: string; revenue: number; orders: number }[]> {
  const { rows } = await sql<{ date: string; revenue: number; orders: number }>`
    SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date, round(sum(${netOfOrder}), 2)::float8 AS revenue, count(*)::int AS orders
    FROM orders
    WHERE created_at >= ${new Date(range.from)} AND created_at < ${new Date(range.to)} AND status = ANY(${[...statuses]}::text[])
    GROUP BY 1`.execute(db);
  return rows;
}


export async function countOrdersByStatus(db: Db): Promise<Partial<Record<OrderStatus, number>>> {
  const rows = await db.selectFrom('orders').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status').execute();
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}


export async function topProducts(db: Db, range: TimeRange, statuses: readonly OrderStatus[], limit: number): Promise<{ id: number; title: string; units: number; revenue: number }[]> {
  const { rows } = await sql<{ id: number; title: string; units: number; revenue: number }>`
    SELECT line.id, coalesce(max(p.title), max(line.title)) AS title, sum(line.quantity)::int AS units, (round(coalesce(sum(line.cents), 0)) / 100)::float8 AS revenue
    FROM (
      SELECT (item->'product'->>'id')::int AS id, item->'product'->>'title' AS title, (item->>'quantity')::int AS quantity, ${netOfLine} AS cents
      FROM orders, jsonb_array_elements(orders.items) AS item
      WHERE orders.created_at >= ${new Date(range.from)} AND orders.created_at < ${new Date(range.to)}
        AND orders.status = ANY(${[...statuses]}::text[])
    ) AS line
    LEFT JOIN products p ON p.id = line.id
    GROUP BY line.id
    ORDER BY units DESC, revenue DESC, line.id
    LIMIT ${limit}`.execute(db);
  return rows;
}


export async function listAudit(db: Db, { entity, actor, slice }: AuditQuery): Promise<Page<AuditEntry>> {
  let query = db.selectFrom('audit');
  if (entity !== undefined) query = query.where('entity', '=', entity);
  if (actor !== undefined) query = isId(actor) ? query.where('actor_id', '=', actor) : query.where(sql<boolean>`false`);
  const [{ n }] = await query.select((eb) => eb.fn.countAll<number>().as('n')).execute();
  let page = query.selectAll().orderBy('id', 'desc');
  if (slice) page = page.offset(slice.start).limit(Math.max(0, slice.end - slice.start));
  return { items: (await page.execute()).map(auditFromRow), total: n };
}

