import { Link } from 'react-router-dom';
import { formatMoney } from '../../../domain/checkout';
import type { AdminOrder } from '../../../domain/backOffice';
import type { Order, OrderStatus } from '../../../domain/types';
import type { OrderSortField, OrdersQuery } from '../ordersQuery';
import OrderHistory from './OrderHistory';
import SortableHeader from './SortableHeader';
import { PageCheckbox, RowCheckbox } from './SelectionCheckboxes';
import StatusControl from './StatusControl';
import { orderPaymentText } from '../../../domain/orderText';
import { orderDate, itemsLabel } from './orderFormat';
import { shownSort } from './ordersParams';

export interface AdminOrdersListProps {
  orders: AdminOrder[];
  sort: Pick<OrdersQuery, 'sort' | 'order'>;
  onSort: (field: OrderSortField) => void;
  /** Saves a new status; resolves false when it failed (the caller says why). */
  onChangeStatus: (order: Order, status: OrderStatus) => Promise<boolean>;
  /** The ticked orders (bulk status): a checkbox per row, and one for the whole page. */
  selected: ReadonlySet<number>;
  /** Ticks or unticks orders; none (staff who may not change orders): no checkboxes. */
  onSelect?: (ids: number[], selected: boolean) => void;
}

const link = 'rounded font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600';

/** The orders as a table (from the `sm` width): a column of checkboxes (when orders can be ticked), then number, date, customer, items, total, payment, status. */
export default function AdminOrdersTable({ orders, sort, onSort, onChangeStatus, selected, onSelect }: AdminOrdersListProps) {
  const shown = shownSort(sort);
  const header = (field: OrderSortField, label: string) => <SortableHeader field={field} label={label} sort={shown} onSort={onSort} />;
  return (
    <table className="min-w-full divide-y divide-gray-300 text-left text-sm">
      <thead className="bg-gray-50 text-xs font-semibold tracking-wide text-gray-700 uppercase">
        <tr>
          {onSelect && (
            <th scope="col" className="w-px py-3 pr-2 pl-4">
              <span className="sr-only">Selection</span>
              <PageCheckbox ids={orders.map((order) => order.id)} selected={selected} onSelect={onSelect} />
            </th>
          )}
          {header('id', 'Order Number')}
          {header('createdAt', 'Date')}
          {header('email', 'Customer')}
          {header('totalItems', 'Items')}
          {header('totalAmount', 'Total Amount')}
          {header('paymentMethod', 'Payment')}
          {header('status', 'Status')}
        </tr>
      </thead>
      <tbody className="divide-y divide-gray-200 bg-white">
        {orders.map((order) => (
          <tr key={order.id} className={`align-top ${selected.has(order.id) ? 'bg-brand-50' : ''}`}>
            {onSelect && (
              <td className="py-3 pr-2 pl-4">
                <RowCheckbox id={order.id} selected={selected} onSelect={onSelect} />
              </td>
            )}
            <td className="px-4 py-3 whitespace-nowrap">
              <Link to={`/admin/orders/${order.id}`} className={link}>
                #{order.id}
              </Link>
            </td>
            <td className="px-4 py-3 whitespace-nowrap text-gray-900">{orderDate(order)}</td>
            <td className="max-w-56 px-4 py-3 break-words text-gray-900">
              {order.customer ? (
                <>
                  {order.customer.email}
                  {order.customer.name && <span className="block text-xs text-gray-600">{order.customer.name}</span>}
                </>
              ) : (
                <span className="text-gray-600">Account removed</span>
              )}
            </td>
            <td className="max-w-56 px-4 py-3 text-gray-900">
              {itemsLabel(order.totalItems)}
              <span className="block truncate text-xs text-gray-600">{order.items.map((item) => item.product.title).join(', ')}</span>
            </td>
            <td className="px-4 py-3 whitespace-nowrap text-gray-900">{formatMoney(order.totals?.total ?? order.totalAmount)}</td>
            <td className="px-4 py-3 whitespace-nowrap text-gray-900">{orderPaymentText(order)}</td>
            <td className="px-4 py-3 whitespace-nowrap">
              <StatusControl order={order} onChangeStatus={onChangeStatus} idPrefix="table" />
              <OrderHistory order={order} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
