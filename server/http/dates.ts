// Every date the API accepts is read here: a real calendar day (2026-02-30 is refused, though
// JavaScript would read it as 2 March) in the years 1970 to 9999. Beyond them an instant has no
// four-digit ISO form (JavaScript writes year 10000 as +010000-…, which PostgreSQL cannot read
// back the same way), and nothing the shop records happened before 1970.
export const MIN_YEAR = 1970;
export const MAX_YEAR = 9999;
/** The first and last instants a date may name (epoch ms), UTC. */
export const EARLIEST = Date.UTC(MIN_YEAR, 0, 1);
export const LATEST = Date.UTC(MAX_YEAR + 1, 0, 1) - 1;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

export type DateRead = { at: number; error?: undefined } | { at?: undefined; error: string };

export interface DateOptions {
  /** Only YYYY-MM-DD (the start of that UTC day); otherwise an ISO date-time with its zone too. */
  dayOnly?: boolean;
  /** Added to the format message (e.g. ', or empty' where null clears the field). */
  orElse?: string;
}

/** What `label` must be, in the messages of a bad date. */
export function dateFormat(label: string, { dayOnly = false, orElse = '' }: DateOptions = {}): string {
  return `${label} must be a date (${dayOnly ? 'YYYY-MM-DD' : 'YYYY-MM-DD or an ISO date-time with its zone'})${orElse}`;
}

/** The message of a date outside the years 1970 to 9999. */
export const dateRange = (label: string) => `${label} must be between ${MIN_YEAR}-01-01 and ${MAX_YEAR}-12-31`;

/**
 * A date of a request (a body field or a query value) as epoch ms, or the message naming `label`
 * that says what is wrong with it: not text of the format, a day that does not exist, or an
 * instant outside the years 1970 to 9999 (UTC).
 */
export function readDate(value: unknown, label: string, options: DateOptions = {}): DateRead {
  const match = typeof value === 'string' ? (options.dayOnly ? DAY : INSTANT).exec(value) : null;
  if (!match) return { error: dateFormat(label, options) };
  const [year, month, day] = match.slice(1, 4).map(Number);
  if (year < MIN_YEAR || year > MAX_YEAR) return { error: dateRange(label) };
  const midnight = new Date(Date.UTC(year, month - 1, day));
  // 2026-02-30 would be 2 March: the day must be the one written.
  if (midnight.getUTCFullYear() !== year || midnight.getUTCMonth() !== month - 1 || midnight.getUTCDate() !== day) {
    return { error: dateFormat(label, options) };
  }
  const at = options.dayOnly ? midnight.getTime() : Date.parse(value as string);
  if (Number.isNaN(at)) return { error: dateFormat(label, options) };
  if (at < EARLIEST || at > LATEST) return { error: dateRange(label) };
  return { at };
}
