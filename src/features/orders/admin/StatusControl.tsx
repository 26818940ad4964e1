import { useEffect, useRef, useState, type FormEvent } from 'react';
import { PencilSquareIcon } from '@heroicons/react/20/solid';
import StatusBadge from '../../../components/StatusBadge';
import { Select, buttonClass } from '../../../components/controls';
import type { Order, OrderStatus } from '../../../domain/types';
import { usePermission } from '../../../lib/usePermission';
import CancelOrderDialog from './CancelOrderDialog';
import StatusOptions from './StatusOptions';
import { cancelRefunds, paidRefusal } from './paidCancel';

interface StatusControlProps {
  order: Order;
  /** Saves a new status; resolves false when it failed (the caller says why). */
  onChangeStatus: (order: Order, status: OrderStatus) => Promise<boolean>;
  /** Tells the ids apart where the same order shows twice (the table and the phone's cards). */
  idPrefix: string;
}

/**
 * An order's status as a badge with 'Edit' (staff who may change orders), which turns it into a
 * select with 'Save' and 'Cancel': choosing a value saves nothing (arrow keys move through the
 * values), 'Save' does, after a confirmation when it cancels the order; Escape or 'Cancel' leaves
 * it as it was; focus goes back to 'Edit' afterwards. Cancelling a paid order is offered disabled,
 * with the reason, to staff without the refunds permission.
 */
export default function StatusControl({ order, onChangeStatus, idPrefix }: StatusControlProps) {
  const canChange = usePermission('orders.write');
  const refusal = !usePermission('refunds') && cancelRefunds(order) ? paidRefusal([order.id]) : null;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<OrderStatus>(order.status);
  const [saving, setSaving] = useState(false);
  const [asking, setAsking] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (editing || !returnFocus.current) return;
    editButton.current?.focus();
    returnFocus.current = false;
  }, [editing]);

  function stop() {
    returnFocus.current = true;
    setAsking(false);
    setEditing(false);
  }

  async function save() {
    setAsking(false);
    if (draft === order.status) return stop();
    setSaving(true);
    await onChangeStatus(order, draft);
    setSaving(false);
    stop();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (draft === 'cancelled' && order.status !== 'cancelled') setAsking(true);
    else void save();
  }

  if (!editing) {
    return (
      <span className="inline-flex flex-wrap items-center gap-2">
        <StatusBadge status={order.status} />
        {canChange && (
          <button
            ref={editButton}
            type="button"
            onClick={() => {
              setDraft(order.status);
              setEditing(true);
            }}
            className={buttonClass('link', 'sm')}
          >
            <PencilSquareIcon aria-hidden="true" className="size-5" />
            Edit{' '}
            <span className="sr-only">status of order #{order.id}</span>
          </button>
        )}
      </span>
    );
  }
  const id = `${idPrefix}-status-${order.id}`;
  const whyId = `${id}-why`;
  return (
    <form onSubmit={submit} className="inline-flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="sr-only">
        Status of order #{order.id}
      </label>
      <Select
        compact
        id={id}
        autoFocus
        disabled={saving}
        value={draft}
        aria-describedby={refusal ? whyId : undefined}
        onChange={(event) => setDraft(event.target.value as OrderStatus)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') stop();
        }}
        className="capitalize"
      >
        <StatusOptions refused={refusal ? 'cancelled' : undefined} />
      </Select>
      {saving ? (
        <span className="text-xs text-gray-600">Saving…</span>
      ) : (
        <>
          <button type="submit" className={buttonClass('primary', 'sm')}>
            Save{' '}
            <span className="sr-only">status of order #{order.id}</span>
          </button>
          <button type="button" onClick={stop} className={buttonClass('plain', 'sm')}>
            Cancel{' '}
            <span className="sr-only">editing order #{order.id}</span>
          </button>
        </>
      )}
      {refusal && (
        <p id={whyId} className="w-full max-w-xs text-xs text-gray-600">
          {refusal}
        </p>
      )}
      <CancelOrderDialog orderId={order.id} open={asking} onConfirm={() => void save()} onCancel={() => setAsking(false)} />
    </form>
  );
}
