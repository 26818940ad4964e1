// The back office's brands and categories in SQL (server/modules/catalogue/taxonomy.ts): the list
// with how many products use each value, and the writes, each in the caller's transaction. Products
// store the value (slug), so moving products from one value to another is one UPDATE: the
// statement triggers of product_counts and the generated search_text column follow it in the same
// transaction, so lists, facets and search agree with it at commit.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import type { TaxonomyItem, TaxonomyKind } from '../port';

type Db = Kysely<Database> | Transaction<Database>;

const TABLE = { brand: 'brands', category: 'categories' } as const;

/** Every brand or category in id order, with how many products (deleted ones included) use it. */
export async function listTaxonomy(db: Db, kind: TaxonomyKind): Promise<TaxonomyItem[]> {
  const { rows } = await sql<TaxonomyItem>`
    SELECT o.id, o.value, o.label, coalesce(c.n, 0)::int AS products
    FROM ${sql.table(TABLE[kind])} AS o
    LEFT JOIN (SELECT ${sql.ref(kind)} AS value, count(*) AS n FROM products GROUP BY ${sql.ref(kind)}) AS c ON c.value = o.value
    ORDER BY o.id`.execute(db);
  return rows;
}

/** Takes the table's write lock until `tx` ends: one taxonomy write at a time (their checks hold at commit). */
export async function lockTaxonomy(db: Transaction<Database>, kind: TaxonomyKind): Promise<void> {
  await sql`LOCK TABLE ${sql.table(TABLE[kind])} IN SHARE ROW EXCLUSIVE MODE`.execute(db);
}

export async function insertTaxonomy(db: Db, kind: TaxonomyKind, fields: { value: string; label: string }): Promise<TaxonomyItem> {
  const row = await db.insertInto(TABLE[kind]).values(fields).returning(['id', 'value', 'label']).executeTakeFirstOrThrow();
  return { ...row, products: 0 };
}

export async function updateTaxonomy(db: Db, kind: TaxonomyKind, id: number, fields: { value: string; label: string }): Promise<void> {
  await db.updateTable(TABLE[kind]).set(fields).where('id', '=', id).execute();
}

export async function deleteTaxonomy(db: Db, kind: TaxonomyKind, id: number): Promise<void> {
  await db.deleteFrom(TABLE[kind]).where('id', '=', id).execute();
}

/** Gives every product of value `from` the value `to`: the ids of those that moved, in id order. */
export async function moveProducts(db: Db, kind: TaxonomyKind, from: string, to: string): Promise<number[]> {
  const rows = await db.updateTable('products').set({ [kind]: to }).where(kind, '=', from).returning('id').execute();
  return rows.map((r) => r.id).sort((a, b) => a - b);
}
