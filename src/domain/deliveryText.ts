// How pages and mails write a delivery estimate's dates (src/domain/delivery.ts: ISO dates of UTC
// calendar days), the same everywhere: "Mon, Nov 30 – Wed, Dec 2", or one day when both are equal.
import type { DeliveryDates } from './delivery';

const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Mon, Nov 30" for "2026-11-30" (the day as written, whatever the reader's time zone). */
export const dayText = (iso: string): string => weekday.format(new Date(`${iso}T00:00:00Z`));

/** "Mon, Nov 30 – Wed, Dec 2", or "Mon, Nov 30" when the estimate names one day. */
export function deliveryText({ from, to }: DeliveryDates): string {
  return from === to ? dayText(to) : `${dayText(from)} – ${dayText(to)}`;
}
