// The returns' part of the storage port (issue 26): an order's returns change as one atomic step
// with the order's payment, the stock they put back, the audit entry and the shopper's mail.
// Store (port.ts) extends it; the postgres adapter's part is postgres/pgReturns.ts.
import type { AuditEntry, Order, OrderReturn } from '../../../src/domain/types';
import type { Payment } from '../../../src/domain/checkout';
import type { AuditContext, OrderMail } from '../../db/records';
import type { VariantProduct } from '../catalogue/variantTypes';

/** A change of an order's returns, as the service's rules decide it (ReturnStore.changeReturns). */
export interface ReturnChange {
  /** The order's whole list of returns after the change. */
  returns: OrderReturn[];
  /** Stock to put back (positive), per variant of a product (never beyond what the store holds: the plan caps it). */
  stock: readonly { product: number; variant: number; delta: number }[];
  /** The order's payment after the change; absent = unchanged. */
  payment?: Payment;
  /** What the audit entry records of the return (entity 'order', the order's id). */
  audit: Pick<AuditEntry, 'before' | 'after'>;
}

export interface ReturnStore {
  /**
   * Changes the order's returns as one unit, with the order's row and the products of its lines
   * locked: `plan` (the service's rules; may await the payment provider, may throw) gets the
   * order and the current products of its lines (those that still exist) and answers the change;
   * the stock is put back, the returns and payment written, `audit` recorded and `mail`'s message
   * put in the outbox, in the same transaction. undefined when there is no such order; throws
   * what `plan` throws, with nothing changed.
   */
  changeReturns(
    order: number,
    plan: (order: Order, products: readonly VariantProduct[]) => ReturnChange | Promise<ReturnChange>,
    audit: AuditContext,
    mail: OrderMail,
  ): Promise<Order | undefined>;
}
