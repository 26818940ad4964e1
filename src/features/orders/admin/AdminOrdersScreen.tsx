import { Suspense, lazy } from 'react';
import { useParams } from 'react-router-dom';
import Spinner from '../../../components/Spinner';
import OrdersList from './OrdersList';

const OrderDetail = lazy(() => import('./OrderDetail'));

/** /admin/orders, and /admin/orders/:id: one order's page (its own chunk, fetched when opened). */
export default function AdminOrdersScreen() {
  const { id } = useParams();
  if (id === undefined) return <OrdersList />;
  return (
    <Suspense fallback={<Spinner label="Loading the order…" />}>
      <OrderDetail />
    </Suspense>
  );
}
