/**
 * "June 14, 2027 (UTC)": the day a membership term ends, as the profile and the reminder mail say
 * it. The shop's days are UTC days (as its delivery dates), so a shopper reads the same day in
 * every place, whatever their own time zone.
 */
export const memberUntilDay = (iso: string): string =>
  `${new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })} (UTC)`;
