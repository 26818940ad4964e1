// The delivery estimate of an order: from its products' shipping information, the
// seed's "Ships overnight", "Ships in 1-2 business days", "Ships in 3-5 business days", "Ships in
// 1 week", "Ships in 2 weeks", "Ships in 1 month". The shop has no carrier data, so the estimate
// is the time those texts promise, counted from the day the order was placed:
// - business days skip Saturdays and Sundays ("overnight" is 1 business day);
// - (plain) days, weeks and months are calendar days, weeks and months ("Ships in 2 days");
// - the order arrives when its slowest line does: the latest earliest date and the latest date;
// - a text that says none of these gives no estimate for its line; no line with one, no estimate.
// Dates are local calendar days (the reader's), at midnight.

/** A window of days to add to the order date. */
type Span = { unit: 'business'; from: number; to: number } | { unit: 'day'; from: number; to: number } | { unit: 'month'; months: number };

export interface DeliveryEstimate {
  /** The earliest day the order can arrive (local midnight). */
  earliest: Date;
  /** The latest day (equal to earliest when the texts name a single day). */
  latest: Date;
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

function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** `day` plus `n` business days (Saturday and Sunday skipped). */
export function addBusinessDays(day: Date, n: number): Date {
  const result = startOfDay(day);
  for (let left = n; left > 0; ) {
    result.setDate(result.getDate() + 1);
    const weekday = result.getDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return result;
}

function window(placed: Date, span: Span): DeliveryEstimate {
  const day = startOfDay(placed);
  if (span.unit === 'business') return { earliest: addBusinessDays(day, span.from), latest: addBusinessDays(day, span.to) };
  if (span.unit === 'day') {
    const plus = (n: number) => new Date(day.getFullYear(), day.getMonth(), day.getDate() + n);
    return { earliest: plus(span.from), latest: plus(span.to) };
  }
  const single = new Date(day.getFullYear(), day.getMonth() + span.months, day.getDate());
  return { earliest: single, latest: single };
}

/**
 * When an order placed at `placed` with lines shipping as `shippingTexts` say arrives; undefined
 * when no text says (or the date is not a date).
 */
export function deliveryEstimate(placed: Date, shippingTexts: readonly (string | undefined)[]): DeliveryEstimate | undefined {
  if (Number.isNaN(placed.getTime())) return undefined;
  const windows = shippingTexts.flatMap((text) => {
    const span = shippingSpan(text);
    return span ? [window(placed, span)] : [];
  });
  if (windows.length === 0) return undefined;
  const latest = (dates: Date[]) => new Date(Math.max(...dates.map((d) => d.getTime())));
  return { earliest: latest(windows.map((w) => w.earliest)), latest: latest(windows.map((w) => w.latest)) };
}
