import { discountedPrice, formatPrice } from '../../../domain/pricing';
import { choiceLabel } from '../../../domain/variants';
import type { CartItem, Order } from '../../../domain/types';

/** The unit price the line was charged: its variant's when it has one, else the product's displayed price then. */
function unitPrice(item: CartItem): number {
  return item.variant && 'salePrice' in item.variant ? item.variant.salePrice : (item.variant?.price ?? discountedPrice(item.product));
}

/** An order's lines (with the variant chosen), then its totals. */
export default function OrderLines({ order }: { order: Order }) {
  return (
    <>
      <ul className="mt-3 divide-y divide-gray-200">
        {order.items.map((item) => {
          const unit = unitPrice(item);
          const choice = item.variant ? choiceLabel(item.variant.options) : '';
          return (
            <li key={item.id} className="flex gap-3 py-3">
              <img src={item.product.thumbnail} alt="" className="size-14 shrink-0 rounded object-cover" />
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-medium break-words text-gray-900">{item.product.title}</p>
                {choice && <p className="text-gray-700">{choice}</p>}
                {item.variant && <p className="text-xs text-gray-600">SKU {item.variant.sku}</p>}
                <p className="text-gray-700">
                  Qty {item.quantity} × {formatPrice(unit)}
                </p>
              </div>
              <p className="text-sm font-medium whitespace-nowrap text-gray-900">{formatPrice(unit * item.quantity)}</p>
            </li>
          );
        })}
      </ul>
      <dl className="mt-3 space-y-1 border-t border-gray-200 pt-3 text-sm">
        <div className="flex justify-between">
          <dt className="text-gray-700">Items</dt>
          <dd className="text-gray-900">{order.totalItems}</dd>
        </div>
        <div className="flex justify-between font-semibold">
          <dt className="text-gray-900">Total</dt>
          <dd className="text-gray-900">{formatPrice(order.totalAmount)}</dd>
        </div>
      </dl>
    </>
  );
}
