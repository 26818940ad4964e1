import { useRef } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useAppSelector } from '../../lib/hooks';
import ErrorMessage from '../../components/ErrorMessage';
import NotFound from '../../components/NotFound';
import OrderTimeline from '../../components/OrderTimeline';
import { PageSpinner } from '../../components/Spinner';
import StatusBadge from '../../components/StatusBadge';
import TrackingInfo from '../../components/TrackingInfo';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { selectLoggedInUser, selectUserChecked } from '../../lib/session';
import type { Order, OrderEvent } from '../../domain/types';
import BuyAgain from '../../features/cart/components/BuyAgain';
import CancelOrder from '../../features/user/components/CancelOrder';
import SignInPrompt from '../../features/user/components/SignInPrompt';
import { fetchMyOrder, myOrderFirstScreen, myOrderKey } from '../../features/user/myOrders';
import OrderFacts from '../../features/user/orders/OrderFacts';
import { useRemote } from '../../lib/useRemote';
import PricedOrder from './order/PricedOrder';
import OrderReturns from '../../features/user/orders/OrderReturns';
import type { FirstScreen } from '../../lib/firstScreen';

/**
 * What the app asks for before its first render when it starts here (src/lib/firstScreen.ts): the
 * order. A signed-out visitor is asked to sign in: nothing to ask for.
 */
export const firstScreen: FirstScreen = ({ user, params }) => (user && params?.id !== undefined ? myOrderFirstScreen(params.id) : undefined);

const byWhom = (by: OrderEvent['by']) => (by === 'shopper' ? 'by you' : 'by the shop');

const backLink = (
  <Link to="/orders" className="text-sm font-semibold text-brand-700 hover:text-brand-600">
    <span aria-hidden="true">← </span>My Orders
  </Link>
);

/** The order itself: lines and what it was charged, summary, address, status history and what the shopper can do with it. */
function OrderView({ order, onChanged }: { order: Order; onChanged: (order?: Order) => void }) {
  // Cancelled, the order loses its button: the focus goes to its heading, its new status beside it.
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold tracking-tight text-gray-900 focus:outline-none">
          Order #{order.id}
        </h1>
        <StatusBadge status={order.status} />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2">
        <CancelOrder order={order} onChanged={onChanged} focusAfter={heading} />
        <BuyAgain order={order} />
      </div>
      <div className="mt-8">
        <PricedOrder order={order} />
      </div>
      <TrackingInfo tracking={order.tracking} className="mt-8" />
      <OrderReturns order={order} onChanged={onChanged} className="mt-8" />
      <div className="mt-8">
        <OrderFacts order={order} />
      </div>
      {order.history && order.history.length > 0 && (
        <section aria-labelledby="history-heading" className="mt-8">
          <h2 id="history-heading" className="text-base font-semibold text-gray-900">
            Status history
          </h2>
          <OrderTimeline history={order.history} who={byWhom} className="mt-3" />
        </section>
      )}
    </>
  );
}

/**
 * /orders/:id — one of the signed-in shopper's orders (no guard, as /orders: a signed-out visitor
 * is asked to sign in). Someone else's order, or none, is the app's 404 page (the API answers 404).
 */
export default function OrderPage() {
  const { id = '' } = useParams();
  const user = useAppSelector(selectLoggedInUser);
  const userChecked = useAppSelector(selectUserChecked);
  const { remote, reload, set } = useRemote(user ? `${user.id}:${id}` : undefined, () => fetchMyOrder(id), myOrderKey(id));
  const missing = remote.state === 'failed' && remote.status === 404;
  useDocumentTitle(missing ? 'Page not found' : `Order #${id}`);

  if (!userChecked) return <PageSpinner />;
  if (!user) return <SignInPrompt title={`Order #${id}`} what="your orders" />;
  if (missing) return <NotFound />;

  // After an action: its answer, or (changed meanwhile) the order as it is now, kept in view meanwhile.
  const changed = (order?: Order) => (order ? set(order) : void fetchMyOrder(id).then(set, reload));

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8">
      {backLink}
      {remote.state === 'loading' ? (
        <PageSpinner label="Loading your order…" />
      ) : remote.state === 'failed' ? (
        <>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-gray-900">Order #{id}</h1>
          <ErrorMessage className="mt-8" title="Your order could not be loaded" message={remote.message} onRetry={reload} />
        </>
      ) : (
        <OrderView order={remote.value} onChanged={changed} />
      )}
    </div>
  );
}
