import { formatMoney } from '../../../domain/checkout';
import { lineCharges } from '../../../domain/orderText';
import type { Order } from '../../../domain/types';
import { lineChoice } from './orderFormat';

/** An order's lines: picture, title, brand, the variant chosen, quantity × unit price, the line's discount and total, as charged. */
export default function OrderLines({ order }: { order: Order }) {
  return (
    <ul aria-label="Items" className="divide-y divide-gray-200">
      {order.items.map((item) => {
        const choice = lineChoice(item);
        const { unitPrice, discount, total } = lineCharges(item);
        return (
          <li key={item.id} className="flex gap-4 py-4">
            <img
              src={item.product.thumbnail}
              alt=""
              width={80}
              height={80}
              className="size-16 shrink-0 rounded-md border border-gray-200 object-cover sm:size-20"
            />
            <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm sm:flex-row sm:justify-between sm:gap-4">
              <div className="min-w-0">
                <h3 className="font-medium text-gray-900">{item.product.title}</h3>
                {item.product.brand && <p className="text-gray-700">{item.product.brand}</p>}
                {choice && <p className="text-gray-700">{choice}</p>}
                <p className="text-gray-700">
                  Qty {item.quantity} × {formatMoney(unitPrice)}
                </p>
                {discount > 0 && <p className="text-green-800">Discount −{formatMoney(discount)}</p>}
              </div>
              <p className="font-medium text-gray-900">
                <span className="sr-only">Line total </span>
                {formatMoney(total)}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
