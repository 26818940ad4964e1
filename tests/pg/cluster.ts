// A throw-away PostgreSQL cluster for tests, benchmarks and scripts (no Vitest imports here).
//
//   const cluster = await startCluster();           // initdb + pg_ctl start on a free port
//   const { url, drop } = await freshDatabase(cluster.url);
//   ... use url ...
//   await drop(); await cluster.stop();              // pg_ctl stop -m fast; folder removed
//
// A test about the database going away stops the server and starts it again on the same folder
// and port: `await cluster.halt('immediate'); … await cluster.resume();` (its own cluster:
// `startCluster({ own: true })`, never the shared one).
//
// The binaries come from PG_BIN, else /usr/lib/postgresql/<highest version>/bin (Debian's
// `postgresql` package). The cluster lives in a fresh temp folder, trusts every local connection
// (user `shop`, no password) and listens on 127.0.0.1 only, plus a Unix socket in that folder.
// PostgreSQL refuses to run as root, so under root initdb and pg_ctl run as the `postgres` OS user
// (spawned with its uid/gid; the folder is chown'ed to it first).
// A cluster never outlives the process that started it: stop() or, when the process exits, its
// exit hook stops it; when the process dies without running either (a test worker killed, a
// signal), a watcher started with the cluster (a detached `sh`) shuts the server down within
// about two seconds and removes its folder.
// With TEST_DATABASE_URL set, startCluster() starts nothing and hands out that server instead.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../scripts/bench/processes';

export interface Cluster {
  /** postgres://shop@127.0.0.1:<port>/postgres (or TEST_DATABASE_URL). */
  url: string;
  port: number;
  /** Stops the server and removes its folder (a no-op for TEST_DATABASE_URL). Idempotent. */
  stop(): Promise<void>;
  /**
   * Stops the server and keeps its folder: `pg_ctl stop -m <mode>` (`immediate`: every backend
   * killed at once, crash recovery on the next start). Not on TEST_DATABASE_URL.
   */
  halt(mode: 'fast' | 'immediate'): Promise<void>;
  /** Starts a halted server again, on the same port and data; resolves once it accepts connections. */
  resume(): Promise<void>;
}

export interface StartOptions {
  /** Listen on this port instead of a free one picked now. */
  port?: number;
  /**
   * Log PostgreSQL's own output here instead of <folder>/postgres.log (removed with the folder).
   * Under root it must be writable by the `postgres` user.
   */
  logFile?: string;
  /**
   * false: no fsync (and no synchronous commit) — for test suites, whose data is thrown away and
   * whose databases are created and dropped by the hundred. Default true, as in production, so
   * that benchmark timings mean something. 'process': no fsync, but every commit is written out
   * before it is acknowledged, so what was acknowledged outlives the server being killed (not
   * the machine going down) — for tests that stop the server under load.
   */
  durable?: boolean | 'process';
  /** Start a cluster even when TEST_DATABASE_URL names a server (a test that stops its server). */
  own?: boolean;
}

export const MISSING_POSTGRES =
  'PostgreSQL server binaries not found (looked for initdb and pg_ctl in PG_BIN and /usr/lib/postgresql/*/bin). ' +
  'Install them with `apt-get install postgresql` (.ci/run does this), point PG_BIN at their folder, ' +
  'or set TEST_DATABASE_URL to a server to use.';

/** The folder holding initdb and pg_ctl: PG_BIN, else the highest /usr/lib/postgresql/<version>/bin. */
export function findPostgresBin(): string {
  const has = (dir: string) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'));
  if (process.env.PG_BIN) {
    if (has(process.env.PG_BIN)) return process.env.PG_BIN;
    throw new Error(`PG_BIN=${process.env.PG_BIN} has no initdb and pg_ctl. ${MISSING_POSTGRES}`);
  }
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+(\.\d+)?$/.test(v) && has(path.join(root, v, 'bin')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) throw new Error(MISSING_POSTGRES);
  return path.join(root, versions[0], 'bin');
}

export interface RunAs {
  uid: number;
  gid: number;
}

/** Under root: the `postgres` OS user's ids (Debian's package creates it). */
export function postgresUser(): RunAs | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('running as root, but there is no `postgres` user to run PostgreSQL as (apt-get install postgresql creates it)');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** Runs a PostgreSQL tool to completion (as `as` when given); rejects with its output on failure. */
export function run(file: string, args: string[], as: RunAs | undefined, timeoutMs = 120_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      // LC_ALL: initdb's --locale=C covers the cluster; this keeps the tools' own messages plain.
      env: { ...process.env, LC_ALL: 'C' },
      ...(as ? { uid: as.uid, gid: as.gid } : {}),
    });
    let output = '';
    child.stdout!.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-8000)));
    child.stderr!.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-8000)));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    // 'exit', not 'close': pg_ctl start leaves the server running, and it could hold the pipes.
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new Error(`${path.basename(file)} ${args.join(' ')} failed (${signal ?? `exit ${code}`}):\n${output}`));
    });
  });
}

/** Clusters this process started and has not stopped yet: stopped on exit, whatever happens. */
const live = new Map<string, () => void>();
let exitHookInstalled = false;
function stopAllOnExit(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const stopNow of live.values()) stopNow();
  });
}

/**
 * Watches this process from outside: once it is gone, asks the cluster's postmaster (its pid from
 * postmaster.pid, whoever started it since: halt and resume) for a fast shutdown, waits for it
 * and removes the folder. Signals, not pg_ctl, so that it runs as this process's user, root
 * included. Killed by stop(), so it never outlives a cluster stopped in time.
 */
function watchOwner(data: string, dir: string): ChildProcess {
  const script = [
    `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done`,
    'pm=$(head -n 1 "$0/postmaster.pid" 2>/dev/null)',
    'if [ -n "$pm" ] && kill -INT "$pm" 2>/dev/null; then i=0; while kill -0 "$pm" 2>/dev/null && [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done; fi',
    'rm -rf "$1"',
  ].join('\n');
  const watcher = spawn('sh', ['-c', script, data, dir], { detached: true, stdio: 'ignore' });
  watcher.unref();
  return watcher;
}

function externalCluster(url: string): Cluster {
  const refuse = async () => {
    throw new Error('TEST_DATABASE_URL is not this process\'s to stop: start a cluster of its own (startCluster({ own: true }))');
  };
  return { url, port: Number(new URL(url).port || 5432), stop: async () => {}, halt: refuse, resume: refuse };
}

/**
 * Starts a fresh cluster (or wraps TEST_DATABASE_URL). Takes about a second and a half: initdb
 * dominates. Durable (`fsync=on`) unless `durable: false`.
 */
export async function startCluster(options: StartOptions = {}): Promise<Cluster> {
  if (process.env.TEST_DATABASE_URL && !options.own) return externalCluster(process.env.TEST_DATABASE_URL);
  const bin = findPostgresBin();
  const as = postgresUser();
  // A free port can be taken by someone else before the server binds it: then try another.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(bin, as, options.port ?? (await freePort()), options.logFile, options.durable ?? true);
    } catch (error) {
      const portTaken = /could not bind|could not create listen socket|already in use/i.test((error as Error).message);
      if (options.port !== undefined || !portTaken || attempt >= 3) throw error;
    }
  }
}

async function startOnce(bin: string, as: RunAs | undefined, port: number, logFileOption: string | undefined, durable: boolean | 'process'): Promise<Cluster> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-pg-'));
  const data = path.join(dir, 'data');
  const logFile = logFileOption ?? path.join(dir, 'postgres.log');
  const pgCtl = path.join(bin, 'pg_ctl');
  const stopArgs = ['-D', data, 'stop', '-m', 'fast', '-w'];
  // Whether the server may be running (started and not halted since).
  let started = false;
  let stopped = false;
  let serverOptions = '';
  let watcher: ChildProcess | undefined;
  const startArgs = (options: string) => ['-D', data, '-o', options, '-l', logFile, '-w', '-t', '60', 'start'];
  const stopSync = () => {
    if (stopped) return;
    stopped = true;
    live.delete(dir);
    watcher?.kill();
    if (started) spawnSync(pgCtl, stopArgs, { stdio: 'ignore', timeout: 30_000, ...(as ?? {}) });
    rmSync(dir, { recursive: true, force: true });
  };
  live.set(dir, stopSync);
  stopAllOnExit();
  try {
    if (as) chownSync(dir, as.uid, as.gid);
    // --no-sync: a throw-away cluster need not survive a power cut during initdb (saves ~1 s).
    await run(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'shop', '-E', 'UTF8', '--locale=C', '--no-sync'], as);
    serverOptions = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      `-c fsync=${durable === true ? 'on' : 'off'}`,
      `-c synchronous_commit=${durable ? 'on' : 'off'}`,
      `-c full_page_writes=${durable === true ? 'on' : 'off'}`,
      // Many test files each hold a few small pools at once.
      '-c max_connections=300',
    ].join(' ');
    started = true;
    watcher = watchOwner(data, dir);
    await run(pgCtl, startArgs(serverOptions), as);
  } catch (error) {
    const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-4000) : '';
    stopSync();
    throw new Error(`${(error as Error).message}${log ? `\n--- postgres.log ---\n${log}` : ''}`, { cause: error });
  }
  return {
    url: `postgres://shop@127.0.0.1:${port}/postgres`,
    port,
    async stop() {
      if (stopped) return;
      stopped = true;
      live.delete(dir);
      watcher?.kill();
      try {
        if (started) await run(pgCtl, stopArgs, as, 30_000);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    async halt(mode) {
      if (stopped || !started) throw new Error('the cluster is not running');
      await run(pgCtl, ['-D', data, 'stop', '-m', mode, '-w'], as, 30_000);
      started = false;
    },
    async resume() {
      if (stopped || started) throw new Error('the cluster is not halted');
      started = true;
      await run(pgCtl, startArgs(serverOptions), as);
    },
  };
}

/** Tries to connect to `url` until it answers (a server still starting, or one just restarted). */
export async function waitForServer(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (err) {
      await client.end().catch(() => {});
      if (Date.now() > deadline) throw new Error(`PostgreSQL at ${redact(url)} did not answer within ${timeoutMs} ms: ${(err as Error).message}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

/** `url` with its database name replaced. */
export function databaseUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(database)}`;
  return u.toString();
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Runs one statement on a connection of its own (closed after): its rows. */
export async function queryOnce<Row = Record<string, unknown>>(url: string, text: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as Row[];
  } finally {
    await client.end();
  }
}

/**
 * The admin connections of this process, by server URL: a test run makes and drops databases by
 * the thousand, and a connection of its own for each statement cost a third of the time.
 */
const adminPools = new Map<string, pg.Pool>();

/**
 * Runs one statement on the server at `url` through this process's admin connections. A
 * connection the server closed while idle (a restart, a halt) fails the statement before it ran:
 * it is then tried once more, on a new connection.
 */
export async function adminQuery<Row = Record<string, unknown>>(url: string, text: string): Promise<Row[]> {
  let pool = adminPools.get(url);
  if (!pool) {
    pool = new pg.Pool({ connectionString: url, max: 2, idleTimeoutMillis: 2000, allowExitOnIdle: true });
    // An idle connection the server ends (a halted cluster) is dropped from the pool, not thrown.
    pool.on('error', () => {});
    adminPools.set(url, pool);
  }
  try {
    return (await pool.query(text)).rows as Row[];
  } catch (error) {
    // The server's own refusal (an SQLSTATE, but for 57P: the server shutting the connection)
    // stands; a connection that failed is tried again once.
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !code.startsWith('57P')) throw error;
    return (await pool.query(text)).rows as Row[];
  }
}

/** Per server: whether CREATE DATABASE takes a STRATEGY (PostgreSQL 15 and later). */
const strategies = new Map<string, Promise<boolean>>();

/** CREATE DATABASE `name` on the server at `adminUrl` (a copy of `template`, else empty); returns its URL. */
export async function createDatabase(adminUrl: string, name: string, template?: string): Promise<string> {
  let hasStrategy = strategies.get(adminUrl);
  if (!hasStrategy) {
    hasStrategy = adminQuery<{ server_version_num: string }>(adminUrl, 'SHOW server_version_num').then((rows) => Number(rows[0].server_version_num) >= 150000);
    strategies.set(adminUrl, hasStrategy);
  }
  // FILE_COPY: the tests copy small templates by the hundred; copying their files took two thirds
  // of the time that writing each page to the write-ahead log (15's default) did.
  const strategy = (await hasStrategy) ? ' STRATEGY FILE_COPY' : '';
  // template0: nothing a test added to template1 leaks in; the cluster's UTF8 / C locale.
  await adminQuery(adminUrl, `CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template ?? 'template0')} ENCODING 'UTF8'${strategy}`);
  return databaseUrl(adminUrl, name);
}

/** DROP DATABASE `name`, closing any connection still open on it. */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
}

export interface FreshDatabase {
  url: string;
  name: string;
  /** Drops the database (open connections are closed by the server). */
  drop(): Promise<void>;
}

let counter = 0;

/** A new, empty, uniquely named database on the server at `adminUrl`. */
export async function freshDatabase(adminUrl: string, prefix = 'shop_test'): Promise<FreshDatabase> {
  const name = `${prefix}_${process.pid}_${++counter}_${randomBytes(3).toString('hex')}`;
  const url = await createDatabase(adminUrl, name);
  return { url, name, drop: () => dropDatabase(adminUrl, name) };
}
