import { describe, expect, it } from 'vitest';
import type { Promotion } from '../../../domain/checkout';
import { promotionOf } from '../../../test/promotion';
import { bodyOf, valuesOf } from './promotionFormValues';
import { appliesTo, datesOf, optionalNumber, phaseAt, takesOff, usageOf } from './promotionsAPI';

const promotion = (p: Partial<Promotion> = {}): Promotion => promotionOf({ name: 'Members', label: 'Members save', value: 20, ...p });

describe('how the Promotions page words a promotion', () => {
  it('says what it takes off', () => {
    expect(takesOff(promotion())).toBe('20% off');
    expect(takesOff(promotion({ kind: 'fixed', value: 5 }))).toBe('$5.00 off');
    expect(takesOff(promotion({ kind: 'fixed', value: 1234.5 }))).toBe('$1,234.50 off');
  });

  it('says what it applies to', () => {
    expect(appliesTo(promotion())).toBe('Whole cart');
    expect(appliesTo(promotion({ categories: ['smartphones', 'laptops'], membersOnly: true }))).toBe('smartphones, laptops (members only)');
    expect(appliesTo(promotion({ products: [1, 5], minSubtotal: 50 }))).toBe('products #1, #5, from $50.00');
    expect(appliesTo(promotion({ categories: ['laptops'], products: [7] }))).toBe('laptops; product #7');
    // Categories by name where the page knows them.
    const names: Record<string, string> = { 'mens-shoes': "Men's Shoes" };
    expect(appliesTo(promotion({ categories: ['mens-shoes', 'gone'] }), (c) => names[c] ?? c)).toBe("Men's Shoes, gone");
  });

  it('says when it runs and how often it was used', () => {
    expect(datesOf(promotion())).toBe('Always');
    expect(datesOf(promotion({ startsAt: '2026-06-01T00:00:00.000Z' }))).toBe('From 2026-06-01');
    // The end is an instant, not included: ending at midnight of July 1, the last day is June 30.
    expect(datesOf(promotion({ endsAt: '2026-07-01T00:00:00.000Z' }))).toBe('Until 2026-06-30');
    expect(datesOf(promotion({ startsAt: '2026-06-01T00:00:00.000Z', endsAt: '2026-07-01T00:00:00.000Z' }))).toBe('2026-06-01 to 2026-06-30');
    expect(datesOf(promotion({ endsAt: '2026-06-30T18:00:00.000Z' }))).toBe('Until 2026-06-30');
    expect(usageOf(promotion({ used: 3 }))).toBe('3 (no limit)');
    expect(usageOf(promotion({ used: 3, usageLimit: 10 }))).toBe('3 / 10');
  });

  it('says whether one switched on applies now: scheduled before its start, ended from its end', () => {
    const june = promotion({ startsAt: '2026-06-01T00:00:00.000Z', endsAt: '2026-07-01T00:00:00.000Z' });
    expect(phaseAt(june, Date.parse('2026-05-31T23:59:59Z'))).toBe('scheduled');
    expect(phaseAt(june, Date.parse('2026-06-30T23:59:59Z'))).toBe('running');
    expect(phaseAt(june, Date.parse('2026-07-01T00:00:00Z'))).toBe('ended');
    expect(phaseAt(promotion(), 0)).toBe('running');
  });

  it('the form asks for the last day: it shows the day before the stored end and sends the next midnight', () => {
    const values = valuesOf(promotion({ endsAt: '2026-07-01T00:00:00.000Z' }));
    expect(values.endsAt).toBe('2026-06-30');
    expect(bodyOf(values).endsAt).toBe('2026-07-01T00:00:00.000Z');
    expect(bodyOf({ ...values, endsAt: '2026-12-31' }).endsAt).toBe('2027-01-01T00:00:00.000Z');
    expect(bodyOf({ ...values, endsAt: '' }).endsAt).toBeNull();
  });

  it('sends an empty optional number as null and a typed one as a number (text stays text for the server to name)', () => {
    expect(optionalNumber('  ')).toBeNull();
    expect(optionalNumber(' 10 ')).toBe(10);
    expect(optionalNumber('ten')).toBe('ten');
  });
});
