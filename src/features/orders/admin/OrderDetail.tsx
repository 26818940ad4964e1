import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ArrowLeftIcon } from '@heroicons/react/20/solid';
import ErrorMessage from '../../../components/ErrorMessage';
import Spinner from '../../../components/Spinner';
import StatusBadge from '../../../components/StatusBadge';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { ApiError } from '../../../lib/apiClient';
import type { AdminOrder } from '../../../domain/backOffice';
import { fetchAdminOrder } from './adminOrderAPI';
import OrderLines from './OrderLines';
import OrderNotes from './OrderNotes';
import AdminReturns from './AdminReturns';
import OrderStatusSection from './OrderStatusSection';
import { itemsLabel, orderDateTime } from './orderFormat';
import { orderPaymentText } from '../../../domain/orderText';

const card = 'rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-900/5 sm:p-6';
const back = 'inline-flex items-center gap-1 rounded text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600';

type Load = { state: 'loading' } | { state: 'missing' } | { state: 'failed'; message: string } | { state: 'ready'; order: AdminOrder };

/**
 * /admin/orders/:id (rendered by AdminOrdersScreen, fetched on demand: one page module fewer in
 * every shopper's route table) — everything about one order: lines, totals, customer, address, payment, status (with its change and history) and the internal notes. */
export default function OrderDetail() {
  const { id = '' } = useParams();
  useDocumentTitle(`Admin: Order #${id}`);
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  const fetchOrder = useCallback(() => {
    let current = true;
    setLoad({ state: 'loading' });
    fetchAdminOrder(id).then(
      (order) => {
        if (!current) return;
        setLoad({ state: 'ready', order });
      },
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ApiError && error.status === 404) setLoad({ state: 'missing' });
        else setLoad({ state: 'failed', message: (error as Error).message });
      },
    );
    return () => {
      current = false;
    };
  }, [id]);
  useEffect(fetchOrder, [fetchOrder]);

  if (load.state === 'loading') return <Spinner label="Loading the order…" />;
  if (load.state === 'missing' || load.state === 'failed') {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
        <Link to="/admin/orders" className={back}>
          <ArrowLeftIcon aria-hidden="true" className="size-4" /> All orders
        </Link>
        <div className="mt-4">
          {load.state === 'missing' ? (
            <>
              <h1 className="text-2xl font-bold text-gray-900">Order not found</h1>
              <p className="mt-2 text-sm text-gray-700">There is no order #{id}.</p>
            </>
          ) : (
            <ErrorMessage title="The order could not be loaded" message={load.message} onRetry={fetchOrder} />
          )}
        </div>
      </div>
    );
  }

  const { order } = load;

  const { selectedAddress: address } = order;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <Link to="/admin/orders" className={back}>
        <ArrowLeftIcon aria-hidden="true" className="size-4" /> All orders
      </Link>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-gray-900">Order #{order.id}</h1>
        <StatusBadge status={order.status} />
        <Link to={`/admin/orders/${order.id}/packing-slip`} className={back}>
          Packing slip
        </Link>
      </div>
      <p className="mt-1 text-sm text-gray-700">
        {order.createdAt ? <>Placed <time dateTime={order.createdAt}>{orderDateTime(order.createdAt)}</time> · </> : null}
        {itemsLabel(order.totalItems)}
      </p>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <section aria-labelledby="lines-heading" className={card}>
            <h2 id="lines-heading" className="text-lg font-semibold text-gray-900">
              Items
            </h2>
            <OrderLines order={order} />
          </section>
          <AdminReturns order={order} onChanged={(changed) => setLoad({ state: 'ready', order: { ...order, ...changed } })} />
          <OrderNotes
            orderId={order.id}
            notes={order.notes ?? []}
            onAdded={(note) => setLoad({ state: 'ready', order: { ...order, notes: [...(order.notes ?? []), note] } })}
          />
        </div>

        <div className="space-y-6">
          <OrderStatusSection
            order={order}
            onSaved={(saved) => setLoad({ state: 'ready', order: { ...order, ...saved, customer: order.customer, notes: order.notes } })}
            className={card}
          />

          <section aria-labelledby="customer-heading" className={card}>
            <h2 id="customer-heading" className="text-lg font-semibold text-gray-900">
              Customer
            </h2>
            {order.customer ? (
              <p className="mt-2 text-sm break-words text-gray-900">
                {order.customer.name && <span className="block font-medium">{order.customer.name}</span>}
                {order.customer.email}
                <Link to={`/admin/orders?user=${order.customer.id}`} className={`${back} mt-2 flex`}>
                  All orders of this customer
                </Link>
              </p>
            ) : (
              <p className="mt-2 text-sm text-gray-700">The account no longer exists.</p>
            )}
            <h3 className="mt-5 text-sm font-semibold text-gray-900">Delivery address</h3>
            <address className="mt-2 text-sm break-words text-gray-900 not-italic">
              {address.name}
              <br />
              {address.street}
              <br />
              {address.city}, {address.state} {address.pincode}
              <br />
              {address.country}
              <br />
              {address.phoneNumber}
              <br />
              {address.email}
            </address>
            <h3 className="mt-5 text-sm font-semibold text-gray-900">Payment</h3>
            <p className="mt-2 text-sm text-gray-900">{orderPaymentText(order)}</p>
          </section>
        </div>
      </div>
    </div>
  );
}
