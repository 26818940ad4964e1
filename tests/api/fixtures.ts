// Test fixtures: a small shop built here (not the seed), apps on either engine, signed-in agents,
// and a check that no response ever carries a password or a hash.
//
// The driver is TEST_ENGINE: `embedded` (default: PGlite in the test process, one database per
// test file whose data each shop replaces, tests/pg/embeddedShop.ts) or `postgres` (a database of
// its own per shop on the run's throw-away cluster, tests/pg/shopDatabase.ts). vite.config.ts
// runs the API and data-reliability suites once per driver, as the projects `server` and
// `server-pg`.
import request from 'supertest';
import type { Express } from 'express';
import { expect } from 'vitest';
import type { Address, Order, Product } from '../../src/domain/types';
import { createApp, type AppOptions } from '../../server/app';
import type { DbSchema } from '../../server/db/snapshot';
import type { StoredUser } from '../../server/db/port';
import { hashPassword } from '../../server/modules/accounts/passwords';
import { embeddedShopStore } from '../pg/embeddedShop';
import { deferredStore, openShopStore } from '../pg/shopDatabase';

export type Engine = 'embedded' | 'postgres';
export const ENGINE: Engine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'embedded';

/** A cheap scrypt cost keeps the suite fast; the format and code path are the real ones. */
export const TEST_COST = 1024;

export const ACCOUNTS = {
  admin: { id: 1, email: 'admin@shop.test', password: 'Admin1234' },
  user: { id: 2, email: 'user@shop.test', password: 'User12345' },
  other: { id: 3, email: 'other@shop.test', password: 'Other1234' },
} as const;
export type Who = keyof typeof ACCOUNTS;

export const address = (overrides: Partial<Address> = {}): Address => ({
  name: 'Asha Rao',
  email: 'asha@example.com',
  phoneNumber: '+91 98765 43210',
  country: 'India',
  street: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560001',
  ...overrides,
});

// Hashed once per test file: every test gets a fresh copy of the data.
const HASHES = Object.fromEntries(
  Object.entries(ACCOUNTS).map(([who, a]) => [who, hashPassword(a.password, { cost: TEST_COST })]),
) as Record<Who, string>;

const product = (p: Partial<Product> & Pick<Product, 'id' | 'title' | 'price' | 'brand' | 'category'>): Product => ({
  description: `${p.title}, a fine product.`,
  discountPercentage: 0,
  stock: 10,
  thumbnail: `/images/products/${p.id}/thumb.webp`,
  images: [1, 2, 3].map((n) => `/images/products/${p.id}/${n}.webp`),
  rating: 4.2,
  weight: 1,
  warrantyInformation: '1 year warranty',
  shippingInformation: 'Ships in 1 week',
  returnPolicy: '30 days return policy',
  minimumOrderQuantity: 1,
  reviews: [{ reviewerName: 'Ben', rating: 5, comment: 'Great' }],
  deleted: false,
  ...p,
});

export const PRODUCTS: Product[] = [
  product({ id: 1, title: 'iPhone 15', price: 1000, discountPercentage: 10, stock: 10, brand: 'Apple', category: 'smartphones', rating: 4.8 }),
  product({ id: 2, title: 'Galaxy S24', price: 800, discountPercentage: 12.5, stock: 2, brand: 'Samsung', category: 'smartphones', rating: 4.5 }),
  product({ id: 3, title: 'MacBook Air', price: 2000, stock: 0, brand: 'Apple', category: 'laptops', rating: 4.9 }),
  product({ id: 4, title: 'Sauvage Eau de Parfum', price: 99.99, discountPercentage: 5, stock: 50, brand: 'Dior', category: 'fragrances', deleted: true, rating: 3.1 }),
  product({ id: 5, title: 'Galaxy Tab S9', price: 300, discountPercentage: 20, stock: 5, brand: 'Samsung', category: 'laptops', rating: 4.0 }),
];

const STATUSES = ['pending', 'dispatched', 'delivered', 'cancelled'] as const;

/** 12 orders: ids 1..12, users 2 and 3 alternating, statuses cycling, totals 100, 200, ... */
function orders(): Order[] {
  return Array.from({ length: 12 }, (_, i) => {
    const p = PRODUCTS[i % 2];
    return {
      id: i + 1,
      items: [{ id: 1, product: p, quantity: 1 }],
      user: i % 2 === 0 ? 2 : 3,
      totalAmount: (i + 1) * 100,
      totalItems: 1,
      paymentMethod: 'cash',
      selectedAddress: address(),
      status: STATUSES[i % 4],
      createdAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
    };
  });
}

export function makeData(): DbSchema {
  const users: StoredUser[] = [
    { id: 1, email: ACCOUNTS.admin.email, password: HASHES.admin, role: 'admin', addresses: [], name: 'Admin' },
    { id: 2, email: ACCOUNTS.user.email, password: HASHES.user, role: 'user', addresses: [] },
    { id: 3, email: ACCOUNTS.other.email, password: HASHES.other, role: 'user', addresses: [address({ name: 'Other' })] },
  ];
  return {
    users,
    products: structuredClone(PRODUCTS),
    categories: [
      { id: 1, value: 'smartphones', label: 'Smartphones' },
      { id: 2, value: 'laptops', label: 'Laptops' },
      { id: 3, value: 'fragrances', label: 'Fragrances' },
    ],
    brands: [
      { id: 1, value: 'Apple', label: 'Apple' },
      { id: 2, value: 'Samsung', label: 'Samsung' },
      { id: 3, value: 'Dior', label: 'Dior' },
    ],
    cart: [{ id: 1, user: 3, product: 1, quantity: 2 }],
    orders: orders(),
    sessions: [],
    idempotency: [],
    audit: [],
  };
}

/** The test provider's approved card (server/modules/payments/testProvider.ts). */
export const TEST_CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' };

/** An order body as the client builds it, with prices and totals the client chose. */
export function orderBody(items: { product: number; quantity: number }[], overrides: Record<string, unknown> = {}) {
  return {
    items: items.map((item, i) => ({
      id: i + 10,
      product: { ...PRODUCTS[item.product - 1], price: 1, discountPercentage: 99 },
      quantity: item.quantity,
    })),
    user: 3,
    totalAmount: 1,
    totalItems: 1,
    paymentMethod: 'card',
    // The offline test provider's approved card (a card order carries its card).
    card: TEST_CARD,
    selectedAddress: address(),
    status: 'delivered',
    ...overrides,
  };
}

// --- No secrets in any response -------------------------------------------------------------

const leaks: string[] = [];

/** Fails when a response so far contained a password field or a hash (call in afterEach). */
export function expectNoLeaks(): void {
  const found = leaks.splice(0);
  expect(found).toEqual([]);
}

const PLAINTEXTS = Object.values(ACCOUNTS).map((a) => a.password);

/** Paths of `password` keys outside an `errors` object (validation messages are fine). */
function passwordKeys(value: unknown, path: string[] = []): string[] {
  if (typeof value !== 'object' || value === null) return [];
  if (path[path.length - 1] === 'errors') return [];
  return Object.entries(value).flatMap(([k, v]) =>
    /password/i.test(k) ? [[...path, k].join('.')] : passwordKeys(v, [...path, k]),
  );
}

/**
 * Records a leak (reported by expectNoLeaks) when an answer holds a hash, a password field, or a
 * plaintext password: the fixture accounts' or any in `passwords` (those the client sent).
 */
export function scanAnswer(where: string, text: string, body: unknown, passwords: Iterable<string> = []): void {
  if (/scrypt\$/i.test(text)) leaks.push(`${where}: a hash in ${text.slice(0, 200)}`);
  for (const p of new Set([...PLAINTEXTS, ...passwords])) if (text.includes(p)) leaks.push(`${where}: a plaintext password`);
  for (const key of passwordKeys(body)) leaks.push(`${where}: field ${key}`);
}

function scan(res: { text?: string; body?: unknown; req?: { method?: string; path?: string } }): void {
  scanAnswer(`${res.req?.method} ${res.req?.path}`, res.text ?? '', res.body);
}

export type Agent = ReturnType<typeof request.agent>;

/** A supertest agent (own cookie jar) whose every response is scanned for secrets. */
export function agent(app: Express): Agent {
  const a = request.agent(app);
  a.on('response', scan);
  return a;
}

// --- Apps -------------------------------------------------------------------------------------

export interface TestShop {
  app: Express;
  /** The store adapter (of ENGINE); tests read and set up state through state() and update(). */
  store: ReturnType<typeof createApp>['store'];
  /** The app's health, metrics and logs (server/modules/operations). */
  operations: ReturnType<typeof createApp>['operations'];
  /** The modules' services (periodic work a test runs itself, e.g. the membership reminders). */
  services: ReturnType<typeof createApp>['services'];
  /** A copy of everything the store holds, in the data file's shape. */
  state(): Promise<DbSchema>;
  /** Changes the stored state directly (a set-up the API cannot make). */
  update(change: (data: DbSchema) => void): Promise<void>;
  /** An agent signed in as one of the fixture accounts. */
  as(who: Who): Promise<Agent>;
  /** A fresh, signed-out agent. */
  anon(): Agent;
}

/** state() and update() over a store. */
export function stateAccess(store: TestShop['store']): Pick<TestShop, 'state' | 'update'> {
  return {
    state: () => store.snapshot(),
    async update(change) {
      const data = await store.snapshot();
      change(data);
      await store.replace(data);
    },
  };
}

/**
 * A store of ENGINE holding `data`: the test file's embedded database (of `slot`: a shop kept
 * while others are made needs a slot of its own, tests/pg/embeddedShop.ts), or a fresh
 * PostgreSQL database.
 */
export function engineStore(data: DbSchema, slot?: string): AppOptions['store'] {
  return ENGINE === 'postgres' ? deferredStore(openShopStore(data)) : embeddedShopStore(data, slot);
}

export type ShopOptions = Partial<AppOptions> & { data?: DbSchema; slot?: string };

/** createApp on ENGINE with `data` (default makeData()). */
export function engineApp({ data = makeData(), slot, ...options }: ShopOptions = {}): ReturnType<typeof createApp> {
  const base = { secret: 'test-secret-test-secret-test-secret', passwordCost: TEST_COST };
  return createApp({ ...base, ...options, store: options.store ?? engineStore(data, slot) });
}

export function makeShop(options: ShopOptions = {}): TestShop {
  const { app, store, operations, services } = engineApp(options);
  return {
    app,
    store,
    operations,
    services,
    ...stateAccess(store),
    anon: () => agent(app),
    async as(who) {
      const a = agent(app);
      const { email, password } = ACCOUNTS[who];
      await a.post('/api/auth/login').send({ email, password }).expect(200);
      return a;
    },
  };
}

/** A controllable clock for expiry and rate-limit windows. */
export function clock(start = Date.UTC(2026, 5, 1)) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}
