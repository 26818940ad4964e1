import { Link } from 'react-router-dom';
import StatusBadge from '../../../components/StatusBadge';
import { formatMoney } from '../../../domain/checkout';
import { ORDER_STATUSES } from '../../../domain/types';
import type { ShopStats } from '../../../domain/backOffice';
import { usePermission } from '../../../lib/usePermission';

const card = 'rounded-lg bg-white px-4 py-5 shadow-sm ring-1 ring-gray-900/5';

function Kpi({ label, value }: { label: string; value: string }) {
  return (
    <div className={card}>
      <dt className="text-sm font-medium text-gray-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tracking-tight text-gray-900">{value}</dd>
    </div>
  );
}

/**
 * The KPI cards, then the backlog: every order by status, each count opening the orders it counts
 * for staff who may read the orders (a plain figure for the others, catalogue staff).
 */
export default function DashboardKpis({ stats, days }: { stats: ShopStats; days: number }) {
  const readsOrders = usePermission('orders.read');
  return (
    <>
      <section aria-labelledby="kpi-heading">
        <h2 id="kpi-heading" className="sr-only">
          Key figures
        </h2>
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-5">
          <Kpi label="Revenue today" value={formatMoney(stats.revenue.today)} />
          <Kpi label="Revenue, last 7 days" value={formatMoney(stats.revenue.last7)} />
          <Kpi label="Revenue, last 30 days" value={formatMoney(stats.revenue.last30)} />
          <Kpi label={`Average order value, last ${days} days`} value={formatMoney(stats.averageOrderValue)} />
          <Kpi label={`New customers, last ${days} days`} value={String(stats.newCustomers)} />
        </dl>
      </section>

      <section aria-labelledby="backlog-heading">
        <h2 id="backlog-heading" className="text-lg font-semibold text-gray-900">
          Orders by status
        </h2>
        <p className="text-sm text-gray-600">Every order, whatever its date.</p>
        <ul className="mt-3 grid grid-cols-2 gap-4 sm:grid-cols-4">
          {ORDER_STATUSES.map((status) => {
            const count = (
              <>
                {stats.ordersByStatus[status]} <span className="sr-only">{status} orders</span>
              </>
            );
            return (
              <li key={status} className={`${card} flex items-center justify-between gap-2`}>
                <StatusBadge status={status} />
                {readsOrders ? (
                  <Link
                    to={`/admin/orders?status=${status}`}
                    className="rounded text-2xl font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    {count}
                  </Link>
                ) : (
                  <span className="text-2xl font-semibold text-gray-900">{count}</span>
                )}
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}
