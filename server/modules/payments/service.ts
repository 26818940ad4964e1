// Card payments: the provider's port (authorize at placing, capture at dispatch, void or refund
// when cancelled or returned; amounts in integer cents, src/domain/checkout.ts) and PaymentService,
// which keeps each operation as a record (port.ts) and calls the provider outside any transaction:
// the intent is committed (pending, with a fresh idempotency key), then the provider is called with
// that key, then its answer is recorded. A pending record is finished (settle) by a retry of the
// same action, on any instance, or by the sweep at start, with the same key: the provider treats a
// key it has seen as the same operation, so nothing is taken or given back twice. The shop never
// keeps a card's number: the provider answers a reference, the order keeps brand and last four.
import { randomBytes } from 'node:crypto';
import type { Cents, CardInput } from '../../../src/domain/checkout';
import type { Store, Tx } from '../../db/port';
import type { PaymentKind, PaymentRecord, PaymentStore } from './port';
import { Signal } from '../../signal';

export type Authorization = { ok: true; reference: string; brand: string; last4: string } | { ok: false; message: string };

/** The provider's definite "no" (the operation was not done, and never will be under this key). Any other error: the outcome is unknown. */
export class PaymentRefused extends Error {}

export interface PaymentProvider {
  readonly name: string;
  /** Holds `amount` on the card (nothing is taken yet), or says why the card was refused. */
  authorize(card: CardInput, amount: Cents, key: string): Promise<Authorization>;
  /** Takes (up to) the authorized amount. */
  capture(reference: string, amount: Cents, key: string): Promise<void>;
  /** Gives back a captured amount. */
  refund(reference: string, amount: Cents, key: string): Promise<void>;
  /** Releases an authorization that was never captured. */
  void(reference: string, key: string): Promise<void>;
}

/** A capture, void or refund an order's change asks for. */
export interface MoneyMove {
  kind: Exclude<PaymentKind, 'authorization'>;
  reference: string;
  amount: Cents;
  /** The return a refund gives back. */
  returnId?: number;
}

/** Pending records the sweep at start finishes per round. */
const SWEEP_BATCH = 100;

/** A card the provider refused when an order was placed (no card details: the amount in cents and the provider's reason). */
export interface Declined {
  user: number;
  amount: Cents;
  message: string;
}

export class PaymentService {
  /** Told of each card the provider refuses at placing: the operations module counts and logs them. */
  readonly declined = new Signal<Declined>();

  constructor(
    private readonly store: PaymentStore & Pick<Store, 'transaction'>,
    readonly provider: PaymentProvider,
    private readonly now: () => number,
  ) {}

  /** A fresh idempotency key for one operation of `order`. */
  newKey(order: number | string, kind: PaymentKind): string {
    return `order${order}_${kind}_${randomBytes(12).toString('hex')}`;
  }

  /** The order's records, oldest first (in `tx`, after its order's row was locked). */
  recordsOf(order: number, tx?: Tx): Promise<PaymentRecord[]> {
    return this.store.paymentsOf(order, tx);
  }

  /** Records in `tx` the authorization the provider gave under `key` before the order existed (placing). */
  async recordAuthorization(tx: Tx, order: number, amount: Cents, reference: string, key: string): Promise<void> {
    await this.store.addPayment(tx, { order, kind: 'authorization', amount, reference, key, state: 'succeeded', returnId: null, at: this.now() });
  }

  /** Records the intent of `move` in `tx` (pending, fresh key); undefined when the order has an operation under way. */
  intend(tx: Tx, order: number, move: MoneyMove): Promise<PaymentRecord | undefined> {
    const { kind, reference, amount, returnId } = move;
    return this.store.addPayment(tx, { order, kind, amount, reference, key: this.newKey(order, kind), state: 'pending', returnId: returnId ?? null, at: this.now() });
  }

  /**
   * Calls the provider for a pending record with its key and records the answer: succeeded, or
   * failed when the provider refused; still pending when the outcome is unknown (it threw
   * something else, or was not reached): the next settle asks again with the same key.
   */
  async complete(record: PaymentRecord): Promise<PaymentRecord> {
    if (record.state !== 'pending') return record;
    const { provider } = this;
    try {
      if (!record.reference) throw new PaymentRefused('No authorization to move money on');
      if (record.kind === 'capture') await provider.capture(record.reference, record.amount, record.key);
      else if (record.kind === 'refund') await provider.refund(record.reference, record.amount, record.key);
      else if (record.kind === 'void') await provider.void(record.reference, record.key);
      else throw new PaymentRefused('An authorization is only made while placing');
    } catch (error) {
      if (!(error instanceof PaymentRefused)) return record;
      return this.settled(record, 'failed', error.message);
    }
    return this.settled(record, 'succeeded', null);
  }

  private async settled(record: PaymentRecord, state: 'succeeded' | 'failed', message: string | null): Promise<PaymentRecord> {
    const done = await this.store.settlePayment(record.id, state, message, this.now());
    // Settled meanwhile (another instance finished it with the same key: the same answer).
    return done ?? (await this.store.paymentsOf(record.order)).find((r) => r.id === record.id) ?? record;
  }

  /** Finishes the order's pending records; true when none is left pending (the provider answered). */
  async settle(order: number): Promise<boolean> {
    const pending = (await this.store.paymentsOf(order)).filter((r) => r.state === 'pending');
    let settled = true;
    for (const record of pending) if ((await this.complete(record)).state === 'pending') settled = false;
    return settled;
  }

  /** The sweep at start: finishes every pending record it can; the orders whose records it settled. */
  async sweep(): Promise<number[]> {
    const orders = new Set<number>();
    const seen = new Set<number>();
    for (;;) {
      const batch = (await this.store.pendingPayments(SWEEP_BATCH + seen.size)).filter((r) => !seen.has(r.id));
      if (batch.length === 0) return [...orders];
      for (const record of batch) {
        seen.add(record.id);
        if ((await this.complete(record)).state !== 'pending') orders.add(record.order);
      }
    }
  }
}
