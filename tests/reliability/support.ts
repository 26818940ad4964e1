// Shared by the reliability tests: shops whose data is durably stored on the engine of the test
// project (ENGINE of tests/api/fixtures.ts): a throw-away data file for json, a database of its
// own for postgres. "Nothing changed" and "every acknowledged write is there" are then checked on
// what is stored (the file on disk; what is committed, read through a connection of the test's
// own), not on what the server holds. Plus request counting.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { createApp, type AppOptions } from '../../server/app';
import type { DbSchema } from '../../server/model';
import { journalFileOf, readDataFile } from '../../server/store/json/dataFile';
import { openDatabase } from '../../server/store/postgres/connect';
import { readSnapshot } from '../../server/store/postgres/load';
import { PgStore } from '../../server/store/postgres/pgStore';
import type { Database } from '../../server/store/postgres/schema';
import { dropDatabase } from '../pg/cluster';
import { newShopDatabase } from '../pg/shopDatabase';
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

const sha256 = (content: string | Buffer) => createHash('sha256').update(content).digest('hex');

/** Temp dir with `data` written as the seed; the data file is created from it by createApp. */
export function seedDir(data: DbSchema = makeData()): { dir: string; seedFile: string; dataFile: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-reliability-'));
  const seedFile = path.join(dir, 'seed.json');
  writeFileSync(seedFile, JSON.stringify(data, null, 2) + '\n');
  return { dir, seedFile, dataFile: path.join(dir, 'data', 'db.json') };
}

// --- Durable stores ---------------------------------------------------------------------------

/** A shop's data where it outlives the server: a data file (json) or a database (postgres). */
export interface DurableStore {
  engine: Engine;
  /** Where a server process (childServer.ts startServer) finds it: `{ dataFile }` or `{ databaseUrl }`. */
  target: Pick<StartOptions, 'dataFile' | 'databaseUrl'>;
  /**
   * createApp on it with a store adapter of its own (json: a new data-file store; postgres: a new
   * PgStore and pool), the reliability secret and the tests' password cost: a server (re)start.
   */
  open(options?: Partial<AppOptions>): ReturnType<typeof createApp>;
  /** SHA-256 of what is stored: the data file's bytes (and its journal's), or the JSON of a committed snapshot. */
  stateHash(): Promise<string>;
  /**
   * What is stored: the data file as a server would load it (throws when it does not parse), or
   * readSnapshot (one repeatable-read transaction) through a connection of the test's own.
   */
  readStored(): Promise<DbSchema>;
  /**
   * What a killed server can leave behind: files beside the data file other than the data file
   * and the secret (half-written temp files), or connections on the database other than the
   * test's own (with no server running: a dead server's, perhaps inside a transaction).
   */
  leftovers(): Promise<string[]>;
  /** Closes what it opened; removes the temp dir or drops the database. */
  cleanup(): Promise<void>;
}

export interface DurableStoreOptions {
  /** postgres: connections per store adapter open() makes (default 4). */
  poolSize?: number;
}

/** A durable store of ENGINE holding `data`. */
export function durableStore(data: DbSchema = makeData(), options: DurableStoreOptions = {}): Promise<DurableStore> {
  return ENGINE === 'postgres' ? databaseStore(data, options) : fileStore(data);
}

const appBase = { secret: SECRET, passwordCost: TEST_COST };

async function fileStore(data: DbSchema): Promise<DurableStore> {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-reliability-'));
  const dataFile = path.join(dir, 'data', 'db.json');
  mkdirSync(path.dirname(dataFile));
  writeFileSync(dataFile, JSON.stringify(data, null, 2) + '\n');
  const journal = journalFileOf(dataFile);
  return {
    engine: 'json',
    target: { dataFile },
    open: (options = {}) => createApp({ ...appBase, ...options, dataFile }),
    async stateHash() {
      const hash = createHash('sha256').update(readFileSync(dataFile));
      if (existsSync(journal)) hash.update(readFileSync(journal));
      return hash.digest('hex');
    },
    readStored: async () => readDataFile(dataFile),
    leftovers: async () => readdirSync(path.dirname(dataFile)).filter((f) => f !== 'db.json' && f !== '.secret'),
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
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
  { data = makeData(), poolSize, ...options }: Partial<AppOptions> & { data?: DbSchema } & DurableStoreOptions = {},
): Promise<DurableShop> {
  const stored = await durableStore(data, { poolSize });
  const { app, store } = stored.open(options);
  const counted = () => countRequests(agent(app), figures);
  return {
    ...stored,
    app,
    store,
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
