// The offline test provider (the default: no network at run time). 4242 4242 4242 4242 and any
// other Luhn-valid number are approved; 4000 0000 0000 0002 is declined. What it did is kept in the
// database (test_provider_operations, one row per idempotency key), so every instance on that
// database and a restarted process see the same authorizations, and a key it has seen is answered
// as the first time, without doing anything again. It never logs or keeps a card's full number
// (only brand and last four). `calls`, `references` and `declined` list what this instance was asked
// and did, for tests: the last REMEMBERED of each, so a server taking cards for months holds no
// more of them than a test does.
import { randomBytes } from 'node:crypto';
import { cardBrand, luhn } from '../../../src/domain/card';
import type { CardInput, Cents } from '../../../src/domain/checkout';
import type { Store, Tx } from '../../db/port';
import type { PaymentKind, PaymentStore, ProviderOperation } from './port';
import { PaymentRefused, type Authorization, type PaymentProvider } from './service';

export const DECLINED_CARD = '4000000000000002';
export const APPROVED_CARD = '4242424242424242';
export const DECLINED_MESSAGE = 'Your card was declined. No order was placed; try another card or pay cash.';

/** How many of its calls, references and declined attempts an instance keeps in memory (the last ones). */
export const REMEMBERED = 1000;

/** Adds `item` to `list`, the oldest going once it holds more than REMEMBERED. */
function remember<T>(list: T[], item: T): void {
  list.push(item);
  if (list.length > REMEMBERED) list.splice(0, list.length - REMEMBERED);
}

/** An authorization and what was done to it since. */
export interface TestPayment {
  reference: string;
  brand: string;
  last4: string;
  authorized: Cents;
  captured: Cents;
  refunded: Cents;
  voided: boolean;
}

/** One call this instance received. */
export interface ProviderCall {
  kind: PaymentKind;
  key: string;
  reference?: string;
  amount: Cents;
}

type Book = PaymentStore & Pick<Store, 'transaction'>;

function paymentOf(ops: readonly ProviderOperation[]): TestPayment | undefined {
  const auth = ops.find((o) => o.kind === 'authorization' && o.ok);
  if (!auth) return undefined;
  const sum = (kind: PaymentKind) => ops.filter((o) => o.kind === kind && o.ok).reduce((s, o) => s + o.amount, 0);
  const voided = ops.some((o) => o.kind === 'void' && o.ok);
  return { reference: auth.reference, brand: auth.brand ?? '', last4: auth.last4 ?? '', authorized: auth.amount, captured: sum('capture'), refunded: sum('refund'), voided };
}

/** Why `kind` of `amount` cannot be done to `payment` now (undefined: it can). */
function refusal(kind: PaymentKind, reference: string, amount: Cents, payment: TestPayment | undefined): string | undefined {
  if (!payment) return `Unknown payment reference ${reference}`;
  if (kind === 'capture') {
    if (payment.voided) return `Payment ${reference} was voided`;
    if (payment.captured + amount > payment.authorized) return `Payment ${reference}: capture beyond the authorization`;
  }
  if (kind === 'refund' && payment.refunded + amount > payment.captured) return `Payment ${reference}: refund beyond what was captured`;
  if (kind === 'void' && payment.captured > 0) return `Payment ${reference} was captured: refund it instead`;
  return undefined;
}

export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test';
  /** The calls this instance received, in order (idempotency keys included): the last REMEMBERED. */
  readonly calls: ProviderCall[] = [];
  /** Declined attempts of this instance (brand and last four only): the last REMEMBERED. */
  readonly declined: { brand: string; last4: string; amount: Cents }[] = [];

  /** References this instance authorized, in order (tests read them back with payment()): the last REMEMBERED. */
  readonly references: string[] = [];
  private bookOf?: Book;

  /** `book`: the database it keeps what it did in; buildServices attaches the shop's store when none is given. */
  constructor(
    book?: Book,
    private readonly now: () => number = Date.now,
  ) {
    this.bookOf = book;
  }

  /** Keeps what it does in `book` from now on (unless it has one already). */
  attach(book: Book): void {
    this.bookOf ??= book;
  }

  private get book(): Book {
    if (!this.bookOf) throw new Error('The test payment provider has no database to keep its payments in');
    return this.bookOf;
  }

  async authorize(card: CardInput, amount: Cents, key: string): Promise<Authorization> {
    remember(this.calls, { kind: 'authorization', key, amount });
    const digits = card.number.replace(/[\s-]/g, '');
    const brand = cardBrand(digits);
    const last4 = digits.slice(-4);
    const ok = !(digits === DECLINED_CARD || !luhn(digits) || !Number.isInteger(amount) || amount < 0);
    const op: ProviderOperation = {
      key,
      kind: 'authorization',
      reference: ok ? `test_${randomBytes(12).toString('hex')}` : '',
      amount: Number.isInteger(amount) && amount >= 0 ? amount : 0,
      ok,
      message: ok ? null : DECLINED_MESSAGE,
      brand,
      last4,
    };
    // One statement when the key is new (as it is but for a retry): kept, else the first answer under it.
    const done = await this.keep(undefined, op);
    if (!done.ok) {
      if (done === op) remember(this.declined, { brand, last4, amount });
      return { ok: false, message: done.message ?? DECLINED_MESSAGE };
    }
    if (!this.references.includes(done.reference)) remember(this.references, done.reference);
    return { ok: true, reference: done.reference, brand: done.brand ?? brand, last4: done.last4 ?? last4 };
  }

  /** Keeps `op`; the operation kept under its key first when another call kept one meanwhile. */
  private async keep(tx: Tx | undefined, op: ProviderOperation): Promise<ProviderOperation> {
    if (await this.book.addProviderOperation(tx, op, this.now())) return op;
    return (await this.book.providerOperation(tx, op.key))!;
  }

  /** Does `kind` to `reference` once per key, its operations one at a time; throws PaymentRefused when refused. */
  private async operate(kind: PaymentKind, reference: string, amount: Cents, key: string): Promise<void> {
    remember(this.calls, { kind, key, reference, amount });
    const done = await this.book.transaction(async (tx) => {
      await this.book.lockProviderReference(tx, reference);
      const earlier = await this.book.providerOperation(tx, key);
      if (earlier) return earlier;
      const why = refusal(kind, reference, amount, paymentOf(await this.book.providerOperations(tx, reference)));
      return this.keep(tx, { key, kind, reference, amount, ok: why === undefined, message: why ?? null, brand: null, last4: null });
    });
    if (done.kind !== kind || done.reference !== reference) throw new PaymentRefused(`Idempotency key ${key} was used for another operation`);
    if (!done.ok) throw new PaymentRefused(done.message ?? 'Refused');
  }

  capture(reference: string, amount: Cents, key: string): Promise<void> {
    return this.operate('capture', reference, amount, key);
  }

  refund(reference: string, amount: Cents, key: string): Promise<void> {
    return this.operate('refund', reference, amount, key);
  }

  void(reference: string, key: string): Promise<void> {
    return this.operate('void', reference, 0, key);
  }

  /** The authorization `reference` as the database holds it now (tests). */
  payment(reference: string): Promise<TestPayment | undefined> {
    return this.book.transaction(async (tx) => paymentOf(await this.book.providerOperations(tx, reference)));
  }

  /** What became of the authorizations this instance made (its last REMEMBERED), in order (tests). */
  async all(): Promise<TestPayment[]> {
    const found = await Promise.all(this.references.map((r) => this.payment(r)));
    return found.filter((p): p is TestPayment => p !== undefined);
  }

  /** How many operations were done under `key` (0 or 1: tests). */
  async operationsUnder(key: string): Promise<number> {
    return (await this.book.transaction((tx) => this.book.providerOperation(tx, key))) ? 1 : 0;
  }
}
