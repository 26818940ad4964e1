import type { RefObject } from 'react';
import { Link } from 'react-router-dom';
import { useAppAlert } from '../../../components/Alerts';
import ConfirmedAction from '../../../components/ConfirmedAction';
import { useAppDispatch } from '../../../lib/hooks';
import type { RejectValue } from '../../../lib/thunk';
import type { Order } from '../../../domain/types';
import { cancelOrderAsync } from '../myOrders';

interface CancelOrderProps {
  order: Order;
  /** The order as the server now has it: cancelled, or (when it had changed meanwhile) undefined: load it again. */
  onChanged: (order?: Order) => void;
  /** Where the keyboard focus goes once the order is cancelled (and the button gone). */
  focusAfter?: RefObject<HTMLElement | null>;
}

/**
 * 'Cancel order' on a pending order not yet paid (a card's authorization is given back), after a
 * confirmation; the stock goes back on sale. A pending order already paid (the shop moved it back)
 * says to ask the shop, who decides the refund. Why it failed stays in view after the order has
 * changed (e.g. dispatched meanwhile) and lost the button.
 */
export default function CancelOrder({ order, onChanged, focusAfter }: CancelOrderProps) {
  const dispatch = useAppDispatch();
  const alert = useAppAlert();

  async function cancel() {
    try {
      onChanged(await dispatch(cancelOrderAsync(order.id)).unwrap());
      alert.success(`Order #${order.id} is cancelled`);
    } catch (rejected) {
      // Changed meanwhile (the shop dispatched it): show the order as it is now.
      const { status } = rejected as RejectValue;
      if (status === 409 || status === 404) onChanged();
      throw rejected;
    }
  }

  const paid = order.payment?.status === 'paid' || order.payment?.status === 'partially_refunded';
  if (order.status === 'pending' && paid) {
    return (
      <p className="text-sm text-gray-700">
        Paid: to cancel this order and get the money back,{' '}
        <Link to="/contactus" className="font-medium text-brand-700 underline hover:text-brand-600">
          contact us
        </Link>
        .
      </p>
    );
  }

  return (
    <ConfirmedAction
      label={
        <>
          Cancel order<span className="sr-only"> #{order.id}</span>
        </>
      }
      busyLabel="Cancelling…"
      available={order.status === 'pending'}
      question={{
        title: `Cancel order #${order.id}?`,
        message: 'Its items go back on sale. This cannot be undone.',
        confirmLabel: 'Cancel order',
        cancelLabel: 'Keep order',
      }}
      run={cancel}
      focusAfter={focusAfter}
      failed={(message) => `Order #${order.id} could not be cancelled: ${message}`}
    />
  );
}
