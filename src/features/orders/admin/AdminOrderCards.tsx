import { Link } from 'react-router-dom';
import { formatMoney } from '../../../domain/checkout';
import { buttonClass } from '../../../components/controls';
import type { AdminOrdersListProps } from './AdminOrdersTable';
import { PageCheckbox, RowCheckbox } from './SelectionCheckboxes';
import StatusControl from './StatusControl';
import { orderPaymentText } from '../../../domain/orderText';
import { itemsLabel, orderDate } from './orderFormat';

/** The orders as cards on a phone: every detail and action within the screen's width (no sideways scrolling). */
export default function AdminOrderCards({ orders, onChangeStatus, selected, onSelect }: Omit<AdminOrdersListProps, 'sort' | 'onSort'>) {
  return (
    <div>
      {onSelect && (
        <label className="flex items-center gap-2 px-1 text-sm text-gray-900">
          <PageCheckbox ids={orders.map((order) => order.id)} selected={selected} onSelect={onSelect} />
          <span aria-hidden="true">Select all on this page</span>
        </label>
      )}
      <ul aria-label="Orders" className="mt-3 space-y-3">
        {orders.map((order) => (
          <li
            key={order.id}
            className={`rounded-lg p-4 shadow-sm ring-1 ring-gray-900/5 ${selected.has(order.id) ? 'bg-brand-50' : 'bg-white'}`}
          >
            <div className="flex items-start justify-between gap-3">
              <div className="flex items-center gap-3">
                {onSelect && <RowCheckbox id={order.id} selected={selected} onSelect={onSelect} />}
                <h2 className="text-base font-semibold text-gray-900">Order #{order.id}</h2>
              </div>
              <span className="text-sm text-gray-700">{orderDate(order)}</span>
            </div>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-gray-600">Customer</dt>
              <dd className="min-w-0 break-words text-gray-900">{order.customer?.email ?? 'Account removed'}</dd>
              <dt className="text-gray-600">Items</dt>
              <dd className="text-gray-900">{itemsLabel(order.totalItems)}</dd>
              <dt className="text-gray-600">Total</dt>
              <dd className="text-gray-900">{formatMoney(order.totals?.total ?? order.totalAmount)}</dd>
              <dt className="text-gray-600">Payment</dt>
              <dd className="text-gray-900">{orderPaymentText(order)}</dd>
            </dl>
            <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
              <StatusControl order={order} onChangeStatus={onChangeStatus} idPrefix="card" />
              <Link to={`/admin/orders/${order.id}`} className={buttonClass('secondary', 'sm')}>
                Open{' '}
                <span className="sr-only">order #{order.id}</span>
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
