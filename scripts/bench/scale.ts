// The scale section of `npm run bench`: how the shop's requests grow with the catalogue, on the
// embedded engine (the default: PGlite in the server's process, DATA_DIR) at 10,000 and 100,000
// products and on a PostgreSQL server at 10,000, 100,000 and 1,000,000.
//
// For each engine and catalogue size it starts the server as production does
// (`node --import tsx server/index.ts`, LOG=0; DATA_DIR on a data folder made by `npm run
// db:import` from a generated db.json, or DATABASE_URL on a durable throw-away cluster seeded by
// COPY) and times, one at a time (1 connection) and at 50 connections, what the
// storefront sends: a filtered sorted page, a deep page, deep pages (20–24) of a category and of a
// brand in each of the storefront's sorts (scaleDeep.ts), a `q` search (a product line and a broad
// word), a product by id (random ids), GET /orders/own (a shopper with 12 orders) and POST /orders
// (each run adds a product to the cart and orders it with an Idempotency-Key, as the checkout
// does). Every answer's status is checked; CPU per request is the server's (and PostgreSQL's)
// user + system time from /proc. It also reads the server's memory and start-up time, logs and EXPLAINs the statements behind each read at the largest
// size, and measures what a stock decrement costs with and without the trigram index.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ITEMS_PER_PAGE } from '../../src/domain/constants';
import { totals } from '../../src/domain/pricing';
import type { CartItem } from '../../src/domain/types';
import { DEMO_ACCOUNTS } from '../seed';
import { BENCH_ADDRESS, cookieOf, login, postJson, SHOPPER_PASSWORD } from './api';
import { ROOT, startShopServer, type Child } from './processes';
import { BIG_STOCK } from './scaleData';
import { DEEP_FILTERED, DEEP_FILTERED_KEYS, DEEP_FILTERED_PAGES, deepFilteredPath, rotatingPath, type DeepFilteredKey } from './scaleDeep';
import { runScenario, waitForQuiet, type CpuProbe, type RunResult, type Scenario } from './scaleLoad';
import {
  captureStatements,
  decrementCost,
  dropScaleDatabase,
  explainAnalyze,
  mainStatement,
  planOf,
  postmasterPid,
  reuseScaleDatabase,
  runLogged,
  seedScaleDatabase,
  serverVersion,
  startBenchCluster,
  type BenchCluster,
  type UpdateCost,
} from './scalePg';
import { clusterCpuMs, clusterPssMB, loadAverage, procMachine, processCpuMs, processMemory, type Machine, type ProcessMemory } from './scaleProc';

/** `json`: the hand-written engine the embedded one replaced, in stored `before` runs only. */
export type Engine = 'json' | 'embedded' | 'postgres';
export type CaseKey = 'filtered' | 'deep' | DeepFilteredKey | 'search' | 'searchBroad' | 'searchTypo' | 'byId' | 'ordersOwn' | 'order' | 'cartAdd';
/** The cases every scale run measures unless --cases names others ('cartAdd' is measured only when named). */
export const DEFAULT_CASES: CaseKey[] = ['filtered', 'deep', ...DEEP_FILTERED_KEYS, 'search', 'searchBroad', 'searchTypo', 'byId', 'ordersOwn', 'order'];
export const ALL_CASES: CaseKey[] = [...DEFAULT_CASES, 'cartAdd'];

export const SCALE_SIZES = [10_000, 100_000, 1_000_000];
/** The embedded engine's sizes (it holds 100,000 products within the same 2× bound). */
export const EMBEDDED_SIZES = [10_000, 100_000];
export const SCALE_CATEGORY = 'laptops';
/** A product line a shopper types (two words, in titles and descriptions); ~1.4 % of products. */
export const SCALE_SEARCH = 'running shoes';
/** A broad word (in every laptop's category, ~8 % of products). */
export const SCALE_BROAD_SEARCH = 'laptop';
/** SCALE_SEARCH mistyped, as the storefront sends it (`search`): nothing matches until corrected to "running shoes". */
export const SCALE_TYPO_SEARCH = 'runing sheos';
export const SCALE_CONNECTIONS = 50;
const SHOPPERS = 64;

export interface CaseRun {
  key: CaseKey;
  name: string;
  /** The request (one example of it for random ids). */
  request: string;
  one: RunResult;
  fifty: RunResult;
  /** Seconds the server needed after the 50-connection run to finish what was still queued. */
  drainS: number;
  /** The machine's 1-minute load average when the case started (it is shared: other work shows here). */
  loadAvg?: number;
}

export interface ExplainedStatement {
  key: CaseKey;
  /** Duration in the server's log (ms), with logging on. */
  loggedMs: number;
  sql: string;
  params: (string | null)[];
  plan: string;
  /** server: auto_explain in the server's own session (its settings); bench: EXPLAIN on a connection of the bench's. */
  planFrom?: 'server' | 'bench';
}

export interface SizeRun {
  engine: Engine;
  products: number;
  loaded: boolean;
  failure?: string;
  /** json: the data file's size; embedded: the db.json it was imported from. */
  dataMB?: number;
  /** Seeding time (postgres: COPY, index builds, ANALYZE; embedded: generating db.json and `npm run db:import`) and the database's size. */
  seedS?: number;
  dbSizeMB?: number;
  /** From spawning the server to its first answer. */
  startS?: number;
  memory?: { afterLoad: ProcessMemory; afterRuns?: ProcessMemory; dbPssMB?: number };
  /** X-Total-Count of the list requests (how many products match), and how many orders GET /orders/own lists. */
  totals: Partial<Record<CaseKey, number>>;
  /** The list requests whose X-Total-Count was marked an estimate (X-Total-Count-Estimated). */
  estimated?: CaseKey[];
  cases: CaseRun[];
  explains?: ExplainedStatement[];
  decrement?: UpdateCost[];
}

export interface LoadAttempt {
  products: number;
  bytes: number;
  ok: boolean;
  startS?: number;
  memory?: ProcessMemory;
  failure?: string;
}

export interface Ceiling {
  /** V8's longest string (characters): readFileSync(…, 'utf8') and JSON.stringify cannot go beyond it. */
  maxStringLength: number;
  attempts: LoadAttempt[];
  largest?: LoadAttempt;
  smallestFailed?: LoadAttempt;
  /** At the largest: orders placed until the state would no longer fit one string, then a restart. */
  afterOrders?: { orders: number; grownBytes: number; restarted: boolean; failure?: string };
}

export interface ScaleResults {
  date: string;
  seconds: number;
  machine: Machine;
  settings: {
    sizes: number[];
    engines: Engine[];
    connections: number;
    durationS: number;
    sequentialMax: number;
    sequentialS: number;
    pgPoolSize: string;
    category: string;
    search: string;
    broadSearch: string;
    limit: number;
    /** The server code measured: its commit, and whether server/ or the seed scripts had uncommitted changes. */
    server?: ServerCode;
  };
  runs: SizeRun[];
  /** json engine runs only (stored `before` runs): the largest catalogue it could load. */
  ceiling?: Ceiling;
}

export interface ServerCode {
  commit: string;
  dirty: boolean;
  /** "working tree", or the checkout it ran from. */
  from: string;
}

/** The commit of `root` and whether what the bench runs from it (server/, the seed scripts) differs from it. */
export function serverCode(root: string, from: string): ServerCode {
  const git = (...args: string[]) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    const commit = git('rev-parse', '--short', 'HEAD');
    const dirty = git('status', '--porcelain', '--', 'server', 'scripts/seed.ts', 'scripts/seedDatabase.ts', 'db.json') !== '';
    return { commit, dirty, from };
  } catch {
    // An exported tree (git archive) has no .git: the caller knows its commit.
    return { commit: 'unknown', dirty: false, from };
  }
}

export interface ScaleOptions {
  sizes: number[];
  /** The embedded engine's sizes (those of `sizes` it is measured at, by default EMBEDDED_SIZES). */
  embeddedSizes?: number[];
  engines: Engine[];
  /** Seconds of each 50-connection run (longer when one request is slow; see concurrentDuration). */
  durationS: number;
  /** One-at-a-time runs: up to this many requests or this many seconds (at least 10 requests). */
  sequentialMax: number;
  sequentialS: number;
  explain: boolean;
  /**
   * Only these cases (--cases order,cartAdd), e.g. to compare placing an order before and after
   * a change; the stock decrement's cost is then left out too. Default: DEFAULT_CASES, all of it.
   */
  cases?: CaseKey[];
  /** A checkout to run the servers (and seed PostgreSQL) from instead of this one (e.g. an exported commit). */
  serverRoot?: string;
  /** What that checkout is (default: read with git). */
  serverCode?: ServerCode;
  log: (line: string) => void;
}

export const DEFAULT_SCALE_OPTIONS: Omit<ScaleOptions, 'log'> = {
  sizes: SCALE_SIZES,
  engines: ['embedded', 'postgres'],
  embeddedSizes: EMBEDDED_SIZES,
  durationS: 5,
  sequentialMax: 200,
  sequentialS: 8,
  explain: true,
};

const MIN_SEQUENTIAL = 10;
const serverRootOf = (o: ScaleOptions) => o.serverRoot ?? ROOT;
const MAX_CONCURRENT_S = 90;
/** How long a server may take to load its data before it counts as not loading. */
const LOAD_TIMEOUT_MS = 10 * 60_000;

// ---------------------------------------------------------------------------------------------
// The requests

/** The middle page of the whole catalogue at the storefront's page size. */
export const deepPage = (products: number) => Math.max(1, Math.ceil(Math.ceil(products / ITEMS_PER_PAGE) / 2));

/** GET /api/products with the storefront's parameters in its order (src/lib/listingQuery.ts toApiQuery). */
const listPath = (params: [string, string][]) => `/api/products?${new URLSearchParams(params).toString()}`;

export function listRequests(products: number): Record<'filtered' | 'deep' | 'search' | 'searchBroad' | 'searchTypo', string> {
  const page: [string, string][] = [
    ['_page', '1'],
    ['_limit', String(ITEMS_PER_PAGE)],
  ];
  return {
    filtered: listPath([
      ['category', SCALE_CATEGORY],
      ['_sort', 'price'],
      ['_order', 'asc'],
      ['_page', '2'],
      ['_limit', String(ITEMS_PER_PAGE)],
      ['deleted_ne', 'true'],
    ]),
    deep: listPath([
      ['_page', String(deepPage(products))],
      ['_limit', String(ITEMS_PER_PAGE)],
    ]),
    search: listPath([...page, ['q', SCALE_SEARCH]]),
    searchBroad: listPath([...page, ['q', SCALE_BROAD_SEARCH]]),
    searchTypo: listPath([...page, ['search', SCALE_TYPO_SEARCH]]),
  };
}

/** A small seeded PRNG, so both engines get the same "random" ids. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Shopper {
  cookie: string;
  id: number;
}

function scenarios(products: number, shoppers: Shopper[], demo: string, bigStock: number[]): { key: CaseKey; name: string; scenario: Scenario }[] {
  const lists = listRequests(products);
  const cookies = shoppers.map((s) => s.cookie);
  const idOf = new Map(shoppers.map((s) => [s.cookie, s.id]));
  const get = (key: CaseKey, name: string, path: string) => ({
    key,
    name,
    scenario: { name, cookies, steps: [{ method: 'GET' as const, path: () => path, status: 200 }] },
  });
  const byIdRandom = prng(products);
  const productRandom = prng(products + 1);
  let keys = 0;
  return [
    get('filtered', 'filtered sorted page', lists.filtered),
    get('deep', 'deep page', lists.deep),
    ...DEEP_FILTERED.map((c) => ({
      key: c.key,
      name: c.name,
      scenario: { name: c.name, cookies, steps: [{ method: 'GET' as const, path: rotatingPath(c), status: 200 }] },
    })),
    get('search', `q search "${SCALE_SEARCH}"`, lists.search),
    get('searchBroad', `q search "${SCALE_BROAD_SEARCH}"`, lists.searchBroad),
    get('searchTypo', `typo search "${SCALE_TYPO_SEARCH}"`, lists.searchTypo),
    {
      key: 'byId',
      name: 'product by id',
      scenario: {
        name: 'product by id',
        cookies,
        steps: [{ method: 'GET', path: () => `/api/products/${1 + Math.floor(byIdRandom() * products)}`, status: 200 }],
      },
    },
    {
      key: 'ordersOwn',
      name: 'GET /orders/own',
      scenario: { name: 'GET /orders/own', cookies: [demo], steps: [{ method: 'GET', path: () => '/api/orders/own', status: 200 }] },
    },
    {
      // Add a line to the cart (timed), then take it out again (not timed).
      key: 'cartAdd',
      name: 'POST /cart',
      scenario: {
        name: 'POST /cart',
        cookies,
        exclusive: true,
        begin: (ctx) => {
          ctx.product = bigStock[Math.floor(productRandom() * bigStock.length)];
        },
        steps: [
          { method: 'POST', path: () => '/api/cart', body: (ctx) => ({ product: ctx.product, quantity: 1 }), status: 201 },
          { method: 'DELETE', path: (ctx) => `/api/cart/${ctx.product}`, status: 200, timed: false },
        ],
      },
    },
    {
      key: 'order',
      name: 'POST /orders',
      scenario: {
        name: 'POST /orders',
        cookies,
        exclusive: true,
        begin: (ctx) => {
          ctx.product = bigStock[Math.floor(productRandom() * bigStock.length)];
        },
        steps: [
          // Add to cart (not timed), then order what the cart holds, as the checkout page sends it.
          {
            method: 'POST',
            path: () => '/api/cart',
            body: (ctx) => ({ product: ctx.product, quantity: 1 }),
            keep: (ctx, line) => void (ctx.kept = line),
            status: 201,
            timed: false,
          },
          {
            method: 'POST',
            path: () => '/api/orders',
            headers: () => ({ 'idempotency-key': `scale-${process.pid}-${++keys}-${Date.now()}` }),
            body: (ctx) => {
              const items = ctx.kept ? [ctx.kept as CartItem] : [];
              return {
                items,
                user: idOf.get(ctx.cookie ?? ''),
                ...totals(items),
                paymentMethod: 'card',
                card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' },
                selectedAddress: BENCH_ADDRESS,
                status: 'pending',
              };
            },
            status: 201,
          },
        ],
      },
    },
  ] as { key: CaseKey; name: string; scenario: Scenario }[];
}

// ---------------------------------------------------------------------------------------------
// Helpers

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Signs up `count` shoppers, 8 at a time (scrypt is slow on purpose): cookie and id. */
async function signUp(origin: string, tag: string, count: number): Promise<Shopper[]> {
  const out: Shopper[] = [];
  for (let i = 0; i < count; i += 8) {
    const batch = Array.from({ length: Math.min(8, count - i) }, async (_, j) => {
      const res = await postJson(`${origin}/api/auth/signup`, {
        email: `scale-${tag}-${i + j}@shop.test`,
        password: SHOPPER_PASSWORD,
        addresses: [BENCH_ADDRESS],
      });
      if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
      const user = (await res.json()) as { id: number };
      return { cookie: cookieOf(res), id: user.id };
    });
    out.push(...(await Promise.all(batch)));
  }
  return out;
}

/** Empties the shoppers' carts (a run stopped between adding to the cart and ordering leaves lines). */
async function clearCarts(origin: string, shoppers: Shopper[]): Promise<void> {
  for (const { cookie } of shoppers) {
    const res = await fetch(`${origin}/api/cart`, { headers: { cookie } });
    const lines = (await res.json()) as { product: { id: number } | number }[];
    for (const line of lines) {
      const id = typeof line.product === 'number' ? line.product : line.product.id;
      const del = await fetch(`${origin}/api/cart/${id}`, { method: 'DELETE', headers: { cookie, 'content-type': 'application/json' } });
      await del.arrayBuffer();
    }
  }
}

/** The line of a failed start that says why (the process's own error, else the last line). */
export function failureLine(message: string): string {
  const lines = message
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const telling = lines.find((l) => /^(Cannot start|Cannot use|RangeError|Error|FATAL|<--- JS stacktrace|.*heap out of memory|.*did not answer within)/.test(l));
  return (telling ?? lines[lines.length - 1] ?? 'unknown').slice(0, 300);
}

/**
 * 50-connection run length: long enough for a slow request to be answered at all when every
 * connection waits on it (`parallelism` requests worked on at once).
 */
export function concurrentDuration(oneAtATimeP50Ms: number, connections: number, parallelism: number, minS: number): number {
  const queued = (oneAtATimeP50Ms / 1000) * (connections / Math.max(1, parallelism));
  return Math.min(MAX_CONCURRENT_S, Math.max(minS, Math.ceil(queued * 1.5)));
}

async function measureCase(
  c: { key: CaseKey; name: string; scenario: Scenario },
  origin: string,
  cpu: CpuProbe,
  o: ScaleOptions,
  parallelism: number,
  afterRun: () => Promise<void>,
): Promise<CaseRun> {
  const loadAvg = loadAverage();
  // Warm-up: a few requests one at a time (JIT, caches, pool connections), also the estimate of how slow it is.
  const warm = await runScenario(c.scenario, { origin, connections: 1, durationS: 120, maxTimed: 3, cpu });
  await afterRun();
  const perRequestS = Math.max(0.001, warm.latencyMs.mean / 1000);
  const one = await runScenario(c.scenario, {
    origin,
    connections: 1,
    durationS: Math.min(180, Math.max(o.sequentialS, perRequestS * MIN_SEQUENTIAL * 1.5 + 1)),
    maxTimed: o.sequentialMax,
    cpu,
  });
  await afterRun();
  const durationS = concurrentDuration(one.latencyMs.p50, SCALE_CONNECTIONS, parallelism, o.durationS);
  const fifty = await runScenario(c.scenario, { origin, connections: SCALE_CONNECTIONS, durationS, cpu, timeoutS: durationS + 60 });
  const drainS = await waitForQuiet(cpu);
  await afterRun();
  const failures = warm.failures + one.failures + fifty.failures;
  o.log(
    `  ${c.name.padEnd(26)} 1 conn p50 ${one.latencyMs.p50} p95 ${one.latencyMs.p95} ms (n ${one.requests}) | ${SCALE_CONNECTIONS} conn p50 ${fifty.latencyMs.p50} p95 ${fifty.latencyMs.p95} ms, ${fifty.rps}/s (n ${fifty.requests}${fifty.unanswered ? `, ${fifty.unanswered} unanswered` : ''}) | cpu ${fifty.nodeCpuMs ?? '–'}${fifty.dbCpuMs !== undefined ? ` + db ${fifty.dbCpuMs}` : ''} ms/req${failures ? ` | ${failures} FAILED ${JSON.stringify({ ...one.statuses, ...fifty.statuses })}` : ''}${drainS > 2 ? ` | drained ${drainS} s` : ''}`,
  );
  const example = c.scenario.steps.filter((s) => s.timed ?? true).map((s) => `${s.method} ${s.path({ product: 1 })}`).join(', ');
  return { key: c.key, name: c.name, request: example, one, fifty, drainS, loadAvg };
}

/** Reads X-Total-Count of each list request (checking the status on the way), and which were marked estimates. */
async function listTotals(origin: string, products: number, cookie: string): Promise<{ totals: Partial<Record<CaseKey, number>>; estimated: CaseKey[] }> {
  const totals: Partial<Record<CaseKey, number>> = {};
  const estimated: CaseKey[] = [];
  const deepFiltered = DEEP_FILTERED.map((c) => [c.key, deepFilteredPath(c, DEEP_FILTERED_PAGES[0])]);
  for (const [key, p] of [...Object.entries(listRequests(products)), ...deepFiltered]) {
    const res = await fetch(`${origin}${p}`, { headers: { cookie } });
    const body = (await res.json()) as unknown[];
    if (res.status !== 200 || !Array.isArray(body)) throw new Error(`${p}: ${res.status}`);
    totals[key as CaseKey] = Number(res.headers.get('x-total-count'));
    if (res.headers.get('x-total-count-estimated') === 'true') estimated.push(key as CaseKey);
  }
  return { totals, estimated };
}

/** Signs in, measures every case, and returns them with the totals. `parallelism`: requests the server works on at once. */
async function measureServer(
  engine: Engine,
  products: number,
  server: Child,
  cpu: CpuProbe,
  bigStock: number[],
  o: ScaleOptions,
  parallelism: number,
): Promise<{ cases: CaseRun[]; totals: Partial<Record<CaseKey, number>>; estimated: CaseKey[]; shoppers: Shopper[]; demo: string }> {
  const origin = server.origin;
  o.log(`${engine} ${products}: signing up ${SHOPPERS} shoppers`);
  const shoppers = await signUp(origin, `${engine}-${products}-${process.pid}`, SHOPPERS);
  const demo = await login(origin, DEMO_ACCOUNTS.user.email, DEMO_ACCOUNTS.user.password);
  const { totals, estimated } = await listTotals(origin, products, shoppers[0].cookie);
  const own = await fetch(`${origin}/api/orders/own`, { headers: { cookie: demo } });
  totals.ordersOwn = ((await own.json()) as unknown[]).length;
  o.log(`${engine} ${products}: matches ${JSON.stringify(totals)}${estimated.length ? ` (estimated: ${estimated.join(', ')})` : ''}`);
  const cases: CaseRun[] = [];
  const wanted = new Set(o.cases ?? DEFAULT_CASES);
  for (const c of scenarios(products, shoppers, demo, bigStock).filter((c) => wanted.has(c.key))) {
    cases.push(await measureCase(c, origin, cpu, o, parallelism, c.key === 'order' || c.key === 'cartAdd' ? () => clearCarts(origin, shoppers) : async () => {}));
  }
  return { cases, totals, estimated, shoppers, demo };
}

// ---------------------------------------------------------------------------------------------
// embedded (the default: PGlite in the server's process)

interface DataFile {
  file: string;
  bytes: number;
  bigStock: number[];
}

/** db.json for `products` (scaleData.ts, a child process: the generator holds the catalogue in memory). */
async function writeDataFile(dir: string, products: number, o: ScaleOptions): Promise<DataFile> {
  const file = path.join(dir, `embedded-${products}`, 'db.json');
  mkdirSync(path.dirname(file), { recursive: true });
  const args = ['--import', 'tsx', path.join(ROOT, 'scripts/bench/scaleData.ts'), '--products', String(products), '--out', file, '--root', serverRootOf(o)];
  const out = await runLogged(args, () => {});
  const line = out
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .pop();
  if (!line) throw new Error(`scaleData.ts wrote no summary:\n${out.slice(-2000)}`);
  const { bytes, bigStock } = JSON.parse(line) as { bytes: number; bigStock: number[] };
  return { file, bytes, bigStock };
}

/** The size of a folder's files (MB). */
function folderMB(dir: string): number {
  const walk = (d: string): number =>
    readdirSync(d, { withFileTypes: true }).reduce((sum, e) => sum + (e.isDirectory() ? walk(path.join(d, e.name)) : statSync(path.join(d, e.name)).size), 0);
  return Math.round(walk(dir) / 2 ** 20);
}

async function embeddedSize(dir: string, products: number, o: ScaleOptions): Promise<SizeRun> {
  const run: SizeRun = { engine: 'embedded', products, loaded: false, totals: {}, cases: [] };
  const root = serverRootOf(o);
  // SCALE_EMBEDDED_DIR_<N>: a data folder imported earlier from scaleData.ts' db.json (big stock included), used as it is.
  const reuse = process.env[`SCALE_EMBEDDED_DIR_${products}`];
  let data: DataFile | undefined;
  let dataDir: string;
  if (reuse) {
    dataDir = reuse;
    o.log(`embedded ${products}: reusing the data folder ${reuse} (SCALE_EMBEDDED_DIR_${products})`);
  } else {
    const seeded = performance.now();
    o.log(`embedded ${products}: generating db.json`);
    data = await writeDataFile(dir, products, o);
    run.dataMB = Math.round(data.bytes / 2 ** 20);
    dataDir = path.join(path.dirname(data.file), 'data');
    o.log(`embedded ${products}: npm run db:import (${run.dataMB} MB of JSON) into a new data folder`);
    await runLogged(['--import', 'tsx', path.join(root, 'scripts/dbImport.ts'), '--from', data.file], (line) => o.log(`embedded ${products}:   ${line}`), root, {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
    });
    run.seedS = Math.round((performance.now() - seeded) / 100) / 10;
  }
  run.dbSizeMB = folderMB(dataDir);
  o.log(`embedded ${products}: seeded in ${run.seedS} s, data folder ${run.dbSizeMB} MB`);
  try {
    // Start-up on the existing data folder, as every start after the first.
    const started = performance.now();
    // Its read cache off: each read runs its statements, as a read the cache has not seen does
    // (the same request again would be answered from memory, whatever the catalogue's size).
    const server = await startShopServer({ DATA_DIR: dataDir, DATABASE_URL: '', READ_CACHE: 'off' }, LOAD_TIMEOUT_MS, root);
    const pid = server.proc.pid!;
    try {
      run.startS = Math.round((performance.now() - started) / 100) / 10;
      run.memory = { afterLoad: processMemory(pid) };
      const page = await fetch(`${server.origin}/api/products?_page=1&_limit=${ITEMS_PER_PAGE}`);
      await page.arrayBuffer();
      const total = Number(page.headers.get('x-total-count'));
      if (page.status !== 200 || total !== products) throw new Error(`embedded ${products}: GET /api/products answers ${page.status}, X-Total-Count ${total}`);
      run.loaded = true;
      o.log(`embedded ${products}: up in ${run.startS} s, RSS ${run.memory.afterLoad.rssMB} MB (peak ${run.memory.afterLoad.peakMB} MB)`);
      // One Node thread answers everything, PGlite's queries included.
      const bigStock = data?.bigStock ?? (await bigStockOf(server.origin));
      const measured = await measureServer('embedded', products, server, { node: () => processCpuMs(pid) }, bigStock, o, 1);
      run.cases = measured.cases;
      run.totals = measured.totals;
      run.estimated = measured.estimated;
      run.memory.afterRuns = processMemory(pid);
    } finally {
      await server.stop();
    }
  } catch (error) {
    run.failure = failureLine((error as Error).message);
    o.log(`embedded ${products}: failed: ${run.failure}`);
  } finally {
    if (data) rmSync(path.dirname(data.file), { recursive: true, force: true });
  }
  return run;
}

/** The products with big stock (scaleSeed's), as the API lists them (a reused data folder). */
async function bigStockOf(origin: string): Promise<number[]> {
  const out: number[] = [];
  for (let page = 1; ; page++) {
    const res = await fetch(`${origin}/api/products?stock=${BIG_STOCK}&deleted_ne=true&_sort=id&_page=${page}&_limit=100`);
    const list = (await res.json()) as { id: number }[];
    if (res.status !== 200 || !Array.isArray(list)) throw new Error(`listing big-stock products: ${res.status}`);
    out.push(...list.map((p) => p.id));
    if (list.length < 100) return out;
  }
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

async function postgresSize(cluster: BenchCluster, products: number, o: ScaleOptions, cores: number, largest: boolean): Promise<SizeRun> {
  const run: SizeRun = { engine: 'postgres', products, loaded: false, totals: {}, cases: [] };
  const reuse = process.env[`SCALE_PG_URL_${products}`];
  o.log(reuse ? `postgres ${products}: reusing a seeded database (SCALE_PG_URL_${products})` : `postgres ${products}: seeding (COPY; the index builds take most of it)`);
  const db = reuse
    ? await reuseScaleDatabase(reuse, products)
    : await seedScaleDatabase(cluster.url, products, (line) => o.log(`postgres ${products}:   ${line}`), serverRootOf(o));
  if (!reuse) run.seedS = db.seedS;
  run.dbSizeMB = db.sizeMB;
  o.log(`postgres ${products}: seeded in ${db.seedS} s, ${db.sizeMB} MB`);
  const postmaster = await postmasterPid(db.url);
  const started = performance.now();
  const server = await startShopServer({ DATABASE_URL: db.url }, LOAD_TIMEOUT_MS, serverRootOf(o));
  const pid = server.proc.pid!;
  const cpu: CpuProbe = { node: () => processCpuMs(pid), ...(postmaster ? { db: () => clusterCpuMs(postmaster) } : {}) };
  let explainArgs: { cookie: string; demo: string } | undefined;
  try {
    run.loaded = true;
    run.startS = Math.round((performance.now() - started) / 100) / 10;
    run.memory = { afterLoad: processMemory(pid) };
    const measured = await measureServer('postgres', products, server, cpu, db.bigStock, o, cores);
    run.cases = measured.cases;
    run.totals = measured.totals;
    run.estimated = measured.estimated;
    run.memory.afterRuns = processMemory(pid);
    if (postmaster) run.memory.dbPssMB = clusterPssMB(postmaster);
    if (largest && o.explain && !o.cases && cluster.logFile) {
      o.log(`postgres ${products}: logging the statements behind each read and their plans (auto_explain, ANALYZE, BUFFERS)`);
      explainArgs = { cookie: measured.shoppers[0].cookie, demo: measured.demo };
    }
  } finally {
    await server.stop();
  }
  if (explainArgs && cluster.logFile) {
    // On a server started afresh, so that its connections load auto_explain.
    const start = () => startShopServer({ DATABASE_URL: db.url }, LOAD_TIMEOUT_MS, serverRootOf(o));
    run.explains = await explainReads(cluster.logFile, db.url, start, products, explainArgs.cookie, explainArgs.demo);
  }
  if (!o.cases) {
    o.log(`postgres ${products}: cost of a stock decrement (rolled back), with and without the trigram index`);
    run.decrement = await decrementCost(db.url, db.bigStock.slice(0, 1000));
    for (const d of run.decrement) o.log(`  ${d.variant}: p50 ${d.latencyMs.p50} p95 ${d.latencyMs.p95} p99 ${d.latencyMs.p99} ms, ${d.walBytes} B WAL per update`);
  }
  if (!reuse) await dropScaleDatabase(cluster.url, products);
  return run;
}

async function explainReads(
  logFile: string,
  url: string,
  start: () => Promise<Child>,
  products: number,
  cookie: string,
  demo: string,
): Promise<ExplainedStatement[]> {
  const lists = listRequests(products);
  let origin = '';
  const send = (p: string, c = cookie) => async () => {
    const res = await fetch(`${origin}${p}`, { headers: { cookie: c } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${p}: ${res.status}`);
  };
  const reads: { name: CaseKey; send: () => Promise<void> }[] = [
    { name: 'filtered', send: send(lists.filtered) },
    { name: 'deep', send: send(lists.deep) },
    ...DEEP_FILTERED.map((c) => ({ name: c.key, send: send(deepFilteredPath(c, DEEP_FILTERED_PAGES[2])) })),
    { name: 'search', send: send(lists.search) },
    { name: 'searchBroad', send: send(lists.searchBroad) },
    { name: 'searchTypo', send: send(lists.searchTypo) },
    { name: 'byId', send: send(`/api/products/${Math.ceil(products / 2)}`) },
    { name: 'ordersOwn', send: send('/api/orders/own', demo) },
  ];
  const startLogged = async () => {
    const server = await start();
    origin = server.origin;
    return server;
  };
  const logged = await captureStatements(url, logFile, startLogged, reads);
  const out: ExplainedStatement[] = [];
  for (const { name } of reads) {
    const captured = logged[name];
    const statement = captured && mainStatement(captured.statements);
    if (!statement) continue;
    const plan = planOf(statement, captured.plans);
    out.push({
      key: name,
      loggedMs: statement.durationMs,
      sql: statement.sql,
      params: statement.params,
      plan: plan ?? (await explainAnalyze(url, statement)),
      planFrom: plan ? 'server' : 'bench',
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

export async function runScale(o: ScaleOptions): Promise<ScaleResults> {
  const started = Date.now();
  const machine = procMachine();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-scale-'));
  const sizes = [...o.sizes].sort((a, b) => a - b);
  const results: ScaleResults = {
    date: new Date().toISOString(),
    seconds: 0,
    machine,
    settings: {
      sizes,
      engines: o.engines,
      connections: SCALE_CONNECTIONS,
      durationS: o.durationS,
      sequentialMax: o.sequentialMax,
      sequentialS: o.sequentialS,
      pgPoolSize: process.env.PG_POOL_SIZE ?? '10',
      category: SCALE_CATEGORY,
      search: SCALE_SEARCH,
      broadSearch: SCALE_BROAD_SEARCH,
      limit: ITEMS_PER_PAGE,
      server: o.serverCode ?? serverCode(serverRootOf(o), o.serverRoot ?? 'working tree'),
    },
    runs: [],
  };
  const code = results.settings.server!;
  o.log(`scale: ${machine.cpu} × ${machine.cores}, ${machine.memoryGB} GB; sizes ${sizes.join(', ')}; ${o.engines.join(' and ')}; server code ${code.commit}${code.dirty ? ' with uncommitted changes' : ''} (${code.from})`);
  try {
    if (o.engines.includes('embedded')) {
      const embedded = new Set(o.embeddedSizes ?? EMBEDDED_SIZES);
      for (const products of sizes.filter((n) => embedded.has(n))) {
        results.runs.push(await embeddedSize(dir, products, o));
      }
    }
    if (o.engines.includes('postgres')) {
      o.log('postgres: starting a durable throw-away cluster');
      const cluster = await startBenchCluster();
      try {
        machine.postgres = await serverVersion(cluster.url);
        for (const products of sizes) {
          results.runs.push(await postgresSize(cluster, products, o, machine.cores, products === sizes[sizes.length - 1]));
          await sleep(1000);
        }
      } finally {
        await cluster.stop();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  results.seconds = Math.round((Date.now() - started) / 1000);
  return results;
}
