import { formatMoney } from '../../../domain/checkout';
import { lineCharges, orderCharges } from '../../../domain/orderText';
import { choiceLabel } from '../../../domain/variants';
import type { Order } from '../../../domain/types';
import TotalsBreakdown from '../components/TotalsBreakdown';

/** An order's lines (with the variant chosen, unit price, discount and line total as charged), then what it stored as its totals. */
export default function OrderLines({ order }: { order: Order }) {
  const { totals, promotions, shipping, tax } = orderCharges(order);
  return (
    <>
      <ul className="mt-3 divide-y divide-gray-200">
        {order.items.map((item) => {
          const { unitPrice, discount, total } = lineCharges(item);
          const choice = item.variant ? choiceLabel(item.variant.options) : '';
          return (
            <li key={item.id} className="flex gap-3 py-3">
              <img src={item.product.thumbnail} alt="" className="size-14 shrink-0 rounded object-cover" />
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-medium break-words text-gray-900">{item.product.title}</p>
                {choice && <p className="text-gray-700">{choice}</p>}
                {item.variant && <p className="text-xs text-gray-600">SKU {item.variant.sku}</p>}
                <p className="text-gray-700">
                  Qty {item.quantity} × {formatMoney(unitPrice)}
                </p>
                {discount > 0 && <p className="text-green-800">Discount −{formatMoney(discount)}</p>}
              </div>
              <p className="text-sm font-medium whitespace-nowrap text-gray-900">
                <span className="sr-only">Line total </span>
                {formatMoney(total)}
              </p>
            </li>
          );
        })}
      </ul>
      <div className="mt-3 border-t border-gray-200 pt-3 text-sm">
        <p className="flex justify-between py-1 text-gray-700">
          <span>Items</span>
          <span className="text-gray-900">{order.totalItems}</span>
        </p>
        <TotalsBreakdown totals={totals} promotions={promotions} shipping={shipping} tax={tax} label={`Order #${order.id} total`} />
        {(order.refunded ?? 0) > 0 && (
          <p className="flex justify-between border-t border-gray-200 py-1 font-medium text-gray-900">
            <span>Refunded</span>
            <span>{formatMoney(order.refunded ?? 0)}</span>
          </p>
        )}
      </div>
    </>
  );
}
