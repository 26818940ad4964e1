import { useEffect, useRef, useState } from 'react';
import { PencilSquareIcon } from '@heroicons/react/20/solid';
import StatusBadge from '../../../components/StatusBadge';
import { Select, buttonClass } from '../../../components/controls';
import type { Order, OrderStatus } from '../../../domain/types';
import StatusOptions from './StatusOptions';

interface StatusControlProps {
  order: Order;
  /** Saves a new status; resolves false when it failed (the caller says why). */
  onChangeStatus: (order: Order, status: OrderStatus) => Promise<boolean>;
  /** Tells the ids apart where the same order shows twice (the table and the phone's cards). */
  idPrefix: string;
}

/**
 * An order's status as a badge with 'Edit', which turns it into a select: choosing a value saves
 * it, Escape or 'Cancel' leaves it as it was; focus goes back to 'Edit' afterwards.
 */
export default function StatusControl({ order, onChangeStatus, idPrefix }: StatusControlProps) {
  const [editing, setEditing] = useState(false);
  /** The save under way: the select shows the chosen status meanwhile, not the stored one. */
  const [saving, setSaving] = useState<OrderStatus | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (editing || !returnFocus.current) return;
    editButton.current?.focus();
    returnFocus.current = false;
  }, [editing]);

  function stop() {
    returnFocus.current = true;
    setEditing(false);
  }

  async function choose(status: OrderStatus) {
    if (status === order.status) return stop();
    setSaving(status);
    await onChangeStatus(order, status);
    setSaving(null);
    stop();
  }

  const id = `${idPrefix}-status-${order.id}`;
  if (!editing) {
    return (
      <span className="inline-flex flex-wrap items-center gap-2">
        <StatusBadge status={order.status} />
        <button ref={editButton} type="button" onClick={() => setEditing(true)} className={buttonClass('link', 'sm')}>
          <PencilSquareIcon aria-hidden="true" className="size-5" />
          Edit{' '}
          <span className="sr-only">status of order #{order.id}</span>
        </button>
      </span>
    );
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="sr-only">
        Status of order #{order.id}
      </label>
      <Select
        compact
        id={id}
        autoFocus
        disabled={saving !== null}
        value={saving ?? order.status}
        onChange={(event) => choose(event.target.value as OrderStatus)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') stop();
        }}
        className="capitalize"
      >
        <StatusOptions />
      </Select>
      {saving !== null ? (
        <span className="text-xs text-gray-600">Saving…</span>
      ) : (
        <button type="button" onClick={stop} className={buttonClass('plain', 'sm')}>
          Cancel{' '}
          <span className="sr-only">editing order #{order.id}</span>
        </button>
      )}
    </span>
  );
}
