import type { ReactNode } from 'react';
import { formatMoney } from '../../../domain/checkout';
import { deliveryText } from '../../../domain/deliveryText';
import { orderCharges, orderPaymentText } from '../../../domain/orderText';
import type { Order } from '../../../domain/types';
import AddressCard from '../components/AddressCard';
import { itemCount, placedOn } from './orderFormat';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1">
      <dt className="text-gray-700">{term}</dt>
      <dd className="text-right font-medium text-gray-900">{children}</dd>
    </div>
  );
}

/**
 * An order's summary: number, date, items, total, payment and the delivery estimate, then where it
 * goes. The total, the payment and the estimate are what the order stored when it was placed (an
 * older order without an estimate shows none); `extra` adds facts.
 */
export default function OrderFacts({ order, extra }: { order: Order; extra?: ReactNode }) {
  const date = placedOn(order.createdAt);
  const { totals } = orderCharges(order);
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <section aria-labelledby={`summary-${order.id}`}>
        <h2 id={`summary-${order.id}`} className="text-base font-semibold text-gray-900">
          Summary
        </h2>
        <dl className="mt-2 divide-y divide-gray-100 text-sm">
          <Fact term="Order number">#{order.id}</Fact>
          {date && (
            <Fact term="Placed on">
              <time dateTime={order.createdAt}>{date}</time>
            </Fact>
          )}
          <Fact term="Items">{itemCount(order.totalItems)}</Fact>
          <Fact term="Payment">{orderPaymentText(order)}</Fact>
          {order.delivery && (
            <Fact term="Estimated delivery">
              <span className="block">{deliveryText(order.delivery)}</span>
              <span className="block text-xs font-normal text-gray-600">by {order.delivery.method}</span>
            </Fact>
          )}
          {extra}
          <Fact term="Total">{formatMoney(totals.total)}</Fact>
        </dl>
      </section>
      <section aria-labelledby={`address-${order.id}`}>
        <h2 id={`address-${order.id}`} className="text-base font-semibold text-gray-900">
          Shipping address
        </h2>
        <div className="mt-2 rounded-md border border-gray-200 p-3">
          <AddressCard address={order.selectedAddress} />
        </div>
      </section>
    </div>
  );
}

export { Fact };
