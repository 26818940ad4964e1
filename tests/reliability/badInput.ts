// The bad-input catalogue. Every API route gets malformed JSON, wrong content types,
// oversized bodies, wrong types, missing and extra fields, out-of-range numbers, huge strings,
// unknown ids, SQL/NoSQL-looking and script-tag strings, path tricks in ids and repeated query
// keys. Each answer must be a 4xx with a JSON `message`, and what is stored must be exactly what
// it was before: every table's rows after each case (./fingerprint.ts; on postgres what is
// committed, read through a connection of the test's own), and at the end of each part the whole
// state read back, the live state the server serves included.
// Runs on the driver of its project: embedded (`server`) and postgres (`server-pg`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbSchema } from '../../server/db/snapshot';
import { IMPORT_BODY_LIMIT } from '../../server/modules/backoffice/routes';
import { MAX_BULK } from '../../server/modules/orders/service';
import { MAX_PAGE_SIZE } from '../../server/query/paging';
import { COMMENT_MESSAGE, RATING_MESSAGE } from '../../server/modules/catalogue/reviews';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from '../../server/modules/backoffice/transfer';
import { ORDER_SORT_FIELDS } from '../../server/db/port';
import { MAX_STOCK, STOCK_TOO_LARGE } from '../../server/http/validate';
import { ORDER_STATUSES } from '../../src/domain/types';
import { ACCOUNTS, address, ENGINE, expectNoLeaks, makeData, type Agent, type Who } from '../api/fixtures';
import { API_ROUTES, methodOf, type ApiRoute } from './routes';
import { shopFingerprint } from './fingerprint';
import { newFigures, saveFigures } from './summary';
import { extraState, IMPORT_CHANGES, IMPORT_CSV, IMPORT_HEADER, importRow, makeDurableShop, NEW_PRODUCT, seedWebhook, type DurableShop } from './support';
import type { Promotion } from '../../src/domain/checkout';

type Kind =
  | 'malformed JSON'
  | 'malformed CSV'
  | 'not a JSON object'
  | 'content type'
  | 'body over 100 kB'
  | 'wrong type'
  | 'missing field'
  | 'extra field'
  | 'out of range'
  | 'huge string'
  | 'unknown id'
  | 'injection string'
  | 'script tag'
  | 'path trick'
  | 'repeated query key'
  | 'cross-site'
  | 'off-site image'
  | 'unstorable text'
  | 'unknown route';

interface Case {
  route: ApiRoute | 'unknown route';
  kind: Kind;
  name: string;
  as: Who | 'anon';
  method: string;
  url: string;
  /** JSON body (sent with Content-Type: application/json). */
  body?: unknown;
  /** Raw body text, sent with `type` (default application/json). */
  raw?: string;
  /** Content-Type of `raw`; 'none' sends a bodyless write with no Content-Type (a form post). */
  type?: string;
  headers?: Record<string, string>;
  /** Expected status. */
  status: number;
  /** Expected per-field `errors` of the answer, when the case names them. */
  errors?: Record<string, string>;
}

// --- Valid bodies the cases break one thing of (each is shown valid by the control test) ----

export const VALID: Partial<Record<ApiRoute, { as: Who | 'anon'; url: string; body: Record<string, unknown> }>> = {
  'POST /api/auth/signup': { as: 'anon', url: '/api/auth/signup', body: { email: 'new@shop.test', password: 'Secret123' } },
  'POST /api/auth/login': { as: 'anon', url: '/api/auth/login', body: { ...ACCOUNTS.user } },
  'POST /api/auth/forgot': { as: 'anon', url: '/api/auth/forgot', body: { email: ACCOUNTS.user.email } },
  'PATCH /api/users/:id': { as: 'user', url: '/api/users/2', body: { name: 'Asha', addresses: [address()] } },
  'POST /api/users/own/password': {
    as: 'user',
    url: '/api/users/own/password',
    body: { currentPassword: ACCOUNTS.user.password, newPassword: 'Changed123', confirmPassword: 'Changed123' },
  },
  'POST /api/products': { as: 'admin', url: '/api/products', body: NEW_PRODUCT },
  'PATCH /api/products/:id': { as: 'admin', url: '/api/products/1', body: { price: 900, stock: 4 } },
  'PUT /api/products/:id': { as: 'admin', url: '/api/products/1', body: NEW_PRODUCT },
  'POST /api/cart': { as: 'user', url: '/api/cart', body: { product: 1, quantity: 1 } },
  'PATCH /api/cart/:id': { as: 'user', url: '/api/cart/2', body: { id: 2, quantity: 2 } },
  'POST /api/orders': {
    as: 'user',
    url: '/api/orders',
    body: { items: [{ product: 1, quantity: 1 }], paymentMethod: 'cash', selectedAddress: address() },
  },
  'PATCH /api/orders/:id': { as: 'admin', url: '/api/orders/2', body: { status: 'delivered' } },
  'POST /api/checkout/quote': { as: 'user', url: '/api/checkout/quote', body: { address: { country: 'India', state: 'Karnataka' }, codes: ['WELCOME'] } },
  'PATCH /api/orders': { as: 'admin', url: '/api/orders', body: { ids: [1, 5], status: 'dispatched' } },
  'POST /api/orders/:id/notes': { as: 'admin', url: '/api/orders/2/notes', body: { text: 'Ring twice' } },
  'POST /api/orders/:id/returns': { as: 'user', url: '/api/orders/3/returns', body: { items: [{ line: 1, quantity: 1 }], reason: 'Cracked screen' } },
  'PATCH /api/orders/:id/returns/:returnId': { as: 'admin', url: '/api/orders/7/returns/1', body: { status: 'approved' } },
  'POST /api/admin/shipping-methods': {
    as: 'admin',
    url: '/api/admin/shipping-methods',
    body: { name: 'Overnight', country: 'Mexico', amount: 49.5, freeOver: null, estimate: { minDays: 1, maxDays: 1 } },
  },
  'PATCH /api/admin/shipping-methods/:id': { as: 'admin', url: '/api/admin/shipping-methods/1', body: { amount: 12.5, estimate: { maxDays: 9 } } },
  'POST /api/admin/tax-rates': { as: 'admin', url: '/api/admin/tax-rates', body: { country: 'Mexico', state: 'Yucatán', rate: 8 } },
  'PATCH /api/admin/tax-rates/:id': { as: 'admin', url: '/api/admin/tax-rates/2', body: { rate: 8.125 } },
  // For real: a refused import is one that would have changed the catalogue.
  'POST /api/admin/import/products': { as: 'admin', url: '/api/admin/import/products', body: { csv: IMPORT_CSV, dryRun: false } },
  'POST /api/products/:id/reviews': { as: 'other', url: '/api/products/2/reviews', body: { rating: 4, comment: 'Works well' } },
  'POST /api/admin/promotions': {
    as: 'admin',
    url: '/api/admin/promotions',
    body: { name: 'Spring', label: '10% off smartphones', kind: 'percentage', value: 10, categories: ['smartphones'], code: 'SPRING' },
  },
  'PATCH /api/admin/promotions/:id': { as: 'admin', url: '/api/admin/promotions/1', body: { value: 15, active: true } },
  'PATCH /api/products/:id/reviews/:reviewId': { as: 'user', url: '/api/products/1/reviews/2', body: { rating: 5, comment: 'Even better' } },
  'POST /api/wishlist': { as: 'user', url: '/api/wishlist', body: { product: 1, variant: null } },
  'POST /api/stock-alerts': { as: 'other', url: '/api/stock-alerts', body: { product: 3 } },
  'PUT /api/users/own/alerts': { as: 'user', url: '/api/users/own/alerts', body: { alerts: false } },
  'POST /api/admin/staff': { as: 'admin', url: '/api/admin/staff', body: { email: 'new.staff@shop.test', role: 'fulfilment' } },
  'PATCH /api/admin/staff/:id': { as: 'admin', url: '/api/admin/staff/4', body: { role: 'support' } },
  'POST /api/admin/products/bulk': { as: 'admin', url: '/api/admin/products/bulk', body: { action: 'category', ids: [1, 2], value: 'laptops' } },
  'PATCH /api/admin/products/:id/variants/:variantId': { as: 'admin', url: '/api/admin/products/3/variants/50', body: { stock: 7 } },
  'POST /api/admin/webhooks': { as: 'admin', url: '/api/admin/webhooks', body: { url: 'https://hooks.example.com/new', events: ['order.placed', 'stock.low'] } },
  'PATCH /api/admin/webhooks/:id': { as: 'admin', url: '/api/admin/webhooks/1', body: { active: false, events: ['order.refunded'] } },
  'PATCH /api/admin/settings': { as: 'admin', url: '/api/admin/settings', body: { contact: { email: 'care@example.com', phone: '+1 555 0100' } } },
  'POST /api/admin/brands': { as: 'admin', url: '/api/admin/brands', body: { label: 'Lenovo' } },
  'PATCH /api/admin/brands/:id': { as: 'admin', url: '/api/admin/brands/4', body: { label: 'Sony Group', value: 'sony-group' } },
  'POST /api/admin/brands/:id/merge': { as: 'admin', url: '/api/admin/brands/4/merge', body: { into: 1 } },
  'POST /api/admin/categories': { as: 'admin', url: '/api/admin/categories', body: { label: 'Cameras' } },
  'PATCH /api/admin/categories/:id': { as: 'admin', url: '/api/admin/categories/4', body: { label: 'Tablets and readers' } },
  'POST /api/admin/categories/:id/merge': { as: 'admin', url: '/api/admin/categories/4/merge', body: { into: 2 } },
};

/** The catalogue's promotion (id 1): a code, inactive. */
const STAFF_PROMOTION: Promotion = {
  id: 1,
  name: 'Staff',
  label: '10% off for staff',
  kind: 'percentage',
  value: 10,
  categories: [],
  products: [],
  code: 'STAFF10',
  stackable: false,
  membersOnly: false,
  minSubtotal: 0,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  perCustomerLimit: null,
  active: false,
  used: 0,
};

/**
 * The data the catalogue runs on: the API fixtures plus a cart line of the user's own; on
 * product 1 the seed review (id 1) and one by the user (id 2), who received it (orders 3, 7, 11);
 * the other shopper has received product 2 (order 6 delivered) and not reviewed it; two cancelled
 * orders that cannot leave `cancelled`: order 8 asks for 3 of product 2 (2 in stock), order 12
 * holds the deleted product 4.
 */
export function catalogueData(): DbSchema {
  const data = makeData();
  data.cart.push({ id: 2, user: 2, product: 5, quantity: 1 });
  const [iphone, , , parfum] = data.products;
  iphone.reviews = [
    { ...iphone.reviews[0], id: 1 },
    { id: 2, user: 2, reviewerName: 'New User', rating: 4, comment: 'Solid phone', date: '2026-02-01T00:00:00.000Z', verified: true },
  ];
  const order = (id: number) => data.orders.find((o) => o.id === id)!;
  order(6).status = 'delivered';
  order(8).items[0].quantity = 3;
  order(12).items = [{ id: 1, product: structuredClone(parfum), quantity: 1 }];
  // Returns: order 3 (the user's iPhone) was delivered yesterday, within its 30 days;
  // order 7's iPhone is in a return the admin has not looked at yet; order 11 is long past its window.
  const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
  order(3).history = [{ status: 'delivered', at: yesterday, by: 'admin' }];
  order(7).history = [{ status: 'delivered', at: yesterday, by: 'admin' }];
  order(7).returns = [
    { id: 1, status: 'requested', items: [{ line: 1, quantity: 1 }], reason: 'Too big', createdAt: yesterday, refund: null, history: [{ status: 'requested', at: yesterday, by: 'shopper' }] },
  ];
  // Wishlist: the user saved the Galaxy Tab (item 1) and asked to be told when the sold-out
  // MacBook (its only variant given the id 50) is back (alert 1).
  Object.assign(data.products[2], { options: [], variants: [{ id: 50, sku: 'SKU-3', options: {}, price: null, discountPercentage: null, stock: 0 }] });
  data.wishlist = [{ id: 1, user: 2, product: 5, variant: null, createdAt: '2026-02-01T00:00:00.000Z', lastPrice: 24000 }];
  data.stockAlerts = [{ id: 1, user: 2, product: 3, variant: 50, createdAt: '2026-02-01T00:00:00.000Z' }];
  // Promotion 1 (inactive, so no price changes): the promotions' routes act on it.
  data.promotions = [{ ...STAFF_PROMOTION }];
  // Shipping methods and tax rates of Mexico (no fixture address is there: no order's price changes).
  data.shippingMethods = [
    { id: 1, name: 'Standard', country: 'Mexico', amount: 9.99, freeOver: 100, estimate: { minDays: 5, maxDays: 10 } },
    { id: 2, name: 'Express', country: 'Mexico', amount: 29.99, freeOver: null, estimate: { minDays: 2, maxDays: 4 } },
  ];
  data.taxRates = [
    { id: 1, country: 'Mexico', state: null, rate: 16 },
    { id: 2, country: 'Mexico', state: 'Jalisco', rate: 8 },
  ];
  // A staff member (account 4, of the catalogue role), and a brand and a category no product uses
  // (id 4 each). The webhook routes act on endpoint 1 (seedWebhook, stored after the data).
  data.users.push({ id: 4, email: 'staff@shop.test', password: data.users[2].password, role: 'catalogue', addresses: [], name: 'Cat Staff' });
  data.brands.push({ id: 4, value: 'sony', label: 'Sony' });
  data.categories.push({ id: 4, value: 'tablets', label: 'Tablets' });
  return data;
}

/** A shop on catalogueData() with its webhook (seedWebhook). */
export async function catalogueShop(...[figures, options]: Parameters<typeof makeDurableShop>): Promise<DurableShop> {
  const shop = await makeDurableShop(figures, { data: catalogueData(), ...options });
  await seedWebhook(shop);
  return shop;
}

// --- The catalogue --------------------------------------------------------------------------

/** Where each route is called with otherwise-valid input, and who calls it. */
export const TARGET: Record<ApiRoute, { as: Who | 'anon'; url: string }> = {
  'POST /api/auth/signup': { as: 'anon', url: '/api/auth/signup' },
  'POST /api/auth/login': { as: 'anon', url: '/api/auth/login' },
  'GET /api/auth/check': { as: 'user', url: '/api/auth/check' },
  'POST /api/auth/logout': { as: 'user', url: '/api/auth/logout' },
  'POST /api/auth/forgot': { as: 'anon', url: '/api/auth/forgot' },
  'POST /api/auth/reset': { as: 'anon', url: '/api/auth/reset' },
  'POST /api/auth/verify': { as: 'anon', url: '/api/auth/verify' },
  'POST /api/auth/verify/resend': { as: 'user', url: '/api/auth/verify/resend' },
  'GET /api/users/own': { as: 'user', url: '/api/users/own' },
  'PATCH /api/users/:id': { as: 'user', url: '/api/users/2' },
  'POST /api/users/own/password': { as: 'user', url: '/api/users/own/password' },
  'POST /api/users/own/membership': { as: 'user', url: '/api/users/own/membership' },
  'DELETE /api/users/own/membership': { as: 'user', url: '/api/users/own/membership' },
  'GET /api/products': { as: 'anon', url: '/api/products' },
  'GET /api/products/facets': { as: 'anon', url: '/api/products/facets?category=smartphones&price_gte=100' },
  'GET /api/products/suggest': { as: 'anon', url: '/api/products/suggest?q=gal' },
  'GET /api/products/:id': { as: 'anon', url: '/api/products/1' },
  'GET /api/categories': { as: 'anon', url: '/api/categories' },
  'GET /api/brands': { as: 'anon', url: '/api/brands' },
  'POST /api/products': { as: 'admin', url: '/api/products' },
  'PATCH /api/products/:id': { as: 'admin', url: '/api/products/1' },
  'PUT /api/products/:id': { as: 'admin', url: '/api/products/1' },
  'DELETE /api/products/:id': { as: 'admin', url: '/api/products/1' },
  'GET /api/products/:id/reviews/eligibility': { as: 'user', url: '/api/products/1/reviews/eligibility' },
  'POST /api/products/:id/reviews': { as: 'other', url: '/api/products/2/reviews' },
  'PATCH /api/products/:id/reviews/:reviewId': { as: 'user', url: '/api/products/1/reviews/2' },
  'DELETE /api/products/:id/reviews/:reviewId': { as: 'admin', url: '/api/products/1/reviews/1' },
  'GET /api/cart': { as: 'user', url: '/api/cart' },
  'POST /api/cart': { as: 'user', url: '/api/cart' },
  'PATCH /api/cart/:id': { as: 'user', url: '/api/cart/2' },
  'DELETE /api/cart/:productId': { as: 'user', url: '/api/cart/5' },
  'POST /api/orders': { as: 'user', url: '/api/orders' },
  'POST /api/checkout/quote': { as: 'user', url: '/api/checkout/quote' },
  'GET /api/orders/own': { as: 'user', url: '/api/orders/own' },
  'GET /api/orders': { as: 'admin', url: '/api/orders' },
  'GET /api/orders/:id': { as: 'user', url: '/api/orders/1' },
  'PATCH /api/orders/:id': { as: 'admin', url: '/api/orders/2' },
  'POST /api/orders/:id/cancel': { as: 'user', url: '/api/orders/1/cancel' },
  'POST /api/orders/:id/buy-again': { as: 'user', url: '/api/orders/1/buy-again' },
  'POST /api/orders/:id/notes': { as: 'admin', url: '/api/orders/2/notes' },
  'POST /api/orders/:id/returns': { as: 'user', url: '/api/orders/3/returns' },
  'PATCH /api/orders/:id/returns/:returnId': { as: 'admin', url: '/api/orders/7/returns/1' },
  'PATCH /api/orders': { as: 'admin', url: '/api/orders' },
  'GET /api/admin/stats': { as: 'admin', url: '/api/admin/stats?days=7' },
  'GET /api/admin/customers': { as: 'admin', url: '/api/admin/customers?q=shop&_page=1&_limit=2' },
  'GET /api/admin/audit': { as: 'admin', url: '/api/admin/audit?entity=order&actor=1&_page=1&_limit=5' },
  'GET /api/admin/export/products.csv': { as: 'admin', url: '/api/admin/export/products.csv?category=laptops&_sort=price&_order=desc' },
  'GET /api/admin/export/orders.csv': { as: 'admin', url: '/api/admin/export/orders.csv?status=pending&_sort=totalAmount&_order=desc' },
  'POST /api/admin/import/products': { as: 'admin', url: '/api/admin/import/products' },
  'GET /api/admin/emails': { as: 'admin', url: '/api/admin/emails?_page=1&_limit=5' },
  'POST /api/admin/emails/:id/resend': { as: 'admin', url: '/api/admin/emails/1/resend' },
  'GET /api/promotions/banner': { as: 'anon', url: '/api/promotions/banner' },
  'GET /api/admin/promotions': { as: 'admin', url: '/api/admin/promotions?_page=1&_limit=5' },
  'GET /api/admin/promotions/:id': { as: 'admin', url: '/api/admin/promotions/1' },
  'POST /api/admin/promotions': { as: 'admin', url: '/api/admin/promotions' },
  'PATCH /api/admin/promotions/:id': { as: 'admin', url: '/api/admin/promotions/1' },
  'DELETE /api/admin/promotions/:id': { as: 'admin', url: '/api/admin/promotions/1' },
  'GET /api/shipping-methods': { as: 'anon', url: '/api/shipping-methods?country=Mexico' },
  'GET /api/admin/shipping-methods': { as: 'admin', url: '/api/admin/shipping-methods' },
  'POST /api/admin/shipping-methods': { as: 'admin', url: '/api/admin/shipping-methods' },
  'PATCH /api/admin/shipping-methods/:id': { as: 'admin', url: '/api/admin/shipping-methods/1' },
  'DELETE /api/admin/shipping-methods/:id': { as: 'admin', url: '/api/admin/shipping-methods/2' },
  'GET /api/admin/tax-rates': { as: 'admin', url: '/api/admin/tax-rates' },
  'POST /api/admin/tax-rates': { as: 'admin', url: '/api/admin/tax-rates' },
  'PATCH /api/admin/tax-rates/:id': { as: 'admin', url: '/api/admin/tax-rates/2' },
  'DELETE /api/admin/tax-rates/:id': { as: 'admin', url: '/api/admin/tax-rates/2' },
  'GET /api/wishlist': { as: 'user', url: '/api/wishlist' },
  'POST /api/wishlist': { as: 'user', url: '/api/wishlist' },
  'DELETE /api/wishlist/:id': { as: 'user', url: '/api/wishlist/1' },
  'GET /api/stock-alerts': { as: 'user', url: '/api/stock-alerts' },
  'POST /api/stock-alerts': { as: 'other', url: '/api/stock-alerts' },
  'DELETE /api/stock-alerts/:id': { as: 'user', url: '/api/stock-alerts/1' },
  'PUT /api/users/own/alerts': { as: 'user', url: '/api/users/own/alerts' },
  'GET /api/mail-status': { as: 'anon', url: '/api/mail-status' },
  'GET /api/settings': { as: 'anon', url: '/api/settings' },
  'GET /api/admin/settings': { as: 'admin', url: '/api/admin/settings' },
  'PATCH /api/admin/settings': { as: 'admin', url: '/api/admin/settings' },
  'POST /api/users/own/2fa': { as: 'user', url: '/api/users/own/2fa' },
  'POST /api/users/own/2fa/confirm': { as: 'user', url: '/api/users/own/2fa/confirm' },
  'DELETE /api/users/own/2fa': { as: 'user', url: '/api/users/own/2fa' },
  'GET /api/admin/staff': { as: 'admin', url: '/api/admin/staff' },
  'POST /api/admin/staff': { as: 'admin', url: '/api/admin/staff' },
  'PATCH /api/admin/staff/:id': { as: 'admin', url: '/api/admin/staff/4' },
  'DELETE /api/admin/staff/:id': { as: 'admin', url: '/api/admin/staff/4' },
  'POST /api/admin/media': { as: 'admin', url: '/api/admin/media' },
  'GET /api/admin/products': { as: 'admin', url: '/api/admin/products?category=laptops&_sort=price&_order=desc&_page=1&_limit=5' },
  'POST /api/admin/products/bulk': { as: 'admin', url: '/api/admin/products/bulk' },
  'PATCH /api/admin/products/:id/variants/:variantId': { as: 'admin', url: '/api/admin/products/3/variants/50' },
  'GET /api/admin/webhooks': { as: 'admin', url: '/api/admin/webhooks' },
  'POST /api/admin/webhooks': { as: 'admin', url: '/api/admin/webhooks' },
  'PATCH /api/admin/webhooks/:id': { as: 'admin', url: '/api/admin/webhooks/1' },
  'GET /api/admin/webhooks/:id/deliveries': { as: 'admin', url: '/api/admin/webhooks/1/deliveries?_page=1&_limit=5' },
  'POST /api/admin/webhooks/:id/deliveries/:did/resend': { as: 'admin', url: '/api/admin/webhooks/1/deliveries/1/resend' },
  'DELETE /api/admin/webhooks/:id': { as: 'admin', url: '/api/admin/webhooks/1' },
  'GET /api/admin/brands': { as: 'admin', url: '/api/admin/brands' },
  'POST /api/admin/brands': { as: 'admin', url: '/api/admin/brands' },
  'PATCH /api/admin/brands/:id': { as: 'admin', url: '/api/admin/brands/4' },
  'DELETE /api/admin/brands/:id': { as: 'admin', url: '/api/admin/brands/4' },
  'POST /api/admin/brands/:id/merge': { as: 'admin', url: '/api/admin/brands/4/merge' },
  'GET /api/admin/categories': { as: 'admin', url: '/api/admin/categories' },
  'POST /api/admin/categories': { as: 'admin', url: '/api/admin/categories' },
  'PATCH /api/admin/categories/:id': { as: 'admin', url: '/api/admin/categories/4' },
  'DELETE /api/admin/categories/:id': { as: 'admin', url: '/api/admin/categories/4' },
  'POST /api/admin/categories/:id/merge': { as: 'admin', url: '/api/admin/categories/4/merge' },
};

/** Routes with no 2xx at their bare target (see the 'every other route answers 2xx' test). */
const NO_PLAIN_SUCCESS: readonly ApiRoute[] = [
  'POST /api/auth/reset',
  'POST /api/admin/emails/:id/resend',
  // A mailed token, and an account not verified yet (the fixtures' are): tests/api/accounts/emailVerification.test.ts.
  'POST /api/auth/verify',
  'POST /api/auth/verify/resend',
  // A code of the authenticator app (tests/api/accounts/twoFactor.test.ts), an image file (tests/api/media/media.test.ts).
  'POST /api/users/own/2fa/confirm',
  'DELETE /api/users/own/2fa',
  'POST /api/admin/media',
];

const MALFORMED_JSON = [
  ['truncated object', '{"email": "user@shop.test",'],
  ['single quotes', "{'quantity': 1}"],
  ['trailing comma', '{"quantity": 1,}'],
  ['bare word', 'undefined'],
  ['NaN literal', '{"quantity": NaN}'],
  ['comment', '{"quantity": 1 /* two */}'],
  ['unquoted key', '{quantity: 1}'],
  ['top-level string (strict JSON)', '"hello"'],
] as const;

const INJECTION = [
  ['SQL tautology', "' OR '1'='1' --"],
  ['SQL stacked query', '1; DROP TABLE users; --'],
  ['NoSQL $ne', { $ne: null }],
  ['NoSQL $gt', { $gt: '' }],
  ['NoSQL $where', { $where: 'this.role == "admin"' }],
  ['prototype key', { __proto__: { role: 'admin' }, constructor: { prototype: { role: 'admin' } } }],
] as const;

const SCRIPT = '<script>alert(document.cookie)</script>';

const UPLOAD: ApiRoute = 'POST /api/admin/media';

/** Ids in the path that are not a plain positive integer, or name nothing. */
const PATH_TRICKS = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x1',
  '01',
  '1abc',
  '%2e%2e',
  '..%2F..%2Fusers',
  '1%2F..%2F2',
  '1%00',
  '%20',
  '__proto__',
  'constructor',
  "1'%20OR%20'1'='1",
  '%3Cscript%3E',
  '99999999999999999999',
  '9007199254740993',
] as const;

function buildCases(): Case[] {
  const cases: Case[] = [];
  const add = (route: ApiRoute, kind: Kind, name: string, status: number, over: Partial<Case> = {}) => {
    const target = TARGET[route];
    cases.push({ route, kind, name, status, as: target.as, method: methodOf(route), url: target.url, ...over });
  };
  /** A body route: the valid body with `changes` applied (undefined deletes a key). */
  const body = (
    route: ApiRoute,
    kind: Kind,
    name: string,
    status: number,
    changes: Record<string, unknown>,
    more: Partial<Case> = {},
  ) => {
    const valid = VALID[route]!;
    const next: Record<string, unknown> = { ...valid.body };
    for (const [k, v] of Object.entries(changes)) {
      if (v === undefined) delete next[k];
      else next[k] = v;
    }
    add(route, kind, name, status, { body: next, url: valid.url, ...more });
  };

  // Every route: malformed JSON, wrong content type or encoding, a body over 100 kB. The image
  // upload takes multipart only: any JSON body is 415, before its origin or size is looked at.
  for (const route of API_ROUTES) {
    const upload = route === UPLOAD;
    for (const [name, raw] of MALFORMED_JSON) add(route, 'malformed JSON', name, upload ? 415 : 400, { raw });
    add(route, 'content type', 'text/plain JSON', 415, { raw: '{"quantity":1}', type: 'text/plain' });
    add(route, 'content type', 'urlencoded form', 415, {
      raw: 'role=admin&quantity=1',
      type: 'application/x-www-form-urlencoded',
    });
    add(route, 'content type', 'unknown content encoding', 415, {
      raw: '{"quantity":1}',
      headers: { 'Content-Encoding': 'x-made-up' },
    });
    if (methodOf(route) === 'POST') {
      // A POST only as JSON, with or without a body (a form cannot send JSON; it can only GET or POST).
      add(route, 'cross-site', 'form post without a body', 415, { type: 'none' });
      add(route, 'cross-site', 'empty urlencoded form post', 415, { raw: '', type: 'application/x-www-form-urlencoded' });
    }
    if (methodOf(route) !== 'GET') {
      // Writes only from this site.
      const json = VALID[route] ? { body: VALID[route]!.body, url: VALID[route]!.url } : {};
      const crossSite = upload ? 415 : 403;
      add(route, 'cross-site', 'JSON from another origin', crossSite, { ...json, headers: { Origin: 'http://evil.example' } });
      add(route, 'cross-site', 'JSON from an opaque origin', crossSite, { ...json, headers: { Origin: 'null' } });
      add(route, 'cross-site', 'JSON the browser calls cross-site', crossSite, { ...json, headers: { 'Sec-Fetch-Site': 'cross-site' } });
    }
    // The product import takes bodies up to 2 MB: these are parsed, and lack a csv.
    const tooLarge = route === 'POST /api/admin/import/products' ? 400 : upload ? 415 : 413;
    add(route, 'body over 100 kB', '101 kB JSON string', tooLarge, { body: { name: 'x'.repeat(101 * 1024) } });
    add(route, 'body over 100 kB', '5 000 small fields', tooLarge, {
      body: Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`field${i}`, 'value-value-value'])),
    });
  }

  // Body routes: JSON that is not an object.
  for (const route of Object.keys(VALID) as ApiRoute[]) {
    for (const [name, raw] of [
      ['array', '[{"quantity":1}]'],
      ['null', 'null'],
      ['empty array', '[]'],
    ] as const) {
      add(route, 'not a JSON object', name, 400, { raw, url: VALID[route]!.url });
    }
  }

  // POST /auth/signup
  const signup = 'POST /api/auth/signup';
  body(signup, 'missing field', 'no email', 400, { email: undefined });
  body(signup, 'missing field', 'no password', 400, { password: undefined });
  body(signup, 'missing field', 'empty email', 400, { email: '   ' });
  body(signup, 'wrong type', 'email a number', 400, { email: 12345 });
  body(signup, 'wrong type', 'email a list', 400, { email: ['new@shop.test'] });
  body(signup, 'wrong type', 'password a number', 400, { password: 123456789 });
  body(signup, 'wrong type', 'password true', 400, { password: true });
  body(signup, 'wrong type', 'addresses an object', 400, { addresses: { 0: address() } });
  body(signup, 'wrong type', 'addresses a string', 400, { addresses: 'Bengaluru' });
  body(signup, 'wrong type', 'an address a number', 400, { addresses: [7] });
  body(signup, 'wrong type', 'name a number', 400, { name: 42 });
  body(signup, 'out of range', 'weak password', 400, { password: 'password' });
  body(signup, 'out of range', '21 addresses', 400, { addresses: Array.from({ length: 21 }, () => address()) });
  body(signup, 'out of range', 'address in an unknown country', 400, { addresses: [address({ country: 'Narnia' as never })] });
  body(signup, 'out of range', 'confirmPassword differs', 400, { confirmPassword: 'Secret124' });
  body(signup, 'extra field', 'role admin with a bad email', 400, { role: 'admin', isAdmin: true, email: 'bad' });
  body(signup, 'huge string', '90 kB email', 400, { email: `${'a'.repeat(90_000)}@shop.test` });
  body(signup, 'huge string', '201-character password', 400, { password: `Aa1${'x'.repeat(198)}` });
  body(signup, 'huge string', '90 kB name', 400, { name: 'n'.repeat(90_000) });
  body(signup, 'unknown id', 'an existing email in other case', 409, { email: 'ADMIN@Shop.Test' });
  body(signup, 'unknown id', 'an existing email with spaces', 409, { email: '  user@shop.test ' });
  for (const [name, value] of INJECTION) body(signup, 'injection string', `email: ${name}`, 400, { email: value });
  body(signup, 'injection string', 'password: NoSQL $ne', 400, { password: { $ne: null } });
  body(signup, 'script tag', 'script tag email', 400, { email: `${SCRIPT}@shop.test` });
  body(signup, 'script tag', 'script tag country', 400, { addresses: [address({ country: SCRIPT as never })] });

  // POST /auth/login
  const login = 'POST /api/auth/login';
  body(login, 'missing field', 'no email', 400, { email: undefined });
  body(login, 'missing field', 'no password', 400, { password: undefined });
  body(login, 'missing field', 'empty password', 400, { password: '' });
  body(login, 'wrong type', 'email a number', 400, { email: 7 });
  body(login, 'wrong type', 'password a number', 400, { password: 12345 });
  body(login, 'wrong type', 'password a list', 400, { password: ['User12345'] });
  body(login, 'wrong type', 'email an object', 400, { email: { address: 'user@shop.test' } });
  body(login, 'unknown id', 'unknown email', 401, { email: 'nobody@shop.test' });
  body(login, 'unknown id', 'wrong password', 401, { password: 'User12346' });
  body(login, 'huge string', '90 kB password', 400, { password: 'p'.repeat(90_000) });
  body(login, 'huge string', '90 kB email', 400, { email: `${'u'.repeat(90_000)}@shop.test` });
  for (const [name, value] of INJECTION) body(login, 'injection string', `password: ${name}`, typeof value === 'string' ? 401 : 400, { password: value });
  for (const [name, value] of INJECTION) body(login, 'injection string', `email: ${name}`, 400, { email: value });
  body(login, 'injection string', 'email with a SQL comment', 400, { email: "user@shop.test'--" });
  body(login, 'script tag', 'script tag email', 400, { email: `${SCRIPT}@shop.test` });
  body(login, 'extra field', 'role admin with a wrong password', 401, { role: 'admin', password: 'Nope12345' });

  // POST /auth/forgot: one well-formed address (no header injection), nothing mailed otherwise.
  const forgot = 'POST /api/auth/forgot';
  const emailError = (message: string) => ({ errors: { email: message } });
  body(forgot, 'missing field', 'no email', 400, { email: undefined }, emailError('Email is required'));
  body(forgot, 'wrong type', 'email a number', 400, { email: 12345 });
  body(forgot, 'wrong type', 'email a list', 400, { email: [ACCOUNTS.user.email] });
  body(forgot, 'out of range', 'a malformed address', 400, { email: 'user@' }, emailError('Email not valid'));
  body(forgot, 'injection string', 'a Bcc header after CR LF', 400, { email: `${ACCOUNTS.user.email}\r\nBcc: victim@example.com` }, emailError('Email not valid'));
  body(forgot, 'injection string', 'two addresses', 400, { email: `${ACCOUNTS.user.email}, victim@example.com` }, emailError('Email not valid'));
  body(forgot, 'huge string', '90 kB email', 400, { email: `${'u'.repeat(90_000)}@shop.test` });
  body(forgot, 'injection string', 'email: NoSQL $ne', 400, { email: { $ne: null } });

  // POST /auth/reset: an unknown, malformed or replayed token is 400, whatever the password.
  const reset = 'POST /api/auth/reset';
  const LINK_INVALID = 'This reset link is invalid, used or expired. Ask for a new one.';
  const resetBody = (token: unknown, password: unknown = 'Changed123') => ({ raw: JSON.stringify({ token, password }) });
  add(reset, 'unknown id', 'an unknown token', 400, { ...resetBody('A'.repeat(43)), errors: { token: LINK_INVALID } });
  add(reset, 'missing field', 'no token', 400, { ...resetBody(undefined), errors: { token: LINK_INVALID } });
  add(reset, 'wrong type', 'token a number', 400, { ...resetBody(42), errors: { token: LINK_INVALID } });
  add(reset, 'huge string', '90 kB token', 400, { ...resetBody('A'.repeat(90_000)), errors: { token: LINK_INVALID } });
  add(reset, 'injection string', 'token with CR LF', 400, { ...resetBody(`${'A'.repeat(41)}\r\n`), errors: { token: LINK_INVALID } });
  add(reset, 'missing field', 'no password', 400, { ...resetBody('A'.repeat(43), undefined) });
  add(reset, 'out of range', 'a password the sign-up rule refuses', 400, { ...resetBody('A'.repeat(43), 'short') });
  add(reset, 'not a JSON object', 'array', 400, { raw: '[]' });

  // POST /auth/verify: an unknown, malformed or replayed token is 400 with a message, nothing changed.
  const verify = 'POST /api/auth/verify';
  const VERIFY_INVALID = 'This confirmation link is invalid, used or expired. Sign in and ask for a new one.';
  const verifyBody = (token: unknown) => ({ raw: JSON.stringify({ token }), errors: { token: VERIFY_INVALID } });
  add(verify, 'unknown id', 'an unknown token', 400, verifyBody('A'.repeat(43)));
  add(verify, 'missing field', 'no token', 400, verifyBody(undefined));
  add(verify, 'wrong type', 'token a number', 400, verifyBody(42));
  add(verify, 'wrong type', 'token a list', 400, verifyBody(['A'.repeat(43)]));
  add(verify, 'huge string', '90 kB token', 400, verifyBody('A'.repeat(90_000)));
  add(verify, 'injection string', 'token with CR LF', 400, verifyBody(`${'A'.repeat(41)}\r\n`));
  add(verify, 'injection string', 'token: NoSQL $ne', 400, verifyBody({ $ne: null }));
  add(verify, 'not a JSON object', 'array', 400, { raw: '[]' });
  // POST /auth/verify/resend: an account already verified (every fixture account) is 409.
  add('POST /api/auth/verify/resend', 'out of range', 'an account already verified', 409, { raw: '{}' });

  // POST /users/own/password
  const password = 'POST /api/users/own/password';
  const mismatch = { errors: { confirmPassword: 'Password not matching' } };
  body(password, 'missing field', 'no current password', 400, { currentPassword: undefined }, { errors: { currentPassword: 'Current password required' } });
  body(password, 'missing field', 'no new password', 400, { newPassword: undefined, confirmPassword: undefined }, {
    errors: { newPassword: 'New password required', confirmPassword: 'Confirm Password required' },
  });
  body(password, 'wrong type', 'new password a number', 400, { newPassword: 12345678, confirmPassword: 12345678 });
  body(password, 'out of range', 'a new password the sign-up rule refuses', 400, { newPassword: 'short', confirmPassword: 'short' });
  body(password, 'out of range', 'the confirmation differs', 400, { confirmPassword: 'Changed124' }, mismatch);
  body(password, 'unknown id', 'a wrong current password', 400, { currentPassword: 'User12346' }, {
    errors: { currentPassword: 'Current password is not correct' },
  });
  body(password, 'huge string', '90 kB current password', 400, { currentPassword: 'p'.repeat(90_000) });
  body(password, 'injection string', 'current password: NoSQL $ne', 400, { currentPassword: { $ne: null } });

  // PATCH /users/:id
  const users = 'PATCH /api/users/:id';
  body(users, 'wrong type', 'addresses a string', 400, { addresses: 'Bengaluru' });
  body(users, 'wrong type', 'addresses null', 400, { addresses: null });
  body(users, 'wrong type', 'an address a list', 400, { addresses: [[address()]] });
  body(users, 'wrong type', 'name a number', 400, { name: 5 });
  body(users, 'wrong type', 'name a list', 400, { name: ['Asha'] });
  body(users, 'wrong type', 'pincode a number and phone a list', 400, {
    addresses: [{ ...address(), phoneNumber: ['+91'], pincode: { code: 1 } }],
  });
  body(users, 'missing field', 'an address without a city', 400, { addresses: [address({ city: '' })] });
  body(users, 'missing field', 'an empty address', 400, { addresses: [{}] });
  body(users, 'out of range', 'address in an unknown country', 400, { addresses: [address({ country: 'France' as never })] });
  body(users, 'out of range', 'address with a bad email', 400, { addresses: [address({ email: 'asha@' })] });
  body(users, 'out of range', '21 addresses', 400, { addresses: Array.from({ length: 21 }, () => address()) });
  body(users, 'huge string', '201-character name', 400, { name: 'n'.repeat(201) });
  body(users, 'huge string', '90 kB street', 400, { addresses: [address({ street: 's'.repeat(90_000) })] });
  body(users, 'huge string', '31-character phone number', 400, { addresses: [address({ phoneNumber: '9'.repeat(31) })] });
  body(users, 'extra field', 'role admin', 403, { role: 'admin' });
  body(users, 'extra field', 'another id', 403, { id: 3 });
  body(users, 'extra field', 'another email', 403, { email: 'admin@shop.test' });
  body(users, 'extra field', 'a new password', 403, { password: 'NewPass123' });
  // No password oracle: the right password is refused exactly like a wrong one.
  body(users, 'extra field', 'the current password (right guess)', 403, { password: ACCOUNTS.user.password });
  body(users, 'extra field', 'a wrong guess', 403, { password: 'User12346' });
  body(users, 'extra field', 'isAdmin with a bad address', 400, { isAdmin: true, addresses: [{ city: 'x' }] });
  body(users, 'injection string', 'role: NoSQL $ne', 403, { role: { $ne: 'user' } });
  body(users, 'injection string', 'addresses: NoSQL $set', 400, { addresses: { $set: [] } });
  body(users, 'injection string', 'password: NoSQL $ne', 403, { password: { $ne: null } });
  body(users, 'script tag', 'script tag country', 400, { addresses: [address({ country: SCRIPT as never })] });
  body(users, 'script tag', 'script tag address email', 400, { addresses: [address({ email: SCRIPT })] });
  body(users, 'unknown id', "another shopper's account", 403, {}, { url: '/api/users/3' });
  body(users, 'unknown id', 'an unknown account', 403, {}, { url: '/api/users/99999' });

  // POST /products (admin)
  const newProduct = 'POST /api/products';
  body(newProduct, 'missing field', 'empty body', 400, Object.fromEntries(Object.keys(NEW_PRODUCT).map((k) => [k, undefined])));
  for (const field of ['title', 'description', 'price', 'discountPercentage', 'stock', 'thumbnail', 'images', 'brand', 'category']) {
    body(newProduct, 'missing field', `no ${field}`, 400, { [field]: undefined });
  }
  // Paths a browser resolves to another host.
  for (const [name, value] of [
    ['backslash', '/\\evil.example/x.png'],
    ['tab', '/\t/evil.example/x.png'],
    ['newline', '/\n/evil.example/x.png'],
    ['protocol-relative', '//evil.example/x.png'],
    ['another scheme', 'https://evil.example/x.png'],
  ]) {
    body(newProduct, 'off-site image', `thumbnail: ${name}`, 400, { thumbnail: value });
    body('PATCH /api/products/:id', 'off-site image', `image2: ${name}`, 400, { image2: value });
  }
  body(newProduct, 'wrong type', 'price a word', 400, { price: 'cheap' });
  body(newProduct, 'wrong type', 'price true', 400, { price: true });
  body(newProduct, 'wrong type', 'price a list', 400, { price: [25] });
  body(newProduct, 'wrong type', 'stock an object', 400, { stock: { n: 3 } });
  body(newProduct, 'wrong type', 'title a number', 400, { title: 12 });
  body(newProduct, 'wrong type', 'images a string', 400, { images: '/images/lamp/1.webp' });
  body(newProduct, 'wrong type', 'deleted a string', 400, { deleted: 'yes' });
  body(newProduct, 'wrong type', 'weight a word', 400, { weight: 'heavy' });
  body(newProduct, 'out of range', 'price 0', 400, { price: 0 });
  body(newProduct, 'out of range', 'price negative', 400, { price: -25 });
  body(newProduct, 'out of range', 'price 10001', 400, { price: 10001 });
  body(newProduct, 'out of range', 'discount 101', 400, { discountPercentage: 101 });
  body(newProduct, 'out of range', 'discount -1', 400, { discountPercentage: -1 });
  body(newProduct, 'out of range', 'stock -1', 400, { stock: -1 });
  body(newProduct, 'out of range', 'stock 2.5', 400, { stock: 2.5 });
  body(newProduct, 'out of range', 'stock 1e300 (cannot be counted down)', 400, { stock: 1e300 });
  body(newProduct, 'out of range', 'stock 2^53 + 1', 400, { stock: 2 ** 53 + 2 });
  body(newProduct, 'out of range', 'price "Infinity"', 400, { price: 'Infinity' });
  body(newProduct, 'out of range', 'minimumOrderQuantity 0', 400, { minimumOrderQuantity: 0 });
  body(newProduct, 'out of range', 'weight -1', 400, { weight: -1 });
  body(newProduct, 'out of range', '13 images', 400, { images: Array.from({ length: 13 }, (_, i) => `/${i}.webp`) });
  add(newProduct, 'out of range', 'price 1e999 (parses to Infinity)', 400, {
    raw: JSON.stringify(NEW_PRODUCT).replace('"price":25', '"price":1e999'),
  });
  body(newProduct, 'unknown id', 'unknown brand', 400, { brand: 'Acme' });
  body(newProduct, 'unknown id', 'unknown category', 400, { category: 'weapons' });
  body(newProduct, 'huge string', '201-character title', 400, { title: 't'.repeat(201) });
  body(newProduct, 'huge string', '90 kB description', 400, { description: 'd'.repeat(90_000) });
  body(newProduct, 'huge string', '501-character thumbnail', 400, { thumbnail: `/${'t'.repeat(500)}` });
  body(newProduct, 'extra field', 'id and rating with a bad price', 400, { id: 1, rating: 5, price: 0 });
  body(newProduct, 'injection string', 'brand: SQL tautology', 400, { brand: "Apple' OR '1'='1" });
  body(newProduct, 'injection string', 'category: NoSQL $ne', 400, { category: { $ne: null } });
  body(newProduct, 'injection string', 'price: NoSQL $gt', 400, { price: { $gt: 0 } });
  body(newProduct, 'script tag', 'javascript: thumbnail', 400, { thumbnail: 'javascript:alert(1)' });
  body(newProduct, 'script tag', 'data:text/html image', 400, {
    images: ['data:text/html,<script>alert(1)</script>', '/b.webp', '/c.webp'],
  });
  body(newProduct, 'script tag', 'protocol-relative image', 400, { images: ['//evil.example/x.png', '/b.webp', '/c.webp'] });
  body(newProduct, 'script tag', 'script tag brand', 400, { brand: SCRIPT });

  // PATCH /products/:id (admin)
  const editProduct = 'PATCH /api/products/:id';
  body(editProduct, 'wrong type', 'price a word', 400, { price: 'free' });
  body(editProduct, 'wrong type', 'stock true', 400, { stock: true });
  body(editProduct, 'wrong type', 'deleted "false"', 400, { deleted: 'false' });
  body(editProduct, 'wrong type', 'images an object', 400, { images: { 0: '/a.webp' } });
  body(editProduct, 'missing field', 'empty title', 400, { title: '  ' });
  body(editProduct, 'out of range', 'price 0', 400, { price: 0 });
  body(editProduct, 'out of range', 'stock -5', 400, { stock: -5 });
  body(editProduct, 'out of range', 'stock "1e300"', 400, { stock: '1e300' });
  body(editProduct, 'out of range', 'discount 100.5', 400, { discountPercentage: 100.5 });
  body(editProduct, 'huge string', '90 kB title', 400, { title: 'x'.repeat(90_000) });
  body(editProduct, 'extra field', 'reviews and a bad stock', 400, { reviews: [], stock: 1.5 });
  body(editProduct, 'injection string', 'stock: NoSQL $inc', 400, { stock: { $inc: 100 } });
  body(editProduct, 'script tag', 'javascript: image1', 400, { image1: 'javascript:alert(1)' });
  body(editProduct, 'unknown id', 'unknown brand', 400, { brand: 'Acme' });
  add(editProduct, 'unknown id', 'unknown product', 404, { url: '/api/products/99999', body: { price: 10 } });
  // Options and variants: each wrong variant field named, nothing changed.
  const sizes = [{ name: 'Size', values: ['S', 'M'] }];
  const grid = (s: Record<string, unknown> = {}, m: Record<string, unknown> = {}) => [
    { sku: 'V-S', options: { Size: 'S' }, stock: 1, ...s },
    { sku: 'V-M', options: { Size: 'M' }, stock: 1, ...m },
  ];
  const variantError = (field: string, message: string) => ({ errors: { [field]: message } });
  body(editProduct, 'unknown id', 'variant of an unknown option', 400, { options: sizes, variants: grid({ options: { Colour: 'Red' } }) }, variantError('variants.0.options', 'Unknown option Colour (the options are Size)'));
  body(editProduct, 'unknown id', 'variant of an unknown value', 400, { options: sizes, variants: grid({ options: { Size: 'XL' } }) }, variantError('variants.0.options', 'Size must be one of S, M'));
  body(editProduct, 'wrong type', 'two variants of one choice', 400, { options: sizes, variants: grid({}, { options: { Size: 'S' } }) }, { errors: { 'variants.1.options': 'Another variant has the same Size', variants: 'Every choice needs a variant: missing M' } });
  body(editProduct, 'out of range', 'variant stock -1', 400, { options: sizes, variants: grid({ stock: -1 }) }, variantError('variants.0.stock', 'Stock must be a whole number of 0 or more'));
  body(editProduct, 'out of range', 'variant stock 1.5', 400, { options: sizes, variants: grid({}, { stock: 1.5 }) }, variantError('variants.1.stock', 'Stock must be a whole number of 0 or more'));
  body(editProduct, 'missing field', 'empty variant SKU', 400, { options: sizes, variants: grid({ sku: '  ' }) }, variantError('variants.0.sku', 'SKU must be 1 to 64 characters'));

  // PUT /products/:id (admin): PATCH's rules, every form field required
  const putProduct = 'PUT /api/products/:id';
  body(putProduct, 'missing field', 'no title', 400, { title: undefined });
  body(putProduct, 'missing field', 'no price', 400, { price: undefined });
  body(putProduct, 'missing field', 'no images', 400, { images: undefined });
  body(putProduct, 'missing field', 'empty body', 400, { title: undefined, description: undefined, price: undefined, discountPercentage: undefined, stock: undefined, thumbnail: undefined, images: undefined, brand: undefined, category: undefined });
  body(putProduct, 'wrong type', 'price a word', 400, { price: 'cheap' });
  body(putProduct, 'wrong type', 'deleted "true"', 400, { deleted: 'true' });
  body(putProduct, 'out of range', 'stock -1', 400, { stock: -1 });
  body(putProduct, 'out of range', 'discount 101', 400, { discountPercentage: 101 });
  body(putProduct, 'huge string', '90 kB description', 400, { description: 'd'.repeat(90_000) });
  body(putProduct, 'injection string', 'price: NoSQL $gt', 400, { price: { $gt: 0 } });
  body(putProduct, 'script tag', 'javascript: thumbnail', 400, { thumbnail: 'javascript:alert(1)' });
  body(putProduct, 'unknown id', 'unknown category', 400, { category: 'nope' });
  add(putProduct, 'unknown id', 'unknown product', 404, { url: '/api/products/99999', body: { ...NEW_PRODUCT } });

  // DELETE /products/:id (admin): the soft delete; another method on a product is 405
  add('DELETE /api/products/:id', 'unknown id', 'unknown product', 404, { url: '/api/products/99999' });
  add('DELETE /api/products/:id', 'wrong type', 'POST to a product', 405, { method: 'POST', body: { ...NEW_PRODUCT } });

  // POST /cart
  const addCart = 'POST /api/cart';
  body(addCart, 'missing field', 'no product', 400, { product: undefined });
  body(addCart, 'wrong type', 'product a word', 400, { product: 'iphone' });
  body(addCart, 'wrong type', 'product null', 400, { product: null });
  body(addCart, 'wrong type', 'product true', 400, { product: true });
  body(addCart, 'wrong type', 'quantity a word', 400, { quantity: 'two' });
  body(addCart, 'wrong type', 'quantity true', 400, { quantity: true });
  body(addCart, 'wrong type', 'quantity a list', 400, { quantity: [1] });
  body(addCart, 'out of range', 'quantity 0', 400, { quantity: 0 });
  body(addCart, 'out of range', 'quantity -1', 400, { quantity: -1 });
  body(addCart, 'out of range', 'quantity 7', 400, { quantity: 7 });
  body(addCart, 'out of range', 'quantity 1.5', 400, { quantity: 1.5 });
  body(addCart, 'out of range', 'quantity 2^53', 400, { quantity: 2 ** 53 });
  body(addCart, 'out of range', 'product id beyond 2^53', 400, { product: 2 ** 53 + 2 });
  add(addCart, 'out of range', 'quantity 1e999 (parses to Infinity)', 400, { raw: '{"product":1,"quantity":1e999}' });
  body(addCart, 'out of range', 'more than in stock', 409, { product: 2, quantity: 3 });
  body(addCart, 'out of range', 'out of stock', 409, { product: 3 });
  body(addCart, 'unknown id', 'unknown product', 404, { product: 99999 });
  body(addCart, 'unknown id', 'a deleted product', 409, { product: 4 });
  body(addCart, 'unknown id', 'already in the cart', 409, { product: 5 });
  body(addCart, 'huge string', '90 kB product id', 400, { product: '1'.repeat(90_000) });
  body(addCart, 'extra field', "another user's id with quantity 0", 400, { user: 3, quantity: 0 });
  for (const [name, value] of INJECTION) body(addCart, 'injection string', `product: ${name}`, 400, { product: value });
  body(addCart, 'injection string', 'quantity: NoSQL $gt', 400, { quantity: { $gt: 0 } });
  body(addCart, 'script tag', 'script tag product', 400, { product: SCRIPT });

  // PATCH /cart/:id
  const editCart = 'PATCH /api/cart/:id';
  body(editCart, 'missing field', 'no quantity', 400, { quantity: undefined });
  body(editCart, 'wrong type', 'quantity a word', 400, { quantity: 'lots' });
  body(editCart, 'wrong type', 'quantity null', 400, { quantity: null });
  body(editCart, 'out of range', 'quantity 0', 400, { quantity: 0 });
  body(editCart, 'out of range', 'quantity 7', 400, { quantity: 7 });
  body(editCart, 'out of range', 'quantity -0.5', 400, { quantity: -0.5 });
  body(editCart, 'out of range', 'more than in stock', 409, { quantity: 6 });
  body(editCart, 'huge string', '90 kB quantity', 400, { quantity: '9'.repeat(90_000) });
  body(editCart, 'injection string', 'quantity: NoSQL $inc', 400, { quantity: { $inc: 5 } });
  body(editCart, 'extra field', 'user and product with quantity 0', 400, { user: 3, product: 1, quantity: 0 });
  add(editCart, 'unknown id', 'unknown line', 404, { url: '/api/cart/99999', body: { quantity: 1 } });
  add(editCart, 'unknown id', "another shopper's line", 404, { url: '/api/cart/1', body: { quantity: 1 } });

  // DELETE /cart/:productId
  const deleteCart = 'DELETE /api/cart/:productId';
  add(deleteCart, 'unknown id', 'a product not in the cart', 404, { url: '/api/cart/2' });
  add(deleteCart, 'unknown id', "a product only in another shopper's cart", 404, { url: '/api/cart/1' });
  add(deleteCart, 'unknown id', 'an unknown product', 404, { url: '/api/cart/99999' });

  // POST /orders
  const order = 'POST /api/orders';
  const line = (over: Record<string, unknown>) => [{ product: 1, quantity: 1, ...over }];
  body(order, 'missing field', 'no items', 400, { items: undefined });
  body(order, 'missing field', 'empty items', 400, { items: [] });
  body(order, 'missing field', 'no paymentMethod', 400, { paymentMethod: undefined });
  body(order, 'missing field', 'no selectedAddress', 400, { selectedAddress: undefined });
  body(order, 'missing field', 'address without a pin code', 400, { selectedAddress: address({ pincode: '' }) });
  body(order, 'missing field', 'an item without a product', 400, { items: [{ quantity: 1 }] });
  body(order, 'wrong type', 'items an object', 400, { items: { 0: { product: 1, quantity: 1 } } });
  body(order, 'wrong type', 'an item a number', 400, { items: [1] });
  body(order, 'wrong type', 'selectedAddress a string', 400, { selectedAddress: '12 MG Road' });
  body(order, 'wrong type', 'paymentMethod a number', 400, { paymentMethod: 1 });
  body(order, 'wrong type', 'quantity a word', 400, { items: line({ quantity: 'one' }) });
  body(order, 'out of range', 'quantity 0', 400, { items: line({ quantity: 0 }) });
  body(order, 'out of range', 'quantity 7', 400, { items: line({ quantity: 7 }) });
  body(order, 'out of range', '51 lines', 400, { items: Array.from({ length: 51 }, () => ({ product: 1, quantity: 1 })) });
  body(order, 'out of range', 'the same product twice', 400, { items: [...line({}), ...line({})] });
  body(order, 'out of range', 'more than in stock', 409, { items: line({ product: 2, quantity: 3 }) });
  body(order, 'out of range', 'out of stock', 409, { items: line({ product: 3 }) });
  body(order, 'out of range', 'one short line among good ones', 409, {
    items: [{ product: 1, quantity: 2 }, { product: 5, quantity: 1 }, { product: 2, quantity: 3 }],
  });
  body(order, 'out of range', 'address in an unknown country', 400, { selectedAddress: address({ country: 'Atlantis' as never }) });
  body(order, 'unknown id', 'unknown product', 400, { items: line({ product: 99999 }) });
  body(order, 'unknown id', 'a deleted product', 409, { items: line({ product: 4 }) });
  body(order, 'unknown id', 'unknown payment method', 400, { paymentMethod: 'bitcoin' });
  body(order, 'huge string', '90 kB street', 400, { selectedAddress: address({ street: 's'.repeat(90_000) }) });
  body(order, 'extra field', 'status, user and totals with a bad payment method', 400, {
    status: 'delivered',
    user: 3,
    totalAmount: 1,
    paymentMethod: 'iou',
  });
  body(order, 'injection string', 'paymentMethod: NoSQL $ne', 400, { paymentMethod: { $ne: null } });
  body(order, 'injection string', 'product: NoSQL $gt', 400, { items: line({ product: { $gt: 0 } }) });
  body(order, 'injection string', 'paymentMethod: SQL tautology', 400, { paymentMethod: "cash' OR '1'='1" });
  body(order, 'script tag', 'script tag paymentMethod', 400, { paymentMethod: SCRIPT });
  for (const [name, key] of [
    ['empty', ''],
    ['256 characters', 'k'.repeat(256)],
    ['with a space', 'two words'],
    ['a tab', 'a\tb'],
  ]) {
    add(order, 'wrong type', `Idempotency-Key ${name}`, 400, { body: VALID[order]!.body, headers: { 'Idempotency-Key': key } });
  }
  body(order, 'script tag', 'script tag country', 400, { selectedAddress: address({ country: SCRIPT as never }) });

  // PATCH /orders/:id (admin)
  const editOrder = 'PATCH /api/orders/:id';
  body(editOrder, 'missing field', 'no status', 400, { status: undefined });
  body(editOrder, 'wrong type', 'status a number', 400, { status: 1 });
  body(editOrder, 'wrong type', 'status a list', 400, { status: ['delivered'] });
  body(editOrder, 'out of range', 'unknown status', 400, { status: 'shipped' });
  body(editOrder, 'out of range', 'status in capitals', 400, { status: 'DELIVERED' });
  body(editOrder, 'huge string', '90 kB status', 400, { status: 'd'.repeat(90_000) });
  body(editOrder, 'extra field', 'totalAmount and items with a bad status', 400, { totalAmount: 0, items: [], status: 'gone' });
  body(editOrder, 'injection string', 'status: NoSQL $ne', 400, { status: { $ne: null } });
  body(editOrder, 'injection string', 'status: SQL tautology', 400, { status: "pending' OR '1'='1" });
  body(editOrder, 'script tag', 'script tag status', 400, { status: SCRIPT });
  add(editOrder, 'unknown id', 'unknown order', 404, { url: '/api/orders/99999', body: { status: 'delivered' } });

  // GET /orders/:id
  add('GET /api/orders/:id', 'unknown id', 'unknown order', 404, { url: '/api/orders/99999' });
  add('GET /api/orders/:id', 'unknown id', "another shopper's order", 404, { url: '/api/orders/2' });
  add('GET /api/products/:id', 'unknown id', 'unknown product', 404, { url: '/api/products/99999' });

  // GET /products/:id/reviews/eligibility
  add('GET /api/products/:id/reviews/eligibility', 'unknown id', 'unknown product', 404, { url: '/api/products/99999/reviews/eligibility' });

  // POST /products/:id/reviews (the other shopper, who received product 2) and PATCH
  // /products/:id/reviews/:reviewId (the user's review 2 of product 1): the same rules for a body.
  const addReview: ApiRoute = 'POST /api/products/:id/reviews';
  const editReview: ApiRoute = 'PATCH /api/products/:id/reviews/:reviewId';
  const rating = { rating: RATING_MESSAGE };
  const comment = { comment: COMMENT_MESSAGE };
  const reviewBodies: [Kind, string, Record<string, unknown>, Record<string, string>][] = [
    ['missing field', 'empty comment', { comment: '' }, comment],
    ['missing field', 'comment only white space', { comment: ' \n\t ' }, comment],
    ['wrong type', 'rating a numeric string', { rating: '5' }, rating],
    ['wrong type', 'rating true', { rating: true }, rating],
    ['wrong type', 'rating null', { rating: null }, rating],
    ['wrong type', 'rating a list', { rating: [5] }, rating],
    ['wrong type', 'comment a number', { comment: 42 }, comment],
    ['wrong type', 'comment a list', { comment: ['Works well'] }, comment],
    ['wrong type', 'comment null', { comment: null }, comment],
    ['out of range', 'rating 0', { rating: 0 }, rating],
    ['out of range', 'rating 6', { rating: 6 }, rating],
    ['out of range', 'rating -1', { rating: -1 }, rating],
    ['out of range', 'rating 4.5', { rating: 4.5 }, rating],
    ['out of range', 'rating 2^53', { rating: 2 ** 53 }, rating],
    ['out of range', 'rating 9 and an empty comment', { rating: 9, comment: '' }, { ...rating, ...comment }],
    ['huge string', '1001-character comment', { comment: 'c'.repeat(1001) }, comment],
    ['huge string', '1001 characters inside white space', { comment: `  ${'c'.repeat(1001)}  ` }, comment],
    ['huge string', '90 kB comment', { comment: 'c'.repeat(90_000) }, comment],
    ['injection string', 'rating: NoSQL $gt', { rating: { $gt: 0 } }, rating],
    ['injection string', 'comment: NoSQL $ne', { comment: { $ne: null } }, comment],
    ['injection string', 'rating: SQL tautology', { rating: "5' OR '1'='1" }, rating],
    ['script tag', 'script tag rating', { rating: SCRIPT }, rating],
    ['extra field', 'id, user, verified, date and name with rating 0', { id: 1, user: 3, verified: false, date: '2000-01-01', reviewerName: 'Admin', rating: 0 }, rating],
  ];
  for (const route of [addReview, editReview]) {
    for (const [kind, name, changes, errors] of reviewBodies) body(route, kind, name, 400, changes, { errors });
  }
  body(addReview, 'missing field', 'no rating', 400, { rating: undefined }, { errors: rating });
  body(addReview, 'missing field', 'no comment', 400, { comment: undefined }, { errors: comment });
  body(addReview, 'missing field', 'empty body', 400, { rating: undefined, comment: undefined }, { errors: { ...rating, ...comment } });
  add(addReview, 'out of range', 'rating 1e999 (parses to Infinity)', 400, { url: '/api/products/2/reviews', raw: '{"rating":1e999,"comment":"Works well"}', errors: rating });
  body(addReview, 'unknown id', 'unknown product', 404, {}, { url: '/api/products/99999/reviews' });
  body(addReview, 'unknown id', 'a product the caller has not received', 403, {}, { url: '/api/products/1/reviews' });
  body(addReview, 'unknown id', 'a deleted product', 403, {}, { url: '/api/products/4/reviews' });
  body(addReview, 'unknown id', 'a product the caller has reviewed already', 409, {}, { as: 'user', url: '/api/products/1/reviews' });
  body(editReview, 'unknown id', 'unknown review', 404, {}, { url: '/api/products/1/reviews/99999' });
  body(editReview, 'unknown id', 'unknown product', 404, {}, { url: '/api/products/99999/reviews/2' });
  body(editReview, 'unknown id', "the review's id under another product", 404, {}, { url: '/api/products/2/reviews/2' });
  body(editReview, 'unknown id', 'a seed review (nobody’s)', 403, {}, { url: '/api/products/1/reviews/1' });
  body(editReview, 'unknown id', "another shopper's review", 403, {}, { as: 'other' });
  body(editReview, 'unknown id', "the admin, on a shopper's review", 403, {}, { as: 'admin' });

  /** Ids that name nothing, or nothing the caller may act on: [name, status, url and caller]. */
  const unknownIds = (route: ApiRoute, rows: [string, number, Partial<Pick<Case, 'url' | 'as'>>][]) => {
    for (const [name, status, over] of rows) add(route, 'unknown id', name, status, over);
  };

  // Wishlist and stock alerts: the user has item 1 (the Galaxy Tab) and alert 1 (the
  // sold-out MacBook); the other shopper subscribes to the MacBook.
  const save = 'POST /api/wishlist';
  const notify = 'POST /api/stock-alerts';
  const setAlerts = 'PUT /api/users/own/alerts';
  const noProduct = { product: 'Product must be a product id' };
  body(save, 'missing field', 'no product', 400, { product: undefined }, { errors: noProduct });
  body(save, 'wrong type', 'product a list', 400, { product: [1] }, { errors: noProduct });
  body(save, 'wrong type', 'product 1.5', 400, { product: 1.5 }, { errors: noProduct });
  body(save, 'injection string', 'product: NoSQL $ne', 400, { product: { $ne: null } }, { errors: noProduct });
  body(save, 'injection string', 'product: SQL tautology', 400, { product: "1' OR '1'='1" }, { errors: noProduct });
  body(save, 'unknown id', 'unknown product', 400, { product: 99999 }, { errors: { product: 'Choose a product of the shop' } });
  body(save, 'unknown id', 'a deleted product', 400, { product: 4 }, { errors: { product: '"Sauvage Eau de Parfum" is no longer sold' } });
  body(save, 'unknown id', "another product's variant", 400, { variant: 50 }, { errors: { variant: 'That choice of "iPhone 15" is not sold' } });
  body(save, 'script tag', 'script tag variant', 400, { variant: SCRIPT }, { errors: { variant: 'That choice of "iPhone 15" is not sold' } });
  body(save, 'extra field', "a product the user has saved, for another user", 409, { product: 5, user: 3 });
  body(notify, 'missing field', 'no product', 400, { product: undefined }, { errors: noProduct });
  body(notify, 'wrong type', 'variant a list', 400, { variant: [50] }, { errors: { variant: 'That choice of "MacBook Air" is not sold' } });
  body(notify, 'unknown id', 'unknown variant', 400, { variant: 99999 }, { errors: { variant: 'That choice of "MacBook Air" is not sold' } });
  body(notify, 'out of range', 'a product in stock', 409, { product: 1 });
  body(notify, 'extra field', 'a subscription the user has, for another user', 409, { user: 3 }, { as: 'user' });
  for (const [kind, name, alerts] of [
    ['missing field', 'no alerts', undefined],
    ['wrong type', "alerts 'false'", 'false'],
    ['wrong type', 'alerts 0', 0],
    ['wrong type', 'alerts null', null],
    ['injection string', 'alerts: NoSQL $ne', { $ne: null }],
  ] as const) {
    body(setAlerts, kind, name, 400, { alerts }, { errors: { alerts: 'Alerts must be true or false' } });
  }
  unknownIds('DELETE /api/wishlist/:id', [
    ['unknown item', 404, { url: '/api/wishlist/99999' }],
    ["another shopper's item", 404, { as: 'other' }],
    ["the admin, on a shopper's item", 404, { as: 'admin' }],
  ]);
  unknownIds('DELETE /api/stock-alerts/:id', [
    ['unknown alert', 404, { url: '/api/stock-alerts/99999' }],
    ["another shopper's alert", 404, { as: 'other' }],
    ["the admin, on a shopper's alert", 404, { as: 'admin' }],
  ]);

  // DELETE /products/:id/reviews/:reviewId (admin)
  unknownIds('DELETE /api/products/:id/reviews/:reviewId', [
    ['unknown review', 404, { url: '/api/products/1/reviews/99999' }],
    ['unknown product', 404, { url: '/api/products/99999/reviews/1' }],
    ["a review's id under another product", 404, { url: '/api/products/2/reviews/2' }],
  ]);

  // POST /orders/:id/cancel (the user's pending order 1): the owner's pending orders only
  const cancel = 'POST /api/orders/:id/cancel';
  unknownIds(cancel, [
    ['unknown order', 404, { url: '/api/orders/99999/cancel' }],
    ['a delivered order', 409, { url: '/api/orders/3/cancel' }],
    ["another shopper's dispatched order", 404, { url: '/api/orders/2/cancel' }],
    ["another shopper's cancelled order", 404, { url: '/api/orders/4/cancel' }],
    ["another shopper's pending order", 404, { as: 'other' }],
    ["the admin, on a shopper's pending order", 404, { as: 'admin' }],
    ['own dispatched order', 409, { as: 'other', url: '/api/orders/2/cancel' }],
    ['own cancelled order', 409, { as: 'other', url: '/api/orders/4/cancel' }],
  ]);
  add(cancel, 'extra field', 'status and user in a body, on a delivered order', 409, {
    url: '/api/orders/3/cancel',
    body: { status: 'cancelled', user: 2, force: true },
  });

  // POST /orders/:id/buy-again (the user's order 1): the owner only
  unknownIds('POST /api/orders/:id/buy-again', [
    ['unknown order', 404, { url: '/api/orders/99999/buy-again' }],
    ["another shopper's order", 404, { url: '/api/orders/2/buy-again' }],
    ["another shopper's order, as the other shopper", 404, { as: 'other' }],
    ["the admin, on a shopper's order", 404, { as: 'admin' }],
  ]);

  // PATCH /orders/:id (admin): leaving `cancelled` needs the stock back
  body(editOrder, 'out of range', 'leaving cancelled with too little stock', 409, { status: 'pending' }, { url: '/api/orders/8' });
  body(editOrder, 'unknown id', 'leaving cancelled with a deleted product', 409, {}, { url: '/api/orders/12' });

  // Path tricks in every id ({id} in the path).
  const idRoutes: [ApiRoute, string, number, unknown][] = [
    ['GET /api/products/:id', '/api/products/{id}', 404, undefined],
    ['PATCH /api/products/:id', '/api/products/{id}', 404, { price: 10 }],
    ['PUT /api/products/:id', '/api/products/{id}', 404, NEW_PRODUCT],
    ['DELETE /api/products/:id', '/api/products/{id}', 404, undefined],
    ['PATCH /api/users/:id', '/api/users/{id}', 403, { name: 'Trick' }],
    ['PATCH /api/cart/:id', '/api/cart/{id}', 404, { quantity: 1 }],
    ['DELETE /api/cart/:productId', '/api/cart/{id}', 404, undefined],
    ['GET /api/orders/:id', '/api/orders/{id}', 404, undefined],
    ['PATCH /api/orders/:id', '/api/orders/{id}', 404, { status: 'cancelled' }],
    ['POST /api/orders/:id/cancel', '/api/orders/{id}/cancel', 404, undefined],
    ['POST /api/orders/:id/buy-again', '/api/orders/{id}/buy-again', 404, undefined],
    ['POST /api/orders/:id/returns', '/api/orders/{id}/returns', 404, { items: [{ line: 1, quantity: 1 }], reason: 'Cracked screen' }],
    ['PATCH /api/orders/:id/returns/:returnId', '/api/orders/{id}/returns/1', 404, { status: 'approved' }],
    ['PATCH /api/orders/:id/returns/:returnId', '/api/orders/7/returns/{id}', 404, { status: 'approved' }],
    ['GET /api/products/:id/reviews/eligibility', '/api/products/{id}/reviews/eligibility', 404, undefined],
    ['POST /api/products/:id/reviews', '/api/products/{id}/reviews', 404, VALID[addReview]!.body],
    ['PATCH /api/products/:id/reviews/:reviewId', '/api/products/{id}/reviews/2', 404, { rating: 1 }],
    ['PATCH /api/products/:id/reviews/:reviewId', '/api/products/1/reviews/{id}', 404, { rating: 1 }],
    ['DELETE /api/products/:id/reviews/:reviewId', '/api/products/{id}/reviews/1', 404, undefined],
    ['DELETE /api/products/:id/reviews/:reviewId', '/api/products/1/reviews/{id}', 404, undefined],
    ['GET /api/admin/promotions/:id', '/api/admin/promotions/{id}', 404, undefined],
    ['PATCH /api/admin/promotions/:id', '/api/admin/promotions/{id}', 404, { value: 5 }],
    ['DELETE /api/admin/promotions/:id', '/api/admin/promotions/{id}', 404, undefined],
    ['PATCH /api/admin/shipping-methods/:id', '/api/admin/shipping-methods/{id}', 404, { amount: 1 }],
    ['DELETE /api/admin/shipping-methods/:id', '/api/admin/shipping-methods/{id}', 404, undefined],
    ['PATCH /api/admin/tax-rates/:id', '/api/admin/tax-rates/{id}', 404, { rate: 1 }],
    ['DELETE /api/admin/tax-rates/:id', '/api/admin/tax-rates/{id}', 404, undefined],
    ['DELETE /api/wishlist/:id', '/api/wishlist/{id}', 404, undefined],
    ['DELETE /api/stock-alerts/:id', '/api/stock-alerts/{id}', 404, undefined],
  ];
  for (const [route, path, status, payload] of idRoutes) {
    const at = (id: string) => path.replace('{id}', () => id);
    const of = path.includes('reviews/{id}') ? 'review ' : path.includes('returns/{id}') ? 'return ' : '';
    for (const trick of PATH_TRICKS) add(route, 'path trick', `${of}id ${trick}`, status, { url: at(trick), body: payload });
    add(route, 'path trick', `${of}malformed percent-encoding`, 400, { url: at('%E0%A4%A'), body: payload });
  }

  // Repeated or structured query keys, where the route reads its query.
  const queryRoutes: [ApiRoute, string][] = [
    ['GET /api/products', '/api/products'],
    ['GET /api/products/facets', '/api/products/facets'],
    ['GET /api/products/:id', '/api/products/1'],
    ['GET /api/categories', '/api/categories'],
    ['GET /api/brands', '/api/brands'],
    ['GET /api/admin/export/products.csv', '/api/admin/export/products.csv'],
  ];
  for (const [route, base] of queryRoutes) {
    for (const key of ['_page', '_limit', '_sort', '_order', 'q', '_start', '_end']) {
      add(route, 'repeated query key', `${key} twice`, 400, { url: `${base}?${key}=1&${key}=2` });
    }
    add(route, 'repeated query key', '_sort as an object', 400, { url: `${base}?_sort[$ne]=price` });
    add(route, 'injection string', 'NoSQL operator in a filter', 400, { url: `${base}?price[$gt]=0` });
    // A regex that could take exponential time, on a field of the list (one product ignores filters, as json-server).
    const field = route === 'GET /api/categories' || route === 'GET /api/brands' ? 'label' : 'title';
    if (route !== 'GET /api/products/:id') add(route, 'injection string', 'slow regex filter (_like)', 400, { url: `${base}?${field}_like=(a%2B)%2B$` });
  }

  // `_like`, on the list, its facets and its export: json-server's RegExp test, as far as
  // PostgreSQL runs it alike (server/query/likeRegex.ts); the filters' other texts keep json-server's
  // meaning (a price_gte of 'cheap' matches nothing: tests/api/catalogue/parity.test.ts).
  const badPatterns: [Kind, string, string, string][] = [
    ['wrong type', 'an unclosed group', '(', 'Not a valid regular expression'],
    ['wrong type', 'an unclosed class', '[a-', 'Not a valid regular expression'],
    ['wrong type', 'nothing to repeat', '*a', 'Not a valid regular expression'],
    ['wrong type', 'a range out of order', '[z-a]', 'Not a valid regular expression'],
    ['injection string', 'nested repetition', '(a+)+$', 'A repeated group may not itself repeat or hold alternatives: it could be slow'],
    ['injection string', 'a repeated alternation', '(a|aa)*b', 'A repeated group may not itself repeat or hold alternatives: it could be slow'],
    ['injection string', 'a back-reference', '(a)\\1', 'Back-references and octal escapes are not supported'],
    ['injection string', 'a lookahead', 'a(?=b)', 'Lookarounds and named groups are not supported'],
    ['out of range', 'a count over 100', 'a{1000}', 'Counts over 100 are not supported'],
    ['huge string', 'a 501-character pattern', 'a'.repeat(501), 'At most 500 characters'],
    ['injection string', 'SQL in a pattern', "') OR 1=1; --", 'Not a valid regular expression'],
  ];
  for (const [route, base] of [
    ['GET /api/products', '/api/products?'],
    ['GET /api/products/facets', '/api/products/facets?category=smartphones&'],
    ['GET /api/admin/export/products.csv', '/api/admin/export/products.csv?'],
  ] as const) {
    for (const [kind, name, pattern, message] of badPatterns) {
      add(route, kind, `title_like: ${name}`, 400, { url: `${base}title_like=${encodeURIComponent(pattern)}`, errors: { title_like: `title_like: ${message}` } });
    }
    add(route, 'out of range', 'a bad pattern beside a good one', 400, {
      url: `${base}title_like=^gal&description_like=${encodeURIComponent('(x+)*')}`,
      errors: { description_like: `description_like: A repeated group may not itself repeat or hold alternatives: it could be slow` },
    });
  }

  /** One q of at most 100 characters (on the suggestions and the customers). */
  const shortQ = (route: ApiRoute, base: string) => {
    const tooLong = { q: 'Search must be at most 100 characters' };
    const at = (q: string) => `${base}?q=${encodeURIComponent(q)}`;
    add(route, 'repeated query key', 'q twice', 400, { url: `${at('gal')}&q=app` });
    add(route, 'repeated query key', 'q as a list', 400, { url: `${base}?q[]=gal` });
    add(route, 'injection string', 'q as a NoSQL operator', 400, { url: `${base}?q[$ne]=x` });
    add(route, 'huge string', '101-character q', 400, { url: at('g'.repeat(101)), errors: tooLong });
    add(route, 'huge string', '4000-character q', 400, { url: at('g'.repeat(4000)), errors: tooLong });
    add(route, 'huge string', '101 accented letters', 400, { url: at('é'.repeat(101)), errors: tooLong });
    add(route, 'huge string', '101 letters inside white space', 400, { url: at(`  ${'g'.repeat(101)}  `), errors: tooLong });
    add(route, 'injection string', 'a 101-character SQL injection', 400, { url: at(`%' OR 1=1; --`.padEnd(101, '-')), errors: tooLong });
    add(route, 'script tag', 'script tags over 100 characters', 400, { url: at(SCRIPT.repeat(3)), errors: tooLong });
  };
  shortQ('GET /api/products/suggest', '/api/products/suggest');

  /** An admin list's paging: _page from 1, a page size (_per_page or _limit) from 1 to 1000, each given once. */
  const badPaging = (route: ApiRoute, base: string) => {
    const sep = base.includes('?') ? '&' : '?';
    for (const key of ['_page', '_per_page', '_limit']) add(route, 'repeated query key', `${key} twice`, 400, { url: `${base}${sep}${key}=1&${key}=2` });
    const pages: [Kind, string, string, string][] = [
      ['out of range', '_page', '0', '0'],
      ['out of range', '_page', '-1', '-1'],
      ['out of range', '_page', '9007199254740993', 'beyond 2^53'],
      ['wrong type', '_page', 'two', 'a word'],
      ['wrong type', '_page', '1.5', '1.5'],
      ['wrong type', '_page', '', 'empty'],
      ['out of range', '_per_page', '0', '0'],
      ['out of range', '_per_page', '1001', '1001'],
      ['out of range', '_limit', '1001', '1001'],
      ['wrong type', '_limit', '1e3', 'an exponent'],
    ];
    for (const [kind, key, value, name] of pages) {
      const max = key === '_page' ? Number.MAX_SAFE_INTEGER : MAX_PAGE_SIZE;
      const label = key === '_page' ? 'Page' : 'Page size';
      add(route, kind, `${key} ${name}`, 400, { url: `${base}${sep}${key}=${value}`, errors: { [key]: `${label} must be a whole number from 1 to ${max}` } });
    }
    add(route, 'injection string', '_page as a NoSQL operator', 400, { url: `${base}${sep}_page[$gt]=0` });
  };

  // GET /orders (admin) and its CSV export: the status filter and the sort (the export has no pages).
  const statusMessage = { status: `Status must be one of ${ORDER_STATUSES.join(', ')}` };
  for (const [route, base] of [
    ['GET /api/orders', '/api/orders'],
    ['GET /api/admin/export/orders.csv', '/api/admin/export/orders.csv'],
  ] as const) {
    for (const key of ['_sort', '_order']) add(route, 'repeated query key', `${key} twice`, 400, { url: `${base}?${key}=1&${key}=2` });
    add(route, 'repeated query key', 'a bad status among good ones', 400, { url: `${base}?status=pending&status=lost`, errors: statusMessage });
    add(route, 'out of range', 'unknown status', 400, { url: `${base}?status=shipped`, errors: statusMessage });
    add(route, 'wrong type', '_sort on a hidden field', 400, { url: `${base}?_sort=user.password`, errors: { _sort: `Sort must be one of ${ORDER_SORT_FIELDS.join(', ')}` } });
    add(route, 'wrong type', '_order sideways', 400, { url: `${base}?_order=sideways`, errors: { _order: 'Sort order must be asc or desc' } });
    add(route, 'injection string', '_sort as an object', 400, { url: `${base}?_sort[$ne]=id` });
    add(route, 'injection string', 'status as a NoSQL operator', 400, { url: `${base}?status[$ne]=lost`, errors: statusMessage });
    add(route, 'script tag', 'script tag status', 400, { url: `${base}?status=${encodeURIComponent(SCRIPT)}`, errors: statusMessage });
    const userMessage = { user: 'Customer must be a user id' };
    add(route, 'repeated query key', 'user twice', 400, { url: `${base}?user=2&user=3`, errors: userMessage });
    add(route, 'out of range', 'user 0', 400, { url: `${base}?user=0`, errors: userMessage });
    add(route, 'out of range', 'user -2', 400, { url: `${base}?user=-2`, errors: userMessage });
    add(route, 'wrong type', 'user a word', 400, { url: `${base}?user=two`, errors: userMessage });
    add(route, 'wrong type', 'user an email', 400, { url: `${base}?user=${encodeURIComponent(ACCOUNTS.user.email)}`, errors: userMessage });
    add(route, 'injection string', 'user as a NoSQL operator', 400, { url: `${base}?user[$ne]=0`, errors: userMessage });
    add(route, 'injection string', 'user: SQL tautology', 400, { url: `${base}?user=${encodeURIComponent('2 OR 1=1')}`, errors: userMessage });
  }
  badPaging('GET /api/orders', '/api/orders');
  // The back office's search and days (GET /orders only).
  const from = { createdAt_gte: 'From must be a date (YYYY-MM-DD)' };
  const to = { createdAt_lte: 'To must be a date (YYYY-MM-DD)' };
  add('GET /api/orders', 'repeated query key', 'q twice', 400, { url: '/api/orders?q=1&q=2', errors: { q: 'Search must be given once' } });
  add('GET /api/orders', 'huge string', '201-character search', 400, { url: `/api/orders?q=${'a'.repeat(201)}`, errors: { q: 'Search must be at most 200 characters' } });
  add('GET /api/orders', 'injection string', 'q as a NoSQL operator', 400, { url: '/api/orders?q[$ne]=x', errors: { q: 'Search must be given once' } });
  add('GET /api/orders', 'out of range', '30 February', 400, { url: '/api/orders?createdAt_gte=2026-02-30', errors: from });
  add('GET /api/orders', 'wrong type', 'a date and time', 400, { url: '/api/orders?createdAt_lte=2026-01-05T10:00:00Z', errors: to });
  add('GET /api/orders', 'wrong type', 'a word for a date', 400, { url: '/api/orders?createdAt_gte=yesterday', errors: from });
  add('GET /api/orders', 'injection string', 'date: SQL tautology', 400, { url: `/api/orders?createdAt_lte=${encodeURIComponent("2026-01-01' OR '1'='1")}`, errors: to });
  add('GET /api/orders', 'out of range', 'To before From', 400, { url: '/api/orders?createdAt_gte=2026-01-05&createdAt_lte=2026-01-04', errors: { createdAt_lte: 'To must not be before From' } });

  // POST /orders/:id/notes (admin): a text of 1 to 2000 characters.
  const note = 'POST /api/orders/:id/notes';
  const noteRequired = { text: 'Note is required' };
  const noteText = { text: 'Note must be a text' };
  body(note, 'missing field', 'no text', 400, { text: undefined }, { errors: noteText });
  body(note, 'missing field', 'empty text', 400, { text: '' }, { errors: noteRequired });
  body(note, 'missing field', 'only spaces', 400, { text: '  \t ' }, { errors: noteRequired });
  body(note, 'wrong type', 'text a number', 400, { text: 7 }, { errors: noteText });
  body(note, 'wrong type', 'text a list', 400, { text: ['Ring twice'] }, { errors: noteText });
  body(note, 'injection string', 'text: NoSQL $ne', 400, { text: { $ne: null } }, { errors: noteText });
  body(note, 'huge string', '2001 characters', 400, { text: 'n'.repeat(2001) }, { errors: { text: 'Note must be at most 2000 characters' } });
  add(note, 'unknown id', 'unknown order', 404, { url: '/api/orders/99999/notes', body: { text: 'Ring twice' } });

  // POST /orders/:id/returns (the order's owner): lines of a delivered order within their window.
  const ret = 'POST /api/orders/:id/returns';
  const retLine = (changes: Record<string, unknown>) => ({ items: [{ line: 1, quantity: 1, ...changes }] });
  const quantityMessage = { 'items.0.quantity': 'Quantity must be a whole number of at least 1' };
  const lineMessage = { 'items.0.line': 'Line must be a line of the order' };
  body(ret, 'missing field', 'no items', 400, { items: undefined }, { errors: { items: 'Choose at least one item to return' } });
  body(ret, 'missing field', 'no lines', 400, { items: [] }, { errors: { items: 'Choose at least one item to return' } });
  body(ret, 'wrong type', 'items a word', 400, { items: 'all' }, { errors: { items: 'Choose at least one item to return' } });
  body(ret, 'wrong type', 'line a word', 400, retLine({ line: 'first' }), { errors: lineMessage });
  body(ret, 'injection string', 'line: SQL tautology', 400, retLine({ line: '1 OR 1=1' }), { errors: lineMessage });
  body(ret, 'injection string', 'line: NoSQL $gt', 400, retLine({ line: { $gt: 0 } }), { errors: lineMessage });
  body(ret, 'unknown id', 'a line the order has not', 400, retLine({ line: 2 }), { errors: { 'items.0.line': 'There is no such line in this order' } });
  body(ret, 'wrong type', 'quantity a word', 400, retLine({ quantity: 'one' }), { errors: quantityMessage });
  body(ret, 'out of range', 'quantity 0', 400, retLine({ quantity: 0 }), { errors: quantityMessage });
  body(ret, 'out of range', 'quantity 1.5', 400, retLine({ quantity: 1.5 }), { errors: quantityMessage });
  body(ret, 'out of range', 'quantity 2^53', 400, retLine({ quantity: 2 ** 53 }), { errors: quantityMessage });
  body(ret, 'out of range', 'more than was bought', 400, retLine({ quantity: 2 }), { errors: { 'items.0.quantity': 'You bought 1 of "iPhone 15"' } });
  body(ret, 'missing field', 'no reason', 400, { reason: undefined }, { errors: { reason: 'Reason is required' } });
  body(ret, 'missing field', 'only spaces', 400, { reason: ' \t ' }, { errors: { reason: 'Reason is required' } });
  body(ret, 'injection string', 'reason: NoSQL $ne', 400, { reason: { $ne: null } }, { errors: { reason: 'Reason is required' } });
  body(ret, 'huge string', '501-character reason', 400, { reason: 'r'.repeat(501) }, { errors: { reason: 'Reason must be at most 500 characters' } });
  const retBody = VALID[ret]!.body;
  add(ret, 'unknown id', 'unknown order', 404, { url: '/api/orders/99999/returns', body: retBody });
  add(ret, 'unknown id', "another shopper's order", 404, { url: '/api/orders/2/returns', body: retBody });
  add(ret, 'out of range', 'an order not delivered', 409, { url: '/api/orders/1/returns', body: retBody });
  add(ret, 'out of range', 'the same units twice', 409, { url: '/api/orders/7/returns', body: retBody });
  add(ret, 'out of range', 'past the return window', 409, { url: '/api/orders/11/returns', body: retBody });
  add(ret, 'unknown id', 'an admin for a shopper', 404, { as: 'admin', body: retBody });

  // PATCH /orders/:id/returns/:returnId (admin): the next step of a return.
  const step = 'PATCH /api/orders/:id/returns/:returnId';
  const stepStatusMessage = { status: 'Status must be one of requested, approved, rejected, received, refunded' };
  body(step, 'missing field', 'no status', 400, { status: undefined }, { errors: stepStatusMessage });
  body(step, 'wrong type', 'status a number', 400, { status: 2 }, { errors: stepStatusMessage });
  body(step, 'injection string', 'status: NoSQL $ne', 400, { status: { $ne: null } }, { errors: stepStatusMessage });
  body(step, 'script tag', 'script tag status', 400, { status: SCRIPT }, { errors: stepStatusMessage });
  body(step, 'wrong type', 'damaged a word', 400, { status: 'received', damaged: 'all' }, { errors: { damaged: 'Damaged must be a list of line ids' } });
  body(step, 'extra field', 'damaged when approving', 400, { damaged: [1] }, { errors: { damaged: 'Damaged lines are marked when the return is received' } });
  body(step, 'out of range', 'a step out of order', 409, { status: 'refunded' });
  body(step, 'out of range', 'the same status again', 409, { status: 'requested' });
  add(step, 'unknown id', 'unknown return', 404, { url: '/api/orders/7/returns/9', body: { status: 'approved' } });
  add(step, 'unknown id', 'unknown order', 404, { url: '/api/orders/99999/returns/1', body: { status: 'approved' } });
  add(step, 'extra field', 'a shopper approving', 403, { as: 'user', body: { status: 'approved' } });

  // PATCH /orders {ids, status} (admin, bulk): 1 to 1000 distinct order ids and one of the statuses.
  const bulk = 'PATCH /api/orders';
  const idsList = { ids: `Orders must be a list of 1 to ${MAX_BULK} order numbers` };
  const idsBad = { ids: 'Orders must be order numbers' };
  const idsTwice = { ids: 'Orders must not repeat' };
  const bulkBodies: [Kind, string, Record<string, unknown>, Record<string, string>][] = [
    ['missing field', 'no ids', { ids: undefined }, idsList],
    ['missing field', 'no status', { status: undefined }, statusMessage],
    ['missing field', 'empty body', { ids: undefined, status: undefined }, { ...idsList, ...statusMessage }],
    ['missing field', 'ids empty', { ids: [] }, idsList],
    ['wrong type', 'ids a number', { ids: 1 }, idsList],
    ['wrong type', 'ids a string', { ids: '1,5' }, idsList],
    ['wrong type', 'ids an object', { ids: { 0: 1, 1: 5 } }, idsList],
    ['wrong type', 'ids null', { ids: null }, idsList],
    ['wrong type', 'an id a word', { ids: [1, 'five'] }, idsBad],
    ['wrong type', 'an id null', { ids: [1, null] }, idsBad],
    ['wrong type', 'an id true', { ids: [true] }, idsBad],
    ['wrong type', 'an id a list', { ids: [[1]] }, idsBad],
    ['wrong type', 'an id an object', { ids: [{ id: 1 }] }, idsBad],
    ['wrong type', 'an id 1.5', { ids: [1.5] }, idsBad],
    ['wrong type', 'an id "1e3"', { ids: ['1e3'] }, idsBad],
    ['out of range', 'an id 0', { ids: [0] }, idsBad],
    ['out of range', 'an id -1', { ids: [1, -1] }, idsBad],
    ['out of range', 'an id 2^53', { ids: [2 ** 53] }, idsBad],
    ['out of range', `${MAX_BULK + 1} ids`, { ids: Array.from({ length: MAX_BULK + 1 }, (_, i) => i + 1) }, idsList],
    ['out of range', 'an id twice', { ids: [1, 5, 1] }, idsTwice],
    ['out of range', 'an id twice, as a number and as text', { ids: [5, '5'] }, idsTwice],
    ['out of range', 'no ids and an unknown status', { ids: [], status: 'lost' }, { ...idsList, ...statusMessage }],
    ['wrong type', 'status a number', { status: 1 }, statusMessage],
    ['wrong type', 'status a list', { status: ['dispatched'] }, statusMessage],
    ['wrong type', 'status null', { status: null }, statusMessage],
    ['out of range', 'unknown status', { status: 'shipped' }, statusMessage],
    ['out of range', 'status in capitals', { status: 'DISPATCHED' }, statusMessage],
    ['huge string', '90 kB status', { status: 'd'.repeat(90_000) }, statusMessage],
    ['huge string', '90 kB id', { ids: ['1'.repeat(90_000)] }, idsBad],
    ['extra field', 'user, totals and items with a bad status', { user: 2, totalAmount: 1, items: [], status: 'gone' }, statusMessage],
    ['injection string', 'ids: NoSQL $in', { ids: { $in: [1, 5] } }, idsList],
    ['injection string', 'an id: NoSQL $gt', { ids: [{ $gt: 0 }] }, idsBad],
    ['injection string', 'an id: SQL tautology', { ids: ['1 OR 1=1'] }, idsBad],
    ['injection string', 'status: NoSQL $ne', { status: { $ne: null } }, statusMessage],
    ['injection string', 'status: SQL tautology', { status: "pending' OR '1'='1" }, statusMessage],
    ['script tag', 'script tag status', { status: SCRIPT }, statusMessage],
    ['script tag', 'a script tag id', { ids: [SCRIPT] }, idsBad],
  ];
  for (const [kind, name, changes, errors] of bulkBodies) body(bulk, kind, name, 400, changes, { errors });

  // GET /admin/stats?days=: a whole number of days from 1 to 366, given once.
  const stats = 'GET /api/admin/stats';
  const daysMessage = { days: 'Days must be a whole number from 1 to 366' };
  const badDays: [Kind, string, string][] = [
    ['out of range', '0', '0'],
    ['out of range', '367', '367'],
    ['out of range', '-1', '-1'],
    ['out of range', 'of 20 digits', '99999999999999999999'],
    ['wrong type', 'a word', 'week'],
    ['wrong type', 'empty', ''],
    ['wrong type', '1.5', '1.5'],
    ['wrong type', 'an exponent', '1e2'],
    ['wrong type', 'hexadecimal', '0x10'],
    ['wrong type', 'after a space', ' 7'],
    ['injection string', 'SQL tautology', "7' OR '1'='1"],
    ['script tag', 'a script tag', SCRIPT],
  ];
  for (const [kind, name, value] of badDays) add(stats, kind, `days ${name}`, 400, { url: `/api/admin/stats?days=${encodeURIComponent(value)}`, errors: daysMessage });
  add(stats, 'repeated query key', 'days twice', 400, { url: '/api/admin/stats?days=7&days=30' });
  add(stats, 'repeated query key', 'days as a list', 400, { url: '/api/admin/stats?days[]=7' });
  add(stats, 'injection string', 'days as a NoSQL operator', 400, { url: '/api/admin/stats?days[$gt]=0' });

  // GET /admin/customers: q and paging.
  shortQ('GET /api/admin/customers', '/api/admin/customers');
  badPaging('GET /api/admin/customers', '/api/admin/customers?q=shop');

  // GET /admin/audit: entity product, order or review; actor a user id; each once; paging.
  const entityMessage = { entity: 'Entity must be one of product, order, review, promotion, shipping, tax, brand, category, webhook, staff, settings' };
  const actorMessage = { actor: 'Admin must be a user id' };
  const auditFilters: [Kind, string, string, Record<string, string>][] = [
    ['out of range', 'entity user', 'entity=user', entityMessage],
    ['out of range', 'entity in capitals', 'entity=PRODUCT', entityMessage],
    ['missing field', 'entity empty', 'entity=', entityMessage],
    ['repeated query key', 'entity twice', 'entity=order&entity=product', entityMessage],
    ['injection string', 'entity as a NoSQL operator', 'entity[$ne]=x', entityMessage],
    ['injection string', 'entity: SQL tautology', `entity=${encodeURIComponent("order' OR '1'='1")}`, entityMessage],
    ['script tag', 'script tag entity', `entity=${encodeURIComponent(SCRIPT)}`, entityMessage],
    ['wrong type', 'actor a word', 'actor=me', actorMessage],
    ['wrong type', 'actor an email', `actor=${encodeURIComponent(ACCOUNTS.admin.email)}`, actorMessage],
    ['missing field', 'actor empty', 'actor=', actorMessage],
    ['out of range', 'actor 0', 'actor=0', actorMessage],
    ['out of range', 'actor -1', 'actor=-1', actorMessage],
    ['wrong type', 'actor 1.5', 'actor=1.5', actorMessage],
    ['wrong type', 'actor an exponent', 'actor=1e3', actorMessage],
    ['out of range', 'actor of 20 digits', 'actor=99999999999999999999', actorMessage],
    ['repeated query key', 'actor twice', 'actor=1&actor=2', actorMessage],
    ['injection string', 'actor as a NoSQL operator', 'actor[$gt]=0', actorMessage],
    ['injection string', 'actor: SQL tautology', `actor=${encodeURIComponent('1 OR 1=1')}`, actorMessage],
  ];
  for (const [kind, name, query, errors] of auditFilters) add('GET /api/admin/audit', kind, name, 400, { url: `/api/admin/audit?${query}`, errors });
  badPaging('GET /api/admin/audit', '/api/admin/audit?entity=order');

  // GET /admin/emails: paging; POST /admin/emails/:id/resend: an unknown or malformed id.
  badPaging('GET /api/admin/emails', '/api/admin/emails');
  add('POST /api/admin/emails/:id/resend', 'unknown id', 'no such message', 404, { url: '/api/admin/emails/999/resend' });
  add('POST /api/admin/emails/:id/resend', 'wrong type', 'id a word', 404, { url: '/api/admin/emails/abc/resend' });

  // The shopper's wishlist, paged as the shopper's orders.
  badPaging('GET /api/wishlist', '/api/wishlist');

  // Shipping methods and tax rates: the public list's country; each field of a method and a rate
  // (POST whole, PATCH the given ones over the stored); one rate per place, whatever the case.
  const countryIs = { country: 'Country must be one of India, United States, Canada, Mexico' };
  const methods = 'GET /api/shipping-methods';
  add(methods, 'missing field', 'no country', 400, { url: '/api/shipping-methods', errors: { country: 'Country is required (one of India, United States, Canada, Mexico)' } });
  add(methods, 'out of range', 'a country the shop does not ship to', 400, { url: '/api/shipping-methods?country=France', errors: countryIs });
  add(methods, 'out of range', 'country in lower case', 400, { url: '/api/shipping-methods?country=mexico', errors: countryIs });
  add(methods, 'repeated query key', 'country twice', 400, { url: '/api/shipping-methods?country=Mexico&country=Canada', errors: countryIs });
  add(methods, 'injection string', 'country as a NoSQL operator', 400, { url: '/api/shipping-methods?country[$ne]=x', errors: countryIs });
  add(methods, 'injection string', 'country: SQL tautology', 400, { url: `/api/shipping-methods?country=${encodeURIComponent("Mexico' OR '1'='1")}`, errors: countryIs });
  add(methods, 'script tag', 'script tag country', 400, { url: `/api/shipping-methods?country=${encodeURIComponent(SCRIPT)}`, errors: countryIs });
  for (const [route, base] of [
    ['POST /api/admin/shipping-methods', 'post'],
    ['PATCH /api/admin/shipping-methods/:id', 'patch'],
  ] as const) {
    const price = { amount: 'Price must be a number from 0 to 10000' };
    const fields: [Kind, string, Record<string, unknown>, Record<string, string>][] = [
      ['missing field', 'name empty', { name: '' }, { name: 'Name is required' }],
      ['wrong type', 'name a number', { name: 5 }, { name: 'Name is required' }],
      ['huge string', '90 kB name', { name: 'x'.repeat(90_000) }, { name: 'Name must be at most 60 characters' }],
      ['script tag', 'script tags over 60 characters', { name: SCRIPT.repeat(2) }, { name: 'Name must be at most 60 characters' }],
      ['out of range', 'country France', { country: 'France' }, countryIs],
      ['injection string', 'country as a NoSQL operator', { country: { $ne: null } }, countryIs],
      ['out of range', 'price below 0', { amount: -0.01 }, price],
      ['out of range', 'price over 10000', { amount: 10_000.01 }, price],
      ['wrong type', 'price as text', { amount: '5' }, price],
      ['wrong type', 'price null', { amount: null }, price],
      ['out of range', 'price with 3 decimals', { amount: 1.005 }, { amount: 'Price must have at most 2 decimals' }],
      ['out of range', 'free over below 0', { freeOver: -1 }, { freeOver: 'Free over must be a number from 0 to 1000000, or empty (never free)' }],
      ['wrong type', 'estimate a number', { estimate: 3 }, { estimate: 'Delivery estimate must give minDays and maxDays' }],
      ['out of range', 'fastest over 60 days', { estimate: { minDays: 61, maxDays: 61 } }, { 'estimate.minDays': 'Fastest delivery must be a whole number of days from 0 to 60', 'estimate.maxDays': 'Slowest delivery must be a whole number of days from 0 to 60' }],
      ['wrong type', 'fastest 1.5 days', { estimate: { minDays: 1.5, maxDays: 2 } }, { 'estimate.minDays': 'Fastest delivery must be a whole number of days from 0 to 60' }],
      ['out of range', 'slowest before fastest', { estimate: { minDays: 5, maxDays: 4 } }, { 'estimate.maxDays': 'Slowest delivery must be at least the fastest' }],
    ];
    for (const [kind, name, change, errors] of fields) body(route, kind, `${base}: ${name}`, 400, change, { errors });
  }
  body('POST /api/admin/shipping-methods', 'missing field', 'no price', 400, { amount: undefined }, { errors: { amount: 'Price must be a number from 0 to 10000' } });
  for (const route of ['POST /api/admin/tax-rates', 'PATCH /api/admin/tax-rates/:id'] as const) {
    const rate = { rate: 'Rate must be a percentage from 0 to 100' };
    const state = { state: 'State must be a name, or empty (null) for the whole country' };
    const fields: [Kind, string, Record<string, unknown>, Record<string, string>][] = [
      ['out of range', 'country France', { country: 'France' }, countryIs],
      ['missing field', 'state empty', { state: '' }, state],
      ['wrong type', 'state a number', { state: 7 }, state],
      ['huge string', '90 kB state', { state: 'x'.repeat(90_000) }, { state: 'State must be at most 60 characters' }],
      ['out of range', 'rate over 100', { rate: 100.5 }, rate],
      ['out of range', 'rate below 0', { rate: -1 }, rate],
      ['wrong type', 'rate as text', { rate: '8' }, rate],
      ['out of range', 'rate with 5 decimals', { rate: 8.12345 }, { rate: 'Rate must have at most 4 decimals' }],
    ];
    for (const [kind, name, change, errors] of fields) body(route, kind, name, 400, change, { errors });
  }
  body('POST /api/admin/tax-rates', 'missing field', 'no rate', 400, { rate: undefined }, { errors: { rate: 'Rate must be a percentage from 0 to 100' } });
  const jalisco = 'There is a tax rate for Jalisco, Mexico already';
  body('POST /api/admin/tax-rates', 'unknown id', 'a place that has a rate (another case)', 409, { state: 'jalisco' }, { errors: { state: jalisco } });
  const wholeMexico = 'There is a tax rate for the whole of Mexico already';
  body('PATCH /api/admin/tax-rates/:id', 'unknown id', 'moved onto the whole country, which has a rate', 409, { state: null }, { errors: { state: wholeMexico } });

  // /admin/promotions: paging; each field of a promotion; a code taken in another case; unknown ids.
  badPaging('GET /api/admin/promotions', '/api/admin/promotions');
  const promo = 'POST /api/admin/promotions';
  const codeRule = 'Code must be 3 to 32 letters, digits, - or _ (or none: applied automatically)';
  const promoCases: [Kind, string, Record<string, unknown>, Record<string, string>][] = [
    ['missing field', 'no name', { name: undefined }, { name: 'Name is required' }],
    ['missing field', 'no label', { label: undefined }, { label: 'Label is required' }],
    ['missing field', 'no value', { value: undefined }, { value: 'Value is required' }],
    ['wrong type', 'value a string', { value: '10' }, { value: 'Value must be a number' }],
    ['wrong type', 'kind unknown', { kind: 'bogof' }, { kind: 'Kind must be percentage or fixed' }],
    ['wrong type', 'active a string', { active: 'true' }, { active: 'Active must be true or false' }],
    ['wrong type', 'products not ids', { products: ['1'] }, { products: 'Products must be a list of product ids' }],
    ['out of range', 'over 100 %', { value: 100.5 }, { value: 'Value must be between 0.01 and 100' }],
    ['out of range', 'a negative value', { value: -10 }, { value: 'Value must be between 0.01 and 100' }],
    ['out of range', 'three decimals', { value: 10.001 }, { value: 'Value must have at most 2 decimals' }],
    ['out of range', 'ends before it starts', { startsAt: '2026-07-01', endsAt: '2026-06-01' }, { endsAt: 'Ends at must be after Starts at' }],
    ['out of range', 'a usage limit of 0', { usageLimit: 0 }, { usageLimit: 'Usage limit must be a whole number of at least 1, or empty' }],
    ['unknown id', 'an unknown category', { categories: ['boats'] }, { categories: 'No such category: boats' }],
    ['unknown id', 'an unknown product', { products: [999] }, { products: 'No such product: 999' }],
    ['huge string', 'a label of 61 characters', { label: 'l'.repeat(61) }, { label: 'Label must be at most 60 characters' }],
    ['injection string', 'a code with SQL', { code: "' OR '1'='1' --" }, { code: codeRule }],
    ['script tag', 'a code with a script tag', { code: SCRIPT }, { code: codeRule }],
  ];
  for (const [kind, name, changes, errors] of promoCases) body(promo, kind, name, 400, changes, { errors });
  const taken = 'Another promotion has the code staff10 (codes are the same whatever the case)';
  body(promo, 'out of range', 'a code another promotion has, in another case', 409, { code: 'staff10' }, { errors: { code: taken } });
  const promoPatch = 'PATCH /api/admin/promotions/:id';
  body(promoPatch, 'out of range', 'over 100 %', 400, { value: 101 }, { errors: { value: 'Value must be between 0.01 and 100' } });
  body(promoPatch, 'wrong type', 'usage limit 1.5', 400, { usageLimit: 1.5 }, { errors: { usageLimit: 'Usage limit must be a whole number of at least 1, or empty' } });
  add(promoPatch, 'unknown id', 'no such promotion', 404, { url: '/api/admin/promotions/999', body: { value: 5 } });
  add('GET /api/admin/promotions/:id', 'unknown id', 'no such promotion', 404, { url: '/api/admin/promotions/999' });
  add('DELETE /api/admin/promotions/:id', 'unknown id', 'no such promotion', 404, { url: '/api/admin/promotions/999' });

  // POST /admin/import/products {csv, dryRun} (for real): the body, then the file, then its rows.
  const importing = 'POST /api/admin/import/products';
  const csvText = { csv: 'The file must be the text of a CSV file' };
  body(importing, 'missing field', 'no csv', 400, { csv: undefined }, { errors: csvText });
  const notText: [Kind, string, unknown][] = [
    ['wrong type', 'csv a number', 5],
    ['wrong type', 'csv a list of lines', IMPORT_CSV.split('\n')],
    ['wrong type', 'csv null', null],
    ['wrong type', 'csv true', true],
    ['wrong type', 'csv an object', { text: IMPORT_CSV }],
    ['injection string', 'csv: NoSQL $ne', { $ne: null }],
  ];
  for (const [kind, name, csv] of notText) body(importing, kind, name, 400, { csv }, { errors: csvText });
  for (const [name, dryRun] of [['"yes"', 'yes'], ['"false"', 'false'], ['0', 0], ['1', 1], ['null', null], ['a list', [false]], ['NoSQL $ne', { $ne: true }]]) {
    body(importing, 'wrong type', `dryRun ${name}`, 400, { dryRun }, { errors: { dryRun: 'Check only must be true or false' } });
  }
  const csvOf = (...rows: string[]) => [IMPORT_HEADER, ...rows].join('\n');
  const fileErrors: [Kind, string, string, string][] = [
    ['extra field', 'an unknown column', 'id,colour\n1,red', 'Unknown columns: colour (the columns are those of the export)'],
    ['extra field', 'a password column', 'id,password\n1,x', 'Unknown columns: password (the columns are those of the export)'],
    ['extra field', 'a __proto__ column', 'id,__proto__\n1,x', 'Unknown columns: __proto__ (the columns are those of the export)'],
    ['extra field', 'a column twice', 'id,price,price\n1,5,6', 'Columns given twice: price'],
    ['missing field', 'an empty file', '', 'The file has no rows'],
    ['missing field', 'the header only', IMPORT_HEADER, 'The file has no rows'],
    ['missing field', 'the header and blank lines', `${IMPORT_HEADER}\n\n\n`, 'The file has no rows'],
    ['out of range', `${MAX_IMPORT_ROWS + 1} rows`, `id\n${'1\n'.repeat(MAX_IMPORT_ROWS + 1)}`, `The file must have at most ${MAX_IMPORT_ROWS} rows`],
    ['huge string', 'a file of 2 MB and a byte', csvOf(importRow(NEW_PRODUCT)).padEnd(MAX_IMPORT_BYTES + 1, ' '), 'The file must be at most 2 MB'],
    ['huge string', 'a file of 2 MB in bytes, half that in characters', csvOf(importRow({ id: 1, description: 'é'.repeat(MAX_IMPORT_BYTES / 2) })), 'The file must be at most 2 MB'],
  ];
  for (const [kind, name, csv, message] of fileErrors) body(importing, kind, name, 400, { csv }, { errors: { csv: message } });
  const malformed: [string, string][] = [
    ['an unclosed quote', csvOf('"unclosed')],
    ['a row of 2 cells under 12 columns', csvOf('1,2')],
    ['a quote inside a cell', 'id,title\n1,a"b'],
    ['a row of 13 cells', csvOf(`${importRow({ id: 1 })},extra`)],
  ];
  for (const [name, csv] of malformed) body(importing, 'malformed CSV', name, 400, { csv }, { errors: { csv: expect.stringMatching(/^The file is not valid CSV: /) } });
  add(importing, 'huge string', 'a file over 2 MB', 400, { body: { csv: 'x'.repeat(MAX_IMPORT_BYTES + 1), dryRun: true }, errors: { csv: 'The file must be at most 2 MB' } });
  add(importing, 'body over 100 kB', 'a body bigger than any 2 MB file in JSON', 413, { body: { csv: 'x'.repeat(IMPORT_BODY_LIMIT), dryRun: true } });
  // Row errors, named `row <line>.<field>`: for real, any of them and nothing is imported.
  const rowErrors: [Kind, string, string[], Record<string, string>][] = [
    ['out of range', 'a new product at price 0', [importRow({ ...NEW_PRODUCT, price: 0 })], { 'row 2.price': 'Price must be at least 1' }],
    ['out of range', 'stock -1', [importRow({ id: 1, stock: -1 })], { 'row 2.stock': 'Stock must be at least 0' }],
    ['out of range', 'stock 1e300', [importRow({ id: 1, stock: '1e300' })], { 'row 2.stock': 'Stock must be a whole number' }],
    ['out of range', 'stock beyond what either engine holds', [importRow({ id: 1, stock: MAX_STOCK + 1 })], { 'row 2.stock': STOCK_TOO_LARGE }],
    ['out of range', 'discount 101', [importRow({ id: 1, discountPercentage: 101 })], { 'row 2.discountPercentage': 'Discount Percentage must be at most 100' }],
    ['wrong type', 'price a word', [importRow({ id: 1, price: 'cheap' })], { 'row 2.price': 'Price must be a number' }],
    ['wrong type', 'price in tenths of a cent', [importRow({ id: 1, price: '19.999' })], { 'row 2.price': 'Price must have at most 2 decimals' }],
    ['wrong type', 'deleted "yes"', ['id,deleted', '1,yes'], { 'row 2.deleted': 'Deleted must be true or false' }],
    ['missing field', 'a new product without a title', [importRow({ ...NEW_PRODUCT, title: '' })], { 'row 2.title': 'Product Name is required' }],
    ['missing field', 'a title of white space', [importRow({ id: 1, title: '   ' })], { 'row 2.title': 'Product Name is required' }],
    ['unknown id', 'an unknown product', [importRow({ id: 99999, price: 10 })], { 'row 2.id': 'No product with id 99999' }],
    ['unknown id', 'id a word', [importRow({ id: 'one', price: 10 })], { 'row 2.id': 'The id must be a product id' }],
    ['unknown id', 'id 0', [importRow({ id: 0, price: 10 })], { 'row 2.id': 'The id must be a product id' }],
    // A product's rows follow each other (one per variant); its id again after another product's is an error.
    ['unknown id', 'the same product twice', [importRow({ id: 2, price: 650 }), importRow({ id: 1, price: 10 }), importRow({ id: 2, stock: 1 })], { 'row 4.id': 'Product 2 is in the file twice (its rows must follow each other)' }],
    ['unknown id', "a product's second row differing from its first", [importRow({ id: 2, price: 650 }), importRow({ id: 2, stock: 1 })], { 'row 3.stock': "Differs from row 2, this product's first row" }],
    ['unknown id', 'an unknown category', [importRow({ id: 1, category: 'weapons' })], { 'row 2.category': 'Category must be one of the listed categories' }],
    ['huge string', '201-character title', [importRow({ id: 1, title: 't'.repeat(201) })], { 'row 2.title': 'Product Name must be at most 200 characters' }],
    ['script tag', 'javascript: thumbnail', [importRow({ id: 1, thumbnail: 'javascript:alert(1)' })], { 'row 2.thumbnail': 'Thumbnail must be a path on this site starting with / (e.g. /images/…) or a data:image' }],
    ['off-site image', 'image2 protocol-relative', [importRow({ id: 1, images: ['/a.webp', '//evil.example/x.png', '/c.webp'] })], { 'row 2.image2': 'Image 2 must be a path on this site starting with / (e.g. /images/…) or a data:image' }],
    ['injection string', 'category: SQL tautology', [importRow({ id: 1, category: "laptops' OR '1'='1" })], { 'row 2.category': 'Category must be one of the listed categories' }],
    ['out of range', 'one bad row among good ones', [importRow(NEW_PRODUCT), importRow({ id: 2, price: 650 }), importRow({ id: 5, discountPercentage: 101 })], { 'row 4.discountPercentage': 'Discount Percentage must be at most 100' }],
  ];
  for (const [kind, name, rows, errors] of rowErrors) {
    const csv = rows[0].startsWith('id,') ? rows.join('\n') : csvOf(...rows);
    body(importing, kind, `row error: ${name}`, 400, { csv }, { errors });
  }

  newRouteCases(add, body);

  // CSV exports: a bad query is a 400 JSON before any CSV. The products' is the product list's
  // (below with the catalogue's queries), the orders' is the orders list's (above).

  // Text neither engine stores alike (a NUL character, half a surrogate pair), in any string or
  // key of a body or a query: 400 naming the field.
  const unstorable = (field: string) => ({ [field]: `${field} must not contain a NUL character or an unpaired surrogate` });
  for (const route of Object.keys(VALID) as ApiRoute[]) {
    body(route, 'unstorable text', 'a NUL character in an extra field', 400, { note: 'a\u0000b' }, { errors: unstorable('note') });
    body(route, 'unstorable text', 'half a surrogate pair in an extra key', 400, { ['note\ud83d']: 1 }, { errors: unstorable('note\ud83d') });
  }
  const unstorableFields: [ApiRoute, string, Record<string, unknown>, string][] = [
    ['POST /api/auth/signup', 'the name', { name: 'A\u0000' }, 'name'],
    ['POST /api/products', 'the title', { title: 'Desk\u0000Lamp' }, 'title'],
    ['PATCH /api/products/:id', 'the description', { description: 'Lamp \ud800' }, 'description'],
    ['PATCH /api/users/:id', 'a street', { addresses: [address({ street: '12\u0000MG Road' })] }, 'addresses.0.street'],
    ['POST /api/orders', 'the city', { selectedAddress: address({ city: '\udc00' }) }, 'selectedAddress.city'],
    ['POST /api/products/:id/reviews', 'the comment', { comment: 'Works\u0000well' }, 'comment'],
    ['PATCH /api/products/:id/reviews/:reviewId', 'the comment', { comment: 'Even \ud83d better' }, 'comment'],
    ['POST /api/admin/import/products', 'a cell', { csv: csvOf(importRow({ ...NEW_PRODUCT, title: 'Desk\u0000Lamp' })) }, 'csv'],
    ['POST /api/admin/import/products', 'a cell, half a surrogate pair', { csv: csvOf(importRow({ id: 1, description: '\ud800' })) }, 'csv'],
  ];
  for (const [route, name, changes, field] of unstorableFields) body(route, 'unstorable text', `in ${name}`, 400, changes, { errors: unstorable(field) });
  const unstorableQueries: [ApiRoute, string, string][] = [
    ['GET /api/products', '/api/products?q=a%00b', 'q'],
    ['GET /api/products', '/api/products?brand=Apple&brand=a%00b', 'brand.1'],
    ['GET /api/products/facets', '/api/products/facets?category=a%00b', 'category'],
    ['GET /api/products/suggest', '/api/products/suggest?q=gal%00', 'q'],
    ['GET /api/orders', '/api/orders?status=pending%00', 'status'],
    ['GET /api/admin/customers', '/api/admin/customers?q=a%00b', 'q'],
    ['GET /api/admin/audit', '/api/admin/audit?entity=order%00', 'entity'],
    ['GET /api/admin/export/products.csv', '/api/admin/export/products.csv?title=a%00b', 'title'],
    ['GET /api/admin/export/orders.csv', '/api/admin/export/orders.csv?status=pending%00', 'status'],
  ];
  for (const [route, url, field] of unstorableQueries) add(route, 'unstorable text', `a NUL character in ${field}`, 400, { url, errors: unstorable(field) });

  // The back office has its routes only: no other path, and nothing writes the audit log.
  for (const [method, url] of [
    ['GET', '/api/admin'],
    ['GET', '/api/admin/users'],
    ['GET', '/api/admin/audit/1'],
    ['GET', '/api/admin/export/users.csv'],
    ['GET', '/api/admin/export/products.json'],
    ['GET', '/api/admin/import/products'],
    ['POST', '/api/admin/import/orders'],
    ['POST', '/api/admin/export/products.csv'],
    ['POST', '/api/admin/audit'],
    ['PATCH', '/api/admin/audit/1'],
    ['PUT', '/api/admin/audit/1'],
    ['DELETE', '/api/admin/audit'],
    ['DELETE', '/api/admin/audit/1'],
    ['PUT', '/api/orders'],
    ['DELETE', '/api/orders'],
  ]) {
    cases.push({ route: 'unknown route', kind: 'unknown route', name: `${method} ${url} (admin)`, as: 'admin', method, url, status: 404 });
  }
  cases.push({ route: 'unknown route', kind: 'unknown route', name: 'GET /api/admin/users (a shopper)', as: 'user', method: 'GET', url: '/api/admin/users', status: 403 });

  // Paths that would reach internals through a generic router.
  for (const url of [
    '/api/users',
    '/api/users/1',
    '/api/sessions',
    '/api/db',
    '/api/__proto__',
    '/api/products/1/reviews',
    '/api/products/1/reviews/1',
    '/api/products/facets/extra',
    '/api/orders/1/cancel',
    '/api/orders/1/buy-again',
    '/api/cart/5/extra',
    '/api/orders/own/extra',
    '/api/products/../users',
    '/api/auth/../users',
  ]) {
    cases.push({ route: 'unknown route', kind: 'unknown route', name: `GET ${url}`, as: 'user', method: 'GET', url, status: 404 });
  }
  return cases;
}

type AddCase = (route: ApiRoute, kind: Kind, name: string, status: number, over?: Partial<Case>) => void;
type BodyCase = (route: ApiRoute, kind: Kind, name: string, status: number, changes: Record<string, unknown>, more?: Partial<Case>) => void;

/** Path tricks in the ids of the back office's newer routes (a choice of PATH_TRICKS). */
const NEW_ID_TRICKS = ['0', '-1', '1.5', '01', '1abc', '%2e%2e', '__proto__', '99999999999999999999', '9007199254740993'] as const;

/** A multipart/form-data body of `parts` (text content), as the image upload takes it. */
const BOUNDARY = 'reliability-boundary';
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
const multipart = (...parts: { field: string; filename?: string; type?: string; content: string }[]) =>
  parts
    .map((p) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.field}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n${p.content}\r\n`)
    .join('') + `--${BOUNDARY}--\r\n`;

/**
 * The routes of the staff, two-factor sign-in, images, the products table, webhooks, brands and
 * categories: their bodies, ids and queries, each refused with nothing changed.
 */
function newRouteCases(add: AddCase, body: BodyCase): void {
  // POST /users/own/2fa/confirm: the user has no pending setup; a well-formed code is then 409.
  const confirm = 'POST /api/users/own/2fa/confirm';
  const codeCase = (kind: Kind, name: string, code: unknown, status = 400) => add(confirm, kind, name, status, { body: code === undefined ? {} : { code } });
  codeCase('missing field', 'no code', undefined);
  codeCase('missing field', 'an empty code', '');
  codeCase('wrong type', 'code a number', 123456);
  codeCase('wrong type', 'code a list', ['123456']);
  codeCase('wrong type', 'code true', true);
  codeCase('out of range', 'five digits', '12345');
  codeCase('out of range', 'a recovery code (only an app code confirms)', 'abcd-efgh-jkmn-pqrs');
  codeCase('huge string', '90 kB code', '1'.repeat(90_000));
  codeCase('injection string', 'code: NoSQL $ne', { $ne: null });
  codeCase('injection string', 'code: SQL tautology', "' OR '1'='1' --");
  codeCase('script tag', 'script tag code', SCRIPT);
  codeCase('unknown id', 'a code with no setup waiting', '123456', 409);

  // DELETE /users/own/2fa {password, code}: two-factor sign-in is off for the user: 409 once both are well-formed.
  const disable = 'DELETE /api/users/own/2fa';
  const off = (kind: Kind, name: string, fields: Record<string, unknown>, status = 400) =>
    add(disable, kind, name, status, { body: { password: ACCOUNTS.user.password, code: '123456', ...fields } });
  off('missing field', 'no password', { password: undefined });
  off('missing field', 'no code', { code: undefined });
  off('missing field', 'an empty password', { password: '' });
  off('wrong type', 'password a number', { password: 12345678 });
  off('wrong type', 'code an object', { code: { value: '123456' } });
  off('out of range', 'a code of seven digits', { code: '1234567' });
  off('huge string', '90 kB password', { password: 'p'.repeat(90_000) });
  off('injection string', 'password: NoSQL $ne', { password: { $ne: null } });
  off('script tag', 'script tag code', { code: SCRIPT });
  off('unknown id', 'two-factor sign-in already off', {}, 409);
  off('unknown id', 'a wrong password while it is off', { password: 'Wrong12345' }, 409);

  // POST /admin/staff {email, role}
  const invite = 'POST /api/admin/staff';
  body(invite, 'missing field', 'no email', 400, { email: undefined });
  body(invite, 'missing field', 'no role', 400, { role: undefined });
  body(invite, 'missing field', 'an empty email', 400, { email: '  ' });
  body(invite, 'wrong type', 'email a number', 400, { email: 42 });
  body(invite, 'wrong type', 'role a list', 400, { role: ['admin'] });
  body(invite, 'out of range', "role 'user'", 400, { role: 'user' });
  body(invite, 'out of range', 'an unknown role', 400, { role: 'superadmin' });
  body(invite, 'out of range', 'a malformed address', 400, { email: 'new.staff@' });
  body(invite, 'huge string', '90 kB email', 400, { email: `${'s'.repeat(90_000)}@shop.test` });
  body(invite, 'injection string', 'a Bcc header after CR LF', 400, { email: 'new.staff@shop.test\r\nBcc: victim@example.com' });
  body(invite, 'injection string', 'email: NoSQL $ne', 400, { email: { $ne: null } });
  body(invite, 'injection string', 'role: SQL tautology', 400, { role: "admin' OR '1'='1" });
  body(invite, 'script tag', 'script tag email', 400, { email: `${SCRIPT}@shop.test` });
  body(invite, 'extra field', 'a password and an id with role user', 400, { password: 'Chosen123', id: 1, role: 'user' });
  // PATCH /admin/staff/:id {role} (account 4 is of the catalogue role)
  const role = 'PATCH /api/admin/staff/:id';
  body(role, 'missing field', 'no role', 400, { role: undefined });
  body(role, 'out of range', "role 'user' (removing is DELETE)", 400, { role: 'user' });
  body(role, 'wrong type', 'role a number', 400, { role: 1 });
  body(role, 'injection string', 'role: NoSQL $ne', 400, { role: { $ne: null } });
  body(role, 'script tag', 'script tag role', 400, { role: SCRIPT });
  body(role, 'unknown id', 'an unknown account', 404, {}, { url: '/api/admin/staff/99999' });
  body(role, 'unknown id', "a shopper's account", 404, {}, { url: '/api/admin/staff/2' });
  body(role, 'out of range', 'the last admin demoted', 409, { role: 'catalogue' }, { url: '/api/admin/staff/1' });
  add('DELETE /api/admin/staff/:id', 'unknown id', 'an unknown account', 404, { url: '/api/admin/staff/99999' });
  add('DELETE /api/admin/staff/:id', 'unknown id', "a shopper's account", 404, { url: '/api/admin/staff/3' });
  add('DELETE /api/admin/staff/:id', 'out of range', 'the last admin', 409, { url: '/api/admin/staff/1' });

  // POST /admin/media: multipart only, images judged by their content; the role checked before the body is read.
  const upload = (kind: Kind, name: string, status: number, raw: string, over: Partial<Case> = {}) => add(UPLOAD, kind, name, status, { raw, type: MULTIPART, ...over });
  const file = (filename: string, content: string, type = 'image/jpeg') => ({ field: 'files', filename, type, content });
  upload('wrong type', 'a text file named .jpg', 400, multipart(file('photo.jpg', 'just some text')));
  upload('wrong type', 'an SVG', 400, multipart(file('logo.svg', `<svg xmlns="http://www.w3.org/2000/svg">${SCRIPT}</svg>`, 'image/svg+xml')));
  upload('wrong type', 'a GIF', 400, multipart(file('anim.gif', 'GIF89a\u0001\u0000\u0001\u0000', 'image/gif')));
  upload('wrong type', 'a cut-off PNG', 400, multipart(file('cut.png', '\u0089PNG\r\n', 'image/png')));
  upload('missing field', 'no file, a text field only', 400, multipart({ field: 'title', content: 'Lamp' }));
  upload('missing field', 'an empty multipart body', 400, `--${BOUNDARY}--\r\n`);
  upload('extra field', 'a file in another field', 400, multipart({ ...file('photo.jpg', 'x'), field: 'image' }));
  upload('out of range', '11 files', 400, multipart(...Array.from({ length: 11 }, (_, i) => file(`p${i}.jpg`, 'x'))));
  upload('malformed JSON', 'a multipart body cut short', 400, multipart(file('photo.jpg', 'x')).slice(0, 60));
  upload('malformed JSON', 'no boundary', 400, 'files=x', { type: 'multipart/form-data' });
  upload('injection string', 'SQL in the file name', 400, multipart(file("x'); DROP TABLE media; --.jpg", 'x')));
  upload('script tag', 'script tag file name', 400, multipart(file(`${SCRIPT}.jpg`, 'x')));
  upload('cross-site', 'multipart from another origin', 403, multipart(file('photo.jpg', 'x')), { headers: { Origin: 'http://evil.example' } });
  upload('cross-site', 'multipart the browser calls cross-site', 403, multipart(file('photo.jpg', 'x')), { headers: { 'Sec-Fetch-Site': 'cross-site' } });
  upload('unknown id', 'a shopper', 403, multipart(file('photo.jpg', 'x')), { as: 'user' });
  upload('unknown id', 'anonymous', 401, multipart(file('photo.jpg', 'x')), { as: 'anon' });

  // POST /admin/products/bulk {action, ids, value?}
  const bulk = 'POST /api/admin/products/bulk';
  body(bulk, 'missing field', 'no action', 400, { action: undefined });
  body(bulk, 'missing field', 'no ids', 400, { ids: undefined });
  body(bulk, 'missing field', 'empty ids', 400, { ids: [] });
  body(bulk, 'missing field', 'a category change without a value', 400, { value: undefined });
  body(bulk, 'wrong type', 'ids a number', 400, { ids: 1 });
  body(bulk, 'wrong type', 'an id a word', 400, { ids: [1, 'two'] });
  body(bulk, 'wrong type', 'action a list', 400, { action: ['delete'] });
  body(bulk, 'out of range', 'an unknown action', 400, { action: 'destroy' });
  body(bulk, 'out of range', '501 ids', 400, { ids: Array.from({ length: 501 }, (_, i) => i + 1) });
  body(bulk, 'out of range', 'id 0', 400, { ids: [0] });
  body(bulk, 'unknown id', 'an unknown category', 400, { value: 'weapons' });
  body(bulk, 'unknown id', 'an unknown product among known ones', 409, { ids: [1, 99999] });
  body(bulk, 'injection string', 'value: SQL tautology', 400, { value: "laptops' OR '1'='1" });
  body(bulk, 'injection string', 'ids: NoSQL $gt', 400, { ids: { $gt: 0 } });
  body(bulk, 'script tag', 'script tag brand', 400, { action: 'brand', value: SCRIPT });
  body(bulk, 'huge string', '90 kB value', 400, { value: 'v'.repeat(90_000) });
  // PATCH /admin/products/:id/variants/:variantId {stock} (the MacBook's variant 50)
  const variantStock = 'PATCH /api/admin/products/:id/variants/:variantId';
  const stockError = { errors: { stock: 'Stock must be a whole number of 0 or more' } };
  body(variantStock, 'missing field', 'no stock', 400, { stock: undefined }, stockError);
  body(variantStock, 'missing field', 'an empty stock', 400, { stock: '' }, stockError);
  body(variantStock, 'wrong type', 'stock a word', 400, { stock: 'many' }, stockError);
  body(variantStock, 'wrong type', 'stock true', 400, { stock: true }, stockError);
  body(variantStock, 'out of range', 'stock -1', 400, { stock: -1 }, stockError);
  body(variantStock, 'out of range', 'stock 1.5', 400, { stock: 1.5 }, stockError);
  body(variantStock, 'out of range', 'stock 1e300', 400, { stock: 1e300 }, stockError);
  body(variantStock, 'out of range', 'stock beyond what either engine holds', 400, { stock: MAX_STOCK + 1 }, stockError);
  body(variantStock, 'huge string', '90 kB stock', 400, { stock: '9'.repeat(90_000) }, stockError);
  body(variantStock, 'injection string', 'stock: NoSQL $inc', 400, { stock: { $inc: 5 } }, stockError);
  body(variantStock, 'unknown id', 'an unknown variant', 404, {}, { url: '/api/admin/products/3/variants/99999' });
  body(variantStock, 'unknown id', "another product's variant", 404, {}, { url: '/api/admin/products/1/variants/50' });
  body(variantStock, 'unknown id', 'an unknown product', 404, {}, { url: '/api/admin/products/99999/variants/50' });

  // PATCH /admin/settings {contact: {email?, phone?, address?, hours?}}
  const settings = 'PATCH /api/admin/settings';
  const contact = (kind: Kind, name: string, fields: Record<string, unknown>) => body(settings, kind, name, 400, { contact: fields });
  contact('missing field', 'an empty email', { email: '' });
  contact('missing field', 'a blank phone', { phone: '   ' });
  contact('wrong type', 'address a number', { address: 12 });
  contact('wrong type', 'hours a list', { hours: ['Mon'] });
  contact('out of range', 'an email that is not one', { email: 'care at example' });
  contact('out of range', 'an email of 255 characters', { email: `${'e'.repeat(243)}@example.com` });
  contact('huge string', '90 kB address', { address: 'a'.repeat(90_000) });
  contact('injection string', 'email: NoSQL $ne', { email: { $ne: null } });
  contact('injection string', 'phone: SQL stacked query', { phone: '1; DROP TABLE settings; --'.repeat(3) });
  contact('script tag', 'script tag email', { email: SCRIPT });
  body(settings, 'wrong type', 'contact a string', 400, { contact: 'care@example.com' });
  body(settings, 'wrong type', 'contact a list', 400, { contact: [] });
  body(settings, 'missing field', 'no contact', 400, { contact: undefined });
  contact('huge string', 'hours of 101 characters', { hours: 'h'.repeat(101) });
  // {membershipFee}: dollars, 0 to 10000, cents at most (errors.membershipFee)
  const fee = (kind: Kind, name: string, membershipFee: unknown) => body(settings, kind, `membershipFee ${name}`, 400, { membershipFee });
  fee('out of range', 'below 0', -1);
  fee('out of range', 'above 10000', 10000.01);
  fee('out of range', 'with 3 decimals', 1.005);
  fee('wrong type', 'a numeric string', '49');
  fee('wrong type', 'a list', [49]);
  fee('injection string', 'NoSQL $gt', { $gt: 0 });
  fee('script tag', 'a script tag', SCRIPT);
  fee('huge string', 'of 90 kB', '9'.repeat(90_000));

  // POST /admin/webhooks {url, events, active?}; PATCH /admin/webhooks/:id (endpoint 1)
  for (const route of ['POST /api/admin/webhooks', 'PATCH /api/admin/webhooks/:id'] as const) {
    const urlError = (url: unknown, name: string, kind: Kind = 'out of range') => body(route, kind, `url ${name}`, 400, { url });
    urlError('ftp://hooks.example.com/x', 'of another scheme');
    urlError('http://10.0.0.1/hook', 'of a private address');
    urlError('http://127.0.0.1:8080/hook', 'of a loopback address');
    urlError('http://localhost/hook', 'of localhost');
    urlError('http://169.254.169.254/latest/meta-data', 'of the link-local metadata address');
    urlError(`https://hooks.example.com/${'x'.repeat(2000)}`, 'over 2,000 characters', 'huge string');
    urlError('javascript:alert(1)', 'javascript:', 'script tag');
    urlError({ $ne: null }, 'NoSQL $ne', 'injection string');
    urlError('not a url', 'not an address', 'wrong type');
    body(route, 'missing field', 'empty events', 400, { events: [] });
    body(route, 'out of range', 'an unknown event', 400, { events: ['order.shipped'] });
    body(route, 'wrong type', 'events a string', 400, { events: 'order.placed' });
    body(route, 'wrong type', 'an event a number', 400, { events: [1] });
    body(route, 'wrong type', 'active "yes"', 400, { active: 'yes' });
    body(route, 'script tag', 'a script tag event', 400, { events: [SCRIPT] });
  }
  body('POST /api/admin/webhooks', 'missing field', 'no url', 400, { url: undefined });
  body('POST /api/admin/webhooks', 'missing field', 'no events', 400, { events: undefined });
  body('PATCH /api/admin/webhooks/:id', 'unknown id', 'an unknown endpoint', 404, {}, { url: '/api/admin/webhooks/99999' });
  add('DELETE /api/admin/webhooks/:id', 'unknown id', 'an unknown endpoint', 404, { url: '/api/admin/webhooks/99999' });
  add('GET /api/admin/webhooks/:id/deliveries', 'unknown id', 'an unknown endpoint', 404, { url: '/api/admin/webhooks/99999/deliveries' });
  add('POST /api/admin/webhooks/:id/deliveries/:did/resend', 'unknown id', 'an unknown endpoint', 404, { url: '/api/admin/webhooks/99999/deliveries/1/resend' });
  add('POST /api/admin/webhooks/:id/deliveries/:did/resend', 'unknown id', 'an unknown attempt', 404, { url: '/api/admin/webhooks/1/deliveries/99999/resend' });

  // Brands and categories: {label, value?}; PATCH, DELETE and merge on item 4 (no product uses it).
  for (const [kind, other, used] of [['brands', 'Apple', 3], ['categories', 'Laptops', 1]] as const) {
    const create = `POST /api/admin/${kind}` as ApiRoute;
    const edit = `PATCH /api/admin/${kind}/:id` as ApiRoute;
    const merge = `POST /api/admin/${kind}/:id/merge` as ApiRoute;
    for (const route of [create, edit]) {
      body(route, 'missing field', 'an empty name', 400, { label: '  ' });
      body(route, 'wrong type', 'name a number', 400, { label: 42 });
      body(route, 'huge string', '81-character name', 400, { label: 'n'.repeat(81) });
      body(route, 'huge string', '90 kB name', 400, { label: 'n'.repeat(90_000) });
      body(route, 'out of range', 'a slug with capitals and spaces', 400, { value: 'Not A Slug' });
      body(route, 'out of range', "a slug with a leading '-'", 400, { value: '-x' });
      body(route, 'huge string', '81-character slug', 400, { value: 's'.repeat(81) });
      body(route, 'injection string', 'slug: SQL tautology', 400, { value: "x' OR '1'='1" });
      body(route, 'injection string', 'name: NoSQL $ne', 400, { label: { $ne: null } });
      body(route, 'script tag', 'script tag slug', 400, { value: SCRIPT });
      body(route, 'unknown id', `the name of another, in other case ("${other.toLowerCase()}")`, 409, { label: other.toLowerCase(), value: undefined });
    }
    body(create, 'missing field', 'no name', 400, { label: undefined });
    body(create, 'out of range', 'a name without letters or digits (no slug)', 400, { label: '!!!' });
    body(edit, 'unknown id', 'an unknown one', 404, {}, { url: `/api/admin/${kind}/99999` });
    add(`DELETE /api/admin/${kind}/:id` as ApiRoute, 'out of range', 'one products use', 409, { url: `/api/admin/${kind}/${used}` });
    add(`DELETE /api/admin/${kind}/:id` as ApiRoute, 'unknown id', 'an unknown one', 404, { url: `/api/admin/${kind}/99999` });
    body(merge, 'missing field', 'no into', 400, { into: undefined });
    body(merge, 'unknown id', 'into an unknown one', 400, { into: 99999 });
    body(merge, 'out of range', 'into itself', 400, { into: 4 });
    body(merge, 'wrong type', 'into a name', 400, { into: other });
    body(merge, 'wrong type', 'into 1.5', 400, { into: 1.5 });
    body(merge, 'out of range', 'into -1', 400, { into: -1 });
    body(merge, 'injection string', 'into: NoSQL $ne', 400, { into: { $ne: null } });
    body(merge, 'script tag', 'into a script tag', 400, { into: SCRIPT });
    body(merge, 'unknown id', 'an unknown one merged', 404, {}, { url: `/api/admin/${kind}/99999/merge` });
  }

  // Ids that are not a plain positive integer, or name nothing.
  const idRoutes: [ApiRoute, string, Record<string, unknown> | undefined][] = [
    ['PATCH /api/admin/staff/:id', '/api/admin/staff/{id}', { role: 'support' }],
    ['DELETE /api/admin/staff/:id', '/api/admin/staff/{id}', undefined],
    ['PATCH /api/admin/products/:id/variants/:variantId', '/api/admin/products/{id}/variants/50', { stock: 1 }],
    ['PATCH /api/admin/products/:id/variants/:variantId', '/api/admin/products/3/variants/{id}', { stock: 1 }],
    ['PATCH /api/admin/webhooks/:id', '/api/admin/webhooks/{id}', { active: false }],
    ['DELETE /api/admin/webhooks/:id', '/api/admin/webhooks/{id}', undefined],
    ['GET /api/admin/webhooks/:id/deliveries', '/api/admin/webhooks/{id}/deliveries', undefined],
    ['POST /api/admin/webhooks/:id/deliveries/:did/resend', '/api/admin/webhooks/{id}/deliveries/1/resend', undefined],
    ['POST /api/admin/webhooks/:id/deliveries/:did/resend', '/api/admin/webhooks/1/deliveries/{id}/resend', undefined],
    ['PATCH /api/admin/brands/:id', '/api/admin/brands/{id}', { label: 'Renamed' }],
    ['DELETE /api/admin/brands/:id', '/api/admin/brands/{id}', undefined],
    ['POST /api/admin/brands/:id/merge', '/api/admin/brands/{id}/merge', { into: 1 }],
    ['PATCH /api/admin/categories/:id', '/api/admin/categories/{id}', { label: 'Renamed' }],
    ['DELETE /api/admin/categories/:id', '/api/admin/categories/{id}', undefined],
    ['POST /api/admin/categories/:id/merge', '/api/admin/categories/{id}/merge', { into: 1 }],
  ];
  for (const [route, path, payload] of idRoutes) {
    const at = (id: string) => path.replace('{id}', () => id);
    for (const trick of NEW_ID_TRICKS) add(route, 'path trick', `${path}: id ${trick}`, 404, { url: at(trick), body: payload });
    add(route, 'path trick', `${path}: malformed percent-encoding`, 400, { url: at('%E0%A4%A'), body: payload });
  }

  // The products table takes the product list's query.
  const table = 'GET /api/admin/products';
  const tableAt = (query: string) => ({ url: `/api/admin/products?${query}` });
  add(table, 'huge string', '201-character search', 400, tableAt(`search=${'s'.repeat(201)}`));
  add(table, 'repeated query key', 'search twice', 400, tableAt('search=a&search=b'));
  add(table, 'repeated query key', '_page twice', 400, tableAt('_page=1&_page=2'));
  add(table, 'repeated query key', '_sort as an object', 400, tableAt('_sort[$ne]=price'));
  add(table, 'injection string', 'NoSQL operator in a filter', 400, tableAt('price[$gt]=0'));
  add(table, 'injection string', 'slow regex filter (_like)', 400, tableAt('title_like=(a%2B)%2B$'));
  add(table, 'unstorable text', 'a NUL character in q', 400, tableAt('q=a%00b'));
  // The deliveries' paging.
  add('GET /api/admin/webhooks/:id/deliveries', 'repeated query key', '_page twice', 400, { url: '/api/admin/webhooks/1/deliveries?_page=1&_page=2' });
  add('GET /api/admin/webhooks/:id/deliveries', 'unstorable text', 'a NUL character in _limit', 400, { url: '/api/admin/webhooks/1/deliveries?_limit=5%00' });
}

const CASES = buildCases();


// --- Running them ---------------------------------------------------------------------------

let shop: DurableShop;
const agents = {} as Record<Who | 'anon', Agent>;
let hashBefore: string;
let stateBefore: string;
let extraBefore: string;
let fingerprintBefore: Record<string, string>;

function send(c: Case, a = agents[c.as]) {
  const method = c.method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete' | 'put';
  let req = a[method](c.url);
  for (const [k, v] of Object.entries(c.headers ?? {})) req = req.set(k, v);
  if (c.raw !== undefined) return req.set('Content-Type', c.type ?? 'application/json').send(c.raw);
  if (c.body !== undefined) return req.send(c.body as object);
  // A write without a body still says JSON, as the app's client does (a 'cross-site' case may not).
  return c.method === 'GET' || c.type === 'none' ? req : req.type('json');
}

/**
 * The catalogue in parts that run side by side, each a test file: 'controls' (every route covered,
 * the other valid requests accepted and the requests that change nothing), 'bodies' (each body
 * route's valid body accepted, with and without extra fields, each on a fresh shop), or its cases
 * `part` of `parts` (every parts-th case from the part-th: each part a mix of routes and kinds).
 */
export function badInputSuite(which: 'controls' | 'bodies' | 'bodies2' | { part: number; parts: number }): void {
  const controls = which === 'controls';
  // The body routes in two files side by side: every other route each.
  const bodies = which === 'bodies' || which === 'bodies2';
  const half = which === 'bodies2' ? 1 : 0;
  const part = typeof which === 'object' ? which.part : 0;
  const parts = typeof which === 'object' ? which.parts : 0;
  const cases = typeof which === 'object' ? CASES.filter((_, i) => i % parts === part - 1) : [];
  const figures = newFigures('Bad input catalogue');
  beforeAll(async () => {
    shop = await catalogueShop(figures, {
      // The catalogue sends many wrong passwords on purpose; the rate limit has its own tests.
      loginLimits: { perEmail: 10_000, perEmailTotal: 10_000, perIp: 10_000 },
    });
    agents.anon = shop.anon();
    agents.user = await shop.as('user');
    agents.other = await shop.as('other');
    agents.admin = await shop.as('admin');
    hashBefore = await shop.stateHash();
    stateBefore = JSON.stringify(await shop.state());
    extraBefore = await extraState(shop);
    fingerprintBefore = await shopFingerprint(shop);
  });

  afterAll(async () => {
    await shop?.cleanup();
    const kinds = new Set(CASES.map((c) => c.kind));
    const routes = new Set(CASES.map((c) => c.route));
    figures.cases += cases.length;
    if (controls) {
      figures.notes.push(
        `${CASES.length} cases over ${routes.size - 1} routes (+ unknown routes), ${kinds.size} kinds: ` +
          [...kinds].map((k) => `${k} ${CASES.filter((c) => c.kind === k).length}`).join(', '),
      );
    }
    // One file per part: the controls 1, the cases 2-6, the bodies 10 and 11.
    saveFigures('badInput', figures, bodies ? 10 + half : part + 1);
    if (typeof which === 'object') console.log(`bad-input catalogue, part ${part} of ${parts}: ${cases.length} of ${CASES.length} cases; every answer a 4xx JSON message, stored state unchanged (${ENGINE})`);
  });

  describe(`bad-input catalogue (${typeof which === 'object' ? `part ${part} of ${parts}` : which})`, () => {
    if (bodies) {
      it('starts from valid requests: each body route accepts its base body, and drops extra fields', async () => {
        const extra = { isAdmin: true, smuggled: SCRIPT, $where: 'sleep(1000)' };
        for (const [route, valid] of Object.entries(VALID).filter((_, i) => i % 2 === half)) {
          for (const sent of [valid.body, { ...valid.body, ...extra }]) {
            const fresh = await catalogueShop(figures, { slot: 'fresh' });
            try {
              const a = valid.as === 'anon' ? fresh.anon() : await fresh.as(valid.as);
              const method = methodOf(route as ApiRoute).toLowerCase() as 'post' | 'patch';
              const res = await a[method](valid.url).send(sent);
              expect(res.status, `${route}: ${res.text}`).toBeLessThan(300);
              const stored = JSON.stringify(await fresh.readStored());
              for (const key of Object.keys(extra)) expect(stored, `${route} stored ${key}`).not.toContain(key);
            } finally {
              await fresh.cleanup();
            }
          }
        }
        expectNoLeaks();
        // Two fresh shops per body route: longer than the default 30 s as routes are added.
      }, 180_000);
    }

    if (controls) {
      it('covers every API route', () => {
        const covered = new Set(CASES.map((c) => c.route));
        expect(API_ROUTES.filter((r) => !covered.has(r))).toEqual([]);
        // Every route gets at least the generic cases plus something of its own when it takes input.
        for (const route of API_ROUTES) expect(CASES.filter((c) => c.route === route).length).toBeGreaterThanOrEqual(13);
      });

      it('starts from valid requests: every other route answers 2xx at its target, and at the edges of its limits', async () => {
        const fresh = await catalogueShop(figures, { slot: 'fresh' });
        const call = (route: ApiRoute | 'unknown route', as: Who | 'anon', url: string): Case => {
          const method = route === 'unknown route' ? 'GET' : methodOf(route);
          return { route, kind: 'unknown route', name: url, as, method, url, status: 200 };
        };
        const edges: [Who | 'anon', string][] = [
          ['anon', `/api/products/suggest?q=${'g'.repeat(100)}`],
          ['anon', `/api/products/suggest?q=${encodeURIComponent('É'.repeat(100))}`],
          ['anon', '/api/products/facets?salePrice_gte=0&salePrice_lte=999999999.999999&rating_gte=%204.5%20&stock_gte=1'],
          ['anon', '/api/products?salePrice_gte=0&salePrice_lte=999999999&rating_gte=0.5&stock_gte=0&price_gte=cheap'],
          ['anon', `/api/products?title_like=${encodeURIComponent('^(gal|app)\\w*\\b.{0,100}$')}&_sort=salePrice`],
          ['anon', '/api/products?_page=3000000000&_limit=1'],
          ['anon', '/api/products?_start=3000000000&_end=3000000001'],
          ['anon', `/api/products?_limit=99999999999999999999&_start=-${'9'.repeat(400)}`],
          ['anon', '/api/categories?_page=3000000000&_limit=99999999999'],
          ['admin', '/api/admin/stats?days=1'],
          ['admin', '/api/admin/stats?days=366'],
          ['admin', `/api/admin/customers?q=${encodeURIComponent(`  ${'é'.repeat(100)}  `)}&_per_page=1000`],
          ['admin', '/api/admin/customers?_page=9007199254740991&_limit=1000'],
          ['admin', '/api/admin/audit?entity=review&actor=9999999999999999&_page=9007199254740991&_per_page=1000'],
          ['admin', '/api/orders?_page=9007199254740991&_per_page=1000'],
          ['admin', '/api/orders?user=9999999999999999&status=pending'],
          ['admin', '/api/admin/export/orders.csv?user=9999999999999999'],
          ['admin', '/api/admin/export/products.csv?salePrice_gte=0&salePrice_lte=999999999&rating_gte=0.5&stock_gte=0&q=gal'],
          ['admin', '/api/admin/export/orders.csv?status=pending&status=cancelled&_sort=-createdAt'],
        ];
        const calls = [
          // A reset needs a mailed token and a resend a message in the outbox: their 2xx is shown in tests/api/accounts/passwordReset.test.ts.
          ...API_ROUTES.filter((r) => !VALID[r] && !NO_PLAIN_SUCCESS.includes(r)).map((r) => call(r, TARGET[r].as, TARGET[r].url)),
          ...edges.map(([as, url]) => call('unknown route', as, url)),
        ];
        try {
          for (const c of calls) {
            const res = await send(c, c.as === 'anon' ? fresh.anon() : await fresh.as(c.as));
            expect(res.status, `${c.method} ${c.url}: ${res.text.slice(0, 300)}`).toBeLessThan(300);
          }
        } finally {
          await fresh.cleanup();
        }
        expectNoLeaks();
      });

      it('answers 200 and changes nothing: dry runs, row errors included, and bulk changes that change no order', async () => {
        // Product 2's rows apart (a product's rows follow each other): the second is the 'twice' error.
        const withRowErrors = [IMPORT_HEADER, importRow({ ...NEW_PRODUCT, price: 0 }), importRow({ id: 2, price: 650 }), importRow({ id: 99999, price: 10 }), importRow({ id: 2, stock: 1 })].join('\n');
        const report = {
          dryRun: true,
          rows: 4,
          create: 1,
          update: 3,
          unchanged: 0,
          errors: { 'row 2.price': 'Price must be at least 1', 'row 4.id': 'No product with id 99999', 'row 5.id': 'Product 2 is in the file twice (its rows must follow each other)' },
          changes: { 'row 3': 'Product 2: Price 800 → 650' },
        };
        const outcomes = (...pairs: [number, number][]) => pairs.map(([id, status]) => expect.objectContaining({ id, status }));
        const controls: [string, string, object, unknown][] = [
          ['a dry run', '/api/admin/import/products', { csv: IMPORT_CSV, dryRun: true }, { dryRun: true, rows: 2, create: 1, update: 1, unchanged: 0, errors: {}, changes: IMPORT_CHANGES }],
          ['a dry run with row errors', '/api/admin/import/products', { csv: withRowErrors, dryRun: true }, report],
          ['a dry run by default, with row errors', '/api/admin/import/products', { csv: withRowErrors }, report],
          ['unknown orders', '/api/orders', { ids: [99999, 99998], status: 'delivered' }, outcomes([99999, 404], [99998, 404])],
          // Order 8 asks for 3 of product 2 (2 in stock); order 12 holds the deleted product 4.
          ['orders that cannot leave cancelled', '/api/orders', { ids: [8, 12], status: 'pending' }, outcomes([8, 409], [12, 409])],
          ['orders set to the status they have', '/api/orders', { ids: [1, 5, 9], status: 'pending' }, outcomes([1, 200], [5, 200], [9, 200])],
        ];
        for (const [name, url, sent, answer] of controls) {
          const admin = agents.admin;
          const res = await (url === '/api/orders' ? admin.patch(url) : admin.post(url)).send(sent);
          expect(res.status, `${name}: ${res.text.slice(0, 300)}`).toBe(200);
          expect(res.body, name).toEqual(answer);
          expect(await shop.stateHash(), `${name}: the stored state changed`).toBe(hashBefore);
          expect(JSON.stringify(await shop.state()), `${name}: the live state changed`).toBe(stateBefore);
        }
        expectNoLeaks();
      });

      it('refuses a stock beyond what either engine holds, naming the field', async () => {
        const fresh = await makeDurableShop(figures, { slot: 'fresh' });
        try {
          const admin = await fresh.as('admin');
          for (const stock of [1e300, 2 ** 53, '9007199254740993', MAX_STOCK + 1]) {
            const res = await admin.patch('/api/products/1').send({ stock }).expect(400);
            expect(res.body.errors).toEqual({ stock: STOCK_TOO_LARGE });
          }
          await admin.patch('/api/products/1').send({ stock: MAX_STOCK }).expect(200);
          expect((await fresh.readStored()).products[0].stock).toBe(MAX_STOCK);
        } finally {
          await fresh.cleanup();
        }
      });

    }

    const check = async (c: Case) => {
      const res = await send(c);
      expect(res.status, res.text.slice(0, 300)).toBe(c.status);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(typeof res.body.message).toBe('string');
      expect(res.body.message.length).toBeGreaterThan(0);
      if (c.errors) expect(res.body.errors).toEqual(c.errors);
      // What is stored, every table (on postgres what is committed, read through a connection of
      // the test's own): one md5 per table after each case; the whole state is read back at the end.
      expect(await shopFingerprint(shop), 'the stored state changed').toEqual(fingerprintBefore);
      expectNoLeaks();
    };
    if (!controls) {
      it.each(cases)('$route — $kind: $name → $status', check);
      it('leaves what is stored as it was, read back whole: the live state, what db.json leaves out, and (postgres) what is committed', async () => {
        expect(JSON.stringify(await shop.state()), 'the live state changed').toBe(stateBefore);
        expect(await extraState(shop), 'the stored state beyond db.json changed').toBe(extraBefore);
        expect(await shop.stateHash(), 'the stored state changed').toBe(hashBefore);
      });
    }
  });
}
