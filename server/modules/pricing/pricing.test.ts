import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceCart, REASONS, splitByWeight, splitCapped, type PricingInput, type PricingLine, type PricingPromotion } from './pricing';

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

const line = (key: number, unitPrice: number, quantity = 1, category = 'laptops'): PricingLine => ({ key, productId: key, category, unitPrice, quantity });

const input = (over: Partial<PricingInput>): PricingInput => ({ lines: [], promotions: [], codes: [], member: false, at: AT, taxRate: 0, ...over });

describe('priceCart', () => {
  it('a stacking fixed code takes its whole value when one line has little left: the rest goes to the others', () => {
    // 95 % off the shoes (not stacking) leaves them $2.80; $5 stacking over shoes and top: $2.80 + $2.20.
    const shoes95 = promo({ id: 1, code: 'SHOES95', value: 9500, categories: ['shoes'] });
    const fiveOff = promo({ id: 2, code: 'FIVEOFF', kind: 'fixed', value: 5_00, stackable: true });
    const lines = [line(1, 56_00, 1, 'shoes'), line(2, 17_00, 1, 'tops')];
    const priced = priceCart(input({ lines, promotions: [shoes95, fiveOff], codes: ['SHOES95', 'FIVEOFF'] }));
    expect(priced.promotions.find((p) => p.id === 2)?.amount).toBe(5_00);
    expect(priced.lines.map((l) => l.discount)).toEqual([56_00, 2_20]);
    expect(priced.totals).toMatchObject({ subtotal: 73_00, discount: 58_20, total: 14_80 });
  });

  it('splitCapped places all of the amount within the caps, by weight, while there is room', () => {
    expect(splitCapped(5_00, [56_00, 17_00], [2_80, 15_84])).toEqual([2_80, 2_20]);
    expect(splitCapped(10_00, [1, 1, 1], [10_00, 10_00, 10_00])).toEqual(splitByWeight(10_00, [1, 1, 1]));
    expect(splitCapped(10_00, [1, 1], [2_00, 3_00])).toEqual([2_00, 3_00]);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 10_000 })), { minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: 60_000 }), (pairs, amount) => {
        const weights = pairs.map(([w]) => w);
        const caps = pairs.map(([, c]) => c);
        const room = caps.reduce((s, c, i) => s + (weights[i] > 0 ? c : 0), 0);
        const parts = splitCapped(amount, weights, caps);
        expect(parts.every((p, i) => p >= 0 && p <= caps[i] && (weights[i] > 0 || p === 0))).toBe(true);
        expect(parts.reduce((s, p) => s + p, 0)).toBe(Math.min(amount, room));
      }),
    );
  });

  it('members get 20% off the categories of the members promotion; others do not', () => {
    const members = promo({ id: 1, value: 2000, categories: ['laptops', 'smartphones'], membersOnly: true });
    const lines = [line(1, 100_00, 2), line(2, 30_00, 1, 'groceries')];
    const asMember = priceCart(input({ lines, promotions: [members], member: true }));
    expect(asMember.lines.map((l) => l.discount)).toEqual([40_00, 0]);
    expect(asMember.promotions).toEqual([{ id: 1, code: null, label: 'Promotion 1', amount: 40_00 }]);
    expect(asMember.totals).toEqual({ subtotal: 230_00, discount: 40_00, shipping: 0, tax: 0, total: 190_00 });
    const asGuest = priceCart(input({ lines, promotions: [members] }));
    expect(asGuest.totals.discount).toBe(0);
    expect(asGuest.promotions).toEqual([]);
  });

  it('charges shipping unless the discounted goods reach freeOver, then tax on goods plus shipping', () => {
    const shipping = { id: 7, name: 'Standard', amount: 7_99, freeOver: 100_00 };
    const below = priceCart(input({ lines: [line(1, 99_99)], shipping, taxRate: 13 }));
    expect(below.shipping).toEqual({ method: 7, name: 'Standard', amount: 7_99 });
    // 13 % of 107.98 = 14.0374 → 14.04
    expect(below.totals).toEqual({ subtotal: 99_99, discount: 0, shipping: 7_99, tax: 14_04, total: 122_02 });
    const free = priceCart(input({ lines: [line(1, 100_00)], shipping, taxRate: 14.975 }));
    expect(free.totals).toEqual({ subtotal: 100_00, discount: 0, shipping: 0, tax: 14_98, total: 114_98 });
    const none = priceCart(input({ lines: [line(1, 5_00)] }));
    expect(none.shipping).toEqual({ method: 0, name: 'Free shipping', amount: 0 });
  });

  it('applies the better of an automatic promotion and a non-stackable code per line, then stackable codes on what is left', () => {
    const auto = promo({ id: 1, value: 2000, categories: ['laptops'] });
    const code = promo({ id: 2, code: 'TEN', value: 1000 });
    const stack = promo({ id: 3, code: 'PLUS5', kind: 'fixed', value: 5_00, stackable: true });
    const lines = [line(1, 100_00), line(2, 100_00, 1, 'groceries')];
    const r = priceCart(input({ lines, promotions: [auto, code, stack], codes: ['ten', 'plus5'] }));
    // laptops: 20 % automatic (beats 10 %) = 20, then 2.50 of the fixed 5 (half by subtotal).
    // groceries: 10 % code = 10, then 2.50.
    expect(r.lines.map((l) => l.discount)).toEqual([22_50, 12_50]);
    expect(r.promotions).toEqual([
      { id: 1, code: null, label: 'Promotion 1', amount: 20_00 },
      { id: 2, code: 'TEN', label: 'Promotion 2', amount: 10_00 },
      { id: 3, code: 'PLUS5', label: 'Promotion 3', amount: 5_00 },
    ]);
    expect(r.rejected).toEqual([]);
  });

  it('rejects codes with a reason a shopper understands', () => {
    const lines = [line(1, 20_00, 1, 'groceries')];
    const promotions = [
      promo({ id: 1, code: 'OLD', endsAt: AT - 1 }),
      promo({ id: 2, code: 'SOON', startsAt: AT + 1 }),
      promo({ id: 3, code: 'OFF', active: false }),
      promo({ id: 4, code: 'GONE', usageLimit: 10, used: 10 }),
      promo({ id: 5, code: 'ONCE', perCustomerLimit: 1, customerUses: 1 }),
      promo({ id: 6, code: 'VIP', membersOnly: true }),
      promo({ id: 7, code: 'BIG', minSubtotal: 50_00 }),
      promo({ id: 8, code: 'PHONES', categories: ['smartphones'] }),
    ];
    const codes = ['old', 'soon', 'off', 'gone', 'once', 'vip', 'big', 'phones', 'nope'];
    const r = priceCart(input({ lines, promotions, codes }));
    expect(r.rejected).toEqual([
      { code: 'old', reason: REASONS.ended },
      { code: 'soon', reason: REASONS.notStarted },
      { code: 'off', reason: REASONS.inactive },
      { code: 'gone', reason: 'This code has been used up' },
      { code: 'once', reason: REASONS.customerUsedUp },
      { code: 'vip', reason: 'This code is for members only' },
      { code: 'big', reason: 'Spend $50.00 to use this code' },
      { code: 'phones', reason: 'This code does not apply to anything in your cart' },
      { code: 'nope', reason: 'This code does not exist' },
    ]);
    expect(REASONS.ended).toBe('This code has expired');
    expect(r.totals.discount).toBe(0);
  });

  it('splits a fixed amount over its lines by subtotal, the parts adding up exactly', () => {
    expect(splitByWeight(10_00, [1, 1, 1])).toEqual([334, 333, 333]);
    const r = priceCart(input({ lines: [line(1, 10_00), line(2, 20_00), line(3, 3_33)], promotions: [promo({ id: 1, kind: 'fixed', value: 100_00 })] }));
    // More than the cart: each line to zero, never below.
    expect(r.lines.map((l) => l.total)).toEqual([0, 0, 0]);
    expect(r.promotions[0].amount).toBe(33_33);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties over random carts and promotions

const arbLine = fc.record({
  productId: fc.integer({ min: 1, max: 6 }),
  category: fc.constantFrom('laptops', 'smartphones', 'groceries'),
  unitPrice: fc.integer({ min: 0, max: 5_000_00 }),
  quantity: fc.integer({ min: 1, max: 6 }),
});

const arbPromotion = fc.record({
  kind: fc.constantFrom('percentage' as const, 'fixed' as const),
  value: fc.integer({ min: 1, max: 10_000 }),
  categories: fc.subarray(['laptops', 'smartphones', 'groceries']),
  products: fc.subarray([1, 2, 3, 4, 5, 6]),
  withCode: fc.boolean(),
  stackable: fc.boolean(),
  membersOnly: fc.boolean(),
  minSubtotal: fc.constantFrom(0, 0, 50_00, 500_00),
});

const arbInput = fc
  .record({
    lines: fc.array(arbLine, { minLength: 1, maxLength: 8 }),
    promotions: fc.array(arbPromotion, { maxLength: 6 }),
    member: fc.boolean(),
    shipping: fc.option(fc.record({ amount: fc.integer({ min: 0, max: 50_00 }), freeOver: fc.option(fc.integer({ min: 0, max: 500_00 })) })),
    taxRate: fc.constantFrom(0, 5, 7.25, 13, 14.975, 18, 100),
  })
  .map(({ lines, promotions, member, shipping, taxRate }): PricingInput => {
    const all = promotions.map((p, i) => promo({ id: i + 1, ...p, code: p.withCode ? `CODE${i + 1}` : null }));
    return input({
      lines: lines.map((l, i) => ({ key: i + 1, ...l })),
      promotions: all,
      codes: all.flatMap((p) => (p.code ? [p.code] : [])),
      member,
      shipping: shipping ? { id: 1, name: 'Standard', ...shipping } : undefined,
      taxRate,
    });
  });

describe('priceCart properties', () => {
  it('subtotal − discount + shipping + tax = total; totals are the sums of the lines; all integers; 0 ≤ discount ≤ subtotal per line', () => {
    fc.assert(
      fc.property(arbInput, (given) => {
        const r = priceCart(given);
        const t = r.totals;
        expect(t.subtotal - t.discount + t.shipping + t.tax).toBe(t.total);
        expect(r.lines.reduce((s, l) => s + l.subtotal, 0)).toBe(t.subtotal);
        expect(r.lines.reduce((s, l) => s + l.discount, 0)).toBe(t.discount);
        expect(r.promotions.reduce((s, p) => s + p.amount, 0)).toBe(t.discount);
        for (const l of r.lines) {
          expect(l.subtotal).toBe(l.unitPrice * l.quantity);
          expect(l.discount).toBeGreaterThanOrEqual(0);
          expect(l.discount).toBeLessThanOrEqual(l.subtotal);
          expect(l.total).toBe(l.subtotal - l.discount);
          expect(l.promotions.reduce((s, p) => s + p.amount, 0)).toBe(l.discount);
        }
        for (const n of [...Object.values(t), ...r.lines.flatMap((l) => [l.discount, l.total]), ...r.promotions.map((p) => p.amount)]) {
          expect(Number.isSafeInteger(n)).toBe(true);
        }
        expect(t.shipping).toBe(r.shipping.amount);
        expect(t.tax).toBe(r.tax.amount);
      }),
      { numRuns: 500 },
    );
  });

  it("a fixed promotion's parts add up to its value (or to all its lines hold), when nothing else competes", () => {
    fc.assert(
      fc.property(fc.array(arbLine, { minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 2_000_00 }), (raw, value) => {
        const lines = raw.map((l, i) => ({ key: i + 1, ...l }));
        const r = priceCart(input({ lines, promotions: [promo({ id: 1, kind: 'fixed', value })] }));
        const base = lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0);
        expect(r.totals.discount).toBe(Math.min(value, base));
        expect(r.lines.reduce((s, l) => s + (l.promotions[0]?.amount ?? 0), 0)).toBe(Math.min(value, base));
      }),
      { numRuns: 300 },
    );
  });

  it('every code given is either applied or rejected, once', () => {
    fc.assert(
      fc.property(arbInput, (given) => {
        const r = priceCart(given);
        const out = [...r.promotions.flatMap((p) => (p.code ? [p.code.toLowerCase()] : [])), ...r.rejected.map((x) => x.code.toLowerCase())];
        expect(out.sort()).toEqual(given.codes.map((c) => c.toLowerCase()).sort());
      }),
      { numRuns: 300 },
    );
  });
});

// --- Stackable codes in any order ------------------------------------------------------------
// Random carts, random sets of stackable codes (with an automatic promotion and a non-stackable
// code competing), each priced with its codes in two random orders: the canonical order of
// pricing.ts gives the same figures to the cent.

const arbCode = fc.record({
  kind: fc.constantFrom('percentage' as const, 'fixed' as const),
  value: fc.integer({ min: 1, max: 10_000 }),
  categories: fc.subarray(['laptops', 'smartphones', 'groceries']),
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
