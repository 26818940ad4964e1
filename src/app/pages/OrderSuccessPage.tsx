import { CheckCircleIcon } from '@heroicons/react/24/outline';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { selectLoggedInUser, selectUserChecked } from '../../lib/session';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import ErrorMessage from '../../components/ErrorMessage';
import NotFound from '../../components/NotFound';
import Spinner, { PageSpinner } from '../../components/Spinner';
import SignInPrompt from '../../features/user/components/SignInPrompt';
import type { Order } from '../../domain/types';
import { cartReset, fetchCartAsync } from '../../features/cart/cartSlice';
import { resetOrder, selectCurrentOrder } from '../../features/orders/ordersSlice';
import { fetchMyOrder, myOrderFirstScreen, myOrderKey } from '../../features/user/myOrders';
import OrderFacts from '../../features/user/orders/OrderFacts';
import { useRemote } from '../../lib/useRemote';
import GoBackHome from '../../components/GoBackHome';
import PricedOrder from './order/PricedOrder';
import type { FirstScreen } from '../../lib/firstScreen';

/**
 * What the app asks for before its first render when it starts here (src/lib/firstScreen.ts): the
 * order (the checkout's copy of it is gone after a reload). A signed-out visitor is asked to sign
 * in: nothing to ask for.
 */
export const firstScreen: FirstScreen = ({ user, params }) => (user && params?.id !== undefined ? myOrderFirstScreen(params.id) : undefined);

const linkClass = 'font-semibold text-brand-700 underline hover:text-brand-600';

/** The order's lines and charges, its summary with the delivery estimate it stored when placed (src/domain/delivery.ts) and a link to its page. */
function PlacedOrder({ order }: { order: Order }) {
  return (
    <div className="mt-10 space-y-6">
      <PricedOrder order={order} />
      <div className="rounded-lg border border-gray-200 bg-white p-4 text-left sm:p-6">
        <OrderFacts order={order} />
        {order.delivery && (
          <p className="mt-4 text-sm text-gray-700">The estimate counts the shipping method's business days after the item that ships last is ready.</p>
        )}
        <p className="mt-4">
          <Link to={`/orders/${order.id}`} className={linkClass}>
            View order #{order.id}
          </Link>
        </p>
      </div>
    </div>
  );
}

/**
 * The order number comes from the URL, so a reload still shows it; the order's summary comes with
 * it from checkout (currentOrder), or from the API after a reload. An order that is not the
 * shopper's, or none, is the app's 404 page; a signed-out visitor is asked to sign in (no guard).
 */
export default function OrderSuccessPage() {
  const { id = '' } = useParams();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectLoggedInUser);
  const userChecked = useAppSelector(selectUserChecked);
  const current = useAppSelector(selectCurrentOrder);
  // Kept before the reset below clears currentOrder.
  const [placed] = useState(current && String(current.id) === id ? current : null);
  const { remote, reload } = useRemote(!placed && user ? `${user.id}:${id}` : undefined, () => fetchMyOrder(id), myOrderKey(id));
  const order = placed ?? (remote.state === 'ready' ? remote.value : null);
  const missing = !placed && remote.state === 'failed' && remote.status === 404;
  useDocumentTitle(missing ? 'Page not found' : order ? 'Order Successfully Placed' : `Order #${id}`);

  // Once the order is shown, the cart is reset and currentOrder cleared. The server emptied the
  // cart with the order; reloading it keeps a later visit (Back, a bookmark) true to what it holds.
  const shown = order !== null;
  useEffect(() => {
    if (!shown) return;
    dispatch(cartReset());
    dispatch(resetOrder());
    dispatch(fetchCartAsync());
  }, [dispatch, shown]);

  if (!order) {
    if (!userChecked) return <PageSpinner />;
    if (!user) return <SignInPrompt title={`Order #${id}`} what="your orders" />;
    if (missing) return <NotFound />;
    return (
      <div className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight text-gray-900">Order #{id}</h1>
        {remote.state === 'failed' ? (
          <ErrorMessage className="mt-8" title="The order could not be loaded" message={remote.message} onRetry={reload} />
        ) : (
          <Spinner className="mt-10" label="Loading your order…" />
        )}
      </div>
    );
  }

  return (
    <div className="grid min-h-[60vh] place-items-center px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
      <div className="w-full max-w-2xl text-center">
        <CheckCircleIcon aria-hidden="true" className="mx-auto size-16 text-green-700" />
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-gray-900 sm:text-5xl">Order Successfully Placed</h1>
        <p className="mt-6 text-lg font-semibold text-brand-700">Order number #{order.id}</p>
        <PlacedOrder order={order} />
        <p className="mt-6 text-base text-gray-700">
          You can check your order in{' '}
          <Link to="/orders" className={linkClass}>
            My Account &gt; My Orders
          </Link>
        </p>
        <div className="mt-10">
          <GoBackHome />
        </div>
      </div>
    </div>
  );
}
