// Item 2: the access-control matrix. One table: every route (and the ways to reach another
// shopper's data or a higher role through it) × {anonymous, shopper A, shopper B, admin} → the
// expected status. Each cell runs on a fresh shop with its data durably stored (a data file on
// json, a database of its own on postgres): a refused call must leave what is stored exactly as it
// was (its hash is compared, sessions included), and an allowed one must act on the caller's own
// data only, as stored. Runs on the engine of its project: json (`server`), postgres (`server-pg`).
import type { Response } from 'supertest';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { DbSchema } from '../../server/model';
import { ACCOUNTS, address, expectNoLeaks, makeData, type Agent } from '../api/fixtures';
import { API_ROUTES, methodOf, type ApiRoute } from './routes';
import { newFigures, saveFigures } from './summary';
import { makeDurableShop, NEW_PRODUCT } from './support';

afterEach(expectNoLeaks);

const figures = newFigures('Access-control matrix');

const ROLES = ['anonymous', 'shopper A', 'shopper B', 'admin'] as const;
type Role = (typeof ROLES)[number];
/** The fixture account behind each role (A = user@shop.test, id 2; B = other@shop.test, id 3). */
const ACCOUNT = { 'shopper A': 'user', 'shopper B': 'other', admin: 'admin' } as const;
/** The caller's user id; anonymous calls aim at shopper A. */
const SELF: Record<Role, number> = { anonymous: 2, 'shopper A': 2, 'shopper B': 3, admin: 1 };

interface Cell {
  db: DbSchema;
  self: number;
  role: Role;
  res: Response;
  agent: Agent;
}

interface Row {
  route: ApiRoute | 'unknown route';
  what: string;
  url: string | ((self: number) => string);
  body?: unknown;
  method?: string;
  /** Request headers. */
  headers?: Record<string, string>;
  /** Changes the fresh shop's data before the call (e.g. an earlier request's traces). */
  prepare?: (db: DbSchema) => void;
  /** Expected status for anonymous, shopper A, shopper B, admin. */
  expect: [number, number, number, number];
  /** Extra checks on an answered-2xx cell. */
  verify?: (cell: Cell) => void | Promise<void>;
}

const ORDER = { items: [{ product: 5, quantity: 1 }], paymentMethod: 'card', selectedAddress: address() };
const userOf = (db: DbSchema, id: number) => db.users.find((u) => u.id === id)!;

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
    route: 'DELETE /api/products/:id',
    what: 'hard-delete a product',
    url: '/api/products/1',
    expect: [405, 405, 405, 405],
  },

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
];

interface CellCase extends Row {
  role: Role;
  status: number;
  path: string;
  verb: string;
}

const CELLS: CellCase[] = MATRIX.flatMap((row) =>
  ROLES.map((role, i) => {
    const path = typeof row.url === 'function' ? row.url(SELF[role]) : row.url;
    const verb = row.method ?? (row.route === 'unknown route' ? 'GET' : methodOf(row.route));
    return { ...row, role, status: row.expect[i], path, verb };
  }),
);

afterAll(() => {
  figures.cases = CELLS.length;
  figures.notes.push(`${MATRIX.length} rows × ${ROLES.length} roles = ${CELLS.length} cells`);
  saveFigures('accessMatrix', figures);
  console.log(`access-control matrix: ${MATRIX.length} rows × ${ROLES.length} roles = ${CELLS.length} cells`);
});

describe('access-control matrix', () => {
  it('has a row for every API route', () => {
    const covered = new Set(MATRIX.map((r) => r.route));
    expect(API_ROUTES.filter((r) => !covered.has(r))).toEqual([]);
  });

  it.each(CELLS)('$verb $path ($what) as $role → $status', async (cell) => {
    const data = makeData();
    cell.prepare?.(data);
    const shop = await makeDurableShop(figures, { data });
    try {
      const agent = cell.role === 'anonymous' ? shop.anon() : await shop.as(ACCOUNT[cell.role]);
      const before = await shop.stateHash();
      const method = cell.verb.toLowerCase() as 'get' | 'post' | 'patch' | 'delete';
      const req = agent[method](cell.path).set(cell.headers ?? {});
      // Writes are JSON, body or not (as the app's client sends them).
      const res = cell.body === undefined ? await (method === 'get' ? req : req.type('json')) : await req.send(cell.body as object);

      expect(res.status, res.text.slice(0, 300)).toBe(cell.status);
      if (res.status >= 400) {
        expect(res.body.message).toEqual(expect.any(String));
        expect(await shop.stateHash(), 'a refused call changed the stored data').toBe(before);
      } else if (cell.verify) {
        await cell.verify({ db: await shop.readStored(), self: SELF[cell.role], role: cell.role, res, agent });
      }
    } finally {
      await shop.cleanup();
    }
  });
});
