// The product imports under way (migration 0045): an import's row holds the ids of the products
// it added so far, each batch's ids added in that batch's transaction; its last transaction
// deletes the row. Undoing an import that did not finish deletes its products a batch at a time
// (their variants, cart lines and saved items go with them) and then its row.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema';

/** A new import's row: its id. */
export async function openImportJob(db: Kysely<Database>): Promise<number> {
  return (await db.insertInto('import_jobs').defaultValues().returning('id').executeTakeFirstOrThrow()).id;
}

/** Adds `ids` to the import's products, in `trx` (the batch that added them): false when the import's row is gone (undone). */
export async function addToImportJob(trx: Transaction<Database>, job: number, ids: readonly number[]): Promise<boolean> {
  const row = await trx
    .updateTable('import_jobs')
    .set({ products: sql<number[]>`products || ${[...ids]}::int[]`, touched_at: sql<Date>`now()` })
    .where('id', '=', job)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes the import's row, in `trx` (the import's last transaction): false when it is gone (undone meanwhile). */
export async function closeImportJob(trx: Transaction<Database>, job: number): Promise<boolean> {
  return (await trx.deleteFrom('import_jobs').where('id', '=', job).returning('id').executeTakeFirst()) !== undefined;
}

/** The imports whose row was last touched more than `idleMs` ago (0: every one), oldest first. */
export async function idleImportJobs(db: Kysely<Database>, idleMs: number): Promise<number[]> {
  const rows = await db
    .selectFrom('import_jobs')
    .select('id')
    .where('touched_at', '<=', sql<Date>`now() - make_interval(secs => ${idleMs / 1000})`)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Deletes up to `batch` of the import's products and forgets them, in one transaction (the row
 * locked, so two undoers take turns); the row itself once none is left. How many are left
 * (0: the import is undone, or was not there).
 */
export async function undoImportBatch(db: Kysely<Database>, job: number, batch: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('import_jobs').select('products').where('id', '=', job).forUpdate().executeTakeFirst();
    if (!row) return 0;
    const [now, later] = [row.products.slice(0, batch), row.products.slice(batch)];
    if (now.length > 0) await trx.deleteFrom('products').where('id', '=', sql<number>`ANY(${now}::int[])`).execute();
    if (later.length === 0) await trx.deleteFrom('import_jobs').where('id', '=', job).execute();
    else await trx.updateTable('import_jobs').set({ products: later, touched_at: sql<Date>`now()` }).where('id', '=', job).execute();
    return later.length;
  });
}
