// The offline test provider (the default: no network at run time). 4242 4242 4242 4242 and any
// other Luhn-valid number are approved; 4000 0000 0000 0002 is declined. It keeps what it did in
// memory (authorizations, captures, refunds, voids), so tests can observe them; it never logs or
// keeps a card's full number (only brand and last four).
import { randomBytes } from 'node:crypto';
import { cardBrand, luhn } from '../../../src/domain/card';
import type { CardInput, Cents } from '../../../src/domain/checkout';
import type { Authorization, PaymentProvider } from './service';

export const DECLINED_CARD = '4000000000000002';
export const APPROVED_CARD = '4242424242424242';
export const DECLINED_MESSAGE = 'Your card was declined. No order was placed; try another card or pay cash.';

export interface TestPayment {
  reference: string;
  brand: string;
  last4: string;
  authorized: Cents;
  captured: Cents;
  refunded: Cents;
  voided: boolean;
}

export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test';
  /** Every authorization, by reference, in the order made. */
  readonly payments = new Map<string, TestPayment>();
  /** Declined attempts (brand and last four only). */
  readonly declined: { brand: string; last4: string; amount: Cents }[] = [];

  async authorize(card: CardInput, amount: Cents): Promise<Authorization> {
    const digits = card.number.replace(/[\s-]/g, '');
    const brand = cardBrand(digits);
    const last4 = digits.slice(-4);
    if (digits === DECLINED_CARD || !luhn(digits) || !Number.isInteger(amount) || amount < 0) {
      this.declined.push({ brand, last4, amount });
      return { ok: false, message: DECLINED_MESSAGE };
    }
    const reference = `test_${randomBytes(12).toString('hex')}`;
    this.payments.set(reference, { reference, brand, last4, authorized: amount, captured: 0, refunded: 0, voided: false });
    return { ok: true, reference, brand, last4 };
  }

  private payment(reference: string): TestPayment {
    const payment = this.payments.get(reference);
    if (!payment) throw new Error(`Unknown payment reference ${reference}`);
    return payment;
  }

  async capture(reference: string, amount: Cents): Promise<void> {
    const payment = this.payment(reference);
    if (payment.voided) throw new Error(`Payment ${reference} was voided`);
    if (payment.captured + amount > payment.authorized) throw new Error(`Payment ${reference}: capture beyond the authorization`);
    payment.captured += amount;
  }

  async refund(reference: string, amount: Cents): Promise<void> {
    const payment = this.payment(reference);
    if (payment.refunded + amount > payment.captured) throw new Error(`Payment ${reference}: refund beyond what was captured`);
    payment.refunded += amount;
  }

  async void(reference: string): Promise<void> {
    const payment = this.payment(reference);
    if (payment.captured > 0) throw new Error(`Payment ${reference} was captured: refund it instead`);
    payment.voided = true;
  }
}
