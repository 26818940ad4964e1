import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { buttonClass } from '../../components/controls';
import ErrorMessage from '../../components/ErrorMessage';
import Pagination from '../../components/Pagination';
import { PageSpinner } from '../../components/Spinner';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useAppSelector } from '../../lib/hooks';
import { selectLoggedInUser } from '../../lib/session';
import { useRemote } from '../../lib/useRemote';
import WishlistRow from './wishlist/WishlistRow';
import { fetchWishlistPage, WISHLIST_PER_PAGE } from '../../features/wishlist/wishlistPages';
import { startForFirstScreen, type FirstScreen } from '../../lib/firstScreen';
import { focusAtOrBefore } from '../../lib/useFocusNeighbour';
import { pageParam } from '../../lib/listingParams';

const pageKey = (page: number) => `wishlist, page ${page}`;

/**
 * What the app asks for before its first render when it starts here (src/lib/firstScreen.ts): the
 * page of the wishlist in the URL. A visitor is sent to /login.
 */
export const firstScreen: FirstScreen = ({ user, search }) => {
  if (!user) return undefined;
  const page = pageParam(new URLSearchParams(search));
  return startForFirstScreen(pageKey(page), fetchWishlistPage(page));
};

const pageHref = (page: number) => (page === 1 ? '/wishlist' : `/wishlist?page=${page}`);

/**
 * /wishlist — the shopper's saved products, newest first, WISHLIST_PER_PAGE a page (the page in
 * the URL), with today's price and stock, read again on every visit.
 */
export default function WishlistPage() {
  useDocumentTitle('My Wishlist');
  const owner = useAppSelector(selectLoggedInUser)?.id;
  const [params] = useSearchParams();
  const page = pageParam(params);
  const { remote, reload, set } = useRemote(owner === undefined ? undefined : `${owner}:${page}`, () => fetchWishlistPage(page), pageKey(page));

  // The keyboard focus, once a removed item has left: the Remove of the row that took its place
  // (the last row's, when it was last), or the heading when none is left on the page.
  const list = useRef<HTMLUListElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const removedAt = useRef<number | null>(null);
  useEffect(() => {
    if (removedAt.current === null) return;
    focusAtOrBefore(list.current, '[data-remove]', removedAt.current, heading.current);
    removedAt.current = null;
  });

  // A removed item leaves the page at once; the page is read again when it has none left.
  function removed(id: number) {
    if (remote.state !== 'ready') return;
    removedAt.current = remote.value.items.findIndex((item) => item.id === id);
    const items = remote.value.items.filter((item) => item.id !== id);
    if (items.length === 0 && remote.value.total > 1) return reload();
    set({ items, total: remote.value.total - 1 });
  }

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold tracking-tight text-gray-900 focus:outline-none">
        My Wishlist
      </h1>
      {remote.state === 'failed' ? (
        <ErrorMessage className="mt-8" title="Your wishlist could not be loaded" message={remote.message} onRetry={reload} />
      ) : remote.state === 'loading' ? (
        <PageSpinner label="Loading your wishlist…" />
      ) : remote.value.total === 0 ? (
        <div className="mt-8">
          <p className="text-base text-gray-700">Your wishlist is empty. Tap the heart on a product to save it here.</p>
          <Link to="/" className={buttonClass('primary', 'md', 'mt-4')}>
            Browse all products
          </Link>
        </div>
      ) : remote.value.items.length === 0 ? (
        <p className="mt-8 text-base text-gray-700">
          There is no page {page} of your wishlist.{' '}
          <Link to="/wishlist" className="font-semibold text-brand-700 hover:text-brand-600">
            Go to the first page
          </Link>
        </p>
      ) : (
        <>
          <ul ref={list} aria-label="Saved products" className="mt-6 divide-y divide-gray-200 border-y border-gray-200">
            {remote.value.items.map((item) => (
              <WishlistRow key={item.id} item={item} onRemoved={() => removed(item.id)} />
            ))}
          </ul>
          <Pagination className="mt-6" page={page} totalItems={remote.value.total} pageSize={WISHLIST_PER_PAGE} hrefFor={pageHref} />
        </>
      )}
    </div>
  );
}
