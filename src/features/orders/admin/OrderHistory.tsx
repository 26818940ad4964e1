import { useState } from 'react';
import OrderTimeline from '../../../components/OrderTimeline';
import type { Order } from '../../../domain/types';
import { orderDateTime } from './orderFormat';

/** An order's status history behind a 'History' toggle, so the table stays compact. */
export default function OrderHistory({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  if (!order.history || order.history.length === 0) return null;
  return (
    <details className="mt-2 text-xs text-gray-700" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer rounded px-3 font-medium text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600">
        History<span className="sr-only"> of order #{order.id}</span>
      </summary>
      {/* Its lines wrap at a width of their own: the table's status cell does not, and would widen the table. */}
      {open && <OrderTimeline history={order.history} who={(by) => by} time={orderDateTime} className="mt-2 ml-3 w-40 whitespace-normal" />}
    </details>
  );
}
