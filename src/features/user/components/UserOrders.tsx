import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import ErrorMessage from '../../../components/ErrorMessage';
import { PageSpinner } from '../../../components/Spinner';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { selectLoggedInUser, selectUserChecked } from '../../../lib/session';
import type { Order } from '../../../domain/types';
import OrderCard from './OrderCard';
import SignInPrompt from './SignInPrompt';
import {
  fetchLoggedInUserOrdersAsync,
  selectUserOrders,
  selectUserOrdersError,
  selectUserOrdersLoaded,
  selectUserOrdersStatus,
} from '../userSlice';

interface UserOrdersProps {
  /** What else the shopper can do with an order (app/pages/MyOrdersPage adds the cart's 'Buy again'). */
  actions?: (order: Order) => ReactNode;
}

/** My Orders (SPEC §2): the signed-in shopper's orders, newest first. */
export default function UserOrders({ actions }: UserOrdersProps) {
  useDocumentTitle('My Orders');
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectLoggedInUser);
  const userChecked = useAppSelector(selectUserChecked);
  const orders = useAppSelector(selectUserOrders);
  const status = useAppSelector(selectUserOrdersStatus);
  const loaded = useAppSelector(selectUserOrdersLoaded);
  const error = useAppSelector(selectUserOrdersError);
  const userId = user?.id;

  useEffect(() => {
    if (userId !== undefined) dispatch(fetchLoggedInUserOrdersAsync());
  }, [dispatch, userId]);

  if (!userChecked) return <PageSpinner />;
  if (!user) return <SignInPrompt title="My Orders" what="your orders" />;

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-gray-900">My Orders</h1>
      {error ? (
        <ErrorMessage
          className="mt-8"
          title="Your orders could not be loaded"
          message={error}
          onRetry={() => dispatch(fetchLoggedInUserOrdersAsync())}
        />
      ) : !loaded || (status === 'loading' && orders.length === 0) ? (
        <PageSpinner label="Loading your orders…" />
      ) : orders.length === 0 ? (
        <p className="mt-8 text-base text-gray-700">
          You have not placed any orders yet.{' '}
          <Link to="/" className="font-semibold text-brand-700 hover:text-brand-600">
            Start shopping
          </Link>
        </p>
      ) : (
        <ol className="mt-8 space-y-8">
          {orders.map((order, index) => (
            <li key={order.id}>
              <OrderCard order={order} serial={index + 1} actions={actions?.(order)} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
