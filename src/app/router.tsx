// The route table of SPEC §2. Every page is its own lazy chunk, so a shopper never downloads the
// back office, and guards wait for the session check before deciding.
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { PageSpinner } from '../components/Spinner';
import Protected from './guards/Protected';
import ProtectedAdmin from './guards/ProtectedAdmin';
import RootLayout from './layout/RootLayout';
import { INFO_PAGES } from './pages/infoPages';
import RouteError from './pages/RouteError';

const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: PageSpinner,
    children: [
      {
        element: <Protected />,
        children: [
          { path: '/', lazy: page(() => import('../features/products/pages/HomePage')) },
          { path: '/products/:id', lazy: page(() => import('../features/products/pages/ProductDetailPage')) },
          { path: '/cart', lazy: page(() => import('../features/cart/pages/CartPage')) },
          { path: '/checkout', lazy: page(() => import('../features/orders/pages/CheckoutPage')) },
        ],
      },
      {
        path: '/admin',
        element: <ProtectedAdmin />,
        children: [
          { index: true, lazy: page(() => import('../features/admin/pages/AdminHomePage')) },
          { path: 'productdetail/:id', lazy: page(() => import('../features/admin/pages/AdminProductDetailPage')) },
          { path: 'product-form', lazy: page(() => import('../features/admin/pages/ProductFormPage')) },
          { path: 'product-form/edit/:id', lazy: page(() => import('../features/admin/pages/ProductFormPage')) },
          { path: 'orders', lazy: page(() => import('../features/admin/pages/AdminOrdersPage')) },
        ],
      },
      // Sign-in pages redirect away by themselves once the session check says who is signed in.
      { path: '/login', lazy: page(() => import('../features/auth/pages/LoginPage')) },
      { path: '/signup', lazy: page(() => import('../features/auth/pages/SignupPage')) },
      { path: '/logout', lazy: page(() => import('../features/auth/pages/LogoutPage')) },
      { path: '/forgot-password', lazy: page(() => import('../features/auth/pages/ForgotPasswordPage')) },
      // SPEC §6: not wrapped in a guard.
      { path: '/orderSuccess/:id', lazy: page(() => import('../features/orders/pages/OrderSuccessPage')) },
      { path: '/orders', lazy: page(() => import('../features/user/pages/UserOrdersPage')) },
      { path: '/profile', lazy: page(() => import('../features/user/pages/UserProfilePage')) },
      ...INFO_PAGES.map((info) => ({ path: info.path, lazy: page(() => import('./pages/InfoPage')) })),
      { path: '*', lazy: page(() => import('./pages/NotFoundPage')) },
    ],
  },
];

export function makeRouter() {
  return createBrowserRouter(routes);
}
