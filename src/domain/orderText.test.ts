import { describe, expect, it } from 'vitest';
import type { Payment } from './checkout';
import { paymentText } from './orderText';

const card = (status: Payment['status'], refunded = 0): Payment => ({ method: 'card', status, refunded, brand: 'Visa', last4: '4242' });
const cash = (status: Payment['status'], refunded = 0): Payment => ({ method: 'cash', status, refunded });

describe('paymentText: the payment follows the money', () => {
  it('words every status of a card, a partial refund with what was given back of what was paid', () => {
    expect(paymentText(card('pending'), 50)).toBe('Card •••• 4242 (Visa) — Processing');
    expect(paymentText(card('authorized'), 50)).toBe('Card •••• 4242 (Visa) — Authorized, not charged yet');
    expect(paymentText(card('paid'), 50)).toBe('Card •••• 4242 (Visa) — Paid');
    expect(paymentText(card('partially_refunded', 12), 50)).toBe('Card •••• 4242 (Visa) — Refunded $12.00 of $50.00');
    expect(paymentText(card('refunded', 50), 50)).toBe('Card •••• 4242 (Visa) — Refunded');
    expect(paymentText(card('voided'), 50)).toBe('Card •••• 4242 (Visa) — Released, not charged');
    expect(paymentText(card('failed'), 50)).toBe('Card •••• 4242 (Visa) — Payment failed');
    expect(paymentText({ method: 'card', status: 'refunded' }, 50)).toBe('Card — Refunded');
  });

  it('words cash: not paid until the door, then paid, refunded in part or whole', () => {
    expect(paymentText(cash('pending'), 80)).toBe('Cash on delivery — Not paid yet');
    // A cancelled order owes nothing: none was taken, none is due.
    expect(paymentText(cash('pending'), 80, true)).toBe('Cash on delivery — Nothing collected');
    expect(paymentText(cash('paid'), 80)).toBe('Cash on delivery — Paid');
    expect(paymentText(cash('partially_refunded', 20.5), 1280)).toBe('Cash on delivery — Refunded $20.50 of $1,280.00');
    expect(paymentText(cash('refunded', 80), 80)).toBe('Cash on delivery — Refunded');
  });
});
