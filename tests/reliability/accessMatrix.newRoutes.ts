// The access-control matrix's rows (./accessMatrix.ts) of the staff, two-factor sign-in, image
// uploads, the products table, webhooks, brands and categories, the mail status and the shop's settings. Refused
// cells share the matrix's shop; an answered one checks what is stored, db.json's collections
// (expectStored) and what they leave out (support.ts readExtra: secrets, webhooks, images, the outbox).
import { expect } from 'vitest';
import type { DbSchema } from '../../server/db/snapshot';
import type { AuditEntry } from '../../src/domain/types';
import { DEFAULT_CONTACT } from '../../server/modules/settings/service';
import { ACCOUNTS } from '../api/fixtures';
import type { Cell, Row, StaffRow } from './accessMatrix';
import { DOT_PNG, readExtra, SEEDED_WEBHOOK, seedWebhook } from './support';

const ADMIN = { id: 1, email: ACCOUNTS.admin.email, role: 'admin' } as const;
const userOf = (db: DbSchema, id: number) => db.users.find((u) => u.id === id)!;
const productOf = (db: DbSchema, id: number) => db.products.find((p) => p.id === id)!;

/** What is stored is what it was with `change` made to it, and nothing else (sessions aside). */
function expectStored({ db, before }: Cell, change: (expected: DbSchema) => void): void {
  const expected = structuredClone(before);
  change(expected);
  expect({ ...db, sessions: [] }).toEqual({ ...expected, sessions: [] });
}
const audited = (db: DbSchema, entry: Pick<AuditEntry, 'action' | 'entity' | 'entityId' | 'before' | 'after'>) =>
  db.audit.push({ id: expect.any(Number), at: expect.any(String), actor: ADMIN, ...entry });

/** Shopper B (account 3) of the fulfilment role. */
const bFulfilment = (db: DbSchema) => {
  userOf(db, 3).role = 'fulfilment';
};
/** The MacBook's only variant given id 50 (product 3). */
const withVariant = (db: DbSchema) => {
  Object.assign(productOf(db, 3), { options: [], variants: [{ id: 50, sku: 'SKU-3', options: {}, price: null, discountPercentage: null, stock: 0 }] });
};
/** A brand and a category no product uses (id 4 each). */
const withUnused = (db: DbSchema) => {
  db.brands.push({ id: 4, value: 'sony', label: 'Sony' });
  db.categories.push({ id: 4, value: 'tablets', label: 'Tablets' });
};
const NEW_WEBHOOK = { url: 'https://hooks.example.com/new', events: ['order.placed', 'stock.low'] };

const taxonomyRows = (kind: 'brands' | 'categories'): Row[] => {
  const entity = kind === 'brands' ? 'brand' : 'category';
  const field = kind === 'brands' ? 'brand' : 'category';
  // Dior (brand 3) and Laptops (category 2) are used; merged into Apple (brand 1) and Smartphones (category 1).
  const used = kind === 'brands' ? { id: 3, value: 'Dior', label: 'Dior' } : { id: 2, value: 'laptops', label: 'Laptops' };
  const into = kind === 'brands' ? { id: 1, value: 'Apple' } : { id: 1, value: 'smartphones' };
  return [
    {
      route: `GET /api/admin/${kind}`,
      what: `the ${kind} with their products`,
      url: `/api/admin/${kind}`,
      expect: [401, 403, 403, 200],
      verify: ({ res, db }) => expect(res.body.map((i: { id: number; value: string }) => [i.id, i.value])).toEqual(db[kind].map((i) => [i.id, i.value])),
    },
    {
      route: `POST /api/admin/${kind}`,
      what: `add a ${entity}`,
      url: `/api/admin/${kind}`,
      body: { label: 'Lenovo Tech' },
      expect: [401, 403, 403, 201],
      verify: (cell) => {
        const made = { value: 'lenovo-tech', label: 'Lenovo Tech' };
        expect(cell.res.body).toMatchObject({ id: 4, ...made, products: 0 });
        expectStored(cell, (db) => {
          db[kind].push({ id: 4, ...made });
          audited(db, { action: `${entity}.create` as AuditEntry['action'], entity, entityId: '4', before: null, after: expect.objectContaining(made) });
        });
      },
    },
    {
      route: `PATCH /api/admin/${kind}/:id`,
      what: `rename a ${entity}`,
      url: `/api/admin/${kind}/${used.id}`,
      body: { label: 'Renamed One' },
      expect: [401, 403, 403, 200],
      verify: (cell) => {
        expect(cell.res.body).toMatchObject({ id: used.id, value: used.value, label: 'Renamed One' });
        expect(cell.db[kind].find((i) => i.id === used.id)).toEqual({ ...used, label: 'Renamed One' });
        expect(cell.db.products).toEqual(cell.before.products);
      },
    },
    { route: `DELETE /api/admin/${kind}/:id`, what: `delete a ${entity} products use`, url: `/api/admin/${kind}/${used.id}`, expect: [401, 403, 403, 409] },
    {
      route: `DELETE /api/admin/${kind}/:id`,
      what: `delete a ${entity} no product uses`,
      prepare: withUnused,
      url: `/api/admin/${kind}/4`,
      expect: [401, 403, 403, 204],
      verify: (cell) => {
        expect(cell.db[kind].map((i) => i.id)).toEqual(cell.before[kind].filter((i) => i.id !== 4).map((i) => i.id));
        expect(cell.db.products).toEqual(cell.before.products);
      },
    },
    {
      route: `POST /api/admin/${kind}/:id/merge`,
      what: `merge a used ${entity} into another`,
      url: `/api/admin/${kind}/${used.id}/merge`,
      body: { into: into.id },
      expect: [401, 403, 403, 200],
      verify: (cell) => {
        expect(cell.db[kind].map((i) => i.id)).not.toContain(used.id);
        for (const p of cell.before.products) expect(productOf(cell.db, p.id)[field]).toBe(p[field] === used.value ? into.value : p[field]);
      },
    },
  ];
};

export const NEW_ROUTE_ROWS: Row[] = [
  {
    route: 'GET /api/mail-status',
    what: 'whether mail is held (no mail server in the tests)',
    url: '/api/mail-status',
    expect: [200, 200, 200, 200],
    verify: ({ res }) => expect(res.body).toEqual({ held: expect.any(Boolean) }),
  },

  // The shop's settings: anyone reads the contact details and the membership fee; only admins read them uncached or change them.
  {
    route: 'GET /api/settings',
    what: "the shop's contact details and membership fee",
    url: '/api/settings',
    expect: [200, 200, 200, 200],
    verify: ({ res }) => expect(res.body).toEqual({ contact: DEFAULT_CONTACT, membershipFee: 49 }),
  },
  {
    route: 'GET /api/admin/settings',
    what: 'the contact details and membership fee, never cached',
    url: '/api/admin/settings',
    expect: [401, 403, 403, 200],
    verify: ({ res }) => expect(res.body).toEqual({ contact: DEFAULT_CONTACT, membershipFee: 49 }),
  },
  {
    route: 'PATCH /api/admin/settings',
    what: "change the shop's contact email",
    url: '/api/admin/settings',
    body: { contact: { email: 'care@example.com' } },
    expect: [401, 403, 403, 200],
    verify: async (cell) => {
      const contact = { ...DEFAULT_CONTACT, email: 'care@example.com' };
      expect(cell.res.body).toEqual({ contact, membershipFee: 49 });
      expect((await readExtra(cell.shop)).shopSettings).toEqual({ 'shop.contact': JSON.stringify(contact) });
      expectStored(cell, (db) => audited(db, { action: 'settings.update', entity: 'settings', entityId: 'contact', before: { email: DEFAULT_CONTACT.email }, after: { email: 'care@example.com' } }));
    },
  },

  // Two-factor sign-in: the caller's own only; none of the fixture accounts has it on.
  {
    route: 'POST /api/users/own/2fa',
    what: 'set up two-factor sign-in (a pending secret)',
    url: '/api/users/own/2fa',
    expect: [401, 200, 200, 200],
    verify: async (cell) => {
      expect(cell.res.body).toMatchObject({ secret: expect.stringMatching(/^[A-Z2-7]+$/), otpauthUrl: expect.stringContaining(encodeURIComponent(userOf(cell.db, cell.self).email)) });
      const extra = await readExtra(cell.shop);
      expect(extra.twoFactor).toEqual([{ user_id: cell.self, secret: null, pending_secret: cell.res.body.secret, last_step: null }]);
      expect(extra.twoFactorUsers).toEqual([]);
      expectStored(cell, () => {});
    },
  },
  { route: 'POST /api/users/own/2fa/confirm', what: 'confirm a setup never started', url: '/api/users/own/2fa/confirm', body: { code: '123456' }, expect: [401, 409, 409, 409] },
  {
    route: 'DELETE /api/users/own/2fa',
    what: "turn two-factor off with shopper A's password (it is off)",
    url: '/api/users/own/2fa',
    body: { password: ACCOUNTS.user.password, code: '123456' },
    expect: [401, 409, 409, 409],
  },

  // Staff (admins): the members, an invitation, a role, a removal; never the last admin.
  {
    route: 'GET /api/admin/staff',
    what: 'the staff',
    prepare: bFulfilment,
    url: '/api/admin/staff',
    expect: [401, 403, 403, 200],
    verify: ({ res }) =>
      expect(res.body).toEqual([
        { id: 1, email: ACCOUNTS.admin.email, name: 'Admin', role: 'admin', invited: false },
        { id: 3, email: ACCOUNTS.other.email, role: 'fulfilment', invited: false },
      ]),
  },
  {
    route: 'POST /api/admin/staff',
    what: 'invite a new address',
    url: '/api/admin/staff',
    body: { email: 'New.Staff@shop.test', role: 'catalogue' },
    expect: [401, 403, 403, 201],
    verify: async (cell) => {
      expect(cell.res.body).toEqual({ id: 4, email: 'new.staff@shop.test', role: 'catalogue', invited: true });
      expect(userOf(cell.db, 4)).toMatchObject({ email: 'new.staff@shop.test', role: 'catalogue', password: '!invited' });
      expect(cell.db.audit).toMatchObject([{ action: 'staff.invite', entity: 'staff', entityId: '4', actor: ADMIN, after: { email: 'new.staff@shop.test', role: 'catalogue' } }]);
      const extra = await readExtra(cell.shop);
      expect(extra.outbox.map((m) => m.to)).toEqual(['new.staff@shop.test']);
      expect(extra.passwordLinks).toBe(1);
    },
  },
  {
    route: 'POST /api/admin/staff',
    what: "give shopper B's account a role",
    url: '/api/admin/staff',
    body: { email: ACCOUNTS.other.email, role: 'support' },
    expect: [401, 403, 403, 200],
    verify: (cell) =>
      expectStored(cell, (db) => {
        userOf(db, 3).role = 'support';
        audited(db, { action: 'staff.role', entity: 'staff', entityId: '3', before: { role: 'user' }, after: { role: 'support' } });
      }),
  },
  {
    route: 'PATCH /api/admin/staff/:id',
    what: "change shopper B's staff role",
    prepare: bFulfilment,
    url: '/api/admin/staff/3',
    body: { role: 'support' },
    expect: [401, 403, 403, 200],
    verify: (cell) =>
      expectStored(cell, (db) => {
        userOf(db, 3).role = 'support';
        audited(db, { action: 'staff.role', entity: 'staff', entityId: '3', before: { role: 'fulfilment' }, after: { role: 'support' } });
      }),
  },
  { route: 'PATCH /api/admin/staff/:id', what: 'demote the last admin', url: '/api/admin/staff/1', body: { role: 'catalogue' }, expect: [401, 403, 403, 409] },
  {
    route: 'DELETE /api/admin/staff/:id',
    what: 'make a staff member a shopper again',
    prepare: bFulfilment,
    url: '/api/admin/staff/3',
    expect: [401, 403, 403, 204],
    verify: (cell) =>
      expectStored(cell, (db) => {
        userOf(db, 3).role = 'user';
        audited(db, { action: 'staff.remove', entity: 'staff', entityId: '3', before: { role: 'fulfilment' }, after: { role: 'user' } });
      }),
  },
  { route: 'DELETE /api/admin/staff/:id', what: 'remove the last admin', url: '/api/admin/staff/1', expect: [401, 403, 403, 409] },

  // Images (the catalogue permission): the body is read only after the role check.
  {
    route: 'POST /api/admin/media',
    what: 'upload an image',
    url: '/api/admin/media',
    files: [{ name: 'dot.png', bytes: DOT_PNG }],
    expect: [401, 403, 403, 201],
    verify: async (cell) => {
      expect(cell.res.body).toEqual([{ id: expect.any(Number), url: expect.stringMatching(/^\/media\/\d+\/1\.webp$/), width: 1, height: 1 }]);
      expect((await readExtra(cell.shop)).media).toContainEqual({ id: cell.res.body[0].id, name: 'dot.png', width: 1, height: 1 });
      expect({ ...cell.db, sessions: [], audit: [] }).toEqual({ ...cell.before, sessions: [], audit: [] });
    },
  },

  // The products table and its bulk changes (the catalogue permission).
  {
    route: 'GET /api/admin/products',
    what: 'the laptops, dearest first',
    url: '/api/admin/products?category=laptops&_sort=price&_order=desc',
    expect: [401, 403, 403, 200],
    verify: ({ res }) => {
      expect(res.headers['x-total-count']).toBe('2');
      expect(res.body.map((p: { id: number }) => p.id)).toEqual([3, 5]);
    },
  },
  {
    route: 'POST /api/admin/products/bulk',
    what: 'move two products to the laptops',
    url: '/api/admin/products/bulk',
    body: { action: 'category', ids: [1, 2], value: 'laptops' },
    expect: [401, 403, 403, 200],
    verify: (cell) => {
      expect(cell.res.body).toEqual({ changed: [1, 2], unchanged: [] });
      expect(cell.db.products.map((p) => p.category)).toEqual(['laptops', 'laptops', ...cell.before.products.slice(2).map((p) => p.category)]);
      expect(cell.db.audit).toHaveLength(2);
    },
  },
  {
    route: 'PATCH /api/admin/products/:id/variants/:variantId',
    what: "set a variant's stock",
    prepare: withVariant,
    url: '/api/admin/products/3/variants/50',
    body: { stock: 4 },
    expect: [401, 403, 403, 200],
    verify: (cell) => {
      // A product whose only variant has no options is stored (db.json) without its variants.
      expect(cell.res.body).toMatchObject({ id: 3, stock: 4, variants: [{ id: 50, stock: 4 }] });
      expect(productOf(cell.db, 3).stock).toBe(4);
      expect(cell.db.products.filter((p) => p.id !== 3)).toEqual(cell.before.products.filter((p) => p.id !== 3));
    },
  },

  // Webhooks (admins): endpoint 1 (support.ts seedWebhook) with one failed delivery.
  {
    route: 'GET /api/admin/webhooks',
    what: 'the endpoints, without their secrets',
    seed: seedWebhook,
    url: '/api/admin/webhooks',
    expect: [401, 403, 403, 200],
    verify: ({ res }) => expect(res.body).toEqual([{ id: 1, ...SEEDED_WEBHOOK }]),
  },
  {
    route: 'POST /api/admin/webhooks',
    what: 'add an endpoint (its secret answered once)',
    url: '/api/admin/webhooks',
    body: NEW_WEBHOOK,
    expect: [401, 403, 403, 201],
    verify: async (cell) => {
      expect(cell.res.body).toMatchObject({ id: 1, ...NEW_WEBHOOK, active: true, secret: expect.stringMatching(/^whsec_[0-9a-f]{64}$/) });
      expect((await readExtra(cell.shop)).webhookEndpoints).toMatchObject([{ id: 1, ...NEW_WEBHOOK, active: true, secret: cell.res.body.secret }]);
      expect(cell.db.audit).toMatchObject([{ action: 'webhook.create', entity: 'webhook', entityId: '1', actor: ADMIN }]);
      expect(JSON.stringify(cell.db.audit)).not.toContain(cell.res.body.secret);
    },
  },
  {
    route: 'PATCH /api/admin/webhooks/:id',
    what: 'turn an endpoint off',
    seed: seedWebhook,
    url: '/api/admin/webhooks/1',
    body: { active: false },
    expect: [401, 403, 403, 200],
    verify: async (cell) => {
      expect(cell.res.body).toEqual({ id: 1, ...SEEDED_WEBHOOK, active: false });
      expect((await readExtra(cell.shop)).webhookEndpoints).toMatchObject([{ id: 1, url: SEEDED_WEBHOOK.url, active: false }]);
    },
  },
  {
    route: 'GET /api/admin/webhooks/:id/deliveries',
    what: "an endpoint's delivery log",
    seed: seedWebhook,
    url: '/api/admin/webhooks/1/deliveries',
    expect: [401, 403, 403, 200],
    verify: ({ res }) => {
      expect(res.headers['x-total-count']).toBe('1');
      expect(res.body).toMatchObject([{ id: 1, event: 'order.placed', eventId: 'evt_seeded', attempt: 1, status: 500, response: 'Server error' }]);
    },
  },
  {
    route: 'POST /api/admin/webhooks/:id/deliveries/:did/resend',
    what: 'send a delivery again',
    seed: seedWebhook,
    url: '/api/admin/webhooks/1/deliveries/1/resend',
    expect: [401, 403, 403, 202],
    verify: async (cell) => {
      expect(cell.res.body).toEqual({ id: expect.any(Number), event: 'order.placed', eventId: 'evt_seeded' });
      expect((await readExtra(cell.shop)).webhookDeliveries).toContainEqual(expect.objectContaining({ id: cell.res.body.id, event_id: 'evt_seeded', status: 'pending' }));
      expect(cell.db.audit).toMatchObject([{ action: 'webhook.resend', entity: 'webhook', entityId: '1' }]);
    },
  },
  {
    route: 'DELETE /api/admin/webhooks/:id',
    what: 'delete an endpoint, its deliveries with it',
    seed: seedWebhook,
    url: '/api/admin/webhooks/1',
    expect: [401, 403, 403, 204],
    verify: async (cell) => {
      const extra = await readExtra(cell.shop);
      expect([extra.webhookEndpoints, extra.webhookDeliveries, extra.webhookAttempts]).toEqual([[], [], []]);
      expect(cell.db.audit).toMatchObject([{ action: 'webhook.delete', entity: 'webhook', entityId: '1' }]);
    },
  },
  { route: 'DELETE /api/admin/webhooks/:id', what: 'delete an unknown endpoint', url: '/api/admin/webhooks/1', expect: [401, 403, 403, 404] },

  ...taxonomyRows('brands'),
  ...taxonomyRows('categories'),
];

// Staff roles on the new back-office routes (docs/permissions.md): webhooks, staff and the shop's
// settings are admins' alone; brands, categories, images and the products table the catalogue role's.
export const NEW_STAFF_ROWS: StaffRow[] = [
  { role: 'catalogue', route: 'GET /api/admin/webhooks', what: 'the webhooks', url: '/api/admin/webhooks', expect: 403 },
  { role: 'catalogue', route: 'PATCH /api/admin/settings', what: "change the shop's contact email", url: '/api/admin/settings', body: { contact: { email: 'care@example.com' } }, expect: 403 },
  { role: 'support', route: 'GET /api/admin/staff', what: 'the staff', url: '/api/admin/staff', expect: 403 },
  { role: 'fulfilment', route: 'POST /api/admin/staff', what: 'make themselves an admin', url: '/api/admin/staff', body: { email: ACCOUNTS.user.email, role: 'admin' }, expect: 403 },
  { role: 'fulfilment', route: 'POST /api/admin/media', what: 'upload an image', url: '/api/admin/media', files: [{ name: 'dot.png', bytes: DOT_PNG }], expect: 403 },
  { role: 'support', route: 'POST /api/admin/brands', what: 'add a brand', url: '/api/admin/brands', body: { label: 'Lenovo' }, expect: 403 },
  { role: 'catalogue', route: 'GET /api/admin/categories', what: 'the categories', url: '/api/admin/categories', expect: 200, verify: ({ res }) => expect(res.body).toHaveLength(3) },
  {
    role: 'catalogue',
    route: 'POST /api/admin/products/bulk',
    what: 'delete two products',
    url: '/api/admin/products/bulk',
    body: { action: 'delete', ids: [1, 2] },
    expect: 200,
    verify: ({ db }) => expect(db.products.filter((p) => p.deleted).map((p) => p.id)).toEqual([1, 2, 4]),
  },
];
