// Shared by the reliability tests: shops whose data is durably stored on the driver of the test
// project (ENGINE of tests/api/fixtures.ts): a throw-away data folder for the embedded driver, a
// database of its own for postgres. "Nothing changed" and "every acknowledged write is there"
// are then checked on what is committed, not on what the server holds. Plus request counting.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { createApp, type AppOptions } from '../../server/app';
import type { DbSchema } from '../../server/db/snapshot';
import { openStore } from '../../server/db/open';
import { openEmbedded } from '../../server/db/embedded';
import { openDatabase } from '../../server/db/connect';
import { readSnapshot } from '../../server/db/load';
import { PgStore } from '../../server/db/pgStore';
import type { Database } from '../../server/db/schema';
import { dropDatabase } from '../pg/cluster';
import { embeddedShop, templateImage } from '../pg/embeddedShop';
import { deferredStore, newShopDatabase } from '../pg/shopDatabase';
import { ACCOUNTS, agent, ENGINE, makeData, stateAccess, TEST_COST, type Agent, type Engine, type TestShop } from '../api/fixtures';
import type { StartOptions } from './childServer';
import type { Figures } from './summary';

export const SECRET = 'reliability-secret-reliability-secret';

/** A product body the API accepts (brand and category from makeData()). */
export const NEW_PRODUCT = {
  title: 'Desk Lamp',
  description: 'A bright desk lamp.',
  price: 25,
  discountPercentage: 5,
  stock: 3,
  thumbnail: '/images/lamp/thumb.webp',
  images: ['/images/lamp/1.webp', '/images/lamp/2.webp', '/images/lamp/3.webp'],
  brand: 'Apple',
  category: 'laptops',
};

/** The product import's columns: the export's, less the rating it ignores. */
const IMPORT_COLUMNS = ['id', 'title', 'description', 'price', 'discountPercentage', 'stock', 'brand', 'category', 'thumbnail', 'image1', 'image2', 'image3'] as const;
export const IMPORT_HEADER = IMPORT_COLUMNS.join(',');

/** A CSV row under IMPORT_HEADER of the fields given (images as image1–3), quoted where needed; without an id, a new product. */
export function importRow(fields: Partial<Record<keyof typeof NEW_PRODUCT | 'id', unknown>>): string {
  const [image1, image2, image3] = (fields.images as unknown[] | undefined) ?? [];
  const cells: Record<string, unknown> = { ...fields, image1, image2, image3 };
  return IMPORT_COLUMNS.map((column) => {
    const text = String(cells[column] ?? '');
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  }).join(',');
}

/** A file the import takes: NEW_PRODUCT as a new product (id 6 in makeData()), and product 2's price to 650. */
export const IMPORT_CSV = [IMPORT_HEADER, importRow(NEW_PRODUCT), importRow({ id: 2, price: 650 })].join('\n');

/** What the import of IMPORT_CSV says each row changes (its dry run and the real one alike). */
export const IMPORT_CHANGES = { 'row 2': 'New product "Desk Lamp"', 'row 3': 'Product 2: Price 800 → 650' };

const sha256 = (content: string | Buffer) => createHash('sha256').update(content).digest('hex');

// --- Durable stores ---------------------------------------------------------------------------

/** A shop's data where it outlives the server: a data folder (embedded) or a database (postgres). */
export interface DurableStore {
  engine: Engine;
  /** Where a server process (childServer.ts startServer) finds it: `{ dataDir }` or `{ databaseUrl }`. */
  target: Pick<StartOptions, 'dataDir' | 'databaseUrl'>;
  /**
   * createApp on it with a store of its own (embedded: the folder opened anew, the last open()'s
   * store closed first; postgres: a new PgStore and pool), the reliability secret and the tests'
   * password cost: a server (re)start.
   */
  open(options?: Partial<AppOptions>): ReturnType<typeof createApp>;
  /** SHA-256 of the JSON of a committed snapshot. */
  stateHash(): Promise<string>;
  /**
   * What is committed, read in one repeatable-read transaction: through the open store or the
   * folder opened for the read (embedded; throws when it does not open), or through a
   * connection of the test's own (postgres).
   */
  readStored(): Promise<DbSchema>;
  /**
   * What a killed server can leave behind: connections on the database other than the test's own
   * (postgres, with no server running: a dead server's, perhaps inside a transaction); nothing
   * for the embedded driver, whose folder's opening is what readStored() checks.
   */
  leftovers(): Promise<string[]>;
  /** Closes what it opened; removes the temp dir or drops the database. */
  cleanup(): Promise<void>;
  /** Runs statements on the database behind the API's back (an operator's change), committed when it resolves. */
  withDatabase(run: (db: Kysely<Database>) => Promise<void>): Promise<void>;
}

export interface DurableStoreOptions {
  /** postgres: connections per store adapter open() makes (default 4). */
  poolSize?: number;
  /**
   * embedded: for a server process (childServer.ts: `target.dataDir`), a data folder of its own;
   * otherwise the test file's embedded database (tests/pg/embeddedShop.ts), where a test's
   * shops take turns and a reopen is a new app on the same data.
   */
  process?: boolean;
  /** embedded: the test file's database slot (tests/pg/embeddedShop.ts; default 'main'). */
  slot?: string;
}

/** A durable store of ENGINE holding `data`. */
export async function durableStore(data: DbSchema = makeData(), options: DurableStoreOptions = {}): Promise<DurableStore> {
  const stored = ENGINE === 'postgres' ? await databaseStore(data, options) : options.process ? await folderStore(data) : sharedStore(data, options.slot);
  // The hash covers what db.json leaves out too (EXTRA_STATE).
  return { ...stored, stateHash: async () => sha256(JSON.stringify(await stored.readStored()) + (await extraState(stored))) };
}

/**
 * What is stored outside db.json's collections that the API writes: two-factor secrets and
 * recovery codes, webhook endpoints with their deliveries and attempts, uploaded images, the
 * outbox, the password links and the shop's settings (the images' bytes as their count and sizes), as one JSON text
 * read in one statement.
 */
const EXTRA_STATE = sql<{ state: string }>`SELECT json_build_object(
  'twoFactorUsers', (SELECT coalesce(json_agg(id ORDER BY id), '[]') FROM users WHERE two_factor),
  'twoFactor', (SELECT coalesce(json_agg(t ORDER BY user_id), '[]') FROM two_factor t),
  'recoveryCodes', (SELECT coalesce(json_agg(r ORDER BY user_id, digest), '[]') FROM two_factor_recovery_codes r),
  'webhookEndpoints', (SELECT coalesce(json_agg(e ORDER BY id), '[]') FROM webhook_endpoints e),
  'webhookDeliveries', (SELECT coalesce(json_agg(d ORDER BY id), '[]') FROM webhook_deliveries d),
  'webhookAttempts', (SELECT coalesce(json_agg(a ORDER BY id), '[]') FROM webhook_attempts a),
  'media', (SELECT coalesce(json_agg(json_build_object('id', id, 'name', name, 'width', width, 'height', height) ORDER BY id), '[]') FROM media),
  'renditions', (SELECT count(*) FROM media_renditions),
  'outbox', (SELECT coalesce(json_agg(json_build_object('id', id, 'to', "to", 'subject', subject, 'status', status) ORDER BY id), '[]') FROM outbox),
  'passwordLinks', (SELECT count(*) FROM password_resets),
  'shopSettings', (SELECT coalesce(json_object_agg(key, value ORDER BY key), '{}') FROM settings WHERE key LIKE 'shop.%'),
  'cartMembership', (SELECT coalesce(json_agg(user_id ORDER BY user_id), '[]') FROM cart_membership)
)::text AS state`;

export interface ExtraState {
  twoFactorUsers: number[];
  twoFactor: { user_id: number; secret: string | null; pending_secret: string | null; last_step: number | null }[];
  recoveryCodes: { user_id: number; digest: string; used_at: string | null }[];
  webhookEndpoints: { id: number; url: string; events: string[]; secret: string; active: boolean; created_at: string }[];
  webhookDeliveries: { id: number; endpoint_id: number; event_id: string; type: string; status: string; attempts: number }[];
  webhookAttempts: { id: number; delivery_id: number; endpoint_id: number; attempt: number; status: number | null; response: string }[];
  media: { id: number; name: string; width: number; height: number }[];
  renditions: number;
  outbox: { id: number; to: string; subject: string; status: string }[];
  passwordLinks: number;
  /** The shop's settings by key (server/modules/settings), as stored JSON texts. */
  shopSettings: Record<string, string>;
  /** The users whose cart holds the membership line. */
  cartMembership: number[];
}

/** EXTRA_STATE of a store, as its JSON text. */
export async function extraState(store: Pick<DurableStore, 'withDatabase'>): Promise<string> {
  let state = '';
  await store.withDatabase(async (db) => {
    state = (await EXTRA_STATE.execute(db)).rows[0].state;
  });
  return state;
}

/** EXTRA_STATE of a store. */
export const readExtra = async (store: Pick<DurableStore, 'withDatabase'>): Promise<ExtraState> => JSON.parse(await extraState(store)) as ExtraState;

/** A 1×1 PNG image, for uploads. */
export const DOT_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** The seeded webhook (seedWebhook): endpoint 1 with one failed delivery (1) of an order.placed, tried once (attempt 1). */
export const SEEDED_WEBHOOK = { url: 'https://hooks.example.com/shop', events: ['order.placed'], active: true, createdAt: '2026-02-01T00:00:00.000Z' };

/** Stores SEEDED_WEBHOOK behind the API's back (on a fresh shop: its ids are 1). */
export async function seedWebhook(store: Pick<DurableStore, 'withDatabase'>): Promise<void> {
  await store.withDatabase(async (db) => {
    const at = SEEDED_WEBHOOK.createdAt;
    const { rows } = await sql<{ id: number }>`INSERT INTO webhook_endpoints (url, events, secret, active, created_at)
      VALUES (${SEEDED_WEBHOOK.url}, ${JSON.stringify(SEEDED_WEBHOOK.events)}::jsonb, ${`whsec_${'ab'.repeat(32)}`}, true, ${at}) RETURNING id`.execute(db);
    const endpoint = rows[0].id;
    const delivery = (await sql<{ id: number }>`INSERT INTO webhook_deliveries (endpoint_id, event_id, type, data, created_at, expires_at, status, attempts, next_attempt_at)
      VALUES (${endpoint}, 'evt_seeded', 'order.placed', '{"id":1}', ${at}, ${at}, 'failed', 1, ${at}) RETURNING id`.execute(db)).rows[0].id;
    const attempt = (await sql<{ id: number }>`INSERT INTO webhook_attempts (delivery_id, endpoint_id, attempt, status, response, at)
      VALUES (${delivery}, ${endpoint}, 1, 500, 'Server error', ${at}) RETURNING id`.execute(db)).rows[0].id;
    if (endpoint !== 1 || delivery !== 1 || attempt !== 1) throw new Error(`seedWebhook: ids ${endpoint}, ${delivery}, ${attempt}, not 1 (not a fresh shop?)`);
  });
}

/** The test file's embedded database holding `data` (no target: not for a server process). */
function sharedStore(data: DbSchema, slot?: string): DurableStore {
  const shop = embeddedShop(data, slot);
  let used = false;
  const readStored = () => shop.snapshot();
  return {
    engine: 'embedded',
    // None: startServer refuses it (pass { process: true } for a folder a server process opens).
    target: {},
    open(options = {}) {
      const store = used ? shop.again() : shop.store;
      used = true;
      return createApp({ ...appBase, ...options, store });
    },
    stateHash: async () => sha256(JSON.stringify(await readStored())),
    readStored,
    leftovers: async () => [],
    cleanup: async () => {},
    withDatabase: async (run) => run((await shop.opened).db),
  };
}

const appBase = { secret: SECRET, passwordCost: TEST_COST };

/**
 * A data folder of its own (DATA_DIR), started from the migrated image and holding `data`. One
 * process at a time may open it: open() (a server start in this process) first closes the store
 * the last open() made; readStored() reads through that store when one is open, else opens the
 * folder itself for the read (after a child server was killed: the read proves it opens).
 */
async function folderStore(data: DbSchema): Promise<DurableStore> {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-reliability-'));
  const dataDir = path.join(dir, 'data');
  const first = await openEmbedded({ dataDir, loadDataDir: await templateImage() });
  const created = new PgStore(first.db, first.release);
  await created.replace(data);
  await created.close();
  let current: Promise<PgStore> | undefined;
  const closeCurrent = async () => {
    const open = current;
    current = undefined;
    await (await open?.catch(() => undefined))?.close();
  };
  const readStored = async () => {
    if (current) return (await current).snapshot();
    const store = await openStore({ dataDir });
    try {
      return await store.snapshot();
    } finally {
      await store.close();
    }
  };
  return {
    engine: 'embedded',
    target: { dataDir },
    open(options = {}) {
      const previous = current;
      const opening = (async () => {
        await (await previous?.catch(() => undefined))?.close();
        return openStore({ dataDir });
      })();
      current = opening;
      return createApp({ ...appBase, ...options, store: deferredStore(opening) });
    },
    stateHash: async () => sha256(JSON.stringify(await readStored())),
    readStored,
    leftovers: async () => [],
    async withDatabase(run) {
      if (current) return run((await current).db);
      const store = await openStore({ dataDir });
      try {
        await run(store.db);
      } finally {
        await store.close();
      }
    },
    async cleanup() {
      await closeCurrent();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function databaseStore(data: DbSchema, { poolSize = 4 }: DurableStoreOptions): Promise<DurableStore> {
  const { url, name, admin } = await newShopDatabase(data);
  const stores: PgStore[] = [];
  let reader: Kysely<Database> | undefined;
  // A closed pool does not wait for its connections to hang up, so the drop in cleanup() may
  // terminate one first: expected then, worth a warning before.
  let dropping = false;
  const pool = (max: number) =>
    openDatabase(url, {
      max,
      idleTimeoutMs: 1000,
      onIdleError: (error) => dropping || console.warn(`postgres: idle connection failed: ${error.message}`),
    });
  const own = () => (reader ??= pool(1));
  const readStored = () => readSnapshot(own());
  return {
    engine: 'postgres',
    target: { databaseUrl: url },
    open(options = {}) {
      const store = new PgStore(pool(poolSize));
      stores.push(store);
      return createApp({ ...appBase, ...options, store });
    },
    stateHash: async () => sha256(JSON.stringify(await readStored())),
    readStored,
    withDatabase: (run) => run(own()),
    async leftovers() {
      const { rows } = await sql<{ pid: number; state: string | null; xact: boolean }>`
        SELECT pid, state, xact_start IS NOT NULL AS xact FROM pg_stat_activity
        WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()`.execute(own());
      return rows.map((r) => `connection ${r.pid} (${r.state ?? 'starting'}${r.xact ? ', in a transaction' : ''})`);
    },
    async cleanup() {
      dropping = true;
      for (const store of stores.splice(0)) await store.close().catch(() => {});
      await reader?.destroy();
      reader = undefined;
      await dropDatabase(admin, name);
    },
  };
}

// --- Shops on a durable store --------------------------------------------------------------------

export interface DurableShop extends TestShop, DurableStore {
  /** A new app on the same durable store (a server restart), with the shop's options unless overridden. */
  reopen(options?: Partial<AppOptions>): TestShop['app'];
}

/**
 * makeShop of tests/api/fixtures, but on a durable store of ENGINE holding `data` (default
 * makeData()); every agent's responses are counted in `figures`.
 */
export async function makeDurableShop(
  figures: Figures,
  { data = makeData(), poolSize, slot, ...options }: Partial<AppOptions> & { data?: DbSchema } & DurableStoreOptions = {},
): Promise<DurableShop> {
  const stored = await durableStore(data, { poolSize, slot });
  const { app, store, operations, services } = stored.open(options);
  const counted = () => countRequests(agent(app), figures);
  return {
    ...stored,
    app,
    store,
    operations,
    services,
    ...stateAccess(store),
    anon: counted,
    async as(who) {
      const a = counted();
      const { email, password } = ACCOUNTS[who];
      await a.post('/api/auth/login').send({ email, password }).expect(200);
      return a;
    },
    reopen: (changes = {}) => stored.open({ ...options, ...changes }).app,
  };
}

/** Adds one to `figures.requests` for every response the agent gets. */
export function countRequests(a: Agent, figures: Figures): Agent {
  a.on('response', () => {
    figures.requests += 1;
  });
  return a;
}

/** The `sid` cookie pair ("sid=...") from a response's Set-Cookie. */
export function sessionCookie(res: { headers: Record<string, unknown> }): string {
  const header = res.headers['set-cookie'];
  const list = Array.isArray(header) ? (header as string[]) : [String(header)];
  const sid = list.find((c) => c.startsWith('sid='));
  if (!sid) throw new Error(`No session cookie in ${JSON.stringify(header)}`);
  return sid.split(';')[0];
}
