import { useState } from 'react';
import { useAppAlert } from '../../../components/Alerts';
import OrderTimeline from '../../../components/OrderTimeline';
import { Button, Select } from '../../../components/controls';
import type { AdminOrder } from '../../../domain/backOffice';
import type { Order, OrderStatus } from '../../../domain/types';
import CancelOrderDialog from './CancelOrderDialog';
import StatusOptions from './StatusOptions';
import { setOrderStatus } from './adminOrderAPI';
import TrackingFields, { trackingOf, type TrackingDraft } from './TrackingFields';
import TrackingInfo from '../../../components/TrackingInfo';
import { usePermission } from '../../../lib/usePermission';
import { orderDateTime } from './orderFormat';
import { cancelRefunds, paidRefusal } from './paidCancel';
import { useFocusAfter } from '../../../lib/useFocusAfter';

interface OrderStatusSectionProps {
  order: AdminOrder;
  /** The order as saved with its new status. */
  onSaved: (saved: Order) => void;
  className: string;
}

/** One order's status: its change (PATCH /orders/:id) and its history. */
export default function OrderStatusSection({ order, onSaved, className }: OrderStatusSectionProps) {
  const alert = useAppAlert();
  // Without orders.write (support staff): the status and its history, read-only.
  const canChange = usePermission('orders.write');
  // Cancelling a paid order gives the money back: without the refunds permission it is not offered.
  const refusal = !usePermission('refunds') && cancelRefunds(order) ? paidRefusal([order.id]) : null;
  const [status, setStatus] = useState<OrderStatus | ''>(order.status);
  const [saving, setSaving] = useState(false);
  const [asking, setAsking] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [draft, setDraft] = useState<TrackingDraft>({ carrier: order.tracking?.carrier ?? '', number: order.tracking?.number ?? '' });
  // Dispatching may give the parcel's tracking; a dispatched order's tracking may be corrected.
  const tracking = status === 'dispatched' ? trackingOf(draft) : undefined;
  const trackingChanged = tracking !== undefined && (tracking.carrier !== (order.tracking?.carrier ?? null) || tracking.number !== (order.tracking?.number ?? null));
  const unchanged = status === order.status && !trackingChanged;
  // Saved, Save status has nothing left to save (disabled, it would drop the focus): the focus
  // goes to the status, where the next change starts.
  const [statusSelect, refocus] = useFocusAfter<HTMLSelectElement>();

  async function saveStatus() {
    setAsking(false);
    if (!status || unchanged) return;
    setSaving(true);
    setSaveError(null);
    try {
      const saved = await setOrderStatus(order.id, status, tracking);
      onSaved(saved);
      refocus();
      alert.success(`Order #${order.id} is now ${saved.status}`);
    } catch (error) {
      setSaveError(`The status could not be changed to ${status}: ${(error as Error).message}. It is still ${order.status}.`);
    }
    setSaving(false);
  }

  return (
    <section aria-labelledby="status-heading" className={className}>
      <h2 id="status-heading" className="text-lg font-semibold text-gray-900">
        Status
      </h2>
      {canChange && (
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="order-status" className="block text-sm font-medium text-gray-900">
              Change status
            </label>
            <Select
              compact
              id="order-status"
              ref={statusSelect}
              value={status}
              disabled={saving}
              aria-describedby={refusal ? 'order-status-why' : undefined}
              onChange={(event) => setStatus(event.target.value as OrderStatus)}
              className="mt-1 capitalize"
            >
              <StatusOptions refused={refusal ? 'cancelled' : undefined} />
            </Select>
          </div>
          {status === 'dispatched' && <TrackingFields draft={draft} onChange={setDraft} disabled={saving} />}
          <Button
            look="primary"
            onClick={() => (status === 'cancelled' && order.status !== 'cancelled' ? setAsking(true) : void saveStatus())}
            busy={saving}
            disabled={unchanged}
          >
            {saving ? 'Saving…' : 'Save status'}
          </Button>
        </div>
      )}
      {canChange && refusal && (
        <p id="order-status-why" className="mt-2 text-sm text-gray-600">
          {refusal}
        </p>
      )}
      <CancelOrderDialog orderId={order.id} open={asking} onConfirm={() => void saveStatus()} onCancel={() => setAsking(false)} />
      {saveError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {saveError}
        </p>
      )}
      <TrackingInfo tracking={order.tracking} className="mt-5" />
      <h3 className="mt-5 text-sm font-semibold text-gray-900">History</h3>
      {order.history && order.history.length > 0 ? (
        <OrderTimeline history={order.history} who={(by) => (by === 'admin' ? 'by the shop' : 'by the customer')} time={orderDateTime} className="mt-2" />
      ) : (
        <p className="mt-2 text-sm text-gray-700">No changes recorded.</p>
      )}
    </section>
  );
}
