// The product import's writes (ProductWrites.import), made so that the embedded database, one
// connection that runs one transaction at a time, keeps answering shoppers while they are made:
//  1. the new products are added IMPORT_BATCH at a time, each batch in a transaction of its own
//     that also adds their ids to the import's row (import_jobs, migration 0045); between two
//     batches a turn of the event loop lets the requests that came in start, and their
//     statements run before the next batch's (the embedded driver hands its connection over in
//     the order asked);
//  2. one last transaction deletes the import's row (the import is done), changes the existing
//     products the file names (each locked, its listeners told: the wishlist's alerts; a product
//     the file leaves as it is tells no listener, records nothing and is counted unchanged) and
//     records every audit entry, in the file's order.
// All or nothing: when a batch or the last transaction fails (a SKU taken meanwhile, a product
// deleted meanwhile, the database lost), nothing of the last transaction is kept and the new
// products are deleted again, a batch at a time (undo). When the process stops mid-way, the
// import's row is left behind: the sweep deletes its products (server/index.ts runs it before
// listening; each import runs it first too, for an instance that stopped on a shared database).
// While an import runs, the new products it added so far are in the catalogue; they stay only
// when it finishes. Imports of one process run one after the other.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Product } from '../../../src/domain/types';
import type { AuditContext, CatalogueStore, ImportResult, ImportRow, LockedProduct, NewProduct, ProductChanges, Store, Tx, VariantProduct } from '../../db/port';
import { conflict } from '../../http/errors';
import type { AuditService } from '../backoffice/audit';
import { describeProduct } from '../backoffice/auditEntries';

/** New products one transaction of an import adds (or an undo deletes). */
export const IMPORT_BATCH = 50;
/** An import not heard of (no batch written) for this long was stopped: the sweep undoes it. */
export const IMPORT_IDLE_MS = 5 * 60_000;

/** An import or a bulk change names a product that does not exist: roll the transaction back. */
export class Missing extends Error {
  constructor(readonly ids: number[] = []) {
    super('missing products');
  }
}

/**
 * What an import needs of ProductWrites: a change of one product in `tx` (locked, listeners told,
 * audited: the product before, and after unless it changed nothing; undefined when there is no
 * such product), and a product as audited.
 */
export interface ImportWrites {
  update(tx: Tx, id: number, change: (product: LockedProduct) => ProductChanges, ctx: AuditContext | undefined): Promise<{ before: LockedProduct; after?: LockedProduct } | undefined>;
  audited(product: VariantProduct): Product | VariantProduct;
}

export class ProductImports {
  /** The imports of this process, one after the other. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: CatalogueStore & Pick<Store, 'transaction'>,
    private readonly audit: AuditService,
    private readonly writes: ImportWrites,
  ) {}

  /** Creates and updates products as one unit (see the header); `missing` (nothing changed) when an update names a product that does not exist. */
  run(rows: readonly ImportRow[], ctx: AuditContext): Promise<ImportResult> {
    const run = this.queue.then(() => this.importNow(rows, ctx));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Undoes the imports not heard of for `idleMs` (0: every one, as when this process alone uses the database): how many. */
  async sweep(idleMs = IMPORT_IDLE_MS): Promise<number> {
    const jobs = await this.store.idleImportJobs(idleMs);
    for (const job of jobs) await this.undo(job);
    return jobs.length;
  }

  private async importNow(rows: readonly ImportRow[], ctx: AuditContext): Promise<ImportResult> {
    await this.sweep();
    const job = await this.store.openImportJob();
    try {
      const added = await this.addNew(job, rows.flatMap((r) => (r.id === undefined ? [r.product] : [])));
      return await this.store.transaction((tx) => this.finish(tx, job, rows, added, ctx));
    } catch (error) {
      await this.undo(job);
      if (!(error instanceof Missing)) throw error;
      const ids = rows.flatMap((r) => (r.id === undefined ? [] : [r.id]));
      const found = new Set((await this.store.productsByIds(ids)).map((p) => p.id));
      return { missing: ids.filter((id) => !found.has(id)) };
    }
  }

  /** The new products, IMPORT_BATCH per transaction, each batch's ids kept in the import's row: the products as stored, in order. */
  private async addNew(job: number, products: readonly NewProduct[]): Promise<VariantProduct[]> {
    const added: VariantProduct[] = [];
    for (let i = 0; i < products.length; i += IMPORT_BATCH) {
      // Between two batches, the requests that came in meanwhile take the database first.
      const batch = products.slice(i, i + IMPORT_BATCH);
      added.push(
        ...(await this.store.transaction(async (tx) => {
          const stored = await this.store.insertProducts(tx, batch);
          if (!(await this.store.addToImportJob(tx, job, stored.map((p) => p.id)))) throw stopped();
          return stored;
        })),
      );
    }
    return added;
  }

  /** The last transaction: the import done, the existing products changed and every entry audited, in the file's order. */
  private async finish(tx: Tx, job: number, rows: readonly ImportRow[], added: readonly VariantProduct[], ctx: AuditContext): Promise<ImportResult> {
    if (!(await this.store.closeImportJob(tx, job))) throw stopped();
    const created = added.map((p) => p.id);
    const updated: number[] = [];
    const unchanged: number[] = [];
    // New products that follow each other are audited together, in the file's order.
    let next = 0;
    let news: VariantProduct[] = [];
    const auditNews = async () => {
      if (news.length > 0) await this.audit.recordAll(tx, ctx, news.map((p) => describeProduct(ctx, undefined, this.writes.audited(p))));
      news = [];
    };
    for (const row of rows) {
      if (row.id === undefined) {
        news.push(added[next++]);
        continue;
      }
      await auditNews();
      const written = await this.writes.update(tx, row.id, () => row.changes, ctx);
      if (!written) throw new Missing();
      (written.after ? updated : unchanged).push(row.id);
    }
    await auditNews();
    return { created, updated, unchanged };
  }

  /** Deletes the import's new products, IMPORT_BATCH per transaction, then its row. */
  private async undo(job: number): Promise<void> {
    while ((await this.store.undoImportBatch(job, IMPORT_BATCH)) > 0) await nextTurn();
  }
}

/** The import's row went: another instance's sweep took it for stopped (it was idle too long). */
const stopped = () => conflict('Nothing was imported: the import was stopped before it finished');
