// The delivery estimate of an order: its lines' handling time, then the chosen shipping method's
// transit time.
// - Handling: each product's shipping text says how soon it leaves the warehouse, the seed's
//   "Ships overnight", "Ships in 1-2 business days", "Ships in 3-5 business days", "Ships in 1
//   week", "Ships in 2 weeks", "Ships in 1 month", counted from the day the order was placed:
//   business days skip Saturdays and Sundays ("overnight" is 1 business day); (plain) days,
//   weeks and months are calendar days, weeks and months ("Ships in 2 days"). The order leaves
//   with its slowest line: the latest earliest day and the latest day. A text that says none of
//   these adds no handling time; no line with one, the order leaves the day it was placed.
// - Transit: the chosen method's business days (min to max), counted AFTER handling: the
//   earliest arrival is the earliest leaving day plus the method's minimum business days, the
//   latest the latest leaving day plus its maximum.
// Days are UTC calendar days (the server's, at midnight UTC), written as ISO dates (YYYY-MM-DD):
// the checkout's quote shows each method's dates, and the order stores the chosen method's when
// it is placed; pages and mails show those stored dates, never recomputed.

/** A window of days to add to the order date. */
type Span = { unit: 'business'; from: number; to: number } | { unit: 'day'; from: number; to: number } | { unit: 'month'; months: number };

/** A window of UTC calendar days (each a Date at midnight UTC). */
export interface DayWindow {
  /** The earliest day. */
  earliest: Date;
  /** The latest day (equal to earliest when the texts name a single day). */
  latest: Date;
}

/** A shipping method's transit time in business days (0: the same day). */
export interface TransitDays {
  minDays: number;
  maxDays: number;
}

/** When an order arrives: the first and the last day, ISO dates (YYYY-MM-DD). */
export interface DeliveryDates {
  from: string;
  to: string;
}

/** The estimate an order stores when it is placed: its shipping method's name and its dates. */
export interface OrderDelivery extends DeliveryDates {
  method: string;
}

/** Upper bound of any count read from a text (a typo must not run a loop for ever). */
const MAX_COUNT = 366;

/** What a shipping text promises, or undefined when it says nothing this rule reads. */
export function shippingSpan(text: string | undefined): Span | undefined {
  if (!text) return undefined;
  const t = text.toLowerCase();
  if (/\bovernight\b/.test(t)) return { unit: 'business', from: 1, to: 1 };
  const count = (s: string) => Math.min(Number(s), MAX_COUNT);
  for (const [unit, words] of [['business', 'business\\s+days?'], ['day', 'days?']] as const) {
    const found = new RegExp(`(\\d+)\\s*(?:-|–|to)\\s*(\\d+)\\s*${words}\\b`).exec(t) ?? new RegExp(`(\\d+)()\\s*${words}\\b`).exec(t);
    if (found) {
      const from = count(found[1]);
      const to = found[2] ? count(found[2]) : from;
      return { unit, from: Math.min(from, to), to: Math.max(from, to) } as Span;
    }
  }
  const weeks = /(\d+)\s*weeks?\b/.exec(t);
  if (weeks) return { unit: 'day', from: 7 * count(weeks[1]), to: 7 * count(weeks[1]) };
  const months = /(\d+)\s*months?\b/.exec(t);
  if (months) return { unit: 'month', months: count(months[1]) };
  return undefined;
}

/** The UTC calendar day of `date`, `plusDays` and `plusMonths` later, at midnight UTC. */
function utcDay(date: Date, plusDays = 0, plusMonths = 0): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + plusMonths, date.getUTCDate() + plusDays));
}

/** The UTC day of `day` plus `n` business days (Saturday and Sunday skipped; 0: that day). */
export function addBusinessDays(day: Date, n: number): Date {
  let result = utcDay(day);
  for (let left = Math.min(n, MAX_COUNT); left > 0; ) {
    result = utcDay(result, 1);
    const weekday = result.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return result;
}

function window(placed: Date, span: Span): DayWindow {
  if (span.unit === 'business') return { earliest: addBusinessDays(placed, span.from), latest: addBusinessDays(placed, span.to) };
  if (span.unit === 'day') return { earliest: utcDay(placed, span.from), latest: utcDay(placed, span.to) };
  // The same day of the month `months` later, or that month's last day when it is shorter (Jan 31 → Feb 28).
  const daysThen = new Date(Date.UTC(placed.getUTCFullYear(), placed.getUTCMonth() + span.months + 1, 0)).getUTCDate();
  const single = utcDay(placed, Math.min(placed.getUTCDate(), daysThen) - placed.getUTCDate(), span.months);
  return { earliest: single, latest: single };
}

/**
 * When an order placed at `placed` with lines shipping as `shippingTexts` say leaves the
 * warehouse; undefined when no text says (or the date is not a date).
 */
export function handlingWindow(placed: Date, shippingTexts: readonly (string | undefined)[]): DayWindow | undefined {
  if (Number.isNaN(placed.getTime())) return undefined;
  const windows = shippingTexts.flatMap((text) => {
    const span = shippingSpan(text);
    return span ? [window(placed, span)] : [];
  });
  if (windows.length === 0) return undefined;
  const latest = (dates: Date[]) => new Date(Math.max(...dates.map((d) => d.getTime())));
  return { earliest: latest(windows.map((w) => w.earliest)), latest: latest(windows.map((w) => w.latest)) };
}

/** A day as an ISO date (YYYY-MM-DD, UTC). */
export const isoDay = (day: Date): string => day.toISOString().slice(0, 10);

/**
 * When an order placed at `placed`, with lines shipping as `shippingTexts` say, sent by a method
 * taking `transit` business days, arrives: the method's days after the slowest line's handling.
 * Undefined when the date is not a date.
 */
export function deliveryDates(placed: Date, shippingTexts: readonly (string | undefined)[], transit: TransitDays): DeliveryDates | undefined {
  if (Number.isNaN(placed.getTime())) return undefined;
  const leaves = handlingWindow(placed, shippingTexts) ?? { earliest: utcDay(placed), latest: utcDay(placed) };
  const min = Math.max(0, Math.min(transit.minDays, transit.maxDays));
  const max = Math.max(0, transit.minDays, transit.maxDays);
  return { from: isoDay(addBusinessDays(leaves.earliest, min)), to: isoDay(addBusinessDays(leaves.latest, max)) };
}
