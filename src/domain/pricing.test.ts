import { describe, expect, it } from 'vitest';
import { discountedPrice, formatPrice, originalPrice, totals } from './pricing';

describe('pricing', () => {
  it('discounts and rounds the displayed price', () => {
    expect(discountedPrice({ price: 100, discountPercentage: 10 })).toBe(90);
    expect(discountedPrice({ price: 166.99, discountPercentage: 20.74 })).toBe(132);
    expect(discountedPrice({ price: 9.99, discountPercentage: 0 })).toBe(10);
  });

  it('rounds the struck-through original price', () => {
    expect(originalPrice({ price: 166.99, discountPercentage: 20.74 })).toBe(167);
  });

  it('totals are Σ unit price × quantity and Σ quantity', () => {
    const lines = [
      { product: { price: 100, discountPercentage: 10 }, quantity: 2 },
      { product: { price: 50, discountPercentage: 0 }, quantity: 3 },
    ];
    expect(totals(lines)).toEqual({ totalAmount: 330, totalItems: 5 });
    expect(totals([])).toEqual({ totalAmount: 0, totalItems: 0 });
  });

  it('formats as US dollars', () => {
    expect(formatPrice(1234)).toBe('$1,234');
    expect(formatPrice(0)).toBe('$0');
  });
});
