import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatUsd } from './pricing';

const intl = {
  0: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }),
  2: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }),
} as const;

describe('formatUsd', () => {
  it('writes what Intl.NumberFormat writes, for the edges', () => {
    for (const amount of [0, -0, -0.001, 0.5, 1.5, 2.5, -2.5, 1.005, 0.045, 0.995, 999.5, 999.995, 1234567.895, 1e-7, 1e21, 1.5e22, NaN, Infinity, -Infinity]) {
      for (const digits of [0, 2] as const) expect(formatUsd(amount, digits), `${amount} with ${digits}`).toBe(intl[digits].format(amount));
    }
  });

  it('writes what Intl.NumberFormat writes, for any number', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e13, max: 1e13 }), fc.constantFrom(0 as const, 2 as const), (amount, digits) => {
        expect(formatUsd(amount, digits)).toBe(intl[digits].format(amount));
      }),
      { numRuns: 5000 },
    );
  });

  it('writes what Intl.NumberFormat writes, for any amount in cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.constantFrom(0 as const, 2 as const), (cents, digits) => {
        expect(formatUsd(cents / 100, digits)).toBe(intl[digits].format(cents / 100));
      }),
      { numRuns: 5000 },
    );
  });
});
