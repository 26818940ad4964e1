// Products by id and the admin's product writes (create, change, import), each in one transaction
// with its audit entry (PgStore delegates here).
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Product } from '../../../src/domain/types';
import { auditEntry, describeProduct } from '../audit';
import type { AuditContext, ImportResult, ImportRow } from '../port';
import { auditToRow, isId, PRODUCT_COLUMNS, productChangesToRow, productFromRow, productToRow, withoutId } from './rows';
import type { Database } from './schema';

type Db = Kysely<Database> | Transaction<Database>;

/** An import names a product that does not exist: roll the transaction back. */
class Missing extends Error {}

export async function productById(db: Db, id: number): Promise<Product | undefined> {
  if (!isId(id)) return undefined;
  const row = await db.selectFrom('products').select(PRODUCT_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && productFromRow(row);
}

export async function productsByIds(db: Db, ids: readonly number[]): Promise<Product[]> {
  const wanted = [...new Set(ids.filter(isId))];
  if (wanted.length === 0) return [];
  const rows = await db.selectFrom('products').select(PRODUCT_COLUMNS).where('id', '=', sql<number>`ANY(${wanted}::int[])`).execute();
  return rows.map(productFromRow);
}

/** Records an admin write's audit entry inside its transaction (nothing without a context). */
export async function recordAudit(trx: Db, ctx: AuditContext | undefined, describe: () => Parameters<typeof auditEntry>[1] | undefined): Promise<void> {
  const described = ctx && describe();
  if (!ctx || !described) return;
  await trx.insertInto('audit').values(withoutId(auditToRow({ id: 0, ...auditEntry(ctx, described) }))).execute();
}

async function insertProduct(trx: Db, product: Omit<Product, 'id'>, audit: AuditContext | undefined): Promise<Product> {
  const row = withoutId(productToRow({ id: 0, ...product }));
  const created = productFromRow(await trx.insertInto('products').values(row).returning(PRODUCT_COLUMNS).executeTakeFirstOrThrow());
  await recordAudit(trx, audit, () => describeProduct(audit!, undefined, created));
  return created;
}

/** Locks the product, changes it with `change`, records the audit entry; in `trx`. */
async function changeProduct(
  trx: Db,
  id: number,
  change: (product: Product) => Partial<Omit<Product, 'id'>>,
  audit: AuditContext | undefined,
): Promise<Product | undefined> {
  const row = await trx.selectFrom('products').select(PRODUCT_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) return undefined;
  const before = productFromRow(row);
  const set = productChangesToRow(change(before));
  if (Object.keys(set).length === 0) return before;
  const after = productFromRow(await trx.updateTable('products').set(set).where('id', '=', id).returning(PRODUCT_COLUMNS).executeTakeFirstOrThrow());
  await recordAudit(trx, audit, () => describeProduct(audit!, before, after));
  return after;
}

export function createProduct(db: Kysely<Database>, product: Omit<Product, 'id'>, audit?: AuditContext): Promise<Product> {
  return db.transaction().execute((trx) => insertProduct(trx, product, audit));
}

export async function updateProductWith(
  db: Kysely<Database>,
  id: number,
  change: (product: Product) => Partial<Omit<Product, 'id'>>,
  audit?: AuditContext,
): Promise<Product | undefined> {
  if (!isId(id)) return undefined;
  return db.transaction().execute((trx) => changeProduct(trx, id, change, audit));
}

/** All rows or none: a row naming a product that does not exist rolls the import back. */
export async function importProducts(db: Kysely<Database>, rows: readonly ImportRow[], audit: AuditContext): Promise<ImportResult> {
  const ids = rows.flatMap((r) => (r.id === undefined ? [] : [r.id]));
  try {
    return await db.transaction().execute(async (trx) => {
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
    });
  } catch (error) {
    if (!(error instanceof Missing)) throw error;
    const found = new Set((await productsByIds(db, ids)).map((p) => p.id));
    return { missing: ids.filter((id) => !found.has(id)) };
  }
}
