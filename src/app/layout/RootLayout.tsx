import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { selectLoggedInUser } from '../../features/auth/authSlice';
import { fetchCartAsync } from '../../features/cart/cartSlice';
import { fetchLoggedInUserAsync } from '../../features/user/userSlice';
import { useAppDispatch, useAppSelector } from '../hooks';
import Footer from './Footer';
import Navbar from './Navbar';

/** The page shell: skip link, navbar, the page, footer. Loads the user's cart and data on sign-in. */
export default function RootLayout() {
  const dispatch = useAppDispatch();
  const userId = useAppSelector(selectLoggedInUser)?.id;

  useEffect(() => {
    if (userId === undefined) return;
    dispatch(fetchCartAsync());
    dispatch(fetchLoggedInUserAsync());
  }, [dispatch, userId]);

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 text-sm font-semibold text-indigo-700 focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <header>
        <Navbar />
      </header>
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
