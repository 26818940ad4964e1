import type { Order } from '../../../domain/types';
import { formatMoney } from '../../../domain/checkout';
import { orderCharges } from '../../../domain/orderText';
import TotalsBreakdown from '../../../features/orders/components/TotalsBreakdown';
import OrderLines from '../../../features/user/orders/OrderLines';

/**
 * A placed order's lines and the five figures it was charged (subtotal, each promotion, shipping,
 * tax, total), as it stored them: the success page and the order page show the same. Not a page,
 * so not in app/pages itself: the router's glob would make it a lazy part of every first load.
 */
export default function PricedOrder({ order }: { order: Order }) {
  const { totals, promotions, shipping, tax } = orderCharges(order);
  return (
    <section aria-labelledby={`items-${order.id}`} className="rounded-lg border border-gray-200 bg-white px-4 pb-4 text-left sm:px-6">
      <h2 id={`items-${order.id}`} className="pt-4 text-base font-semibold text-gray-900">
        Items
      </h2>
      <OrderLines order={order} />
      <TotalsBreakdown
        totals={totals}
        promotions={promotions}
        shipping={shipping}
        tax={tax}
        label={`Order #${order.id} total`}
        className="border-t border-gray-200 pt-3"
      />
      {(order.refunded ?? 0) > 0 && (
        <p className="flex justify-between border-t border-gray-200 pt-2 text-sm font-medium text-gray-900">
          <span>Refunded</span>
          <span>{formatMoney(order.refunded ?? 0)}</span>
        </p>
      )}
    </section>
  );
}
