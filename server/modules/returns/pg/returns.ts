// An order's returns (PgStore's returns part, pgReturns.ts). The order's row is locked for the
// whole change, then its lines' products in id order (as placeOrder and changeOrder lock them, so
// none of them waits on another in a circle): two returns of the same units, or a return and a
// status change of the order, never interleave.
import { sql, type Kysely } from 'kysely';
import type { Order } from '../../../../src/domain/types';
import type { AuditContext, OrderMail, ReturnChange } from '../../../db/port';
import type { VariantProduct } from '../../catalogue/variantTypes';
import { insertMail } from '../../mail/pg/outbox';
import { recordAudit } from '../../catalogue/pg/productWrites';
import { isId, orderFromRow, PRODUCT_COLUMNS, productFromRow } from '../../../db/rows';
import type { Database } from '../../../db/schema';
import { withVariants } from '../../catalogue/pg/variants';
import { moveVariantStock } from '../../catalogue/pg/variantStock';
import { alertsAfterStockMove } from '../../wishlist/pg/wishlist';

export async function changeReturns(
  db: Kysely<Database>,
  id: number,
  plan: (order: Order, products: readonly VariantProduct[]) => ReturnChange | Promise<ReturnChange>,
  audit: AuditContext,
  mail: OrderMail,
): Promise<Order | undefined> {
  if (!isId(id)) return undefined;
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) return undefined;
    // The plan sees the stored payment (its provider reference) whatever the row mapper carries.
    const withPayment = (r: typeof row): Order => ({ ...orderFromRow(r), ...(r.payment ? { payment: r.payment } : {}) });
    const order = withPayment(row);
    const ids = order.items.map((i) => i.product.id).filter(isId);
    const rows = await trx.selectFrom('products').select(PRODUCT_COLUMNS).where('id', '=', sql<number>`ANY(${ids}::int[])`).orderBy('id').forUpdate().execute();
    const change = await plan(order, await withVariants(trx, rows.map(productFromRow)));
    // The plan only puts stock back: a refusal here is a bug, not a 409.
    if (!(await moveVariantStock(trx, change.stock))) throw new Error(`changeReturns ${id}: the stock of a variant cannot change as planned`);
    // A received return may bring a sold-out variant back: its subscribers are mailed (wishlist.ts).
    const back = change.stock.filter((s) => s.delta > 0).map((s) => s.product);
    if (back.length > 0) await alertsAfterStockMove(trx, back, mail.at);
    const updated = await trx
      .updateTable('orders')
      .set({ returns: JSON.stringify(change.returns), ...(change.payment ? { payment: JSON.stringify(change.payment) } : {}) })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const after = withPayment(updated);
    await recordAudit(trx, audit, () => ({ entity: 'order', entityId: String(id), ...change.audit }));
    const owner = await trx.selectFrom('users').select('email').where('id', '=', after.user).executeTakeFirst();
    const message = owner && mail.message(after, owner.email);
    if (message) await insertMail(trx, message, mail.at);
    return after;
  });
}
