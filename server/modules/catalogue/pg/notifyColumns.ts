// A product's `notify` (which events the staff is mailed of) as its three columns (migration 0038).
import type { Updateable } from 'kysely';
import type { ProductNotify } from '../../../../src/domain/types';
import type { ProductsTable } from '../../../db/schema';

export const NOTIFY_COLUMNS = ['notify_review', 'notify_low_stock', 'notify_sold_out'] as const;

type NotifyRow = { notify_review: boolean; notify_low_stock: boolean; notify_sold_out: boolean };

export const notifyFromRow = (r: NotifyRow): ProductNotify => ({ review: r.notify_review, lowStock: r.notify_low_stock, soldOut: r.notify_sold_out });

/** The columns to SET for `notify` (none when undefined, or when it is what `before` has). */
export function notifyToRow(notify: ProductNotify | undefined, before?: ProductNotify): Updateable<ProductsTable> {
  if (!notify) return {};
  if (before && before.review === notify.review && before.lowStock === notify.lowStock && before.soldOut === notify.soldOut) return {};
  return { notify_review: notify.review, notify_low_stock: notify.lowStock, notify_sold_out: notify.soldOut };
}
