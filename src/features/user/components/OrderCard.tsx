import type { ReactNode } from 'react';
import { discountedPrice, formatPrice } from '../../../domain/pricing';
import OrderTimeline from '../../../components/OrderTimeline';
import StatusBadge from '../../../components/StatusBadge';
import type { Order } from '../../../domain/types';
import AddressCard from './AddressCard';
import CancelOrder from './CancelOrder';

interface OrderCardProps {
  order: Order;
  serial: number;
  /** What else the shopper can do with the order (the page puts the cart's 'Buy again' here). */
  actions?: ReactNode;
}

const byWhom = (by: 'shopper' | 'admin') => (by === 'shopper' ? 'by you' : 'by the shop');

/**
 * One order of My Orders (SPEC §2): number, items, totals and shipping address; its status
 * history, 'Cancel order' while it is pending, and the page's actions (issue 16).
 */
export default function OrderCard({ order, serial, actions }: OrderCardProps) {
  const headingId = `order-${order.id}-heading`;
  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-gray-200 bg-white">
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-gray-200 px-4 py-4 sm:px-6">
        <div>
          <p className="text-sm text-gray-600">Order {serial}</p>
          <h2 id={headingId} className="text-xl font-bold text-gray-900">
            Order # {order.id}
          </h2>
          {order.createdAt && (
            <p className="text-sm text-gray-600">
              Placed on <time dateTime={order.createdAt}>{new Date(order.createdAt).toLocaleDateString('en-US')}</time>
            </p>
          )}
        </div>
        <p className="text-sm">
          <span className="text-gray-700">Order Status: </span>
          <StatusBadge status={order.status} />
          <span className="ml-2 text-gray-700">· Paid by {order.paymentMethod === 'card' ? 'card' : 'cash'}</span>
        </p>
      </div>
      <ul className="divide-y divide-gray-200 px-4 sm:px-6">
        {order.items.map((item) => (
          <li key={item.id} className="flex gap-4 py-4">
            <img
              src={item.product.thumbnail}
              alt={item.product.title}
              width={80}
              height={80}
              className="size-16 shrink-0 rounded-md border border-gray-200 object-cover sm:size-20"
            />
            <div className="flex flex-1 flex-col text-sm">
              <div className="flex justify-between gap-4 font-medium text-gray-900">
                <h3>{item.product.title}</h3>
                <p>{formatPrice(discountedPrice(item.product))}</p>
              </div>
              <p className="mt-1 text-gray-600">{item.product.brand}</p>
              <p className="mt-auto text-gray-700">Qty: {item.quantity}</p>
            </div>
          </li>
        ))}
      </ul>
      <div className="space-y-4 border-t border-gray-200 px-4 py-4 sm:px-6">
        <dl className="space-y-1 text-base font-medium text-gray-900">
          <div className="flex justify-between">
            <dt>Subtotal</dt>
            <dd>{formatPrice(order.totalAmount)}</dd>
          </div>
          <div className="flex justify-between">
            <dt>Total Items in Order</dt>
            <dd>
              {order.totalItems} {order.totalItems === 1 ? 'item' : 'items'}
            </dd>
          </div>
        </dl>
        {order.history && order.history.length > 0 && (
          <div>
            <h3 className="text-sm font-medium text-gray-900">Status history</h3>
            <OrderTimeline history={order.history} who={byWhom} className="mt-2" />
          </div>
        )}
        <div>
          <h3 className="text-sm font-medium text-gray-900">Shipping Address</h3>
          <div className="mt-2 rounded-md border border-gray-200 p-3">
            <AddressCard address={order.selectedAddress} />
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-t border-gray-200 pt-4 empty:hidden">
          <CancelOrder order={order} />
          {actions}
        </div>
      </div>
    </article>
  );
}
