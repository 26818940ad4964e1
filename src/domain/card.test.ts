import { describe, expect, it } from 'vitest';
import { cardBrand, luhn, readCard } from './card';

const NOW = new Date(Date.UTC(2026, 10, 25)); // 25 November 2026
const valid = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' };

describe('luhn', () => {
  it('accepts the test numbers, with spaces or dashes', () => {
    expect(luhn('4242424242424242')).toBe(true);
    expect(luhn('4242 4242 4242 4242')).toBe(true);
    expect(luhn('4000-0000-0000-0002')).toBe(true);
    expect(luhn('378282246310005')).toBe(true);
    expect(luhn('5555555555554444')).toBe(true);
  });
  it('refuses a wrong check digit, letters, and too short or long numbers', () => {
    expect(luhn('4242424242424241')).toBe(false);
    expect(luhn('4242 4242 4242 424a')).toBe(false);
    expect(luhn('0000000')).toBe(false);
    expect(luhn('42424242424242424242')).toBe(false);
    expect(luhn('')).toBe(false);
  });
});

describe('cardBrand', () => {
  it('names the brands from the number', () => {
    expect(cardBrand('4242424242424242')).toBe('Visa');
    expect(cardBrand('5555 5555 5555 4444')).toBe('Mastercard');
    expect(cardBrand('2223003122003222')).toBe('Mastercard');
    expect(cardBrand('378282246310005')).toBe('American Express');
    expect(cardBrand('6011111111111117')).toBe('Discover');
    expect(cardBrand('3566002020360505')).toBe('Card');
  });
});

describe('readCard', () => {
  it('reads a valid card, keeping the digits only', () => {
    expect(readCard(valid, NOW)).toEqual({ card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } });
    expect(readCard({ ...valid, number: '4242-4242-4242-4242', expMonth: '03', expYear: '31' }, NOW)).toEqual({
      card: { number: '4242424242424242', expMonth: 3, expYear: 2031, cvc: '123' },
    });
  });
  it('names each wrong field', () => {
    expect(readCard({ number: '4242 4242 4242 4241', expMonth: 13, expYear: 2030, cvc: '12' }, NOW)).toEqual({
      errors: { 'card.number': 'Card number is not valid', 'card.expMonth': 'Expiry month must be 1 to 12', 'card.cvc': 'Security code must be 3 digits' },
    });
    expect(readCard(undefined, NOW)).toEqual({
      errors: {
        'card.number': 'Card number is not valid',
        'card.expMonth': 'Expiry month must be 1 to 12',
        'card.expYear': 'Expiry year must be a year like 2030',
        'card.cvc': 'Security code must be 3 digits',
      },
    });
  });
  it('a card is good through its expiry month', () => {
    expect(readCard({ ...valid, expMonth: 11, expYear: 2026 }, NOW)).toHaveProperty('card');
    expect(readCard({ ...valid, expMonth: 10, expYear: 2026 }, NOW)).toEqual({ errors: { 'card.expYear': 'The card has expired' } });
    expect(readCard({ ...valid, expMonth: 12, expYear: 2025 }, NOW)).toEqual({ errors: { 'card.expYear': 'The card has expired' } });
  });
  it('American Express takes a 4-digit security code, the others 3', () => {
    const amex = { ...valid, number: '3782 822463 10005' };
    expect(readCard({ ...amex, cvc: '1234' }, NOW)).toHaveProperty('card');
    expect(readCard({ ...amex, cvc: '123' }, NOW)).toEqual({ errors: { 'card.cvc': 'Security code must be 4 digits' } });
    expect(readCard({ ...valid, cvc: '1234' }, NOW)).toEqual({ errors: { 'card.cvc': 'Security code must be 3 digits' } });
  });
});
