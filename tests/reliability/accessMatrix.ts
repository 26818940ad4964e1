// The access-control matrix. One table: every route (and the ways to reach another
// shopper's data or a higher role through it) × {anonymous, shopper A, shopper B, admin} → the
// expected status. A cell runs on a shop with its data durably stored (the test file's embedded
// database, or a database of its own on postgres): a refused call must leave what is stored
// exactly as it was (its hash is compared, sessions included), so the refused cells of a role
// share one shop; an allowed one must act on the caller's own data only, as stored, on a fresh
// shop of its own. Runs on the driver of its project: embedded (`server`), postgres (`server-pg`).
import type { Response } from 'supertest';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { DbSchema } from '../../server/db/snapshot';
import { NOT_RECEIVED } from '../../server/modules/catalogue/reviews';
import { PRODUCT_DEFAULTS } from '../../server/http/validate';
import type { AuditEntry, OrderStatus } from '../../src/domain/types';
import { ACCOUNTS, address, expectNoLeaks, makeData, TEST_CARD, type Agent } from '../api/fixtures';
import { API_ROUTES, methodOf, type ApiRoute } from './routes';
import { newFigures, saveFigures } from './summary';
import { IMPORT_CHANGES, IMPORT_CSV, makeDurableShop, NEW_PRODUCT, type DurableShop } from './support';
import { NEW_ROUTE_ROWS, NEW_STAFF_ROWS } from './accessMatrix.newRoutes';


const ROLES = ['anonymous', 'shopper A', 'shopper B', 'admin'] as const;
type Role = (typeof ROLES)[number];
/** The fixture account behind each role (A = user@shop.test, id 2; B = other@shop.test, id 3). */
const ACCOUNT = { 'shopper A': 'user', 'shopper B': 'other', admin: 'admin' } as const;
/** The caller's user id; anonymous calls aim at shopper A. */
const SELF: Record<Role, number> = { anonymous: 2, 'shopper A': 2, 'shopper B': 3, admin: 1 };

export interface Cell {
  /** What is stored after the call, and before it (read after signing in). */
  db: DbSchema;
  before: DbSchema;
  self: number;
  /** A column of the matrix, or a staff role (STAFF_ROWS). */
  role: Role | 'catalogue' | 'fulfilment' | 'support';
  res: Response;
  agent: Agent;
  /** The cell's shop (what db.json leaves out is read through it: support.ts readExtra). */
  shop: DurableShop;
}

export interface Row {
  route: ApiRoute | 'unknown route';
  what: string;
  url: string | ((self: number) => string);
  body?: unknown;
  method?: string;
  /** Request headers. */
  headers?: Record<string, string>;
  /** Changes the fresh shop's data before the call (e.g. an earlier request's traces). */
  prepare?: (db: DbSchema) => void;
  /** Stores what db.json does not hold (a webhook) on an answered cell's fresh shop, before the call. */
  seed?: (shop: DurableShop) => Promise<void>;
  /** Files sent as multipart/form-data in the field `files` (instead of a JSON body). */
  files?: { name: string; bytes: Buffer }[];
  /** Expected status for anonymous, shopper A, shopper B, admin. */
  expect: [number, number, number, number];
  /** Extra checks on an answered-2xx cell. */
  verify?: (cell: Cell) => void | Promise<void>;
  /** Extra checks on the answer of a refused cell (what is stored is checked unchanged anyway). */
  refused?: (cell: Pick<Cell, 'res' | 'role'>) => void;
}

// What the catalogue search answers, the same for everyone (and on both engines). Smartphones
// from a displayed price of 100: the iPhone (900) and the Galaxy S24 (700).
const option = (value: string, label: string, count: number) => ({ value, label, count });
const FACETS = {
  total: 2,
  categories: [option('smartphones', 'Smartphones', 2), option('laptops', 'Laptops', 2), option('fragrances', 'Fragrances', 0)],
  brands: [option('Apple', 'Apple', 1), option('Samsung', 'Samsung', 1), option('Dior', 'Dior', 0)],
  price: { min: 700, max: 900 },
  inStock: 2,
};
const suggested = (id: number, title: string) => ({ id, title, thumbnail: `/images/products/${id}/thumb.webp` });
const SUGGESTIONS = { products: [suggested(2, 'Galaxy S24'), suggested(5, 'Galaxy Tab S9')], categories: [], brands: [] };

const ORDER = { items: [{ product: 5, quantity: 1 }], paymentMethod: 'card', card: TEST_CARD, selectedAddress: address() };
const userOf = (db: DbSchema, id: number) => db.users.find((u) => u.id === id)!;
const productOf = (db: DbSchema, id: number) => db.products.find((p) => p.id === id)!;
const orderOf = (db: DbSchema, id: number) => db.orders.find((o) => o.id === id)!;

/** The sold-out MacBook's only variant, given an id here so a subscription can name it. */
const MACBOOK_VARIANT = 50;
/** Shopper B has saved the iPhone (item 1) and asked to be told about the MacBook (alert 1); shopper A the Galaxy Tab (item 2). */
function withWishlists(db: DbSchema): void {
  Object.assign(productOf(db, 3), { options: [], variants: [{ id: MACBOOK_VARIANT, sku: 'SKU-3', options: {}, price: null, discountPercentage: null, stock: 0 }] });
  const at = '2026-01-01T00:00:00.000Z';
  db.wishlist = [
    { id: 1, user: 3, product: 1, variant: null, createdAt: at, lastPrice: 90000 },
    { id: 2, user: 2, product: 5, variant: null, createdAt: '2026-01-02T00:00:00.000Z', lastPrice: 24000 },
  ];
  db.stockAlerts = [{ id: 1, user: 3, product: 3, variant: MACBOOK_VARIANT, createdAt: at }];
}

/** Checks that what is stored is what it was with `change` made to it, and nothing else (sessions aside). */
function expectStored({ db, before }: Cell, change: (expected: DbSchema) => void): void {
  const expected = structuredClone(before);
  change(expected);
  expect({ ...db, sessions: [] }).toEqual({ ...expected, sessions: [] });
}

// Shipping methods and tax rates (ids given: new ones are 3): Mexico's, none of the fixture
// addresses' country (India), so no order of the matrix is priced with them.
const MX_STANDARD = { id: 1, name: 'Standard', country: 'Mexico', amount: 9.99, freeOver: 100, estimate: { minDays: 5, maxDays: 10 } };
const MX_EXPRESS = { id: 2, name: 'Express', country: 'Mexico', amount: 29.99, freeOver: null, estimate: { minDays: 2, maxDays: 4 } };
const NEW_METHOD = { name: 'Overnight', country: 'Mexico', amount: 49, freeOver: null, estimate: { minDays: 1, maxDays: 1 } };
const MX_TAX = { id: 1, country: 'Mexico', state: null, rate: 16 };
const JALISCO_TAX = { id: 2, country: 'Mexico', state: 'Jalisco', rate: 8 };
const withShippingAndTax = (db: DbSchema) => {
  db.shippingMethods = structuredClone([MX_STANDARD, MX_EXPRESS]);
  db.taxRates = structuredClone([MX_TAX, JALISCO_TAX]);
};

// Promotions (ids given: a new one is 3): an automatic one, inactive so no order of the matrix
// is priced with it unless a row turns it on, and a code.
const PROMOTION_FIELDS = { bannerText: null, memberBannerText: null, categories: [], products: [], stackable: false, membersOnly: false, minSubtotal: 0, startsAt: null, endsAt: null, usageLimit: null, perCustomerLimit: null, used: 0 };
const AUTO_PROMOTION = { ...PROMOTION_FIELDS, id: 1, name: 'Members', label: 'Members save 20%', kind: 'percentage' as const, value: 20, code: null, membersOnly: true, active: false };
const CODE_PROMOTION = { ...PROMOTION_FIELDS, id: 2, name: 'Five off', label: '$5 off', kind: 'fixed' as const, value: 5, code: 'FIVE', active: false };
const NEW_PROMOTION = { name: 'Spring', label: '10% off smartphones', kind: 'percentage' as const, value: 10, categories: ['smartphones'], code: 'SPRING' };
const withPromotions = (db: DbSchema) => {
  db.promotions = structuredClone([AUTO_PROMOTION, CODE_PROMOTION]);
};
/** A promotion as the audit log records it (without `used`). */
const auditedPromotion = ({ used: _used, ...fields }: typeof AUTO_PROMOTION | typeof CODE_PROMOTION) => (void _used, fields);

/** The entry a write appends to the audit log: the admin's, or a shopper's own (`actor`). */
const audited = (db: DbSchema, entry: Pick<AuditEntry, 'action' | 'entity' | 'entityId' | 'before' | 'after'>, actor: AuditEntry['actor'] = ADMIN) =>
  db.audit.push({ id: expect.any(Number), at: expect.any(String), actor, ...entry });

// Reviews: every fixture product has one seed review (Ben's, without an id: numbered 1 when first
// changed); shopper A received product 1 (delivered orders 3, 7, 11), shopper B nothing.
const SEED_REVIEW = { id: 1, reviewerName: 'Ben', rating: 5, comment: 'Great' };
const REVIEW_OF_A = { id: 2, user: 2, reviewerName: 'New User', rating: 4, comment: 'Solid', date: '2026-02-01T00:00:00.000Z', verified: true };
/** Product 1 with the seed review numbered and shopper A's review 2. */
const reviewedByA = (db: DbSchema) => {
  productOf(db, 1).reviews = [SEED_REVIEW, REVIEW_OF_A];
};
/** The review the caller wrote through the API, dated now. */
const writtenBy = (user: number, review: { rating: number; comment: string }) => ({
  id: 2,
  user,
  reviewerName: 'New User',
  ...review,
  date: expect.stringMatching(/^2\d{3}-\d\d-\d\dT/), // not a date sent in the body (1999)
  verified: true,
});

/** A shopper's cancel of order `id`, holding one of `product`: its status, and the unit back in stock. */
const cancelled = (db: DbSchema, id: number, product: number) => {
  moved(db, id, 'cancelled', 'shopper');
  productOf(db, product).stock += 1;
};

/** Buy again of an order holding one of `product`: one line of it added to the caller's cart, nothing else. */
function boughtAgain(cell: Cell, product: { id: number; title: string }): void {
  expect(cell.res.body).toMatchObject({ added: [{ product, quantity: 1 }], skipped: [] });
  expect(cell.res.body.cart.map((l: { product: { id: number } }) => l.product.id)).toEqual(
    [...cell.before.cart.filter((l) => l.user === cell.self).map((l) => l.product), product.id],
  );
  expectStored(cell, (db) => db.cart.push({ id: expect.any(Number), user: cell.self, product: product.id, quantity: 1 }));
}

/** What a status change by `by` stores: the status, the change at the end of the order's history, an admin's audited. */
const moved = (db: DbSchema, id: number, status: OrderStatus, by: 'shopper' | 'admin') => {
  const order = orderOf(db, id);
  const shopper = db.users.find((u) => u.id === order.user)!;
  const actor = by === 'admin' ? ADMIN : { id: shopper.id, email: shopper.email, role: 'user' as const };
  audited(db, { action: 'order.status', entity: 'order', entityId: String(id), before: { status: order.status }, after: { status } }, actor);
  Object.assign(order, { status, history: [...(order.history ?? []), { status, at: expect.any(String), by }] });
};

/** Audit entries already written: a product change, then two order status changes. */
const ADMIN = { id: 1, email: ACCOUNTS.admin.email, role: 'admin' } as const;
const PAST_AUDIT: AuditEntry[] = [
  { id: 1, at: '2026-01-13T09:00:00.000Z', actor: ADMIN, action: 'product.update', entity: 'product', entityId: '1', before: { price: 1000 }, after: { price: 950 } },
  { id: 2, at: '2026-01-13T10:00:00.000Z', actor: ADMIN, action: 'order.status', entity: 'order', entityId: '1', before: { status: 'pending' }, after: { status: 'dispatched' } },
  { id: 3, at: '2026-01-13T11:00:00.000Z', actor: ADMIN, action: 'order.status', entity: 'order', entityId: '2', before: { status: 'dispatched' }, after: { status: 'delivered' } },
];

/** The first cell of each line of a CSV answer. */
const firstColumn = ({ res }: Pick<Cell, 'res'>) => {
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  return res.text.trimEnd().split('\n').map((line) => line.split(',')[0]);
};

/** What each order of a bulk status change came to. */
const outcomes = ({ res }: Pick<Cell, 'res'>) => res.body.map((r: { id: number; status: number }) => [r.id, r.status]);

// B (id 3) owns cart line 1 (product 1) and the even-numbered orders; A (id 2) the odd ones.
const MATRIX: Row[] = [
  // Catalogue: public reads, admin writes.
  { route: 'GET /api/products', what: 'the catalogue', url: '/api/products', expect: [200, 200, 200, 200] },
  { route: 'GET /api/products/:id', what: 'one product', url: '/api/products/1', expect: [200, 200, 200, 200] },
  { route: 'GET /api/categories', what: 'categories', url: '/api/categories', expect: [200, 200, 200, 200] },
  { route: 'GET /api/brands', what: 'brands', url: '/api/brands', expect: [200, 200, 200, 200] },
  {
    route: 'POST /api/products',
    what: 'create a product',
    url: '/api/products',
    body: NEW_PRODUCT,
    expect: [401, 403, 403, 201],
    verify: ({ db }) => expect(db.products.at(-1)!.title).toBe('Desk Lamp'),
  },
  {
    route: 'PATCH /api/products/:id',
    what: 'change a price',
    url: '/api/products/1',
    body: { price: 1 },
    expect: [401, 403, 403, 200],
  },
  {
    route: 'PATCH /api/products/:id',
    what: 'raise stock',
    url: '/api/products/3',
    body: { stock: 9999 },
    expect: [401, 403, 403, 200],
  },
  {
    route: 'PATCH /api/products/:id',
    what: 'soft-delete a product',
    url: '/api/products/1',
    body: { deleted: true },
    expect: [401, 403, 403, 200],
  },
  {
    route: 'PUT /api/products/:id',
    what: 'replace a product',
    url: '/api/products/1',
    body: NEW_PRODUCT,
    expect: [401, 403, 403, 200],
    verify: ({ db }) => expect(db.products[0]).toMatchObject({ id: 1, title: 'Desk Lamp' }),
  },
  {
    route: 'DELETE /api/products/:id',
    what: 'delete a product (soft: deleted true)',
    url: '/api/products/1',
    expect: [401, 403, 403, 200],
    verify: ({ db }) => expect(db.products[0]).toMatchObject({ id: 1, deleted: true }),
  },
  {
    route: 'GET /api/products/facets',
    what: 'facets of a filtered list',
    url: '/api/products/facets?category=smartphones&price_gte=100',
    expect: [200, 200, 200, 200],
    verify: ({ res }) => expect(res.body).toEqual(FACETS),
  },
  {
    route: 'GET /api/products/suggest',
    what: 'suggestions',
    url: `/api/products/suggest?q=${encodeURIComponent('gÁL')}`, // case- and accent-blind
    expect: [200, 200, 200, 200],
    verify: ({ res }) => expect(res.body).toEqual(SUGGESTIONS),
  },

  // Reviews: written by a shopper who received the product, edited by their author, removed by an admin.
  {
    route: 'GET /api/products/:id/reviews/eligibility',
    what: 'may I review product 1',
    url: '/api/products/1/reviews/eligibility',
    expect: [401, 200, 200, 200],
    verify: ({ res, role }) => expect(res.body).toEqual({ canReview: role === 'shopper A', review: null }),
  },
  {
    route: 'GET /api/products/:id/reviews/eligibility',
    what: "may I review product 1, which shopper A has reviewed",
    prepare: reviewedByA,
    url: '/api/products/1/reviews/eligibility',
    expect: [401, 200, 200, 200],
    // Their own review, marked theirs, without the reviewer id.
    verify: ({ res, role }) =>
      expect(res.body).toEqual({ canReview: false, review: role === 'shopper A' ? { ...REVIEW_OF_A, user: undefined, mine: true } : null }),
  },
  {
    route: 'POST /api/products/:id/reviews',
    what: 'review product 1 (body tampered: id, author, name, date, unverified)',
    url: '/api/products/1/reviews',
    body: { rating: 2, comment: ' Meh ', id: 1, user: 3, reviewerName: 'Admin', date: '1999-12-31T00:00:00.000Z', verified: false },
    expect: [401, 201, 403, 403],
    refused: ({ res, role }) => role !== 'anonymous' && expect(res.body.message).toBe(NOT_RECEIVED),
    verify: (cell) =>
      expectStored(cell, (db) => Object.assign(productOf(db, 1), { reviews: [SEED_REVIEW, writtenBy(2, { rating: 2, comment: 'Meh' })], rating: 3.5 })),
  },
  {
    route: 'POST /api/products/:id/reviews',
    what: 'review product 2, which shopper B received',
    prepare: (db) => {
      orderOf(db, 2).status = 'delivered';
    },
    url: '/api/products/2/reviews',
    body: { rating: 4, comment: 'Good' },
    expect: [401, 403, 201, 403],
    verify: (cell) =>
      expectStored(cell, (db) => Object.assign(productOf(db, 2), { reviews: [SEED_REVIEW, writtenBy(3, { rating: 4, comment: 'Good' })], rating: 4.5 })),
  },
  {
    route: 'POST /api/products/:id/reviews',
    what: 'a second review of product 1',
    prepare: reviewedByA,
    url: '/api/products/1/reviews',
    body: { rating: 1, comment: 'Changed my mind' },
    expect: [401, 409, 403, 403],
  },
  {
    route: 'PATCH /api/products/:id/reviews/:reviewId',
    what: "edit shopper A's review (body tampered: author, name, unverified)",
    prepare: reviewedByA,
    url: '/api/products/1/reviews/2',
    body: { rating: 1, user: 3, reviewerName: 'Admin', verified: false },
    expect: [401, 200, 403, 403],
    verify: (cell) =>
      expectStored(cell, (db) =>
        Object.assign(productOf(db, 1), { reviews: [SEED_REVIEW, { ...REVIEW_OF_A, rating: 1, date: writtenBy(2, REVIEW_OF_A).date }], rating: 3 }),
      ),
  },
  { route: 'PATCH /api/products/:id/reviews/:reviewId', what: 'edit a seed review', url: '/api/products/1/reviews/1', body: { comment: 'Bad' }, expect: [401, 403, 403, 403] },
  {
    route: 'DELETE /api/products/:id/reviews/:reviewId',
    what: 'remove a seed review',
    url: '/api/products/1/reviews/1',
    expect: [401, 403, 403, 200],
    verify: (cell) =>
      expectStored(cell, (db) => {
        Object.assign(productOf(db, 1), { reviews: [], rating: 0 });
        audited(db, { action: 'review.remove', entity: 'review', entityId: '1/1', before: { ...SEED_REVIEW, productRating: 4.8 }, after: { productRating: 0 } });
      }),
  },
  {
    route: 'DELETE /api/products/:id/reviews/:reviewId',
    what: "remove shopper A's review",
    prepare: reviewedByA,
    url: '/api/products/1/reviews/2',
    expect: [401, 403, 403, 200],
    verify: (cell) =>
      expectStored(cell, (db) => {
        Object.assign(productOf(db, 1), { reviews: [SEED_REVIEW], rating: 5 });
        audited(db, { action: 'review.remove', entity: 'review', entityId: '1/2', before: { ...REVIEW_OF_A, productRating: 4.8 }, after: { productRating: 5 } });
      }),
  },
  { route: 'DELETE /api/products/:id/reviews/:reviewId', what: 'remove an unknown review', url: '/api/products/1/reviews/99', expect: [401, 403, 403, 404] },

  // Auth.
  {
    route: 'POST /api/auth/signup',
    what: 'sign up asking for role admin',
    url: '/api/auth/signup',
    body: { email: 'climber@shop.test', password: 'Climb1234', role: 'admin', id: 1, addresses: [] },
    expect: [201, 201, 201, 201],
    verify: ({ db, res }) => {
      expect(res.body.role).toBe('user');
      expect(res.body.id).toBe(4);
      expect(db.users.find((u) => u.email === 'climber@shop.test')!.role).toBe('user');
      expect(userOf(db, 1).email).toBe(ACCOUNTS.admin.email);
    },
  },
  {
    route: 'POST /api/auth/login',
    what: "log in as the admin without the admin's password",
    url: '/api/auth/login',
    body: { email: ACCOUNTS.admin.email, password: ACCOUNTS.user.password },
    expect: [401, 401, 401, 401],
  },
  {
    route: 'POST /api/auth/login',
    what: "log in with shopper A's password",
    url: '/api/auth/login',
    body: { email: ACCOUNTS.user.email, password: ACCOUNTS.user.password, role: 'admin' },
    expect: [200, 200, 200, 200],
    verify: async ({ agent, res }) => {
      expect(res.body).toMatchObject({ id: 2, role: 'user' });
      const check = await agent.get('/api/auth/check').expect(200);
      expect(check.body.id).toBe(2);
    },
  },
  {
    route: 'GET /api/auth/check',
    what: 'session check',
    url: '/api/auth/check',
    expect: [401, 200, 200, 200],
    verify: ({ res, self }) => expect(res.body.id).toBe(self),
  },
  {
    route: 'POST /api/auth/logout',
    what: 'log out',
    url: '/api/auth/logout',
    expect: [200, 200, 200, 200],
    verify: async ({ agent }) => {
      await agent.get('/api/auth/check').expect(401);
    },
  },

  // Users: own record only; id, email, role and password cannot change.
  {
    route: 'GET /api/users/own',
    what: 'own record',
    url: '/api/users/own',
    expect: [401, 200, 200, 200],
    verify: ({ res, self }) => expect(res.body.id).toBe(self),
  },
  // Membership: the caller's own only (there is no way to name another account); joining puts the
  // membership line in the caller's cart (the order that holds it makes the member).
  {
    route: 'POST /api/users/own/membership',
    what: 'put membership in the cart',
    url: '/api/users/own/membership',
    expect: [401, 201, 201, 201],
    verify: async ({ res, agent }) => {
      expect(res.body).toEqual({ id: 'membership', kind: 'membership', title: 'Membership (1 year)', price: 49, quantity: 1 });
      expect((await agent.get('/api/cart').expect(200)).body.at(-1)).toEqual(res.body);
      expect((await agent.get('/api/users/own').expect(200)).body.member).toBe(false);
    },
  },
  {
    route: 'DELETE /api/users/own/membership',
    what: 'leave membership',
    url: '/api/users/own/membership',
    expect: [401, 200, 200, 200],
    verify: ({ res, self }) => expect(res.body).toMatchObject({ id: self, member: false, membershipRenews: true }),
  },
  // Wishlist and stock alerts: the caller's own only; an id of someone else's is 404.
  {
    route: 'GET /api/wishlist',
    what: 'own wishlist',
    url: '/api/wishlist',
    prepare: withWishlists,
    expect: [401, 200, 200, 200],
    verify: ({ db, res, self }) => {
      expect(res.body.map((i: { id: number }) => i.id)).toEqual(db.wishlist!.filter((i) => i.user === self).map((i) => i.id).reverse());
      expect(JSON.stringify(res.body)).not.toMatch(/"user"/);
    },
  },
  {
    route: 'POST /api/wishlist',
    what: "save into shopper B's wishlist (user: 3 in the body)",
    url: '/api/wishlist',
    body: { product: 5, variant: null, user: 3 },
    expect: [401, 201, 201, 201],
    verify: (cell) =>
      expectStored(cell, (db) => (db.wishlist = [{ id: cell.res.body.id, user: cell.self, product: 5, variant: null, createdAt: expect.any(String), lastPrice: 24000 }])),
  },
  {
    route: 'DELETE /api/wishlist/:id',
    what: "remove shopper B's wishlist item",
    url: '/api/wishlist/1',
    prepare: withWishlists,
    expect: [401, 404, 204, 404],
    verify: (cell) => expectStored(cell, (db) => (db.wishlist = db.wishlist!.filter((i) => i.id !== 1))),
  },
  {
    route: 'GET /api/stock-alerts',
    what: 'own stock alerts',
    url: '/api/stock-alerts',
    prepare: withWishlists,
    expect: [401, 200, 200, 200],
    verify: ({ db, res, self }) => expect(res.body.map((a: { id: number }) => a.id)).toEqual(db.stockAlerts!.filter((a) => a.user === self).map((a) => a.id)),
  },
  {
    route: 'POST /api/stock-alerts',
    what: 'notify shopper B (user: 3 in the body) about the sold-out MacBook',
    url: '/api/stock-alerts',
    prepare: withWishlists,
    body: { product: 3, user: 3 },
    expect: [401, 201, 409, 201],
    verify: (cell) => expectStored(cell, (db) => db.stockAlerts!.push({ id: cell.res.body.id, user: cell.self, product: 3, variant: MACBOOK_VARIANT, createdAt: expect.any(String) })),
    refused: ({ res, role }) => {
      if (role === 'shopper B') expect(res.body.message).toBe('We will email you already when "MacBook Air" is back in stock');
    },
  },
  {
    route: 'DELETE /api/stock-alerts/:id',
    what: "remove shopper B's stock alert",
    url: '/api/stock-alerts/1',
    prepare: withWishlists,
    expect: [401, 404, 204, 404],
    verify: (cell) => expectStored(cell, (db) => delete db.stockAlerts),
  },
  {
    route: 'PUT /api/users/own/alerts',
    what: 'alert mail off (id: 3 in the body)',
    url: '/api/users/own/alerts',
    body: { alerts: false, id: 3 },
    expect: [401, 200, 200, 200],
    verify: (cell) => {
      expect(cell.res.body).toMatchObject({ id: cell.self, alerts: false });
      expectStored(cell, (db) => (userOf(db, cell.self).alerts = false));
    },
  },
  // Password reset by mail: anyone may ask (the same answer whoever asks, for any address); a
  // token is what proves the right to reset, never a session.
  {
    route: 'POST /api/auth/forgot',
    what: "a reset link for shopper A's address",
    url: '/api/auth/forgot',
    body: { email: ACCOUNTS.user.email },
    expect: [202, 202, 202, 202],
    verify: ({ res }) => expect(res.body).toEqual({ message: 'If an account exists for that address, we have sent a link to reset the password.' }),
  },
  {
    route: 'POST /api/auth/reset',
    what: 'a new password with a made-up token',
    url: '/api/auth/reset',
    body: { token: 'A'.repeat(43), password: 'Changed123' },
    expect: [400, 400, 400, 400],
  },
  // Email verification: the token proves it, never a session; a new link only for the caller's
  // own account, signed in, and only while it is not verified (shopper A is not, here).
  {
    route: 'POST /api/auth/verify',
    what: 'verify with a made-up token',
    url: '/api/auth/verify',
    body: { token: 'A'.repeat(43) },
    prepare: (db) => {
      userOf(db, 2).verified = false;
    },
    expect: [400, 400, 400, 400],
  },
  {
    route: 'POST /api/auth/verify/resend',
    what: "a new confirmation link (shopper A's account not verified)",
    url: '/api/auth/verify/resend',
    body: {},
    prepare: (db) => {
      userOf(db, 2).verified = false;
    },
    expect: [401, 202, 409, 409],
    verify: ({ res, db }) => {
      expect(res.body).toEqual({ message: `We have sent a new confirmation link to ${ACCOUNTS.user.email}.` });
      expect(userOf(db, 2).verified).toBe(false);
    },
  },
  {
    route: 'POST /api/users/own/password',
    // Only the caller's own, and only knowing it: shopper A's password is A's alone.
    what: "change a password knowing shopper A's",
    url: '/api/users/own/password',
    body: { currentPassword: ACCOUNTS.user.password, newPassword: 'Changed123', confirmPassword: 'Changed123' },
    expect: [401, 200, 400, 400],
    verify: async ({ agent, self }) => {
      expect(self).toBe(2);
      // This session stays; the new password signs in.
      await agent.get('/api/auth/check').expect(200);
      await agent.post('/api/auth/login').send({ email: ACCOUNTS.user.email, password: 'Changed123' }).expect(200);
    },
  },
  {
    route: 'PATCH /api/users/:id',
    what: "rename shopper A's account",
    url: '/api/users/2',
    body: { name: 'Renamed' },
    expect: [401, 200, 403, 403],
    verify: ({ db }) => expect(userOf(db, 2).name).toBe('Renamed'),
  },
  {
    route: 'PATCH /api/users/:id',
    what: "clear shopper B's addresses",
    url: '/api/users/3',
    body: { addresses: [] },
    expect: [401, 403, 200, 403],
    verify: ({ db }) => expect(userOf(db, 3).addresses).toEqual([]),
  },
  {
    route: 'PATCH /api/users/:id',
    what: "write an address into shopper B's account",
    url: '/api/users/3',
    body: { id: 3, addresses: [address({ name: 'Mallory' })] },
    expect: [401, 403, 200, 403],
  },
  {
    route: 'PATCH /api/users/:id',
    what: 'own account: role admin',
    url: (self) => `/api/users/${self}`,
    body: { role: 'admin', name: 'Boss' },
    expect: [401, 403, 403, 200],
    verify: ({ db, self }) => expect(userOf(db, self).role).toBe('admin'),
  },
  {
    route: 'PATCH /api/users/:id',
    what: "own account: the admin's id",
    url: (self) => `/api/users/${self}`,
    body: { id: 1, name: 'Boss' },
    expect: [401, 403, 403, 200],
  },
  {
    route: 'PATCH /api/users/:id',
    what: "own account: the admin's email",
    url: (self) => `/api/users/${self}`,
    body: { email: ACCOUNTS.admin.email },
    expect: [401, 403, 403, 200],
  },
  {
    route: 'PATCH /api/users/:id',
    // For the admin this is the right password: refused all the same (no password oracle).
    what: "own account: the admin's password",
    url: (self) => `/api/users/${self}`,
    body: { password: ACCOUNTS.admin.password },
    expect: [401, 403, 403, 403],
  },
  {
    route: 'PATCH /api/users/:id',
    what: "own account: shopper A's password",
    url: (self) => `/api/users/${self}`,
    body: { password: ACCOUNTS.user.password },
    expect: [401, 403, 403, 403],
  },
  { route: 'unknown route', what: 'list all users', url: '/api/users', expect: [401, 404, 404, 404] },
  { route: 'unknown route', what: 'read a user by id', url: '/api/users/3', expect: [401, 404, 404, 404] },
  { route: 'unknown route', what: 'read the sessions', url: '/api/sessions', expect: [404, 404, 404, 404] },
  { route: 'unknown route', what: 'read the whole database', url: '/api/db', expect: [404, 404, 404, 404] },

  // Cart: own lines only; another shopper's line is answered as missing.
  {
    route: 'GET /api/cart',
    what: 'own cart',
    url: '/api/cart',
    expect: [401, 200, 200, 200],
    verify: ({ db, res, self }) => {
      const own = db.cart.filter((l) => l.user === self).map((l) => l.id);
      expect(res.body.map((l: { id: number }) => l.id)).toEqual(own);
      expect(JSON.stringify(res.body)).not.toMatch(/"user"/);
    },
  },
  {
    route: 'POST /api/cart',
    what: "add to shopper B's cart (user: 3 in the body)",
    url: '/api/cart',
    body: { product: 5, quantity: 1, user: 3 },
    expect: [401, 201, 201, 201],
    verify: ({ db, self }) => expect(db.cart.find((l) => l.product === 5)!.user).toBe(self),
  },
  {
    route: 'PATCH /api/cart/:id',
    what: "change shopper B's cart line",
    url: '/api/cart/1',
    body: { id: 1, quantity: 3 },
    expect: [401, 404, 200, 404],
    verify: ({ db }) => expect(db.cart.find((l) => l.id === 1)!.quantity).toBe(3),
  },
  {
    route: 'PATCH /api/cart/:id',
    what: "take over shopper B's cart line (user in the body)",
    url: '/api/cart/1',
    body: { id: 1, quantity: 1, user: 2, product: 3 },
    expect: [401, 404, 200, 404],
    verify: ({ db }) => expect(db.cart.find((l) => l.id === 1)).toMatchObject({ user: 3, product: 1, quantity: 1 }),
  },
  {
    route: 'DELETE /api/cart/:productId',
    what: "remove shopper B's line",
    url: '/api/cart/1',
    expect: [401, 404, 200, 404],
    verify: ({ db }) => expect(db.cart.find((l) => l.id === 1)).toBeUndefined(),
  },

  // Orders: placed for the caller, listed per caller; all orders and status changes: admin.
  {
    route: 'POST /api/orders',
    what: 'order for shopper B, delivered, total 1 (body tampered)',
    url: '/api/orders',
    body: { ...ORDER, user: 3, status: 'delivered', totalAmount: 1, totalItems: 99 },
    expect: [401, 201, 201, 201],
    verify: ({ db, res, self }) => {
      const order = db.orders.find((o) => o.id === res.body.id)!;
      expect(order).toMatchObject({ user: self, status: 'pending', totalAmount: 240, totalItems: 1 });
    },
  },
  {
    // Shopper A placed order 1 with this key: only A gets it back; anyone else orders afresh.
    route: 'POST /api/orders',
    what: "an order with shopper A's Idempotency-Key",
    url: '/api/orders',
    headers: { 'Idempotency-Key': 'a-first-press' },
    prepare: (db) => db.idempotency.push({ id: '2 a-first-press', user: 2, order: 1, createdAt: Date.now() }),
    body: ORDER,
    expect: [401, 200, 201, 201],
    verify: ({ db, res, self, role }) => {
      if (role === 'shopper A') {
        expect(res.body).toMatchObject({ id: 1, user: 2 });
        expect(db.orders).toHaveLength(12);
      } else {
        expect(res.body).toMatchObject({ id: 13, user: self });
        expect(db.products.find((p) => p.id === 5)!.stock).toBe(4);
      }
    },
  },
  {
    // A quote prices the caller's own cart only (there is no way to name another's).
    route: 'POST /api/checkout/quote',
    what: "quote of the caller's cart",
    url: '/api/checkout/quote',
    body: {},
    expect: [401, 200, 200, 200],
    verify: ({ db, res, self }) => {
      const own = db.cart.filter((l) => l.user === self);
      expect(res.body.lines.map((l: { product: { id: number } }) => l.product.id).sort()).toEqual(own.map((l) => l.product).sort());
    },
  },
  {
    route: 'GET /api/orders/own',
    what: 'own orders',
    url: '/api/orders/own',
    expect: [401, 200, 200, 200],
    verify: ({ db, res, self }) => {
      expect(res.body.length).toBe(db.orders.filter((o) => o.user === self).length);
      expect(res.body.every((o: { user: number }) => o.user === self)).toBe(true);
    },
  },
  {
    route: 'GET /api/orders/own',
    what: "shopper B's orders by query (?user=3)",
    url: '/api/orders/own?user=3',
    expect: [401, 200, 200, 200],
    verify: ({ res, self }) => expect(res.body.every((o: { user: number }) => o.user === self)).toBe(true),
  },
  { route: 'GET /api/orders', what: 'all orders', url: '/api/orders', expect: [401, 403, 403, 200] },
  { route: 'GET /api/orders', what: "shopper B's orders by filter", url: '/api/orders?user=3', expect: [401, 403, 403, 200] },
  { route: 'GET /api/orders/:id', what: "shopper A's order", url: '/api/orders/1', expect: [401, 200, 404, 200] },
  { route: 'GET /api/orders/:id', what: "shopper B's order", url: '/api/orders/2', expect: [401, 404, 200, 200] },
  {
    route: 'GET /api/orders/:id',
    what: "shopper A's order: internal notes and the customer for admins only",
    url: '/api/orders/1',
    expect: [401, 200, 404, 200],
    verify: ({ res, role }) => {
      if (role === 'admin') expect(res.body).toMatchObject({ notes: [], customer: { id: 2 } });
      else expect(res.body).not.toHaveProperty('notes');
    },
  },
  {
    route: 'POST /api/orders/:id/notes',
    what: "an internal note on shopper A's order",
    url: '/api/orders/1/notes',
    body: { text: 'Ring twice' },
    expect: [401, 403, 403, 201],
    verify: ({ res }) => expect(res.body).toMatchObject({ text: 'Ring twice', by: { id: 1 } }),
  },
  {
    route: 'POST /api/orders/:id/notes',
    what: "an internal note on one's own order",
    url: '/api/orders/2/notes',
    body: { text: 'Please hurry' },
    expect: [401, 403, 403, 201],
  },
  // Returns: order 3 is shopper A's, delivered yesterday (its iPhone has 30 days).
  {
    route: 'POST /api/orders/:id/returns',
    what: "return a line of shopper A's delivered order",
    url: '/api/orders/3/returns',
    prepare: (db) => (orderOf(db, 3).history = [{ status: 'delivered', at: new Date(Date.now() - 86_400_000).toISOString(), by: 'admin' }]),
    body: { items: [{ line: 1, quantity: 1 }], reason: 'Cracked screen' },
    expect: [401, 201, 404, 404],
    verify: ({ db, res }) => {
      expect(res.body.returns).toMatchObject([{ id: 1, status: 'requested', items: [{ line: 1, quantity: 1 }], refund: null }]);
      expect(orderOf(db, 3).returns).toMatchObject([{ id: 1, status: 'requested', reason: 'Cracked screen' }]);
    },
  },
  {
    route: 'PATCH /api/orders/:id/returns/:returnId',
    what: "approve a return of shopper A's order",
    url: '/api/orders/3/returns/1',
    prepare: (db) => {
      const at = new Date(Date.now() - 86_400_000).toISOString();
      orderOf(db, 3).history = [{ status: 'delivered', at, by: 'admin' }];
      orderOf(db, 3).returns = [{ id: 1, status: 'requested', items: [{ line: 1, quantity: 1 }], reason: 'Cracked screen', createdAt: at, refund: null, history: [{ status: 'requested', at, by: 'shopper' }] }];
    },
    body: { status: 'approved' },
    expect: [401, 403, 403, 200],
    // The iPhone's line is $900 but the fixture's order was paid $300: the refund never exceeds that.
    verify: ({ db }) => expect(orderOf(db, 3).returns).toMatchObject([{ id: 1, status: 'approved', refund: { amount: 300, method: 'cash' } }]),
  },
  {
    route: 'PATCH /api/orders/:id',
    what: "mark shopper B's order delivered",
    url: '/api/orders/2',
    body: { status: 'delivered' },
    expect: [401, 403, 403, 200],
  },
  {
    route: 'PATCH /api/orders/:id',
    what: 'cancel one of your own orders',
    url: '/api/orders/1',
    body: { status: 'cancelled' },
    expect: [401, 403, 403, 200],
  },
  {
    route: 'PATCH /api/orders/:id',
    what: 'move an order to another user and re-price it',
    url: '/api/orders/2',
    body: { status: 'dispatched', user: 2, totalAmount: 1, items: [] },
    expect: [401, 403, 403, 200],
    verify: ({ db }) =>
      expect(db.orders.find((o) => o.id === 2)).toMatchObject({ status: 'dispatched', user: 3, totalAmount: 200 }),
  },
  {
    // Order 4 (B's, cancelled) holds one of product 2.
    route: 'PATCH /api/orders/:id',
    what: 'take back a cancelled order: its stock is taken again',
    url: '/api/orders/4',
    body: { status: 'pending' },
    expect: [401, 403, 403, 200],
    verify: (cell) =>
      expectStored(cell, (db) => {
        moved(db, 4, 'pending', 'admin');
        productOf(db, 2).stock -= 1;
      }),
  },
  {
    route: 'PATCH /api/orders/:id',
    what: 'take back a cancelled order whose stock is gone',
    prepare: (db) => {
      productOf(db, 2).stock = 0;
    },
    url: '/api/orders/4',
    body: { status: 'delivered' },
    expect: [401, 403, 403, 409],
    refused: ({ res, role }) => role === 'admin' && expect(res.body.message).toBe('"Galaxy S24" is out of stock'),
  },

  // Self-service: the owner cancels a pending order (its stock comes back) and buys an order
  // again; anyone else's order, an admin's included, is answered as missing.
  {
    route: 'POST /api/orders/:id/cancel',
    what: "cancel shopper A's pending order",
    url: '/api/orders/1/cancel',
    expect: [401, 200, 404, 404],
    verify: (cell) => expectStored(cell, (db) => cancelled(db, 1, 1)),
  },
  {
    route: 'POST /api/orders/:id/cancel',
    what: "cancel shopper B's pending order",
    prepare: (db) => {
      orderOf(db, 2).status = 'pending';
    },
    url: '/api/orders/2/cancel',
    expect: [401, 404, 200, 404],
    verify: (cell) => expectStored(cell, (db) => cancelled(db, 2, 2)),
  },
  { route: 'POST /api/orders/:id/cancel', what: "cancel shopper A's delivered order", url: '/api/orders/3/cancel', expect: [401, 409, 404, 404] },
  { route: 'POST /api/orders/:id/cancel', what: "cancel shopper B's cancelled order", url: '/api/orders/4/cancel', expect: [401, 404, 409, 404] },
  { route: 'POST /api/orders/:id/cancel', what: 'cancel an unknown order', url: '/api/orders/99999/cancel', expect: [401, 404, 404, 404] },
  {
    route: 'POST /api/orders/:id/buy-again',
    what: "buy shopper A's order again",
    url: '/api/orders/1/buy-again',
    expect: [401, 200, 404, 404],
    verify: (cell) => boughtAgain(cell, { id: 1, title: 'iPhone 15' }),
  },
  {
    route: 'POST /api/orders/:id/buy-again',
    what: "buy shopper B's order again",
    url: '/api/orders/2/buy-again',
    expect: [401, 404, 200, 404],
    verify: (cell) => boughtAgain(cell, { id: 2, title: 'Galaxy S24' }),
  },
  { route: 'POST /api/orders/:id/buy-again', what: 'buy an unknown order again', url: '/api/orders/99999/buy-again', expect: [401, 404, 404, 404] },

  // Bulk status changes (admin): each order as PATCH /orders/:id would change it, audited one by one.
  {
    // Order 4 (B's, cancelled) holds one of product 2: leaving cancelled takes it again.
    route: 'PATCH /api/orders',
    what: "dispatch shopper A's order 1, shopper B's cancelled order 4 and an unknown one",
    url: '/api/orders',
    body: { ids: [1, 4, 99999], status: 'dispatched' },
    expect: [401, 403, 403, 200],
    verify: (cell) => {
      expect(outcomes(cell)).toEqual([[1, 200], [4, 200], [99999, 404]]);
      expectStored(cell, (db) => {
        moved(db, 1, 'dispatched', 'admin');
        moved(db, 4, 'dispatched', 'admin');
        productOf(db, 2).stock -= 1;
      });
    },
  },
  {
    route: 'PATCH /api/orders',
    what: 'cancel own orders in bulk: their stock comes back',
    url: '/api/orders',
    body: { ids: [1, 3], status: 'cancelled' },
    expect: [401, 403, 403, 200],
    verify: (cell) =>
      expectStored(cell, (db) => {
        moved(db, 1, 'cancelled', 'admin');
        moved(db, 3, 'cancelled', 'admin');
        // Order 3 (older, cash, delivered: paid) gives its cash back.
        orderOf(db, 3).payment = { method: 'cash', status: 'refunded', refunded: 300 };
        productOf(db, 1).stock += 2;
      }),
  },
  {
    route: 'PATCH /api/orders',
    what: 'take back cancelled order 4 (stock gone) with delivered order 7',
    prepare: (db) => {
      productOf(db, 2).stock = 0;
    },
    url: '/api/orders',
    body: { ids: [4, 7], status: 'pending' },
    expect: [401, 403, 403, 200],
    verify: (cell) => {
      expect(outcomes(cell)).toEqual([[4, 409], [7, 200]]);
      expect(cell.res.body[0].message).toBe('"Galaxy S24" is out of stock');
      expectStored(cell, (db) => {
        moved(db, 7, 'pending', 'admin');
        // Older, cash, delivered: the cash it paid stays paid (its status no longer says so).
        orderOf(db, 7).payment = { method: 'cash', status: 'paid', refunded: 0 };
      });
    },
  },
  {
    route: 'PATCH /api/orders',
    what: 'set orders to the status they have',
    url: '/api/orders',
    body: { ids: [2, 6], status: 'dispatched' },
    expect: [401, 403, 403, 200],
    verify: (cell) => {
      expect(outcomes(cell)).toEqual([[2, 200], [6, 200]]);
      expectStored(cell, () => {});
    },
  },

  // The back office's reads (admin).
  {
    route: 'GET /api/admin/stats',
    what: 'the dashboard of the last 7 days',
    url: '/api/admin/stats?days=7',
    expect: [401, 403, 403, 200],
    verify: ({ res }) => {
      expect(res.body.ordersByStatus).toEqual({ pending: 3, dispatched: 3, delivered: 3, cancelled: 3 });
      expect(res.body.revenueByDay).toHaveLength(7);
      expect(res.body.lowStock.map((p: { id: number }) => p.id)).toEqual([3, 2, 5]);
    },
  },
  {
    route: 'GET /api/admin/customers',
    what: 'customers: the second page of two',
    url: '/api/admin/customers?q=SHOP.test&_page=2&_limit=2',
    expect: [401, 403, 403, 200],
    verify: ({ res }) => {
      expect(res.headers['x-total-count']).toBe('3');
      expect(res.body).toEqual([{ id: 3, email: ACCOUNTS.other.email, role: 'user', orders: 6, totalSpent: 1800, lastOrderAt: '2026-01-12T00:00:00.000Z', verified: true, member: false }]);
    },
  },
  {
    route: 'GET /api/admin/audit',
    what: "the admin's order entries, newest first",
    prepare: (db) => {
      db.audit.push(...structuredClone(PAST_AUDIT));
    },
    url: '/api/admin/audit?entity=order&actor=1&_page=1&_limit=5',
    expect: [401, 403, 403, 200],
    verify: ({ res }) => {
      expect(res.headers['x-total-count']).toBe('2');
      expect(res.body).toEqual([PAST_AUDIT[2], PAST_AUDIT[1]]);
    },
  },
  {
    route: 'GET /api/admin/emails',
    what: 'the outbox, newest first',
    url: '/api/admin/emails?_page=1&_limit=5',
    expect: [401, 403, 403, 200],
    verify: ({ res }) => {
      expect(res.headers['x-total-count']).toBe('0');
      expect(res.body).toEqual([]);
    },
  },
  {
    route: 'POST /api/admin/emails/:id/resend',
    what: 'send a message again',
    url: '/api/admin/emails/1/resend',
    expect: [401, 403, 403, 404],
  },
  // Promotions: what the banner announces for anyone; the back office's list and writes for admins.
  {
    route: 'GET /api/promotions/banner',
    what: 'the active automatic promotion',
    prepare: (db) => {
      withPromotions(db);
      db.promotions![0].active = true;
    },
    url: '/api/promotions/banner',
    expect: [200, 200, 200, 200],
    // Nobody of the matrix is a member: each reads the offer (here the label, no banner words given).
    verify: ({ res }) => expect(res.body).toEqual({ id: 1, text: 'Members save 20%', membersOnly: true, has: false }),
  },
  {
    route: 'GET /api/admin/promotions',
    what: 'every promotion, newest first',
    prepare: withPromotions,
    url: '/api/admin/promotions',
    expect: [401, 403, 403, 200],
    verify: ({ res }) => {
      expect(res.headers['x-total-count']).toBe('2');
      expect(res.body).toEqual([CODE_PROMOTION, AUTO_PROMOTION]);
    },
  },
  {
    route: 'GET /api/admin/promotions/:id',
    what: 'one promotion',
    prepare: withPromotions,
    url: '/api/admin/promotions/2',
    expect: [401, 403, 403, 200],
    verify: ({ res }) => expect(res.body).toEqual(CODE_PROMOTION),
  },
  {
    route: 'POST /api/admin/promotions',
    what: 'add a promotion',
    prepare: withPromotions,
    url: '/api/admin/promotions',
    body: NEW_PROMOTION,
    expect: [401, 403, 403, 201],
    verify: (cell) => {
      const made = { ...PROMOTION_FIELDS, ...NEW_PROMOTION, id: 3, active: true };
      expect(cell.res.body).toEqual(made);
      expectStored(cell, (db) => {
        db.promotions!.push(made);
        const { id: _id, used: _used, ...after } = made;
        void _id;
        void _used;
        audited(db, { action: 'promotion.create', entity: 'promotion', entityId: '3', before: null, after: { id: 3, ...after } });
      });
    },
  },
  {
    route: 'PATCH /api/admin/promotions/:id',
    what: 'turn a promotion on',
    prepare: withPromotions,
    url: '/api/admin/promotions/1',
    body: { active: true },
    expect: [401, 403, 403, 200],
    verify: (cell) => {
      expect(cell.res.body).toEqual({ ...AUTO_PROMOTION, active: true });
      expectStored(cell, (db) => {
        db.promotions![0].active = true;
        audited(db, { action: 'promotion.update', entity: 'promotion', entityId: '1', before: { active: false }, after: { active: true } });
      });
    },
  },
  {
    route: 'DELETE /api/admin/promotions/:id',
    what: 'delete a promotion',
    prepare: withPromotions,
    url: '/api/admin/promotions/2',
    expect: [401, 403, 403, 204],
    verify: (cell) =>
      expectStored(cell, (db) => {
        db.promotions!.splice(1, 1);
        audited(db, { action: 'promotion.delete', entity: 'promotion', entityId: '2', before: auditedPromotion(CODE_PROMOTION), after: null });
      }),
  },
  // Shipping methods and tax rates: the country's methods for anyone; the back office's for admins.
  {
    route: 'GET /api/shipping-methods',
    what: "a country's shipping methods, cheapest first",
    prepare: withShippingAndTax,
    url: '/api/shipping-methods?country=Mexico',
    expect: [200, 200, 200, 200],
    verify: ({ res }) => expect(res.body).toEqual([MX_STANDARD, MX_EXPRESS]),
  },
  {
    route: 'GET /api/admin/shipping-methods',
    what: 'every shipping method',
    prepare: withShippingAndTax,
    url: '/api/admin/shipping-methods',
    expect: [401, 403, 403, 200],
    verify: ({ res }) => expect(res.body).toEqual([MX_STANDARD, MX_EXPRESS]),
  },
  {
    route: 'POST /api/admin/shipping-methods',
    what: 'add a shipping method',
    prepare: withShippingAndTax,
    url: '/api/admin/shipping-methods',
    body: NEW_METHOD,
    expect: [401, 403, 403, 201],
    verify: (cell) => {
      expect(cell.res.body).toEqual({ id: 3, ...NEW_METHOD });
      expectStored(cell, (db) => {
        db.shippingMethods!.push({ id: 3, ...NEW_METHOD });
        audited(db, { action: 'shipping.create', entity: 'shipping', entityId: '3', before: null, after: NEW_METHOD });
      });
    },
  },
  {
    route: 'PATCH /api/admin/shipping-methods/:id',
    what: "change a shipping method's price",
    prepare: withShippingAndTax,
    url: '/api/admin/shipping-methods/2',
    body: { amount: 31.5 },
    expect: [401, 403, 403, 200],
    verify: (cell) => {
      expect(cell.res.body).toEqual({ ...MX_EXPRESS, amount: 31.5 });
      expectStored(cell, (db) => {
        db.shippingMethods![1].amount = 31.5;
        audited(db, { action: 'shipping.update', entity: 'shipping', entityId: '2', before: { amount: 29.99 }, after: { amount: 31.5 } });
      });
    },
  },
  {
    route: 'DELETE /api/admin/shipping-methods/:id',
    what: 'delete a shipping method',
    prepare: withShippingAndTax,
    url: '/api/admin/shipping-methods/2',
    expect: [401, 403, 403, 204],
    verify: (cell) =>
      expectStored(cell, (db) => {
        db.shippingMethods!.splice(1, 1);
        const gone = { name: 'Express', country: 'Mexico', amount: 29.99, freeOver: null, estimate: { minDays: 2, maxDays: 4 } };
        audited(db, { action: 'shipping.delete', entity: 'shipping', entityId: '2', before: gone, after: null });
      }),
  },
  {
    route: 'GET /api/admin/tax-rates',
    what: 'every tax rate',
    prepare: withShippingAndTax,
    url: '/api/admin/tax-rates',
    expect: [401, 403, 403, 200],
    verify: ({ res }) => expect(res.body).toEqual([MX_TAX, JALISCO_TAX]),
  },
  {
    route: 'POST /api/admin/tax-rates',
    what: 'add a tax rate',
    prepare: withShippingAndTax,
    url: '/api/admin/tax-rates',
    body: { country: 'Mexico', state: 'Yucatán', rate: 8 },
    expect: [401, 403, 403, 201],
    verify: (cell) => {
      const made = { country: 'Mexico', state: 'Yucatán', rate: 8 };
      expect(cell.res.body).toEqual({ id: 3, ...made });
      expectStored(cell, (db) => {
        // Stored by its region's code, answered and audited by its name.
        db.taxRates!.push({ id: 3, ...made, state: 'YUC' });
        audited(db, { action: 'tax.create', entity: 'tax', entityId: '3', before: null, after: made });
      });
    },
  },
  {
    route: 'PATCH /api/admin/tax-rates/:id',
    what: 'change a tax rate',
    prepare: withShippingAndTax,
    url: '/api/admin/tax-rates/2',
    body: { rate: 8.5 },
    expect: [401, 403, 403, 200],
    verify: (cell) => {
      expect(cell.res.body).toEqual({ ...JALISCO_TAX, rate: 8.5 });
      expectStored(cell, (db) => {
        db.taxRates![1].rate = 8.5;
        audited(db, { action: 'tax.update', entity: 'tax', entityId: '2', before: { rate: 8 }, after: { rate: 8.5 } });
      });
    },
  },
  {
    route: 'DELETE /api/admin/tax-rates/:id',
    what: 'delete a tax rate',
    prepare: withShippingAndTax,
    url: '/api/admin/tax-rates/2',
    expect: [401, 403, 403, 204],
    verify: (cell) =>
      expectStored(cell, (db) => {
        db.taxRates!.splice(1, 1);
        audited(db, { action: 'tax.delete', entity: 'tax', entityId: '2', before: { country: 'Mexico', state: 'Jalisco', rate: 8 }, after: null });
      }),
  },
  {
    route: 'GET /api/admin/export/products.csv',
    what: 'the laptops as CSV, dearest first',
    url: '/api/admin/export/products.csv?category=laptops&_sort=price&_order=desc',
    expect: [401, 403, 403, 200],
    verify: (cell) => expect(firstColumn(cell)).toEqual(['id', '3', '5']),
  },
  {
    route: 'GET /api/admin/export/orders.csv',
    what: "every shopper's pending orders as CSV",
    url: '/api/admin/export/orders.csv?status=pending&_sort=totalAmount&_order=desc',
    expect: [401, 403, 403, 200],
    verify: (cell) => expect(firstColumn(cell)).toEqual(['id', '9', '5', '1']),
  },

  // The product import (admin): a dry run changes nothing; for real, every row and its audit entry.
  {
    route: 'POST /api/admin/import/products',
    what: 'import a new product and a price change, for real',
    url: '/api/admin/import/products',
    body: { csv: IMPORT_CSV, dryRun: false },
    expect: [401, 403, 403, 200],
    verify: (cell) => {
      expect(cell.res.body).toEqual({ dryRun: false, rows: 2, create: 1, update: 1, unchanged: 0, errors: {}, created: [6], updated: [2], changes: IMPORT_CHANGES });
      expectStored(cell, (db) => {
        const lamp = { id: 6, ...PRODUCT_DEFAULTS, ...NEW_PRODUCT };
        db.products.push(lamp);
        productOf(db, 2).price = 650;
        audited(db, { action: 'product.import', entity: 'product', entityId: '6', before: null, after: lamp });
        audited(db, { action: 'product.import', entity: 'product', entityId: '2', before: { price: 800 }, after: { price: 650 } });
      });
    },
  },
  {
    route: 'POST /api/admin/import/products',
    what: 'the same file as a dry run (the default)',
    url: '/api/admin/import/products',
    body: { csv: IMPORT_CSV },
    expect: [401, 403, 403, 200],
    verify: (cell) => {
      expect(cell.res.body).toEqual({ dryRun: true, rows: 2, create: 1, update: 1, unchanged: 0, errors: {}, changes: IMPORT_CHANGES });
      expectStored(cell, () => {});
    },
  },
  ...NEW_ROUTE_ROWS,
];

// Staff roles (src/domain/permissions.ts): shopper A's account given a staff role, one cell per
// row, what the role may and may not do in the back office (admins are the matrix's column).
type StaffRole = 'catalogue' | 'fulfilment' | 'support';
export interface StaffRow extends Omit<Row, 'expect' | 'url'> {
  role: StaffRole;
  url: string;
  expect: number;
}
const STAFF = (role: StaffRole) => ({ id: 2, email: ACCOUNTS.user.email, role });
/** Order 3 (shopper A's, delivered yesterday) with a return of its iPhone at `status`. */
const withReturnAt = (status: 'approved' | 'received') => (db: DbSchema) => {
  const at = new Date(Date.now() - 86_400_000).toISOString();
  orderOf(db, 3).history = [{ status: 'delivered', at, by: 'admin' }];
  orderOf(db, 3).returns = [
    { id: 1, status, items: [{ line: 1, quantity: 1 }], reason: 'Cracked screen', createdAt: at, refund: { amount: 300, method: 'cash' }, history: [{ status: 'requested', at, by: 'shopper' }] },
  ];
};
const STAFF_ROWS: StaffRow[] = [
  { role: 'fulfilment', route: 'GET /api/admin/promotions', what: 'the promotions', prepare: withPromotions, url: '/api/admin/promotions', expect: 403 },
  { role: 'fulfilment', route: 'PATCH /api/orders/:id/returns/:returnId', what: 'refund a received return', prepare: withReturnAt('received'), url: '/api/orders/3/returns/1', body: { status: 'refunded' }, expect: 403 },
  {
    role: 'fulfilment',
    route: 'PATCH /api/orders/:id',
    what: 'cancel a paid order (its money given back)',
    prepare: (db) => (orderOf(db, 2).payment = { method: 'cash', status: 'paid', refunded: 0 }),
    url: '/api/orders/2',
    body: { status: 'cancelled' },
    expect: 403,
    refused: ({ res }) => expect(res.body.message).toContain('"refunds"'),
  },
  { role: 'fulfilment', route: 'GET /api/orders', what: 'all orders', url: '/api/orders', expect: 200, verify: ({ res }) => expect(res.headers['x-total-count']).toBe('12') },
  {
    role: 'fulfilment',
    route: 'PATCH /api/orders/:id',
    what: "dispatch shopper B's order",
    prepare: (db) => (orderOf(db, 2).status = 'pending'),
    url: '/api/orders/2',
    body: { status: 'dispatched' },
    expect: 200,
    verify: ({ db }) => {
      expect(orderOf(db, 2).status).toBe('dispatched');
      expect(db.audit).toMatchObject([{ action: 'order.status', entityId: '2', actor: STAFF('fulfilment') }]);
    },
  },
  {
    role: 'fulfilment',
    route: 'PATCH /api/orders/:id/returns/:returnId',
    what: 'receive an approved return',
    prepare: withReturnAt('approved'),
    url: '/api/orders/3/returns/1',
    body: { status: 'received' },
    expect: 200,
    verify: ({ db }) => expect(orderOf(db, 3).returns).toMatchObject([{ id: 1, status: 'received' }]),
  },
  { role: 'catalogue', route: 'GET /api/orders', what: 'all orders', url: '/api/orders', expect: 403 },
  { role: 'catalogue', route: 'GET /api/orders/:id', what: "shopper B's order", url: '/api/orders/2', expect: 404 },
  { role: 'catalogue', route: 'GET /api/admin/promotions', what: 'the promotions', prepare: withPromotions, url: '/api/admin/promotions', expect: 200 },
  {
    role: 'support',
    route: 'GET /api/orders/:id',
    what: "shopper B's order, with its notes and customer",
    url: '/api/orders/2',
    expect: 200,
    verify: ({ res }) => expect(res.body).toMatchObject({ id: 2, notes: [], customer: { id: 3 } }),
  },
  { role: 'support', route: 'PATCH /api/orders/:id', what: "mark shopper B's order delivered", url: '/api/orders/2', body: { status: 'delivered' }, expect: 403 },
  { role: 'support', route: 'POST /api/orders/:id/notes', what: "an internal note on shopper B's order", url: '/api/orders/2/notes', body: { text: 'Ring twice' }, expect: 403 },
  { role: 'support', route: 'GET /api/admin/customers', what: 'the customers', url: '/api/admin/customers', expect: 200 },
  ...NEW_STAFF_ROWS,
];

type Caller = Role | StaffRole;

interface CellCase extends Omit<Row, 'expect'> {
  role: Caller;
  status: number;
  path: string;
  verb: string;
}

const CELLS: CellCase[] = [
  ...MATRIX.flatMap((row) =>
    ROLES.map((role, i) => {
      const path = typeof row.url === 'function' ? row.url(SELF[role]) : row.url;
      const verb = row.method ?? (row.route === 'unknown route' ? 'GET' : methodOf(row.route));
      return { ...row, role, status: row.expect[i], path, verb };
    }),
  ),
  ...STAFF_ROWS.map(({ role, expect: status, prepare, ...row }): CellCase => ({
    ...row,
    role,
    status,
    path: row.url,
    verb: row.method ?? methodOf(row.route as ApiRoute),
    prepare: (db) => {
      userOf(db, 2).role = role;
      prepare?.(db);
    },
  })),
];

/**
 * The matrix's cells `part` of `parts` (every parts-th cell from the part-th: each part a mix of
 * routes and roles), so the cells run in several test files side by side; part 1 also checks the
 * matrix covers every route.
 */
export function accessMatrixSuite(part: number, parts: number): void {
  const cells = CELLS.filter((_, i) => i % parts === part - 1);
  const figures = newFigures('Access-control matrix');
  afterEach(expectNoLeaks);
  afterAll(() => {
    figures.cases = cells.length;
    if (part === 1) figures.notes.push(`${MATRIX.length} rows × ${ROLES.length} roles + ${STAFF_ROWS.length} staff-role cells = ${CELLS.length} cells`);
    saveFigures('accessMatrix', figures, part);
    console.log(`access-control matrix, part ${part} of ${parts}: ${cells.length} of its ${CELLS.length} cells`);
  });

  describe(`access-control matrix (part ${part} of ${parts})`, () => {
    if (part === 1) {
      it('has a row for every API route', () => {
        const covered = new Set(MATRIX.map((r) => r.route));
        expect(API_ROUTES.filter((r) => !covered.has(r))).toEqual([]);
      });
    }

    // A refused call and an answered read change nothing (each such cell compares the stored data's
    // hash around it), so those that need no data of their own share one shop (a database of its
    // own: slot), each role signed in on it once; a write answered 2xx, or a cell with data
    // prepared or seeded, gets a fresh shop.
    let shared: Promise<DurableShop> | undefined;
    // The shared shop's state hash as the last cell on it left it (unknown after a sign-in, which
    // stores a session): each cell on it then reads the stored data once, after the call.
    let sharedHash: string | undefined;
    const agents = new Map<Caller, Promise<Agent>>();
    // A staff role's cell signs in as shopper A, whose role its data sets (STAFF_ROWS).
    const signIn = async (shop: DurableShop, role: Caller) => (role === 'anonymous' ? shop.anon() : await shop.as(role in ACCOUNT ? ACCOUNT[role as keyof typeof ACCOUNT] : 'user'));
    afterAll(async () => {
      await (await shared)?.cleanup();
    });

    it.each(cells)('$verb $path ($what) as $role → $status', async (cell) => {
      let own: DurableShop | undefined;
      let agent: Agent;
      const onShared = !cell.prepare && !cell.seed && (cell.status >= 400 || cell.verb === 'GET');
      if (onShared) {
        shared ??= makeDurableShop(figures, { data: makeData(), slot: 'refused' });
        const shop = await shared;
        if (!agents.has(cell.role)) {
          agents.set(cell.role, signIn(shop, cell.role));
          sharedHash = undefined;
        }
        agent = await agents.get(cell.role)!;
      } else {
        const data = makeData();
        cell.prepare?.(data);
        own = await makeDurableShop(figures, { data });
        if (cell.status < 400) await cell.seed?.(own);
        agent = await signIn(own, cell.role);
      }
      const shop = own ?? (await shared)!;
      try {
        // A refusal, and a read on the shared shop, are compared with the state before them (an
        // answered write is checked by verify).
        const compared = cell.status >= 400 || onShared;
        const before = !compared ? undefined : own ? await shop.stateHash() : (sharedHash ??= await shop.stateHash());
        const stored = cell.verify ? await shop.readStored() : undefined;
        const method = cell.verb.toLowerCase() as 'get' | 'post' | 'patch' | 'delete';
        const req = agent[method](cell.path).set(cell.headers ?? {});
        // Writes are JSON, body or not (as the app's client sends them).
        for (const f of cell.files ?? []) req.attach('files', f.bytes, f.name);
        const res = cell.files
          ? await req
          : cell.body === undefined
            ? await (method === 'get' ? req : req.type('json'))
            : await req.send(cell.body as object);

        expect(res.status, res.text.slice(0, 300)).toBe(cell.status);
        if (compared) {
          const after = await shop.stateHash();
          expect(after, res.status >= 400 ? 'a refused call changed the stored data' : 'an answered read changed the stored data').toBe(before);
          if (!own) sharedHash = after;
        }
        if (res.status >= 400) {
          expect(res.body.message).toEqual(expect.any(String));
          cell.refused?.({ res, role: cell.role });
        } else if (cell.verify) {
          await cell.verify({ db: await shop.readStored(), before: stored!, self: cell.role in SELF ? SELF[cell.role as Role] : 2, role: cell.role, res, agent, shop });
        }
      } finally {
        await own?.cleanup();
      }
    });
  });
}
