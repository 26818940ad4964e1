// The payments part of the postgres adapter (server/modules/payments/port.ts): payment records and
// the test provider's book (payments.ts). A mixin over PgBase, like every part of PgStore.
import type { NewPaymentRecord, PaymentRecord, PaymentState, ProviderOperation } from '../port';
import { trxOf, type PgClass } from '../../../db/pgBase';
import type { Tx } from '../../../db/tx';
import * as payments from './payments';

export function withPayments<T extends PgClass>(Base: T) {
  return class PgPayments extends Base {
    addPayment(tx: Tx, record: NewPaymentRecord): Promise<PaymentRecord | undefined> {
      return payments.addPayment(trxOf(tx), record);
    }
    paymentsOf(order: number, tx?: Tx): Promise<PaymentRecord[]> {
      return payments.paymentsOf(tx ? trxOf(tx) : this.db, order);
    }
    pendingPayments(limit: number): Promise<PaymentRecord[]> {
      return payments.pendingPayments(this.db, limit);
    }
    settlePayment(id: number, state: Exclude<PaymentState, 'pending'>, message: string | null, at: number): Promise<PaymentRecord | undefined> {
      return payments.settlePayment(this.db, id, state, message, at);
    }
    lockProviderReference(tx: Tx, reference: string): Promise<void> {
      return payments.lockProviderReference(trxOf(tx), reference);
    }
    providerOperation(tx: Tx | undefined, key: string): Promise<ProviderOperation | undefined> {
      return payments.providerOperation(tx ? trxOf(tx) : this.db, key);
    }
    providerOperations(tx: Tx, reference: string): Promise<ProviderOperation[]> {
      return payments.providerOperations(trxOf(tx), reference);
    }
    addProviderOperation(tx: Tx | undefined, operation: ProviderOperation, at: number): Promise<boolean> {
      return payments.addProviderOperation(tx ? trxOf(tx) : this.db, operation, at);
    }
  };
}
