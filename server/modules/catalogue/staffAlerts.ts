// The events of a product its staff may be mailed of (the product's `notify`): a new review, and a
// sale that takes a variant's stock to its low-stock threshold or below, or to 0. The catalogue
// tells `onStaffAlert` listeners in the transaction of the change (server/modules/index.ts has the
// mail module put the message in the outbox); it sends nothing itself.
//
// Stock: `lockProducts` reads each product's `notify` and threshold with its variants' stock in one
// statement, and remembers them for its transaction; `takeStock` and `moveStock` then compare each
// variant's stock before and after. A crossing is one event: the stock going from above the
// threshold to at or below it (the back office's low-stock list counts a variant at or below it),
// or from above 0 to 0. Later sales while it stays low tell nothing; stock given back (a cancel, a
// return, an admin's write) and sold again crosses again. A sale that sells a variant out tells
// `soldOut` when the product asks for it, else `lowStock` if it crossed the threshold too.
import type { ProductNotify, Review } from '../../../src/domain/types';
import { DEFAULT_LOW_STOCK_THRESHOLD } from '../../../src/domain/productFields';
import type { Tx } from '../../db/tx';
import type { LockedProduct, VariantProduct } from './variantTypes';

/** The product an alert is of: its id and title, and the variant's SKU and options when the product has options. */
export interface AlertProduct {
  id: number;
  title: string;
  variant?: { id: number; sku: string; options: Record<string, string> };
}

export type StaffAlert =
  | { kind: 'review'; product: AlertProduct; review: Review }
  | { kind: 'lowStock' | 'soldOut'; product: AlertProduct; stock: number; threshold: number };

/** Told of each staff alert, inside the transaction of its change (a listener that throws rolls it back). */
export type StaffAlertListener = (tx: Tx, alert: StaffAlert, at: number) => Promise<void>;

/** A locked variant as the watch remembers it: its product's settings and its stock now. */
interface Watched {
  product: AlertProduct;
  notify: ProductNotify;
  threshold: number;
  stock: number;
}

/** A product write's review alert: `after` has one review more than `before` (a shopper's new review, the last). */
export function reviewAlert(before: LockedProduct, after: VariantProduct): StaffAlert | undefined {
  if (!before.notify.review || after.reviews.length <= before.reviews.length) return undefined;
  return { kind: 'review', product: { id: after.id, title: after.title }, review: after.reviews[after.reviews.length - 1] };
}

/** The stock of the variants locked in each transaction, to compare with after a take or a move. */
export class StockWatch {
  private readonly locked = new WeakMap<Tx, Map<number, Watched>>();

  /** Remembers the locked products' variants (their stock as read under the lock). */
  remember(tx: Tx, products: readonly LockedProduct[]): void {
    let variants = this.locked.get(tx);
    if (!variants) this.locked.set(tx, (variants = new Map()));
    for (const p of products) {
      const threshold = p.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD;
      for (const v of p.variants) {
        const product: AlertProduct = { id: p.id, title: p.title, ...(p.options.length > 0 ? { variant: { id: v.id, sku: v.sku, options: v.options } } : {}) };
        variants.set(v.id, { product, notify: p.notify, threshold, stock: v.stock });
      }
    }
  }

  /** The alerts of the stock moves done in `tx` (deltas of one variant summed); the remembered stock follows. */
  moved(tx: Tx, moves: readonly { variant: number; delta: number }[]): StaffAlert[] {
    const variants = this.locked.get(tx);
    if (!variants) return [];
    const sums = new Map<number, number>();
    for (const m of moves) sums.set(m.variant, (sums.get(m.variant) ?? 0) + m.delta);
    const alerts: StaffAlert[] = [];
    for (const [id, delta] of sums) {
      const watched = variants.get(id);
      if (!watched) continue;
      const before = watched.stock;
      const stock = Math.max(0, before + delta);
      watched.stock = stock;
      if (delta >= 0) continue;
      const { product, notify, threshold } = watched;
      const soldOut = before > 0 && stock === 0;
      const low = before > threshold && stock <= threshold;
      if (soldOut && notify.soldOut) alerts.push({ kind: 'soldOut', product, stock, threshold });
      else if (low && notify.lowStock) alerts.push({ kind: 'lowStock', product, stock, threshold });
    }
    return alerts;
  }
}
