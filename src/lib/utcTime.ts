// The back office's days and times: in UTC, and said so, on every page (its date filters, the
// dashboard's days and the reports count UTC days), whatever the time zone of the staff's browser.
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const dayAndTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const dayAndSeconds = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' });

/** "Nov 30, 2026": the UTC day of an instant. */
export const utcDay = (at: string): string => day.format(new Date(at));

/** "Nov 30, 2026, 12:59 AM UTC" (with `seconds`: "12:59:07 AM UTC"). */
export const utcDateTime = (at: string, seconds = false): string => `${(seconds ? dayAndSeconds : dayAndTime).format(new Date(at))} UTC`;
