// The dashboard's figures: GET /admin/stats?days=N (admin only).
import { apiClient } from '../../../lib/apiClient';
import type { ShopStats } from '../../../domain/backOffice';

/** The windows the dashboard offers, in UTC days. */
export const STATS_WINDOWS = [7, 30, 90] as const;
export type StatsWindow = (typeof STATS_WINDOWS)[number];
export const DEFAULT_WINDOW: StatsWindow = 30;

/** `?days=` of the page URL; anything else (missing, malformed, not offered) is the default. */
export function parseStatsWindow(params: URLSearchParams): StatsWindow {
  const days = Number(params.get('days'));
  return STATS_WINDOWS.find((offered) => offered === days) ?? DEFAULT_WINDOW;
}

/** The page URL's search params for a window: the default leaves the plain /admin/dashboard. */
export function toStatsParams(days: StatsWindow): Record<string, string> {
  return days === DEFAULT_WINDOW ? {} : { days: String(days) };
}

/** useLatest's key is the window in days; the answer is that window's figures. */
export const fetchStats = (days: string) => apiClient.get<ShopStats>(`/admin/stats?days=${days}`);
