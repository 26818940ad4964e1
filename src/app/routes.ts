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
  /** 'user' for signed-in users, 'admin' for the back office (staff; each page's permission: adminPages.ts); none: open. */
  guard?: 'user' | 'admin';
}

/** A back-office page: the module `features/<feature>/admin/<name>Screen`. */
const admin = (path: string, feature: string, name: string): PageRoute => ({ path, page: `features/${feature}/admin/${name}Screen`, guard: 'admin' });

export const ROUTES: PageRoute[] = [
  { path: '/', page: 'app/pages/HomePage', guard: 'user' },
  { path: '/products/:id', page: 'app/pages/ProductDetailPage', guard: 'user' },
  { path: '/cart', page: 'features/cart/pages/CartPage', guard: 'user' },
  { path: '/checkout', page: 'app/pages/CheckoutPage', guard: 'user' },
  { path: '/wishlist', page: 'app/pages/WishlistPage', guard: 'user' },
  // The back office: a page's code is fetched only once Protected lets a staff member in, and only
  // for a role holding the page's permission (adminPages.ts).
  admin('/admin', 'products', 'AdminHome'),
  admin('/admin/products', 'products', 'AdminProducts'),
  admin('/admin/productdetail/:id', 'products', 'AdminProductDetail'),
  admin('/admin/product-form', 'products', 'ProductForm'),
  admin('/admin/product-form/edit/:id', 'products', 'ProductForm'),
  admin('/admin/orders', 'orders', 'AdminOrders'),
  admin('/admin/orders/:id', 'orders', 'AdminOrders'),
  admin('/admin/orders/:id/packing-slip', 'orders', 'PackingSlip'),
  admin('/admin/import', 'products', 'Import'),
  admin('/admin/dashboard', 'orders', 'Dashboard'),
  admin('/admin/customers', 'user', 'Customers'),
  admin('/admin/audit', 'audit', 'Audit'),
  admin('/admin/emails', 'mail', 'Emails'),
  admin('/admin/shipping', 'shipping', 'Shipping'),
  admin('/admin/promotions', 'promotions', 'Promotions'),
  admin('/admin/catalogue', 'products', 'CatalogueTaxonomy'),
  admin('/admin/webhooks', 'webhooks', 'Webhooks'),
  admin('/admin/staff', 'staff', 'Staff'),
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
