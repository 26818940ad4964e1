// The returns' part of the postgres adapter (server/modules/returns/port.ts): a mixin over PgBase,
// like every part of PgStore; the SQL is in returns.ts.
import type { Order } from '../../../../src/domain/types';
import type { AuditContext, OrderMail, ReturnChange } from '../../../db/port';
import type { VariantProduct } from '../../catalogue/variantTypes';
import type { PgClass } from '../../../db/pgBase';
import * as returns from './returns';

export function withReturns<T extends PgClass>(Base: T) {
  return class PgReturns extends Base {
    changeReturns(
      order: number,
      plan: (order: Order, products: readonly VariantProduct[]) => ReturnChange | Promise<ReturnChange>,
      audit: AuditContext,
      mail: OrderMail,
    ): Promise<Order | undefined> {
      return returns.changeReturns(this.db, order, plan, audit, mail);
    }
  };
}
