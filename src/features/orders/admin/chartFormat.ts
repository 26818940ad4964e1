// What the dashboard's chart and its table share: the chart's height and how a UTC day reads.
export const CHART_HEIGHT = 240;

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** '2026-03-05' (a UTC calendar day) → 'Mar 5, 2026'. */
export function formatDay(date: string): string {
  return day.format(new Date(`${date}T00:00:00Z`));
}
