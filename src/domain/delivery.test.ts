import { describe, expect, it } from 'vitest';
import { addBusinessDays, deliveryDates, handlingWindow, isoDay, shippingSpan } from './delivery';

/** A moment of a UTC calendar day (the rule works in UTC days). */
const day = (y: number, m: number, d: number, h = 0) => new Date(Date.UTC(y, m - 1, d, h));

describe('shippingSpan: what a shipping text promises', () => {
  it('reads the texts the shop uses', () => {
    expect(shippingSpan('Ships overnight')).toEqual({ unit: 'business', from: 1, to: 1 });
    expect(shippingSpan('Ships in 1-2 business days')).toEqual({ unit: 'business', from: 1, to: 2 });
    expect(shippingSpan('Ships in 3-5 business days')).toEqual({ unit: 'business', from: 3, to: 5 });
    expect(shippingSpan('Ships in 1 week')).toEqual({ unit: 'day', from: 7, to: 7 });
    expect(shippingSpan('Ships in 2 weeks')).toEqual({ unit: 'day', from: 14, to: 14 });
    expect(shippingSpan('Ships in 1 month')).toEqual({ unit: 'month', months: 1 });
  });

  it('reads variations in case, dash and order, and a single count', () => {
    expect(shippingSpan('SHIPS IN 2 TO 4 BUSINESS DAYS')).toEqual({ unit: 'business', from: 2, to: 4 });
    expect(shippingSpan('Ships in 5–3 business days')).toEqual({ unit: 'business', from: 3, to: 5 });
    expect(shippingSpan('Ships in 2 business days')).toEqual({ unit: 'business', from: 2, to: 2 });
    expect(shippingSpan('Ships in 2 days')).toEqual({ unit: 'day', from: 2, to: 2 });
    expect(shippingSpan('Ships in 4-6 days')).toEqual({ unit: 'day', from: 4, to: 6 });
  });

  it('gives nothing for a text it cannot read, and caps absurd counts', () => {
    expect(shippingSpan(undefined)).toBeUndefined();
    expect(shippingSpan('')).toBeUndefined();
    expect(shippingSpan('Ships soon')).toBeUndefined();
    expect(shippingSpan('Ships in 99999999 business days')).toEqual({ unit: 'business', from: 366, to: 366 });
  });
});

describe('addBusinessDays', () => {
  it('skips Saturdays and Sundays, in UTC days', () => {
    // 2026-11-26 is a Thursday.
    expect(isoDay(addBusinessDays(day(2026, 11, 26), 1))).toBe('2026-11-27');
    expect(isoDay(addBusinessDays(day(2026, 11, 26), 2))).toBe('2026-11-30');
    expect(isoDay(addBusinessDays(day(2026, 11, 28), 1))).toBe('2026-11-30'); // from a Saturday
    expect(isoDay(addBusinessDays(day(2026, 11, 26, 23), 0))).toBe('2026-11-26');
  });
});

describe('handlingWindow: when the order leaves', () => {
  const window = (placed: Date, texts: (string | undefined)[]) => {
    const w = handlingWindow(placed, texts);
    return w && [isoDay(w.earliest), isoDay(w.latest)];
  };

  it('counts business days from the day the order was placed', () => {
    expect(window(day(2026, 11, 25, 21), ['Ships in 3-5 business days'])).toEqual(['2026-11-30', '2026-12-02']); // a Wednesday evening
  });

  it('plain days are calendar days, weekends included; weeks and months name one day', () => {
    expect(window(day(2026, 11, 27), ['Ships in 2-3 days'])).toEqual(['2026-11-29', '2026-11-30']); // a Friday
    expect(window(day(2026, 11, 25), ['Ships in 2 weeks'])).toEqual(['2026-12-09', '2026-12-09']);
    expect(window(day(2026, 12, 15), ['Ships in 1 month'])).toEqual(['2027-01-15', '2027-01-15']);
    // A day the next month lacks: its last day, never a day of the month after (so no later order leaves earlier).
    expect(window(day(2027, 1, 29), ['Ships in 1 month'])).toEqual(['2027-02-28', '2027-02-28']);
    expect(window(day(2027, 1, 31), ['Ships in 1 month'])).toEqual(['2027-02-28', '2027-02-28']);
    expect(window(day(2028, 1, 31), ['Ships in 1 month'])).toEqual(['2028-02-29', '2028-02-29']);
    expect(window(day(2027, 3, 31), ['Ships in 1 month'])).toEqual(['2027-04-30', '2027-04-30']);
    expect(window(day(2027, 2, 1), ['Ships in 1 month'])).toEqual(['2027-03-01', '2027-03-01']);
  });

  it('the order leaves with its slowest line', () => {
    expect(window(day(2026, 11, 25), ['Ships overnight', 'Ships in 3-5 business days', 'Ships in 1-2 business days'])).toEqual(['2026-11-30', '2026-12-02']);
    // A week beats both ends of a business-day range that ends sooner.
    expect(window(day(2026, 11, 25), ['Ships in 1 week', 'Ships in 1-2 business days'])).toEqual(['2026-12-02', '2026-12-02']);
  });

  it('lines without a readable text are left out; none readable, no window', () => {
    expect(window(day(2026, 11, 25), [undefined, 'Ships overnight'])).toEqual(['2026-11-26', '2026-11-26']);
    expect(handlingWindow(day(2026, 11, 25), ['Ships soon', undefined])).toBeUndefined();
    expect(handlingWindow(day(2026, 11, 25), [])).toBeUndefined();
    expect(handlingWindow(new Date('not a date'), ['Ships overnight'])).toBeUndefined();
  });
});

describe("deliveryDates: the method's business days after the slowest line's handling", () => {
  const EXPRESS = { minDays: 1, maxDays: 3 };
  const STANDARD = { minDays: 3, maxDays: 7 };

  it('adds the minimum to the earliest leaving day and the maximum to the latest', () => {
    // Leaves Mon Nov 30 to Wed Dec 2. Express: Tue Dec 1 to Mon Dec 7; Standard: Thu Dec 3 to Fri Dec 11.
    const texts = ['Ships in 3-5 business days'];
    expect(deliveryDates(day(2026, 11, 25, 21), texts, EXPRESS)).toEqual({ from: '2026-12-01', to: '2026-12-07' });
    expect(deliveryDates(day(2026, 11, 25, 21), texts, STANDARD)).toEqual({ from: '2026-12-03', to: '2026-12-11' });
  });

  it('an Express order placed on a Friday of "Ships in 3-5 business days" is not promised 3-5 days', () => {
    // The complaint: the old estimate was Wed Dec 2 to Fri Dec 4 whatever the method. Leaves Wed Dec 2
    // to Fri Dec 4, then 1-3 business days: Thu Dec 3 to Wed Dec 9.
    expect(deliveryDates(day(2026, 11, 27, 10), ['Ships in 3-5 business days'], EXPRESS)).toEqual({ from: '2026-12-03', to: '2026-12-09' });
  });

  it('a leaving day on a weekend counts from the next business day; calendar handling too', () => {
    // Ships in 1 week from Wed Nov 25: leaves Wed Dec 2. Ships in 2-3 days from Fri Nov 27: leaves Sun Nov 29 to Mon Nov 30.
    expect(deliveryDates(day(2026, 11, 25), ['Ships in 1 week'], EXPRESS)).toEqual({ from: '2026-12-03', to: '2026-12-07' });
    expect(deliveryDates(day(2026, 11, 27), ['Ships in 2-3 days'], EXPRESS)).toEqual({ from: '2026-11-30', to: '2026-12-03' });
  });

  it('no readable handling: counted from the day it was placed; a same-day method adds nothing', () => {
    expect(deliveryDates(day(2026, 11, 27, 23), ['Ships soon'], STANDARD)).toEqual({ from: '2026-12-02', to: '2026-12-08' });
    expect(deliveryDates(day(2026, 11, 25), ['Ships overnight'], { minDays: 0, maxDays: 0 })).toEqual({ from: '2026-11-26', to: '2026-11-26' });
  });

  it('the UTC day counts, whatever the hour', () => {
    // 23:30 UTC on Wednesday is still Wednesday's order.
    expect(deliveryDates(day(2026, 11, 25, 23), [], EXPRESS)).toEqual(deliveryDates(day(2026, 11, 25, 0), [], EXPRESS));
    expect(deliveryDates(new Date('not a date'), [], EXPRESS)).toBeUndefined();
  });
});
