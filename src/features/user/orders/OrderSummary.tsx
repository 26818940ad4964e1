import { Link } from 'react-router-dom';
import { formatMoney } from '../../../domain/checkout';
import StatusBadge from '../../../components/StatusBadge';
import type { Order } from '../../../domain/types';
import { returnInProgress } from '../../../domain/returns';
import { itemCount, placedOn } from './orderFormat';

/** One order of My Orders: its number (a link to its page), date, items, total and status. */
export default function OrderSummary({ order }: { order: Order }) {
  const date = placedOn(order.createdAt);
  return (
    <article aria-labelledby={`order-${order.id}`} className="relative rounded-lg border border-gray-200 bg-white p-4 focus-within:ring-2 focus-within:ring-brand-600 hover:bg-gray-50 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={`order-${order.id}`} className="text-base font-semibold text-gray-900">
          {/* The whole card is the link's target (its ::after covers it); the name stays "Order #31". */}
          <Link to={`/orders/${order.id}`} className="after:absolute after:inset-0 focus-visible:outline-none">
            Order #{order.id}
          </Link>
        </h2>
        <div className="flex flex-wrap gap-2">
          {returnInProgress(order) && (
            <span className="inline-flex rounded-full bg-blue-100 px-3 py-1 text-xs font-medium text-blue-800">{returnInProgress(order)}</span>
          )}
          <StatusBadge status={order.status} />
        </div>
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="sr-only">Placed on</dt>
          <dd className="text-gray-700">{date ? <time dateTime={order.createdAt}>{date}</time> : 'Date not recorded'}</dd>
        </div>
        <div>
          <dt className="sr-only">Items</dt>
          <dd className="text-gray-700">{itemCount(order.totalItems)}</dd>
        </div>
        <div className="sm:text-right">
          <dt className="sr-only">Total</dt>
          <dd className="font-medium text-gray-900">{formatMoney(order.totals?.total ?? order.totalAmount)}</dd>
        </div>
      </dl>
    </article>
  );
}
