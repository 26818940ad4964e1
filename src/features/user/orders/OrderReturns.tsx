import { lazy, Suspense, useRef, useState } from 'react';
import { useAppAlert } from '../../../components/Alerts';
import Spinner from '../../../components/Spinner';
import { buttonClass } from '../../../components/controls';
import { formatMoney } from '../../../domain/checkout';
import { returnableUnits, returnableUntil, returnLastDay, unitsInReturns } from '../../../domain/returns';
import type { Order, OrderItem } from '../../../domain/types';
import ReturnList from '../../../components/ReturnList';
import { lineName } from '../../../domain/returnText';

// The form loads when the shopper opens it: most visits of an order page never return anything.
const ReturnForm = lazy(() => import('./ReturnForm'));

/** Whether (and until when) a line of a delivered order can be returned, in a shopper's words. */
function windowText(order: Order, item: OrderItem, now: Date): string {
  const until = returnableUntil(order, item);
  if (!until) return 'Not returnable';
  const held = unitsInReturns(order, item.id);
  if (held >= item.quantity) return item.quantity === 1 ? 'In a return' : `All ${item.quantity} in a return`;
  if (until.getTime() <= now.getTime()) return `Not returnable: the return window ended ${returnLastDay(until)}`;
  return `Returnable until ${returnLastDay(until)}`;
}

/**
 * The shopper's returns of an order (/orders/:id): on a delivered order, each line's return
 * window, 'Return items' (a form loaded on demand) while some line can still be returned, and
 * every return asked for with its status and refund. Nothing on an order that was never delivered.
 */
export default function OrderReturns({ order, onChanged, className = '' }: { order: Order; onChanged: (order: Order) => void; className?: string }) {
  const alert = useAppAlert();
  const [open, setOpen] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const returns = order.returns ?? [];
  const delivered = order.status === 'delivered';
  if (!delivered && returns.length === 0) return null;

  const now = new Date();
  const returnable = order.items.filter((item) => returnableUnits(order, item, now) > 0);

  function close() {
    setOpen(false);
    // Back to the button that opened the form (rendered again on the next frame).
    requestAnimationFrame(() => opener.current?.focus());
  }

  function done(changed: Order) {
    setOpen(false);
    onChanged(changed);
    alert.success(`Your return for order #${order.id} is requested`);
    requestAnimationFrame(() => heading.current?.focus());
  }

  return (
    <section aria-labelledby="returns-heading" className={`rounded-lg border border-gray-200 bg-white p-4 sm:p-6 ${className}`}>
      <h2 id="returns-heading" ref={heading} tabIndex={-1} className="text-base font-semibold text-gray-900 focus:outline-none">
        Returns
      </h2>
      {delivered && (
        <ul aria-label="Return windows" className="mt-3 space-y-1 text-sm">
          {order.items.map((item) => (
            <li key={item.id} className="flex flex-wrap justify-between gap-x-4">
              <span className="break-words text-gray-900">{lineName(item)}</span>
              <span className="text-gray-700">{windowText(order, item, now)}</span>
            </li>
          ))}
        </ul>
      )}
      {open ? (
        <Suspense fallback={<Spinner label="Loading the return form…" />}>
          <ReturnForm order={order} lines={returnable} onCancel={close} onDone={done} />
        </Suspense>
      ) : (
        returnable.length > 0 && (
          <button type="button" ref={opener} className={buttonClass('secondary', 'sm', 'mt-4')} onClick={() => setOpen(true)}>
            Return items
          </button>
        )
      )}
      {returns.length > 0 ? (
        <ReturnList order={order} reader="shopper" />
      ) : (
        <p className="mt-3 text-sm text-gray-700">You have not returned anything from this order.</p>
      )}
      {(order.refunded ?? 0) > 0 && (
        <p className="mt-3 text-sm font-semibold text-gray-900">Refunded so far: {formatMoney(order.refunded ?? 0)}</p>
      )}
    </section>
  );
}
