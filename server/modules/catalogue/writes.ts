// The admin's product writes (create, change, import) and the reviews' changes, each in one
// transaction opened here: the product written through the catalogue's part of the port, the
// listeners told of a changed product (the wishlist's alerts and the product.updated webhook,
// wired by server/modules/index.ts; never for a write that left the product as it was), and the
// audit entry recorded through the AuditService, all in that transaction.
import type { Product } from '../../../src/domain/types';
import type { AuditContext, CatalogueStore, ImportResult, ImportRow, LockedProduct, NewProduct, ProductChanges, Store, Tx, VariantProduct } from '../../db/port';
import { NOTIFY_OFF } from './variantTypes';
import { reviewAlert, type StaffAlert, type StaffAlertListener } from './staffAlerts';
import type { AuditService } from '../backoffice/audit';
import { changedFields, describeProduct } from '../backoffice/auditEntries';
import { Missing, ProductImports } from './importJobs';

/** Products tellChanged reads at once. */
const TELL_BATCH = 500;

/** Told of every change of an existing product, in its transaction, with the product as it is after the write. */
export type ProductListener = (tx: Tx, product: VariantProduct, at: number) => Promise<void>;


/**
 * A product as its audit entry records it: with its options and variants, unless it has no
 * options and one variant at its own price (then `stock` says all there is to say of it).
 */
function audited(p: VariantProduct): Product | VariantProduct {
  const [only] = p.variants;
  if (p.options.length > 0 || p.variants.length !== 1 || only.price !== null || only.discountPercentage !== null) return p;
  const { options: _options, variants: _variants, ...fields } = p;
  void _options;
  void _variants;
  return fields;
}

/** Both sides of a change as recorded: stripped of their variants only when both are plain. */
function auditedPair(before: VariantProduct, after: VariantProduct): [Product, Product] {
  const [a, b] = [audited(before), audited(after)];
  return a !== before && b !== after ? [a, b] : [before, after];
}

export class ProductWrites {
  private readonly listeners: ProductListener[] = [];
  private readonly staff: StaffAlertListener[] = [];
  private readonly imports: ProductImports;

  constructor(
    private readonly store: CatalogueStore & Pick<Store, 'transaction'>,
    private readonly audit: AuditService,
    private readonly now: () => number,
  ) {
    this.imports = new ProductImports(store, audit, { update: (tx, id, change, ctx) => this.lockAndWrite(tx, id, change, ctx), audited });
  }

  /** Calls `listener` after every change of an existing product, inside its transaction, before its audit entry. */
  onChange(listener: ProductListener): void {
    this.listeners.push(listener);
  }

  /** Calls `listener` with each staff alert (staffAlerts.ts), inside the transaction of its change. */
  onStaffAlert(listener: StaffAlertListener): void {
    this.staff.push(listener);
  }

  /** Tells the staff alert listeners of `alerts`, in `tx`. */
  async tellStaff(tx: Tx, alerts: readonly StaffAlert[], at: number): Promise<void> {
    for (const alert of alerts) for (const listener of this.staff) await listener(tx, alert, at);
  }

  /**
   * Tells the listeners of the products `ids`, which another write of this module changed in `tx`
   * (a brand's or a category's new value, taxonomy.ts), as a product write would: each product as
   * it is now in `tx`, in id order, read TELL_BATCH at a time.
   */
  async tellChanged(tx: Tx, ids: readonly number[], at: number): Promise<void> {
    for (let i = 0; i < ids.length; i += TELL_BATCH) {
      const products = (await this.store.productsByIds(ids.slice(i, i + TELL_BATCH), tx)).sort((a, b) => a.id - b.id);
      for (const product of products) for (const listener of this.listeners) await listener(tx, product, at);
    }
  }

  /** Adds the product, audited: the product as stored. */
  create(product: NewProduct, ctx?: AuditContext): Promise<LockedProduct> {
    return this.store.transaction((tx) => this.insert(tx, product, ctx));
  }

  /**
   * Sets the fields `change` computes from the product as it is (locked: no other write to it in
   * between; what `change` throws is thrown, with nothing changed), audited; undefined when there
   * is no such product.
   */
  change(id: number, change: (product: LockedProduct) => ProductChanges, ctx?: AuditContext): Promise<LockedProduct | undefined> {
    return this.store.transaction((tx) => this.update(tx, id, change, ctx));
  }

  /**
   * Sets the fields `change` computes on each of the products `ids` as one unit (all locked first,
   * in id order), each audited as a single write: the ids changed and those left as they were
   * (`change` answered undefined, or changed nothing); `missing` (and nothing changed) when one of
   * them does not exist.
   */
  async changeAll(
    ids: readonly number[],
    change: (product: VariantProduct) => ProductChanges | undefined,
    ctx: AuditContext,
  ): Promise<{ changed: number[]; unchanged: number[] } | { missing: number[] }> {
    try {
      return await this.store.transaction(async (tx) => {
        const locked = await this.store.lockProducts(tx, ids);
        const found = new Set(locked.map((p) => p.id));
        const missing = ids.filter((id) => !found.has(id));
        if (missing.length > 0) throw new Missing(missing.sort((a, b) => a - b));
        const changed: number[] = [];
        const unchanged: number[] = [];
        for (const before of locked) {
          const changes = change(before);
          ((changes && (await this.write(tx, before, () => changes, ctx))) ? changed : unchanged).push(before.id);
        }
        return { changed, unchanged };
      });
    } catch (error) {
      if (error instanceof Missing) return { missing: error.ids };
      throw error;
    }
  }

  /**
   * Creates and updates products as one unit, one audit entry each, in batches the embedded
   * database serves other requests between (importJobs.ts); `missing` (and nothing changed) when
   * an update names a product that does not exist.
   */
  import(rows: readonly ImportRow[], ctx: AuditContext): Promise<ImportResult> {
    return this.imports.run(rows, ctx);
  }

  /** Undoes the imports that did not finish, not heard of for `idleMs` (importJobs.ts): how many. */
  sweepImports(idleMs?: number): Promise<number> {
    return this.imports.sweep(idleMs);
  }

  private async insert(tx: Tx, product: NewProduct, ctx: AuditContext | undefined): Promise<LockedProduct> {
    const created = { ...(await this.store.insertProduct(tx, product)), notify: product.notify ?? NOTIFY_OFF };
    await this.audit.record(tx, ctx, ctx && describeProduct(ctx, undefined, audited(created)));
    return created;
  }

  /** Locks the product, writes what `change` computes, tells the listeners and records the audit entry; in `tx`. */
  private async update(tx: Tx, id: number, change: (product: LockedProduct) => ProductChanges, ctx: AuditContext | undefined): Promise<LockedProduct | undefined> {
    const written = await this.lockAndWrite(tx, id, change, ctx);
    return written && (written.after ?? written.before);
  }

  /** As update: the product before and after (none when the write changed nothing); undefined when there is no such product. */
  private async lockAndWrite(tx: Tx, id: number, change: (product: LockedProduct) => ProductChanges, ctx: AuditContext | undefined) {
    const [before] = await this.store.lockProducts(tx, [id]);
    return before && { before, after: await this.write(tx, before, change, ctx) };
  }

  /**
   * Writes what `change` computes of `before` (locked in `tx`), tells the listeners, records the
   * audit entry: the product after; undefined when nothing changed (a write of the values the
   * product has: no listener is told, nothing is recorded).
   */
  private async write(tx: Tx, before: LockedProduct, change: (product: LockedProduct) => ProductChanges, ctx: AuditContext | undefined): Promise<LockedProduct | undefined> {
    const changes = change(before);
    const written = await this.store.updateProduct(tx, before, changes);
    if (!written) return undefined;
    const after: LockedProduct = { ...written, notify: changes.notify ?? before.notify };
    if (Object.keys(changedFields(before as never, after as never).after).length === 0) return undefined;
    const at = ctx?.at ?? this.now();
    // The listeners see the product as written, its row locked until this transaction ends.
    for (const listener of this.listeners) await listener(tx, after, at);
    const review = reviewAlert(before, after);
    if (review) await this.tellStaff(tx, [review], at);
    await this.audit.record(tx, ctx, ctx && describeProduct(ctx, ...auditedPair(before, after)));
    return after;
  }
}
