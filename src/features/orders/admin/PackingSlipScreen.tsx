// /admin/orders/:id/packing-slip — what goes in the parcel, printable: the order number and date,
// where it ships, and each line's product, SKU, option and quantity (no prices). Print hides the
// shop's navigation and this page's own buttons.
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import ErrorMessage from '../../../components/ErrorMessage';
import Spinner from '../../../components/Spinner';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { Button } from '../../../components/controls';
import { ApiError } from '../../../lib/apiClient';
import type { AdminOrder } from '../../../domain/backOffice';
import { choiceLabel } from '../../../domain/variants';
import { fetchAdminOrder } from './adminOrderAPI';
import { orderDate } from './orderFormat';

type Load = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; order: AdminOrder };

const cell = 'px-3 py-2 text-left text-sm';

function Slip({ order }: { order: AdminOrder }) {
  const a = order.selectedAddress;
  return (
    <>
      <h1 className="text-2xl font-bold text-gray-900">Packing slip · Order #{order.id}</h1>
      <p className="mt-1 text-sm text-gray-700">Placed {orderDate(order)}</p>
      <section aria-labelledby="ship-to" className="mt-6">
        <h2 id="ship-to" className="text-base font-semibold text-gray-900">
          Ship to
        </h2>
        <address className="mt-1 text-sm not-italic text-gray-900">
          {[a.name, a.street, `${a.city}, ${a.state} ${a.pincode}`, a.country, a.phoneNumber].filter(Boolean).map((line, i) => (
            <span key={i} className="block">
              {line}
            </span>
          ))}
        </address>
      </section>
      <table className="mt-6 w-full border-collapse">
        <caption className="sr-only">Items to pack</caption>
        <thead className="border-b border-gray-300">
          <tr>
            <th scope="col" className={cell}>Item</th>
            <th scope="col" className={cell}>SKU</th>
            <th scope="col" className={cell}>Option</th>
            <th scope="col" className={`${cell} text-right`}>Quantity</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item) => (
            <tr key={item.id} className="border-b border-gray-200">
              <td className={cell}>{item.product.title}</td>
              <td className={cell}>{item.variant?.sku ?? '—'}</td>
              <td className={cell}>{item.variant ? choiceLabel(item.variant.options) || '—' : '—'}</td>
              <td className={`${cell} text-right`}>{item.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-3 text-sm text-gray-900">Items: {order.totalItems}</p>
    </>
  );
}

export default function PackingSlip() {
  const { id = '' } = useParams();
  useDocumentTitle(`Admin: Packing slip #${id}`);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setLoad({ state: 'loading' });
    fetchAdminOrder(id).then(
      (order) => current && setLoad({ state: 'ready', order }),
      (error: unknown) => current && setLoad({ state: 'failed', message: error instanceof ApiError && error.status === 404 ? 'Order not found' : (error as Error).message }),
    );
    return () => {
      current = false;
    };
  }, [id, attempt]);

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 print:max-w-none print:p-0">
      <div className="mb-6 flex flex-wrap items-center gap-4 print:hidden">
        <Link to={`/admin/orders/${encodeURIComponent(id)}`} className="text-sm font-medium text-brand-700 hover:underline">
          ← Order #{id}
        </Link>
        {load.state === 'ready' && (
          <Button look="primary" onClick={() => window.print()}>
            Print
          </Button>
        )}
      </div>
      {load.state === 'loading' && <Spinner label="Loading the order…" />}
      {load.state === 'failed' && <ErrorMessage message={`The packing slip could not be loaded: ${load.message}`} onRetry={() => setAttempt((n) => n + 1)} />}
      {load.state === 'ready' && <Slip order={load.order} />}
    </div>
  );
}
