// GET /categories and /brands in SQL: json-server 0.17's list (the port's ListQuery) over a table
// of filter options, with the pieces products are listed with (jsonQuery.ts). A few dozen rows:
// no index is needed beyond the primary key, so the SQL stays plain.
import { sql, type Insertable, type Kysely, type RawBuilder, type Selectable, type SqlBool, type Transaction } from 'kysely';
import type { FilterOption } from '../../../../src/domain/types';
import type { FilterOptionField, ListQuery, Page } from '../../../db/port';
import { and, fieldCondition, forwardWindow, fromEnd, NOTHING, orderKey, sliceBounds, tableColumn, type ListColumn } from '../../../query/jsonQuery';
import { containsPattern } from '../../../query/jsonQuery';
import type { Database, FilterOptionsTable } from '../../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

const FIELD: Record<FilterOptionField, ListColumn> = {
  id: tableColumn('int', 'id'),
  value: tableColumn('text', 'value'),
  label: tableColumn('text', 'label'),
};

/** json-server's `q`: a case-insensitive substring of the id (unless 0), the value or the label. */
function matches(q: string): RawBuilder<SqlBool> {
  if (q.includes('\0')) return NOTHING;
  const pattern = containsPattern(q);
  const text = (column: string) => sql`lower(${sql.ref(`o.${column}`)} COLLATE "und-x-icu")`;
  return sql<SqlBool>`((o.id <> 0 AND o.id::text LIKE ${pattern}) OR ${text('value')} LIKE ${pattern} OR ${text('label')} LIKE ${pattern})`;
}

function where(query: ListQuery<FilterOptionField>): RawBuilder<SqlBool> {
  if (query.none) return NOTHING;
  const parts = (query.filters ?? []).map((f) => fieldCondition(FIELD[f.field], 'o', f));
  if (query.q) parts.unshift(matches(query.q));
  return and(parts);
}

/** Categories or brands as `query` lists them, and how many it selects in all. */
export async function listFilterOptions(db: Db, table: 'categories' | 'brands', query: ListQuery<FilterOptionField>): Promise<Page<FilterOption>> {
  const from = sql`${sql.table(table)} AS o WHERE ${where(query)}`;
  const keys = (query.sort ?? []).map(({ field, order }) => orderKey(FIELD[field], 'o', order));
  if (!query.sort?.some((s) => s.field === 'id')) keys.push(sql.ref('o.id'));
  const count = async (db: Db) => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${from}`.execute(db)).rows[0].n;
  const page = async (db: Db, offset: number, limit: number | null) =>
    (await sql<FilterOption & { total: number }>`
      SELECT o.id, o.value, o.label, count(*) OVER ()::int AS total FROM ${from}
      ORDER BY ${sql.join(keys)} LIMIT ${limit} OFFSET ${offset}`.execute(db)).rows;
  const items = (rows: (FilterOption & { total?: number })[]) => rows.map(({ id, value, label }) => ({ id, value, label }));

  const slice = query.slice ?? { start: 0, end: Infinity };
  if (fromEnd(slice)) {
    return db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const total = await count(trx);
        const [start, end] = sliceBounds(total, slice.start, slice.end);
        return { items: end > start ? items(await page(trx, start, end - start)) : [], total };
      });
  }
  const part = forwardWindow(slice);
  if (!part) return { items: [], total: await count(db) };
  const rows = await page(db, part.offset, part.limit);
  // count(*) OVER () is taken before the LIMIT; past the end there is no row to carry it.
  return rows.length > 0 ? { items: items(rows), total: rows[0].total } : { items: [], total: await count(db) };
}

// Rows <-> categories and brands.

export function filterOptionToRow(o: FilterOption): Insertable<FilterOptionsTable> {
  return o.id === undefined ? { value: o.value, label: o.label } : { id: o.id, value: o.value, label: o.label };
}

export function filterOptionFromRow(r: Selectable<FilterOptionsTable>): FilterOption {
  return { id: r.id, value: r.value, label: r.label };
}
