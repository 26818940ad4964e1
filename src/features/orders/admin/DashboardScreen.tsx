import { useSearchParams } from 'react-router-dom';
import ErrorMessage from '../../../components/ErrorMessage';
import Spinner from '../../../components/Spinner';
import { Select } from '../../../components/controls';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { useLatest } from '../../../lib/useLatest';
import DashboardKpis from './DashboardKpis';
import { LowStock, TopProducts } from './DashboardLists';
import RevenueSection from './RevenueSection';
import { STATS_WINDOWS, fetchStats, parseStatsWindow, toStatsParams, type StatsWindow } from './statsAPI';

/**
 * /admin/dashboard — the shop's figures over a window of days kept in the URL (?days=7|30|90):
 * KPI cards, the backlog by status, revenue per day, best sellers and low stock.
 */
export default function DashboardScreen() {
  useDocumentTitle('Admin: Dashboard');
  const [params, setParams] = useSearchParams();
  const days = parseStatsWindow(params);
  const stats = useLatest(String(days), fetchStats);
  // The figures on screen answer `shownDays`; while another window loads they stay, dimmed.
  const shownDays = Number(stats.dataKey);
  const current = stats.dataKey === String(days) && !stats.loading;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight text-gray-900">Dashboard</h1>
        <div>
          <label htmlFor="stats-window" className="block text-sm font-medium text-gray-900">
            Period
          </label>
          <Select
            compact
            id="stats-window"
            value={days}
            onChange={(event) => setParams(toStatsParams(Number(event.target.value) as StatsWindow))}
            className="mt-1"
          >
            {STATS_WINDOWS.map((window) => (
              <option key={window} value={window}>
                Last {window} days
              </option>
            ))}
          </Select>
        </div>
      </div>

      <div className="mt-6">
        {stats.error ? (
          <ErrorMessage title="The dashboard could not be loaded" message={stats.error} onRetry={stats.retry} />
        ) : !stats.data ? (
          <Spinner label="Loading the dashboard…" />
        ) : (
          <div aria-busy={!current} className={`space-y-10 ${current ? '' : 'opacity-60'}`}>
            <DashboardKpis stats={stats.data} days={shownDays} />
            <RevenueSection revenueByDay={stats.data.revenueByDay} days={shownDays} />
            <div className="grid grid-cols-1 gap-10 lg:grid-cols-2">
              <TopProducts products={stats.data.topProducts} days={shownDays} />
              <LowStock products={stats.data.lowStock} />
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
