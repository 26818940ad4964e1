// Stackable codes give the same total in whatever order they are typed (the canonical order of
// pricing.ts): random carts, random sets of stackable codes (with an automatic promotion and a
// non-stackable code competing), each priced with its codes in two random orders.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceCart, type PricingInput, type PricingPromotion } from './pricing';

const AT = Date.parse('2026-06-01T00:00:00Z');

const promo = (over: Partial<PricingPromotion> & Pick<PricingPromotion, 'id'>): PricingPromotion => ({
  label: `Promotion ${over.id}`,
  code: null,
  kind: 'percentage',
  value: 1000,
  categories: [],
  products: [],
  stackable: false,
  membersOnly: false,
  minSubtotal: 0,
  startsAt: null,
  endsAt: null,
  active: true,
  usageLimit: null,
  used: 0,
  perCustomerLimit: null,
  customerUses: 0,
  ...over,
});

const arbLine = fc.record({
  productId: fc.integer({ min: 1, max: 4 }),
  category: fc.constantFrom('laptops', 'groceries'),
  unitPrice: fc.integer({ min: 1, max: 2_000_00 }),
  quantity: fc.integer({ min: 1, max: 4 }),
});

const arbCode = fc.record({
  kind: fc.constantFrom('percentage' as const, 'fixed' as const),
  value: fc.integer({ min: 1, max: 10_000 }),
  categories: fc.subarray(['laptops', 'groceries']),
  stackable: fc.constantFrom(true, true, true, false),
});

/** A cart, its promotions, and its codes in two orders (with different spellings). */
const arbCase = fc
  .record({
    lines: fc.array(arbLine, { minLength: 1, maxLength: 5 }),
    codes: fc.array(arbCode, { minLength: 2, maxLength: 6 }),
    automatic: fc.option(fc.integer({ min: 1, max: 5000 })),
    taxRate: fc.constantFrom(0, 7.25, 14.975),
  })
  .chain(({ lines, codes, automatic, taxRate }) => {
    const promotions = codes.map((c, i) => promo({ id: i + 1, ...c, code: `CODE${i + 1}` }));
    if (automatic !== null) promotions.push(promo({ id: 99, value: automatic, categories: ['laptops'] }));
    const typed = promotions.flatMap((p) => (p.code ? [p.code] : []));
    const base: PricingInput = {
      lines: lines.map((l, i) => ({ key: i + 1, ...l })),
      promotions,
      codes: typed,
      member: false,
      at: AT,
      shipping: { id: 1, name: 'Standard', amount: 7_99, freeOver: 100_00 },
      taxRate,
    };
    return fc.tuple(fc.constant(base), fc.shuffledSubarray(typed, { minLength: typed.length }), fc.shuffledSubarray(typed, { minLength: typed.length }));
  });

describe('stackable codes', () => {
  it('the same totals, lines and amounts per promotion to the cent, whatever order the codes come in', () => {
    fc.assert(
      fc.property(arbCase, ([base, first, second]) => {
        const a = priceCart({ ...base, codes: first });
        const b = priceCart({ ...base, codes: second.map((c) => c.toLowerCase()) });
        expect(b.totals).toEqual(a.totals);
        expect(b.lines).toEqual(a.lines.map((l) => ({ ...l, promotions: expect.arrayContaining(l.promotions) })));
        const byId = (r: typeof a) => Object.fromEntries(r.promotions.map((p) => [p.id, p.amount]));
        expect(byId(b)).toEqual(byId(a));
      }),
      { numRuns: 200 },
    );
  });

  it('percentages share one base, then fixed amounts: 10 % and 20 % of 100.00 and 5.00 off = 35.00 in any order', () => {
    const promotions = [
      promo({ id: 1, code: 'TEN', value: 1000, stackable: true }),
      promo({ id: 2, code: 'TWENTY', value: 2000, stackable: true }),
      promo({ id: 3, code: 'FIVE', kind: 'fixed', value: 5_00, stackable: true }),
    ];
    const base: PricingInput = { lines: [{ key: 1, productId: 1, category: 'laptops', unitPrice: 100_00, quantity: 1 }], promotions, codes: [], member: false, at: AT, taxRate: 0 };
    for (const codes of [['TEN', 'TWENTY', 'FIVE'], ['five', 'twenty', 'ten'], ['TWENTY', 'FIVE', 'TEN']]) {
      expect(priceCart({ ...base, codes }).totals.discount).toBe(35_00);
    }
  });
});
