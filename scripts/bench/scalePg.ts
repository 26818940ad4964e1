// PostgreSQL for the scale bench: one throw-away cluster (durable, as in production), a database
// per catalogue size seeded by COPY (`npm run seed -- --database-url`), the statements the server
// runs for a request (from the server's log) with EXPLAIN (ANALYZE, BUFFERS) of them, and what a
// stock decrement costs with and without the trigram index.
import { spawn } from 'node:child_process';
import { chownSync, closeSync, mkdtempSync, openSync, readFileSync, readSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase, dropDatabase, postgresUser, startCluster, type Cluster } from '../../tests/pg/cluster';
import { summarize, type Latency } from './api';
import { ROOT } from './processes';
import { BIG_STOCK, spreadIds } from './scaleData';
import { parseStat } from './scaleProc';

export interface BenchCluster extends Cluster {
  /** PostgreSQL's log (undefined for a server given by TEST_DATABASE_URL). */
  logFile?: string;
}

/** A durable cluster whose log the bench can read (under root the folder belongs to `postgres`). */
export async function startBenchCluster(): Promise<BenchCluster> {
  if (process.env.TEST_DATABASE_URL) return { ...(await startCluster()) };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-scale-pglog-'));
  const as = postgresUser();
  if (as) chownSync(dir, as.uid, as.gid);
  const logFile = path.join(dir, 'postgres.log');
  try {
    const cluster = await startCluster({ logFile, durable: true });
    return {
      ...cluster,
      logFile,
      async stop() {
        try {
          await cluster.stop();
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Runs a command, passing each output line to `log`; rejects with the last lines on failure. */
export function runLogged(args: string[], log: (line: string) => void, cwd = ROOT, env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let tail = '';
    let all = '';
    const onData = (c: Buffer) => {
      const text = c.toString();
      all = (all + text).slice(-100_000);
      tail = (tail + text).slice(-4000);
      for (const line of text.split('\n')) if (line.trim() && !line.includes('npm warn')) log(line.trim());
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code, signal) => (code === 0 ? resolve(all) : reject(new Error(`${args.join(' ')} failed (${signal ?? `exit ${code}`}):\n${tail}`))));
  });
}

export interface SeededDatabase {
  url: string;
  bigStock: number[];
  seedS: number;
  sizeMB: number;
}

/**
 * Big stock on the plain product (no options, no minimum order quantity above 1, not deleted) at or next after each of spreadIds, as
 * scaleSeed gives the embedded engine's file: on its one variant, from which the product's stock
 * follows (migration 0012's triggers); a product with options would need a choice in the cart.
 */
const BIG_STOCK_SQL = `UPDATE variants v SET stock = $1 FROM (
    SELECT DISTINCT (SELECT p.id FROM products p WHERE p.id >= s.id AND NOT p.deleted AND p.options = '[]'::jsonb AND coalesce(p.minimum_order_quantity, 1) <= 1 ORDER BY p.id LIMIT 1) AS id
    FROM unnest($2::int[]) AS s (id)) b
  WHERE v.product_id = b.id RETURNING v.product_id AS id`;

export const scaleDatabaseName = (products: number) => `scale_${products}_${process.pid}`;

/**
 * A database `scale_<products>_<pid>` on the cluster, seeded by COPY (`root`'s scripts/seed.ts, so
 * with the schema of the server that will run on it), with big stock as BIG_STOCK_SQL gives it.
 */
export async function seedScaleDatabase(adminUrl: string, products: number, log: (line: string) => void, root = ROOT): Promise<SeededDatabase> {
  const url = await createDatabase(adminUrl, scaleDatabaseName(products));
  const started = performance.now();
  await runLogged(['--import', 'tsx', path.join(root, 'scripts/seed.ts'), '--products', String(products), '--database-url', url, '--no-images'], log, root);
  const seedS = Math.round((performance.now() - started) / 100) / 10;
  return withClient(url, async (c) => {
    const { rows } = await c.query<{ id: number }>(BIG_STOCK_SQL, [BIG_STOCK, spreadIds(products)]);
    // The updates left dead rows and cleared all-visible bits: as a database in use would be after vacuum.
    await c.query('VACUUM (ANALYZE) products, variants');
    const size = await c.query<{ b: string }>('SELECT pg_database_size(current_database())::text AS b');
    return { url, bigStock: rows.map((r) => r.id).sort((a, b) => a - b), seedS, sizeMB: Math.round(Number(size.rows[0].b) / 2 ** 20) };
  });
}

/**
 * A database seeded earlier (`npm run seed -- --products N --database-url URL`), reused as it is
 * instead of seeding afresh (SCALE_PG_URL_<N>: a million products take long to seed): big stock
 * as seedScaleDatabase gives it, then VACUUM (ANALYZE). It is not dropped after.
 */
export async function reuseScaleDatabase(url: string, products: number): Promise<SeededDatabase> {
  return withClient(url, async (c) => {
    const count = Number((await c.query<{ n: string }>('SELECT count(*)::text AS n FROM products')).rows[0].n);
    if (count !== products) throw new Error(`${url} holds ${count} products, not ${products}`);
    const { rows } = await c.query<{ id: number }>(BIG_STOCK_SQL, [BIG_STOCK, spreadIds(products)]);
    await c.query('VACUUM (ANALYZE) products, variants');
    const size = await c.query<{ b: string }>('SELECT pg_database_size(current_database())::text AS b');
    return { url, bigStock: rows.map((r) => r.id).sort((a, b) => a - b), seedS: 0, sizeMB: Math.round(Number(size.rows[0].b) / 2 ** 20) };
  });
}

/** The postmaster's pid (the parent of a backend), when the server runs on this machine. */
export async function postmasterPid(url: string): Promise<number | undefined> {
  // Read while the connection is open: its backend exits with it.
  return withClient(url, async (c) => {
    const backend = (await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    try {
      return parseStat(readFileSync(`/proc/${backend}/stat`, 'utf8')).ppid;
    } catch {
      return undefined;
    }
  });
}

export async function serverVersion(url: string): Promise<string> {
  return withClient(url, async (c) => (await c.query<{ v: string }>('SHOW server_version')).rows[0].v);
}

export async function databaseSizeMB(url: string): Promise<number> {
  return withClient(url, async (c) => Math.round(Number((await c.query<{ b: string }>('SELECT pg_database_size(current_database())::text AS b')).rows[0].b) / 2 ** 20));
}

// ---------------------------------------------------------------------------------------------
// The statements behind a request, from the server's log

export interface LoggedStatement {
  pid: number;
  durationMs: number;
  sql: string;
  /** The statement's text exactly as logged (untrimmed), to find its plan by. */
  raw: string;
  /** Bind parameters as the log shows them (text), null for NULL. */
  params: (string | null)[];
}

interface LogEntry {
  pid: number;
  level: string;
  message: string;
}

/** Splits a PostgreSQL stderr log (default log_line_prefix '%m [%p] ') into entries; continuation lines start with a tab. */
export function parseLogEntries(text: string): LogEntry[] {
  const entries: LogEntry[] = [];
  const head = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)? \S+ \[(\d+)\] (\w+):\s\s(.*)$/;
  for (const line of text.split('\n')) {
    const m = head.exec(line);
    if (m) entries.push({ pid: Number(m[1]), level: m[2], message: m[3] });
    else if (entries.length > 0 && line.startsWith('\t')) entries[entries.length - 1].message += `\n${line.slice(1)}`;
  }
  return entries;
}

/** `$1 = 'a''b', $2 = NULL` → ['a\'b', null]. */
export function parseParameters(detail: string): (string | null)[] {
  const out: (string | null)[] = [];
  const re = /\$(\d+) = (NULL|'((?:[^']|'')*)')/g;
  for (let m = re.exec(detail); m; m = re.exec(detail)) out[Number(m[1]) - 1] = m[2] === 'NULL' ? null : m[3].replace(/''/g, "'");
  return out;
}

/**
 * The statements of a log_min_duration_statement = 0 log: extended-protocol executes (with the
 * DETAIL line of their parameters) and simple statements; parse and bind steps are left out.
 */
/** The statement an entry logs (with the parameters of the DETAIL entry that follows it), if it logs one. */
function statementAt(entries: LogEntry[], i: number): LoggedStatement | undefined {
  const e = entries[i];
  if (e.level !== 'LOG') return undefined;
  const m = /^duration: ([\d.]+) ms {2}(?:execute [^:]*|statement): ([\s\S]*)$/.exec(e.message);
  if (!m) return undefined;
  const next = entries.slice(i + 1).find((x) => x.pid === e.pid);
  const params = next && next.level === 'DETAIL' && next.message.startsWith('parameters: ') ? parseParameters(next.message) : [];
  return { pid: e.pid, durationMs: Number(m[1]), sql: m[2].trim(), raw: m[2], params };
}

export function parseStatements(text: string): LoggedStatement[] {
  const entries = parseLogEntries(text);
  return entries.map((_, i) => statementAt(entries, i)).filter((x): x is LoggedStatement => x !== undefined);
}

export interface LoggedPlan {
  pid: number;
  durationMs: number;
  /** "Query Text: …" and the plan, as auto_explain logs them. */
  text: string;
}

function planAt(e: LogEntry): LoggedPlan | undefined {
  const m = e.level === 'LOG' ? /^duration: ([\d.]+) ms {2}plan:\n([\s\S]*)$/.exec(e.message) : null;
  return m ? { pid: e.pid, durationMs: Number(m[1]), text: m[2] } : undefined;
}

/** auto_explain's entries (`duration: … ms  plan:`) of a log. */
export function parsePlans(text: string): LoggedPlan[] {
  return parseLogEntries(text)
    .map(planAt)
    .filter((x): x is LoggedPlan => x !== undefined);
}

/** The statements and plans logged between each `scale-marker:<name>:begin` and `…:end` statement. */
export function segmentLog(text: string): Record<string, Captured> {
  const entries = parseLogEntries(text);
  const out: Record<string, Captured> = {};
  let current: Captured | undefined;
  for (const [i, e] of entries.entries()) {
    const statement = statementAt(entries, i);
    const marker = statement && /'scale-marker:([^:]+):(begin|end)'/.exec(statement.sql);
    if (marker) current = marker[2] === 'begin' ? (out[marker[1]] ??= { statements: [], plans: [] }) : undefined;
    else if (statement) current?.statements.push(statement);
    else {
      const plan = planAt(e);
      if (plan) current?.plans.push(plan);
    }
  }
  return out;
}

/** The plan auto_explain logged for `statement` (same backend, same text), without the query text. */
export function planOf(statement: LoggedStatement, plans: LoggedPlan[]): string | undefined {
  const head = `Query Text: ${statement.raw}`;
  const found = plans.filter((p) => p.pid === statement.pid && p.text.startsWith(head)).pop();
  return found?.text.slice(head.length).replace(/^\n+/, '').trimEnd();
}

function readFrom(file: string, offset: number): string {
  const size = statSync(file).size;
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(Math.max(0, size - offset));
    readSync(fd, buffer, 0, buffer.length, offset);
    return buffer.toString('utf8');
  } finally {
    closeSync(fd);
  }
}

export interface Captured {
  statements: LoggedStatement[];
  plans: LoggedPlan[];
}

/** Settings for the capture: every statement with its parameters, and (auto_explain) every plan with ANALYZE and BUFFERS. */
const CAPTURE_SETTINGS: [string, string][] = [
  ['log_min_duration_statement', '0'],
  ['session_preload_libraries', "'auto_explain'"],
  ['auto_explain.log_min_duration', '0'],
  ['auto_explain.log_analyze', 'on'],
  ['auto_explain.log_buffers', 'on'],
  ['auto_explain.log_timing', 'on'],
];

/**
 * Logs every statement and its plan (as the server's own sessions run it: auto_explain with
 * ANALYZE and BUFFERS, loaded into new sessions) while each item is sent, one at a time between
 * marker statements; returns each item's statements and plans. `start` starts a server after the
 * settings are on (auto_explain reaches only new connections); everything is put back afterwards.
 * Each item is sent twice and only the second (warm) one is kept.
 */
export async function captureStatements(
  url: string,
  logFile: string,
  start: () => Promise<{ stop(): Promise<void> }>,
  items: { name: string; send: () => Promise<void> }[],
): Promise<Record<string, Captured>> {
  return withClient(url, async (c) => {
    // Loaded here so that ALTER SYSTEM knows (and checks) auto_explain's settings.
    const explain = await c.query("LOAD 'auto_explain'").then(
      () => true,
      () => false,
    );
    const settings = CAPTURE_SETTINGS.filter(([name]) => explain || !/auto_explain/.test(name));
    for (const [name, value] of settings) await c.query(`ALTER SYSTEM SET ${name} = ${value}`);
    await c.query('SELECT pg_reload_conf()');
    // Backends pick the reload up before their next command; give the signal a moment.
    await new Promise((r) => setTimeout(r, 500));
    const offset = statSync(logFile).size;
    const server = await start();
    try {
      for (const item of items) {
        await item.send();
        await c.query(`SELECT 'scale-marker:${item.name}:begin'`);
        await item.send();
        await c.query(`SELECT 'scale-marker:${item.name}:end'`);
      }
    } finally {
      await server.stop();
      for (const [name] of settings) await c.query(`ALTER SYSTEM RESET ${name}`);
      await c.query('SELECT pg_reload_conf()');
    }
    await new Promise((r) => setTimeout(r, 300));
    return segmentLog(readFrom(logFile, offset));
  });
}

/** The request's main statement: the slowest one that reads products (else the slowest). */
export function mainStatement(statements: LoggedStatement[]): LoggedStatement | undefined {
  const byTime = [...statements].sort((a, b) => b.durationMs - a.durationMs);
  return byTime.find((s) => /\bfrom\s+"?products"?/i.test(s.sql)) ?? byTime[0];
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of a logged statement with its parameters, on a connection of the
 * bench's own (default settings; the server's pool may set others): the second of two runs.
 * For when auto_explain is not available.
 */
export async function explainAnalyze(url: string, statement: LoggedStatement): Promise<string> {
  return withClient(url, async (c) => {
    const run = async () =>
      (await c.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`, statement.params)).rows.map((r) => r['QUERY PLAN']).join('\n');
    await run();
    return run();
  });
}

// ---------------------------------------------------------------------------------------------
// What a stock decrement costs

/** The adapter's guarded decrement (server/db/pgStore.ts placeOrder), one line. */
const DECREMENT = `
  UPDATE products p SET stock = p.stock - l.quantity
  FROM unnest($1::int[], $2::int[]) AS l(id, quantity)
  WHERE p.id = l.id AND p.stock >= l.quantity AND NOT p.deleted
  RETURNING p.id`;

export interface UpdateCost {
  variant: string;
  updates: number;
  latencyMs: Latency;
  /** WAL bytes per update. */
  walBytes: number;
  explain: string;
}

/**
 * Decrements the stock of `ids` one statement each, inside a transaction that is rolled back (so
 * nothing is committed and no fsync is timed): as the schema is, then with products' GIN
 * (trigram) indexes dropped in the same transaction. The difference is what keeping
 * search_text's trigram entries up to date costs each order line. Run with the shop stopped (the
 * DROP INDEX locks the table).
 */
export async function decrementCost(url: string, ids: number[]): Promise<UpdateCost[]> {
  return withClient(url, async (c) => {
    const gin = (
      await c.query<{ name: string }>(`
        SELECT i.indexrelid::regclass::text AS name FROM pg_index i
        JOIN pg_class r ON r.oid = i.indexrelid JOIN pg_am a ON a.oid = r.relam
        WHERE i.indrelid = 'products'::regclass AND a.amname = 'gin'`)
    ).rows.map((r) => r.name);
    const variants: { name: string; drop: string[] }[] = [{ name: 'schema as is', drop: [] }];
    if (gin.length > 0) variants.push({ name: `without ${gin.join(', ')}`, drop: gin });
    const out: UpdateCost[] = [];
    for (const v of variants) {
      await c.query('BEGIN');
      try {
        for (const index of v.drop) await c.query(`DROP INDEX ${index}`);
        const lsn = (await c.query<{ l: string }>('SELECT pg_current_wal_insert_lsn()::text AS l')).rows[0].l;
        const samples: number[] = [];
        for (const id of ids) {
          const t = performance.now();
          const r = await c.query(DECREMENT, [[id], [1]]);
          samples.push(performance.now() - t);
          if (r.rowCount !== 1) throw new Error(`decrement of product ${id} updated ${r.rowCount} rows`);
        }
        const wal = (await c.query<{ b: string }>('SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), $1::pg_lsn)::text AS b', [lsn])).rows[0].b;
        const explain = (await c.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS, WAL) ${DECREMENT}`, [[ids[0]], [1]])).rows
          .map((r) => r['QUERY PLAN'])
          .join('\n');
        out.push({ variant: v.name, updates: ids.length, latencyMs: summarize(samples), walBytes: Math.round(Number(wal) / ids.length), explain });
      } finally {
        await c.query('ROLLBACK');
      }
    }
    return out;
  });
}

/** Drops a size's database once measured (2.5 GB at a million products). */
export async function dropScaleDatabase(adminUrl: string, products: number): Promise<void> {
  await dropDatabase(adminUrl, scaleDatabaseName(products));
}
