// The route table of SPEC §2. Every page is its own lazy chunk, fetched when the page first
// renders: after its guard has decided, so a shopper never downloads the back office.
// Declarative routing (useRoutes under BrowserRouter) rather than createBrowserRouter: the data
// router's loaders, actions and fetchers are unused here and cost ~17 kB gzip on every first load.
import { lazy, type ComponentType, type ReactElement } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router-dom';
import Protected from './guards/Protected';
import ProtectedAdmin from './guards/ProtectedAdmin';
import RootLayout from './layout/RootLayout';
import { INFO_PAGES } from './pages/infoPages';

type PageModule = { default: ComponentType };

/** Each lazy page's loader, by the component its route renders (see preloadPage). */
const loaders = new Map<unknown, () => Promise<PageModule>>();

/** A lazily loaded page; once its code is there it renders at once, without suspending. */
const page = (load: () => Promise<PageModule>) => {
  let loaded: ComponentType | undefined;
  const loadPage = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const LazyPage = lazy(loadPage);
  function Page() {
    const Loaded = loaded ?? LazyPage;
    return <Loaded />;
  }
  loaders.set(Page, loadPage);
  return <Page />;
};

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <Protected />,
        children: [
          { path: '/', element: page(() => import('../features/products/pages/HomePage')) },
          { path: '/products/:id', element: page(() => import('../features/products/pages/ProductDetailPage')) },
          { path: '/cart', element: page(() => import('../features/cart/pages/CartPage')) },
          { path: '/checkout', element: page(() => import('../features/orders/pages/CheckoutPage')) },
        ],
      },
      {
        path: '/admin',
        element: <ProtectedAdmin />,
        children: [
          { index: true, element: page(() => import('../features/admin/pages/AdminHomePage')) },
          { path: 'productdetail/:id', element: page(() => import('../features/admin/pages/AdminProductDetailPage')) },
          { path: 'product-form', element: page(() => import('../features/admin/pages/ProductFormPage')) },
          { path: 'product-form/edit/:id', element: page(() => import('../features/admin/pages/ProductFormPage')) },
          { path: 'orders', element: page(() => import('../features/admin/pages/AdminOrdersPage')) },
        ],
      },
      // Sign-in pages redirect away by themselves once the session check says who is signed in.
      { path: '/login', element: page(() => import('../features/auth/pages/LoginPage')) },
      { path: '/signup', element: page(() => import('../features/auth/pages/SignupPage')) },
      { path: '/logout', element: page(() => import('../features/auth/pages/LogoutPage')) },
      { path: '/forgot-password', element: page(() => import('../features/auth/pages/ForgotPasswordPage')) },
      // SPEC §6: not wrapped in a guard.
      { path: '/orderSuccess/:id', element: page(() => import('../features/orders/pages/OrderSuccessPage')) },
      { path: '/orders', element: page(() => import('../features/user/pages/UserOrdersPage')) },
      { path: '/profile', element: page(() => import('../features/user/pages/UserProfilePage')) },
      ...INFO_PAGES.map((info) => ({ path: info.path, element: page(() => import('./pages/InfoPage')) })),
      { path: '*', element: page(() => import('./pages/NotFoundPage')) },
    ],
  },
];

/**
 * Loads the code of the page at `pathname`, so that the app's first render shows the page itself
 * rather than a spinner in its place. Never for the back office: its guard decides first.
 * Never rejects (a failed load is retried, and reported, when the page renders).
 */
export function preloadPage(pathname: string): Promise<unknown> {
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return Promise.resolve();
  const matches = matchRoutes(routes, pathname) ?? [];
  return Promise.all(
    matches.map((match) => loaders.get((match.route.element as ReactElement | undefined)?.type)?.().catch(() => undefined)),
  );
}

export function AppRoutes() {
  return useRoutes(routes);
}
