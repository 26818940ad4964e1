import { Link, useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../lib/hooks';
import ErrorMessage from '../../components/ErrorMessage';
import Pagination from '../../components/Pagination';
import { PageSpinner } from '../../components/Spinner';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { selectLoggedInUser, selectUserChecked } from '../../lib/session';
import SignInPrompt from '../../features/user/components/SignInPrompt';
import { fetchMyOrdersPage, MY_ORDERS_PER_PAGE } from '../../features/user/myOrders';
import OrderSummary from '../../features/user/orders/OrderSummary';
import { useRemote } from '../../lib/useRemote';
import { startForFirstScreen, type FirstScreen } from '../../lib/firstScreen';
import { pageParam } from '../../lib/listingParams';

const pageKey = (page: number) => `my orders, page ${page}`;

/**
 * What the app asks for before its first render when it starts here (src/lib/firstScreen.ts): the
 * page of orders in the URL. A signed-out visitor is asked to sign in: nothing to ask for.
 */
export const firstScreen: FirstScreen = ({ user, search }) => {
  if (!user) return undefined;
  const page = pageParam(new URLSearchParams(search));
  return startForFirstScreen(pageKey(page), fetchMyOrdersPage(page));
};

/**
 * /orders — My Orders (no guard): the signed-in shopper's orders, newest first, 10 a page (the API's
 * paging; the page in the URL), each with its serial number, lines, subtotal, total items and
 * shipping address, and a link to its page /orders/:id.
 */
export default function MyOrdersPage() {
  useDocumentTitle('My Orders');
  const user = useAppSelector(selectLoggedInUser);
  const userChecked = useAppSelector(selectUserChecked);
  const [params] = useSearchParams();
  const page = pageParam(params);
  // The serial number of the page's first order: they count on from page to page.
  const first = (page - 1) * MY_ORDERS_PER_PAGE + 1;
  const { remote, reload } = useRemote(user ? `${user.id}:${page}` : undefined, () => fetchMyOrdersPage(page), pageKey(page));

  if (!userChecked) return <PageSpinner />;
  if (!user) return <SignInPrompt title="My Orders" what="your orders" />;

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-gray-900">My Orders</h1>
      {remote.state === 'failed' ? (
        <ErrorMessage className="mt-8" title="Your orders could not be loaded" message={remote.message} onRetry={reload} />
      ) : remote.state === 'loading' ? (
        <PageSpinner label="Loading your orders…" />
      ) : remote.value.total === 0 ? (
        <p className="mt-8 text-base text-gray-700">
          You have not placed any orders yet.{' '}
          <Link to="/" className="font-semibold text-brand-700 hover:text-brand-600">
            Start shopping
          </Link>
        </p>
      ) : remote.value.items.length === 0 ? (
        <p className="mt-8 text-base text-gray-700">
          There is no page {page} of your orders.{' '}
          <Link to="/orders" className="font-semibold text-brand-700 hover:text-brand-600">
            Go to the first page
          </Link>
        </p>
      ) : (
        <>
          <ol aria-label="Your orders, newest first" start={first} className="mt-8 space-y-4">
            {remote.value.items.map((order, index) => (
              <li key={order.id}>
                <OrderSummary order={order} serial={first + index} />
              </li>
            ))}
          </ol>
          <Pagination
            className="mt-6"
            page={page}
            totalItems={remote.value.total}
            pageSize={MY_ORDERS_PER_PAGE}
            hrefFor={(p) => (p === 1 ? '/orders' : `/orders?page=${p}`)}
          />
        </>
      )}
    </div>
  );
}
