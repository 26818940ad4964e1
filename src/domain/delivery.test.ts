import { describe, expect, it } from 'vitest';
import { addBusinessDays, deliveryEstimate, shippingSpan } from './delivery';

/** A local calendar day (the rule works in the reader's days). */
const day = (y: number, m: number, d: number, h = 0) => new Date(y, m - 1, d, h);
const ymd = (date: Date) => [date.getFullYear(), date.getMonth() + 1, date.getDate()];

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
  it('skips Saturdays and Sundays', () => {
    // 2026-11-26 is a Thursday.
    expect(ymd(addBusinessDays(day(2026, 11, 26), 1))).toEqual([2026, 11, 27]);
    expect(ymd(addBusinessDays(day(2026, 11, 26), 2))).toEqual([2026, 11, 30]);
    expect(ymd(addBusinessDays(day(2026, 11, 28), 1))).toEqual([2026, 11, 30]); // from a Saturday
    expect(ymd(addBusinessDays(day(2026, 11, 26, 23), 0))).toEqual([2026, 11, 26]);
  });
});

describe('deliveryEstimate', () => {
  it('counts business days from the day the order was placed', () => {
    const estimate = deliveryEstimate(day(2026, 11, 25, 21), ['Ships in 3-5 business days']); // a Wednesday evening
    expect(ymd(estimate!.earliest)).toEqual([2026, 11, 30]);
    expect(ymd(estimate!.latest)).toEqual([2026, 12, 2]);
  });

  it('plain days are calendar days, weekends included', () => {
    const estimate = deliveryEstimate(day(2026, 11, 27), ['Ships in 2-3 days'])!; // a Friday
    expect(ymd(estimate.earliest)).toEqual([2026, 11, 29]);
    expect(ymd(estimate.latest)).toEqual([2026, 11, 30]);
  });

  it('weeks and months name one day', () => {
    const weeks = deliveryEstimate(day(2026, 11, 25), ['Ships in 2 weeks'])!;
    expect(ymd(weeks.earliest)).toEqual([2026, 12, 9]);
    expect(weeks.latest.getTime()).toBe(weeks.earliest.getTime());
    const month = deliveryEstimate(day(2026, 12, 15), ['Ships in 1 month'])!;
    expect(ymd(month.earliest)).toEqual([2027, 1, 15]);
  });

  it('the order arrives with its slowest line', () => {
    const estimate = deliveryEstimate(day(2026, 11, 25), ['Ships overnight', 'Ships in 3-5 business days', 'Ships in 1-2 business days'])!;
    expect(ymd(estimate.earliest)).toEqual([2026, 11, 30]);
    expect(ymd(estimate.latest)).toEqual([2026, 12, 2]);
    // A week beats both ends of a business-day range that ends sooner.
    const mixed = deliveryEstimate(day(2026, 11, 25), ['Ships in 1 week', 'Ships in 1-2 business days'])!;
    expect(ymd(mixed.earliest)).toEqual([2026, 12, 2]);
    expect(ymd(mixed.latest)).toEqual([2026, 12, 2]);
  });

  it('lines without a readable text are left out; none readable, no estimate', () => {
    expect(ymd(deliveryEstimate(day(2026, 11, 25), [undefined, 'Ships overnight'])!.latest)).toEqual([2026, 11, 26]);
    expect(deliveryEstimate(day(2026, 11, 25), ['Ships soon', undefined])).toBeUndefined();
    expect(deliveryEstimate(day(2026, 11, 25), [])).toBeUndefined();
    expect(deliveryEstimate(new Date('not a date'), ['Ships overnight'])).toBeUndefined();
  });
});
