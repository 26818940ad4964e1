import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { XMarkIcon } from '@heroicons/react/20/solid';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { useAppAlert } from '../../../components/Alerts';
import ErrorMessage from '../../../components/ErrorMessage';
import Pagination, { pageCount } from '../../../components/Pagination';
import Spinner from '../../../components/Spinner';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { ADMIN_ORDERS_PER_PAGE } from '../../../domain/constants';
import type { RejectValue } from '../../../lib/thunk';
import type { AdminOrder } from '../../../domain/backOffice';
import type { Order, OrderStatus } from '../../../domain/types';
import StatusOptions from './StatusOptions';
import {
  fetchAllOrdersAsync,
  selectOrders,
  selectOrdersError,
  selectOrderStatus,
  selectShownOrdersQuery,
  selectTotalOrders,
  updateOrderAsync,
} from '../ordersSlice';
import AdminOrdersTable from './AdminOrdersTable';
import { ordersQueryString, type OrdersQuery } from '../ordersQuery';
import { filterKey, ordersExportHref, parseOrdersParams, toOrdersParams, withOrderSort, withPerPage, withSearch, withStatusFilter } from './ordersParams';
import PerPageSelect from './PerPageSelect';
import AdminOrderCards from './AdminOrderCards';
import OrdersSearch from './OrdersSearch';
import { useWideScreen } from './useWideScreen';
import { Select, buttonClass } from '../../../components/controls';
import BulkStatusBar from './BulkStatusBar';
import CustomerChip from './CustomerChip';
import { useOrderSelection } from './useOrderSelection';
import { usePermission } from '../../../lib/usePermission';

/**
 * /admin/orders — every order, newest first, 5 a page: number, date, customer, items, total,
 * payment and status; the search (number or customer email), status, date and customer filters and
 * the sort kept in the URL; a table from the `sm` width, cards on a phone; ticked orders change
 * status together; 'Export CSV' downloads what the filters select.
 */
export default function OrdersList() {
  useDocumentTitle('Admin: Orders');
  const dispatch = useAppDispatch();
  const alert = useAppAlert();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseOrdersParams(params), [params]);
  // The admin list answers each order with its customer (GET /orders, server/modules/orders/query.ts).
  const orders = useAppSelector(selectOrders) as AdminOrder[];
  const wide = useWideScreen();
  const totalOrders = useAppSelector(selectTotalOrders);
  const status = useAppSelector(selectOrderStatus);
  const loadError = useAppSelector(selectOrdersError);
  const [saveError, setSaveError] = useState<string | null>(null);
  const selection = useOrderSelection(filterKey(query));
  // Support staff read orders only: no ticking, no bulk status, no status edit (StatusControl).
  const canChange = usePermission('orders.write');

  // The table shows the answer to the query in the URL only once it has come: a new URL dims the
  // old rows at once, not a frame later (the slice drops late answers to older queries).
  const shownQuery = useAppSelector(selectShownOrdersQuery);
  const apiQuery = ordersQueryString(query);
  const current = shownQuery === apiQuery && status === 'idle';

  const load = useCallback(() => dispatch(fetchAllOrdersAsync(apiQuery)), [dispatch, apiQuery]);

  // A new query cancels the one before.
  useEffect(() => {
    const request = load();
    return () => request.abort();
  }, [load]);

  const perPage = query.perPage ?? ADMIN_ORDERS_PER_PAGE;
  const pages = pageCount(totalOrders, perPage);
  const go = useCallback(
    (next: OrdersQuery, replace = false) => setParams(toOrdersParams(next), { replace }),
    [setParams],
  );

  // A page past the end (an old link, or fewer orders now) shows the last page instead.
  useEffect(() => {
    if (current && pages > 0 && query.page > pages) go({ ...query, page: pages }, true);
  }, [current, pages, query, go]);

  async function changeStatus(order: Order, next: OrderStatus): Promise<boolean> {
    setSaveError(null);
    try {
      await dispatch(updateOrderAsync({ id: order.id, status: next })).unwrap();
      alert.success(`Order #${order.id} is now ${next}`);
      // Filtered by status, the order no longer belongs on this page: show the page as it is now.
      if (query.status && next !== query.status) load();
      return true;
    } catch (error) {
      setSaveError(
        `The status of order #${order.id} could not be changed to ${next}: ${(error as RejectValue).message}. ` +
          `It is still ${order.status}.`,
      );
      return false;
    }
  }

  const listProps = { orders, onChangeStatus: changeStatus, selected: selection.ids, onSelect: canChange ? selection.set : undefined };

  const hrefFor = (page: number, change: Partial<OrdersQuery> = {}) => {
    const search = toOrdersParams({ ...query, ...change, page }).toString();
    return search ? `/admin/orders?${search}` : '/admin/orders';
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight text-gray-900">Orders</h1>
        <div className="flex flex-wrap items-end gap-4">
          <a href={ordersExportHref(query)} download className={buttonClass('secondary')}>
            Export CSV
          </a>
          <div>
            <label htmlFor="status-filter" className="block text-sm font-medium text-gray-900">
              Filter by status
            </label>
            <Select
              compact
              id="status-filter"
              value={query.status ?? ''}
              onChange={(event) =>
                go(withStatusFilter(query, (event.target.value || undefined) as OrderStatus | undefined))
              }
              className="mt-1 capitalize"
            >
              <option value="">All statuses</option>
              <StatusOptions />
            </Select>
          </div>
        </div>
      </div>
      <OrdersSearch query={query} onSearch={(values) => go(withSearch(query, values))} />
      {query.user && <CustomerChip user={query.user} clearHref={hrefFor(1, { user: undefined })} />}

      {saveError && (
        <div role="alert" className="mt-4 flex items-start justify-between gap-3 rounded-md bg-red-50 p-4 text-sm text-red-800">
          <p>{saveError}</p>
          <button type="button" onClick={() => setSaveError(null)} className="rounded p-1 hover:bg-red-100">
            <span className="sr-only">Dismiss</span>
            <XMarkIcon aria-hidden="true" className="size-4" />
          </button>
        </div>
      )}

      {/* The total is the shown list's: none while another query loads or failed ('Select all N' would name the old list's N). */}
      {canChange && <BulkStatusBar query={query} selection={selection} orders={orders} total={current ? totalOrders : 0} onApplied={load} />}

      <div className="mt-6">
        {loadError ? (
          <ErrorMessage title="The orders could not be loaded" message={loadError} onRetry={load} />
        ) : shownQuery === null ? (
          <Spinner label="Loading orders…" />
        ) : orders.length === 0 ? (
          <p className="rounded-md bg-gray-50 p-6 text-center text-sm text-gray-700">
            {query.q || query.from || query.to
              ? 'No orders match this search.'
              : query.status
                ? `No ${query.status} orders.`
                : query.user
                  ? 'No orders of this customer.'
                  : 'No orders yet.'}
          </p>
        ) : wide ? (
          <div
            role="region"
            aria-label="Orders table"
            tabIndex={0}
            aria-busy={!current}
            // relative: the sr-only texts in the table (position: absolute) must scroll with it, not
            // widen the page.
            className={`relative overflow-x-auto rounded-lg shadow-sm ring-1 ring-gray-900/5 focus-visible:outline-2 focus-visible:outline-brand-600 ${current ? '' : 'opacity-60'}`}
          >
            <AdminOrdersTable {...listProps} sort={query} onSort={(field) => go(withOrderSort(query, field))} />
          </div>
        ) : (
          <div aria-busy={!current} className={current ? '' : 'opacity-60'}>
            <AdminOrderCards {...listProps} />
          </div>
        )}
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-4">
        <PerPageSelect value={perPage} onChange={(n) => go(withPerPage(query, n))} />
        {shownQuery !== null && !loadError && (
          <div aria-busy={!current} className={current ? '' : 'opacity-60'}>
            <Pagination page={query.page} totalItems={totalOrders} pageSize={perPage} hrefFor={hrefFor} />
          </div>
        )}
      </div>
    </div>
  );
}
