import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { firstScreenRequest, startForFirstScreen, type FirstScreenContext } from '../../lib/firstScreen';
import { preloadable } from '../../lib/preloadable';
import type { User } from '../../domain/types';
import { selectLoggedInUser } from '../../lib/session';
import { fetchCartAsync } from '../../features/cart/cartSlice';
import { fetchLoggedInUserAsync } from '../../features/user/userSlice';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import Footer from './Footer';
import PageBoundary from './PageBoundary';

// Only signed-in users see the navbar, so /login's first load does not fetch it.
const { Component: Navbar, preload: preloadNavbar } = preloadable(() => import('./Navbar'));
// Only an account whose address is not confirmed yet fetches the reminder.
const { Component: VerifyReminder, preload: preloadReminder } = preloadable(
  () => import('../../features/auth/components/VerifyReminder'),
);

const remindsOf = (user: User | null, pathname: string) => user?.verified === false && pathname !== '/verify-email';

/**
 * Loads the code of the shell's parts that `user` sees at `pathname` (the navbar, the address
 * reminder), so that the app's first render shows them rather than their fallbacks: the
 * reminder's would move the page down when it arrives. Never rejects.
 */
export const preloadShell = (user: User | null, pathname: string): Promise<unknown> =>
  Promise.all(user ? [preloadNavbar(), remindsOf(user, pathname) && preloadReminder()] : []);

const SHELL_KEY = 'shell';

/**
 * The shell's data for the first screen (src/lib/firstScreen.ts): the signed-in shopper's cart and
 * account, which the navbar shows (the cart's count, the name). RootLayout then does not ask again.
 */
export function shellFirstScreen({ dispatch, user }: FirstScreenContext): Promise<unknown> | undefined {
  if (!user) return undefined;
  return startForFirstScreen(SHELL_KEY, Promise.all([dispatch(fetchCartAsync()), dispatch(fetchLoggedInUserAsync())]));
}

/** The page shell: skip link, navbar, the page, footer. Loads the user's cart and data on sign-in. */
export default function RootLayout() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectLoggedInUser);
  const userId = user?.id;
  const { pathname } = useLocation();

  // A new page starts at the top (the data router's ScrollRestoration is not available here).
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  useEffect(() => {
    if (userId === undefined || firstScreenRequest(SHELL_KEY)) return;
    dispatch(fetchCartAsync());
    dispatch(fetchLoggedInUserAsync());
  }, [dispatch, userId]);

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 text-sm font-semibold text-brand-700 focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <header>
        {userId !== undefined && (
          // Same height and colour as the bar, so nothing moves when it arrives.
          <Suspense fallback={<div className="h-16 bg-gray-800" />}>
            <Navbar />
          </Suspense>
        )}
        {user && remindsOf(user, pathname) && (
          <Suspense fallback={null}>
            <VerifyReminder email={user.email} />
          </Suspense>
        )}
      </header>
      {/* The footer arrives with the page, not before it: otherwise the page pushes it down. */}
      <PageBoundary resetKey={pathname}>
        <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
          <Outlet />
        </main>
        <Footer />
      </PageBoundary>
    </div>
  );
}
