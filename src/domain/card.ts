// A payment card as the shopper types it: checked the same way by the card form and by the
// server (POST /orders with paymentMethod 'card'). Tiny and dependency-free (the client loads it).
import type { CardInput } from './checkout';

/** The digits of a card number as typed: spaces and dashes are allowed, nothing else. */
function digitsOf(value: string): string | undefined {
  const stripped = value.replace(/[\s-]/g, '');
  return /^\d+$/.test(stripped) ? stripped : undefined;
}

/** Whether `number` (digits, spaces and dashes allowed) passes the Luhn check, 12 to 19 digits. */
export function luhn(number: string): boolean {
  const digits = digitsOf(number);
  if (!digits || digits.length < 12 || digits.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The card's brand from its number: Visa, Mastercard, American Express, Discover, else 'Card'. */
export function cardBrand(number: string): string {
  const d = digitsOf(number) ?? '';
  if (/^4/.test(d)) return 'Visa';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(d)) return 'Mastercard';
  if (/^3[47]/.test(d)) return 'American Express';
  if (/^(6011|65|64[4-9]|622)/.test(d)) return 'Discover';
  return 'Card';
}

function readInt(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\s*\d{1,4}\s*$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) ? n : undefined;
}

/**
 * Reads a card ({number, expMonth, expYear, cvc}; months 1–12, a two-digit year means 20YY):
 * the card with the number's digits only, or the errors by field ('card.number', ...).
 * A card is valid through the last day of its expiry month.
 */
export function readCard(value: unknown, now: Date = new Date()): { card: CardInput } | { errors: Record<string, string> } {
  const source = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const errors: Record<string, string> = {};
  const number = typeof source.number === 'string' ? digitsOf(source.number) : undefined;
  if (!number || !luhn(number)) errors['card.number'] = 'Card number is not valid';
  const month = readInt(source.expMonth);
  let year = readInt(source.expYear);
  if (year !== undefined && year < 100) year += 2000;
  if (month === undefined || month < 1 || month > 12) errors['card.expMonth'] = 'Expiry month must be 1 to 12';
  if (year === undefined || year < 2000 || year > 2999) errors['card.expYear'] = 'Expiry year must be a year like 2030';
  else if (month !== undefined && month >= 1 && month <= 12) {
    const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
    if (year * 12 + (month - 1) < thisMonth) errors['card.expYear'] = 'The card has expired';
  }
  const brand = number ? cardBrand(number) : 'Card';
  const cvcLength = brand === 'American Express' ? 4 : 3;
  const cvc = typeof source.cvc === 'string' ? source.cvc.trim() : typeof source.cvc === 'number' ? String(source.cvc) : '';
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(cvc)) errors['card.cvc'] = `Security code must be ${cvcLength} digits`;
  if (Object.keys(errors).length > 0) return { errors };
  return { card: { number: number!, expMonth: month!, expYear: year!, cvc } };
}
