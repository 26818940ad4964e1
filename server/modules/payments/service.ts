// The payment provider port: how the orders service takes a card's money. The shop never keeps a
// card's number: the provider answers a reference, and the order keeps only brand and last four.
// Amounts are integer cents (src/domain/checkout.ts).
import type { Cents, CardInput } from '../../../src/domain/checkout';

export type Authorization = { ok: true; reference: string; brand: string; last4: string } | { ok: false; message: string };

export interface PaymentProvider {
  readonly name: string;
  /** Holds `amount` on the card (nothing is taken yet), or says why the card was refused. */
  authorize(card: CardInput, amount: Cents): Promise<Authorization>;
  /** Takes (up to) the authorized amount. */
  capture(reference: string, amount: Cents): Promise<void>;
  /** Gives back a captured amount. */
  refund(reference: string, amount: Cents): Promise<void>;
  /** Releases an authorization that was never captured. */
  void(reference: string): Promise<void>;
}
