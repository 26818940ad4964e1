// The app's route table, as data. The router (router.tsx) builds the app's routes from it, and
// the build (build/routeManifest.ts) writes, next to the built app, which chunks each page needs,
// for the server's preload hints and the JS budget check. Every page is its own lazy chunk.
import { SESSION_CHECK_PATH } from '../features/auth/authAPI.ts';
import { INFO_PATHS } from './pages/infoLinks.ts';

export interface PageRoute {
  /** The URL pattern, as react-router reads it. */
  path: string;
  /** The module under src/ (no extension) whose default export is the page. */
  page: string;
  /** 'user' for signed-in users, 'admin' for admins (the back office); none: open. */
  guard?: 'user' | 'admin';
}

export const ROUTES: PageRoute[] = [
  { path: '/', page: 'app/pages/HomePage', guard: 'user' },
  { path: '/products/:id', page: 'app/pages/ProductDetailPage', guard: 'user' },
  { path: '/cart', page: 'features/cart/pages/CartPage', guard: 'user' },
  { path: '/checkout', page: 'app/pages/CheckoutPage', guard: 'user' },
  { path: '/wishlist', page: 'app/pages/WishlistPage', guard: 'user' },
  // The back office: a page's code is fetched only once Protected lets an admin in.
  { path: '/admin', page: 'features/products/admin/AdminHomeScreen', guard: 'admin' },
  { path: '/admin/productdetail/:id', page: 'features/products/admin/AdminProductDetailScreen', guard: 'admin' },
  { path: '/admin/product-form', page: 'features/products/admin/ProductFormScreen', guard: 'admin' },
  { path: '/admin/product-form/edit/:id', page: 'features/products/admin/ProductFormScreen', guard: 'admin' },
  { path: '/admin/orders', page: 'features/orders/admin/AdminOrdersScreen', guard: 'admin' },
  { path: '/admin/orders/:id', page: 'features/orders/admin/AdminOrdersScreen', guard: 'admin' },
  { path: '/admin/import', page: 'features/products/admin/ImportScreen', guard: 'admin' },
  { path: '/admin/dashboard', page: 'features/orders/admin/DashboardScreen', guard: 'admin' },
  { path: '/admin/customers', page: 'features/user/admin/CustomersScreen', guard: 'admin' },
  { path: '/admin/audit', page: 'features/audit/admin/AuditScreen', guard: 'admin' },
  { path: '/admin/emails', page: 'features/mail/admin/EmailsScreen', guard: 'admin' },
  { path: '/admin/shipping', page: 'features/shipping/admin/ShippingScreen', guard: 'admin' },
  { path: '/admin/promotions', page: 'features/promotions/admin/PromotionsScreen', guard: 'admin' },
  { path: '/admin/webhooks', page: 'features/webhooks/admin/WebhooksScreen', guard: 'admin' },
  // Sign-in pages redirect away by themselves once the session check says who is signed in.
  { path: '/login', page: 'features/auth/pages/LoginPage' },
  { path: '/signup', page: 'features/auth/pages/SignupPage' },
  { path: '/logout', page: 'features/auth/pages/LogoutPage' },
  { path: '/forgot-password', page: 'features/auth/pages/ForgotPasswordPage' },
  { path: '/reset-password', page: 'features/auth/pages/ResetPasswordPage' },
  // The link of the confirmation mail: open, it may be opened signed out.
  { path: '/verify-email', page: 'features/auth/pages/VerifyEmailPage' },
  // Not wrapped in a guard, as in the original design: the pages handle a signed-out visitor.
  { path: '/orderSuccess/:id', page: 'app/pages/OrderSuccessPage' },
  { path: '/orders', page: 'app/pages/MyOrdersPage' },
  // One of My Orders: no guard either, the page asks a signed-out visitor to sign in as /orders does.
  { path: '/orders/:id', page: 'app/pages/OrderPage' },
  { path: '/profile', page: 'features/user/pages/UserProfilePage' },
  ...INFO_PATHS.map((path) => ({ path, page: 'app/pages/InfoPage' })),
  { path: '*', page: 'app/pages/NotFoundPage' },
];

/** API calls (GET, under the API's base) every page starts with: main.tsx's session check. */
export const START_REQUESTS = [SESSION_CHECK_PATH];
