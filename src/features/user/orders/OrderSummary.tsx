import { Link } from 'react-router-dom';
import { formatMoney } from '../../../domain/checkout';
import { orderCharges, orderPaymentText } from '../../../domain/orderText';
import StatusBadge from '../../../components/StatusBadge';
import type { Order } from '../../../domain/types';
import { returnInProgress } from '../../../domain/returns';
import AddressCard from '../components/AddressCard';
import { Fact } from './OrderFacts';
import OrderLines from './OrderLines';
import { itemCount, placedOn } from './orderFormat';

/**
 * One order of My Orders: its serial number on the list, its number (a link to its page), date,
 * status and payment; its lines (picture, title, brand, the option chosen, quantity and price);
 * subtotal, total items and total; and the address it ships to.
 */
export default function OrderSummary({ order, serial }: { order: Order; serial: number }) {
  const date = placedOn(order.createdAt);
  const { totals } = orderCharges(order);
  const progress = returnInProgress(order);
  return (
    <article aria-labelledby={`order-${order.id}`} className="rounded-lg border border-gray-200 bg-white p-4 sm:px-6">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="text-xs font-medium text-gray-600">No. {serial}</p>
          <h2 id={`order-${order.id}`} className="text-base font-semibold text-gray-900">
            <Link to={`/orders/${order.id}`} className="text-brand-700 underline-offset-2 hover:underline">
              Order #{order.id}
            </Link>
          </h2>
        </div>
        <div className="flex flex-wrap gap-2">
          {progress && <span className="inline-flex rounded-full bg-blue-100 px-3 py-1 text-xs font-medium text-blue-800">{progress}</span>}
          <StatusBadge status={order.status} />
        </div>
      </div>
      <dl className="mt-2 divide-y divide-gray-100 text-sm">
        <Fact term="Placed on">{date ? <time dateTime={order.createdAt}>{date}</time> : 'Date not recorded'}</Fact>
        <Fact term="Payment">{orderPaymentText(order)}</Fact>
      </dl>
      <OrderLines order={order} />
      <dl aria-label={`Order #${order.id} totals`} className="divide-y divide-gray-100 border-t border-gray-200 pt-2 text-sm">
        <Fact term="Subtotal">{formatMoney(totals.subtotal)}</Fact>
        <Fact term="Total items">{itemCount(order.totalItems)}</Fact>
        <Fact term="Total">{formatMoney(totals.total)}</Fact>
      </dl>
      {/* Named with the order's number: each of the page's orders has one of these regions. */}
      <section aria-labelledby={`order-${order.id} address-${order.id}`} className="mt-4">
        <h3 id={`address-${order.id}`} className="text-sm font-semibold text-gray-900">
          Shipping address
        </h3>
        <div className="mt-2 rounded-md border border-gray-200 p-3">
          <AddressCard address={order.selectedAddress} />
        </div>
      </section>
    </article>
  );
}
