// The payments' part of the storage port: an order's card payment records (each authorization,
// capture, void and refund, amounts in cents) and the offline test provider's book of what it did.
// The rules (when a record is written, what the provider is asked) are PaymentService's and the
// test provider's; the store only stores.
import type { Cents } from '../../../src/domain/checkout';
import type { Tx } from '../../db/tx';

export type PaymentKind = 'authorization' | 'capture' | 'void' | 'refund';
export type PaymentState = 'pending' | 'succeeded' | 'failed';

/** One payment record of an order. */
export interface PaymentRecord {
  id: number;
  order: number;
  kind: PaymentKind;
  amount: Cents;
  /** The provider's reference of the authorization this record is about (null: not known yet). */
  reference: string | null;
  /** What the provider is called with: the same key is the same operation. */
  key: string;
  state: PaymentState;
  /** The return a refund gives back (null: a cancel's, or not a refund). */
  returnId: number | null;
  /** Why it failed. */
  message: string | null;
  /** ISO time it was recorded. */
  createdAt: string;
}

export type NewPaymentRecord = Omit<PaymentRecord, 'id' | 'createdAt' | 'message'> & { at: number };

/** What the test provider did under one idempotency key (its answer, to give again). */
export interface ProviderOperation {
  key: string;
  kind: PaymentKind;
  reference: string;
  amount: Cents;
  ok: boolean;
  message: string | null;
  brand: string | null;
  last4: string | null;
}

export interface PaymentStore {
  /**
   * Records `record`; undefined (nothing written) when its order has a pending record already
   * (one operation under way per order).
   */
  addPayment(tx: Tx, record: NewPaymentRecord): Promise<PaymentRecord | undefined>;
  /** The order's records, oldest first (in `tx` when given). */
  paymentsOf(order: number, tx?: Tx): Promise<PaymentRecord[]>;
  /** Pending records, oldest first, at most `limit` (the sweep at start). */
  pendingPayments(limit: number): Promise<PaymentRecord[]>;
  /** Settles a pending record with the provider's answer; undefined when it is not pending (settled already). */
  settlePayment(id: number, state: Exclude<PaymentState, 'pending'>, message: string | null, at: number): Promise<PaymentRecord | undefined>;

  // The offline test provider's book (testProvider.ts).
  /** Holds the provider's lock on `reference` until `tx` ends (its operations one at a time). */
  lockProviderReference(tx: Tx, reference: string): Promise<void>;
  /** What the provider did under `key`, if anything (in `tx`, else on its own). */
  providerOperation(tx: Tx | undefined, key: string): Promise<ProviderOperation | undefined>;
  /** Everything it did to the authorization `reference`, oldest first. */
  providerOperations(tx: Tx, reference: string): Promise<ProviderOperation[]>;
  /** Keeps what it did under a key (in `tx`, else on its own); false when that key was taken meanwhile (nothing written). */
  addProviderOperation(tx: Tx | undefined, operation: ProviderOperation, at: number): Promise<boolean>;
}
