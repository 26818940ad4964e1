import { useState } from 'react';
import { useAppAlert } from '../../../components/Alerts';
import ConfirmDialog from '../../../components/ConfirmDialog';
import { Button } from '../../../components/controls';
import { useAppDispatch } from '../../../lib/hooks';
import type { RejectValue } from '../../../lib/thunk';
import type { Order } from '../../../types';
import { cancelOrderAsync } from '../myOrders';
import { fetchLoggedInUserOrdersAsync } from '../userSlice';

/**
 * 'Cancel order' on a pending order, after a confirmation; the stock goes back on sale. Why it
 * failed stays in view after the order has changed (e.g. dispatched meanwhile) and lost the button.
 */
export default function CancelOrder({ order }: { order: Order }) {
  const dispatch = useAppDispatch();
  const alert = useAppAlert();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function cancel() {
    setBusy(true);
    setError(null);
    try {
      await dispatch(cancelOrderAsync(order.id)).unwrap();
      alert.success(`Order #${order.id} is cancelled`);
    } catch (rejected) {
      const { message, status } = rejected as RejectValue;
      setError(`Order #${order.id} could not be cancelled: ${message}`);
      // Changed meanwhile (the shop dispatched it): show the orders as they are now.
      if (status === 409 || status === 404) dispatch(fetchLoggedInUserOrdersAsync());
    } finally {
      setBusy(false);
      setAsking(false);
    }
  }

  return (
    <>
      {order.status === 'pending' && (
        <Button look="secondary" size="sm" disabled={busy} onClick={() => setAsking(true)}>
          {busy ? 'Cancelling…' : 'Cancel order'}
          <span className="sr-only"> #{order.id}</span>
        </Button>
      )}
      {error && (
        <p role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      )}
      <ConfirmDialog
        open={asking}
        title={`Cancel order #${order.id}?`}
        message="Its items go back on sale. This cannot be undone."
        confirmLabel="Cancel order"
        cancelLabel="Keep order"
        busy={busy}
        onConfirm={cancel}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
