import { lazy, Suspense } from 'react';
import Spinner from '../../../components/Spinner';
import { formatMoney } from '../../../domain/checkout';
import type { ShopStats } from '../../../domain/backOffice';
import { CHART_HEIGHT, formatDay } from './chartFormat';

// The chart library comes in its own chunk, after the figures: the KPIs never wait for it.
const RevenueChart = lazy(() => import('./RevenueChart'));

type Days = ShopStats['revenueByDay'];

/** What the chart shows, in words: its accessible name. */
function describe(revenueByDay: Days, days: number): string {
  const total = revenueByDay.reduce((sum, day) => sum + day.revenue, 0);
  const best = revenueByDay.reduce((top, day) => (day.revenue > top.revenue ? day : top), revenueByDay[0]);
  return `Revenue per day over the last ${days} days: ${formatMoney(total)} in total, highest ${formatMoney(best.revenue)} on ${formatDay(best.date)}`;
}

/** Revenue per day: the chart, and the same figures as a table (its text alternative). */
export default function RevenueSection({ revenueByDay, days }: { revenueByDay: Days; days: number }) {
  const sold = revenueByDay.some((day) => day.orders > 0);
  return (
    <section aria-labelledby="revenue-heading">
      <h2 id="revenue-heading" className="text-lg font-semibold text-gray-900">
        Revenue per day
      </h2>
      {!sold ? (
        <p className="mt-3 rounded-md bg-gray-50 p-6 text-center text-sm text-gray-700">No orders in this period.</p>
      ) : (
        <>
          <div className="mt-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-900/5">
            <Suspense fallback={<Spinner label="Loading the chart…" className="py-0" />}>
              <div style={{ minHeight: CHART_HEIGHT }}>
                <RevenueChart revenueByDay={revenueByDay} label={describe(revenueByDay, days)} />
              </div>
            </Suspense>
          </div>
          <details className="mt-3 text-sm">
            <summary className="w-fit cursor-pointer rounded font-medium text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600">
              Show the figures as a table
            </summary>
            <div
              role="region"
              aria-label="Revenue per day, as a table"
              tabIndex={0}
              className="relative mt-2 max-h-96 overflow-auto rounded-lg ring-1 ring-gray-900/5 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <table className="min-w-full divide-y divide-gray-300 text-left">
                <caption className="sr-only">Revenue and orders per day, oldest first</caption>
                <thead className="bg-gray-50 text-xs font-semibold tracking-wide text-gray-700 uppercase">
                  <tr>
                    <th scope="col" className="px-4 py-2">
                      Date
                    </th>
                    <th scope="col" className="px-4 py-2 text-right">
                      Revenue
                    </th>
                    <th scope="col" className="px-4 py-2 text-right">
                      Orders
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-200 bg-white">
                  {revenueByDay.map((day) => (
                    <tr key={day.date}>
                      <th scope="row" className="px-4 py-2 font-normal whitespace-nowrap">
                        {formatDay(day.date)}
                      </th>
                      <td className="px-4 py-2 text-right tabular-nums">{formatMoney(day.revenue)}</td>
                      <td className="px-4 py-2 text-right tabular-nums">{day.orders}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </section>
  );
}
