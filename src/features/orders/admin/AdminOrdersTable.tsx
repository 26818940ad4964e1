import { useEffect, useRef, useState } from 'react';
import { PencilSquareIcon } from '@heroicons/react/20/solid';
import { discountedPrice, formatPrice } from '../../../domain/pricing';
import { ORDER_STATUSES, type Order, type OrderStatus } from '../../../domain/types';
import type { OrderSortField, OrdersQuery } from '../ordersQuery';
import StatusBadge from '../../../components/StatusBadge';
import OrderHistory from './OrderHistory';
import SortableHeader from './SortableHeader';
import { PageCheckbox, RowCheckbox } from './SelectionCheckboxes';
import { Select, buttonClass } from '../../../components/controls';

interface AdminOrdersTableProps {
  orders: Order[];
  sort: Pick<OrdersQuery, 'sort' | 'order'>;
  onSort: (field: OrderSortField) => void;
  /** Saves a new status; resolves false when it failed (the caller says why). */
  onChangeStatus: (order: Order, status: OrderStatus) => Promise<boolean>;
  /** The ticked orders (bulk status): a checkbox per row, and one for the whole page. */
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], selected: boolean) => void;
}

/** SPEC §2 admin orders: Items, Order Number, Total Amount, Status, Action (Edit), after a column of checkboxes. */
export default function AdminOrdersTable({ orders, sort, onSort, onChangeStatus, selected, onSelect }: AdminOrdersTableProps) {
  const [editingId, setEditingId] = useState<number | null>(null);
  /** The save under way: the select shows the chosen status meanwhile, not the stored one. */
  const [saving, setSaving] = useState<{ id: number; status: OrderStatus } | null>(null);
  const editButtons = useRef(new Map<number, HTMLButtonElement>());
  // When a row leaves edit mode, focus goes back to its Edit button instead of the page top.
  const focusAfterEdit = useRef<number | null>(null);

  useEffect(() => {
    if (editingId !== null || focusAfterEdit.current === null) return;
    editButtons.current.get(focusAfterEdit.current)?.focus();
    focusAfterEdit.current = null;
  }, [editingId]);

  function stopEditing(id: number) {
    focusAfterEdit.current = id;
    setEditingId(null);
  }

  async function choose(order: Order, status: OrderStatus) {
    if (status === order.status) return stopEditing(order.id);
    setSaving({ id: order.id, status });
    await onChangeStatus(order, status);
    setSaving(null);
    stopEditing(order.id);
  }

  return (
    <table className="min-w-full divide-y divide-gray-300 text-left text-sm">
      <thead className="bg-gray-50 text-xs font-semibold tracking-wide text-gray-700 uppercase">
        <tr>
          <th scope="col" className="w-px py-3 pr-2 pl-4">
            <span className="sr-only">Selection</span>
            <PageCheckbox ids={orders.map((order) => order.id)} selected={selected} onSelect={onSelect} />
          </th>
          <th scope="col" className="px-4 py-3">
            Items
          </th>
          <SortableHeader field="id" label="Order Number" sort={sort} onSort={onSort} />
          <SortableHeader field="totalAmount" label="Total Amount" sort={sort} onSort={onSort} />
          <th scope="col" className="px-4 py-3">
            Status
          </th>
          <th scope="col" className="px-4 py-3">
            Action
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-gray-200 bg-white">
        {orders.map((order) => {
          const editing = editingId === order.id;
          const chosen = saving?.id === order.id ? saving.status : undefined;
          return (
            <tr key={order.id} className={`align-top ${selected.has(order.id) ? 'bg-brand-50' : ''}`}>
              <td className="py-3 pr-2 pl-4">
                <RowCheckbox id={order.id} selected={selected} onSelect={onSelect} />
              </td>
              <td className="px-4 py-3">
                <ul className="space-y-2">
                  {order.items.map((item) => (
                    <li key={item.id} className="flex items-center gap-3">
                      <img src={item.product.thumbnail} alt="" className="size-10 shrink-0 rounded object-cover" />
                      <span className="text-gray-900">
                        {item.product.title}
                        <span className="block text-xs text-gray-600">
                          Qty: {item.quantity} × {formatPrice(discountedPrice(item.product))}
                        </span>
                      </span>
                    </li>
                  ))}
                </ul>
              </td>
              <td className="px-4 py-3 font-medium whitespace-nowrap text-gray-900">#{order.id}</td>
              <td className="px-4 py-3 whitespace-nowrap text-gray-900">{formatPrice(order.totalAmount)}</td>
              <td className="px-4 py-3 whitespace-nowrap">
                {editing ? (
                  <>
                    <label htmlFor={`status-${order.id}`} className="sr-only">
                      Status of order #{order.id}
                    </label>
                    <Select
                      compact
                      id={`status-${order.id}`}
                      autoFocus
                      disabled={chosen !== undefined}
                      value={chosen ?? order.status}
                      onChange={(event) => choose(order, event.target.value as OrderStatus)}
                      onKeyDown={(event) => {
                        if (event.key === 'Escape') stopEditing(order.id);
                      }}
                    >
                      {ORDER_STATUSES.map((status) => (
                        <option key={status} value={status}>
                          {status}
                        </option>
                      ))}
                    </Select>
                    {chosen !== undefined && <span className="ml-2 text-xs text-gray-600">Saving…</span>}
                  </>
                ) : (
                  <StatusBadge status={order.status} />
                )}

              </td>
              <td className="px-4 py-3">
                {editing ? (
                  <button
                    type="button"
                    disabled={chosen !== undefined}
                    onClick={() => stopEditing(order.id)}
                    className={buttonClass('plain', 'sm')}
                  >
                    Cancel{' '}
                    <span className="sr-only">editing order #{order.id}</span>
                  </button>
                ) : (
                  <button
                    type="button"
                    ref={(button) => {
                      if (button) editButtons.current.set(order.id, button);
                      else editButtons.current.delete(order.id);
                    }}
                    onClick={() => setEditingId(order.id)}
                    className={buttonClass('link', 'sm')}
                  >
                    <PencilSquareIcon aria-hidden="true" className="size-5" />
                    Edit{' '}
                    <span className="sr-only">status of order #{order.id}</span>
                  </button>
                )}
                <OrderHistory order={order} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
