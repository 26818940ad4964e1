// Child processes for the benchmark: our server and plain json-server, each on its own free
// localhost port and its own copy of the data, stopped (by their own pid) when done.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Whether `port` (0: one the OS picks) can be listened on at 127.0.0.1 now: the port, or undefined. */
function probe(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as net.AddressInfo;
      server.close(() => resolve(bound));
    });
  });
}

/**
 * A port nobody listens on now, below the range the OS gives outgoing connections (Linux:
 * 32768-60999). A server killed and started again on its port (the crash tests, a PostgreSQL
 * cluster restarted) must find it free: a port of that range can meanwhile be taken as the source
 * port of any outgoing connection, such as a database pool's.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = await probe(20_000 + Math.floor(Math.random() * 12_000));
    if (port !== undefined) return port;
  }
  const port = await probe(0);
  if (port === undefined) throw new Error('no free port');
  return port;
}

export interface Child {
  name: string;
  origin: string;
  proc: ChildProcess;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const proc of running) proc.kill('SIGKILL');
});

async function waitForHttp(url: string, proc: ChildProcess, output: () => string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null || proc.signalCode !== null) throw new Error(`process exited early:\n${output()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${output()}`);
}

async function start(name: string, args: string[], env: Record<string, string>, readyUrl: string, origin: string, cwd = ROOT, timeoutMs = 60_000) {
  const proc = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(proc);
  let output = '';
  proc.stdout!.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-4000)));
  proc.stderr!.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  void exited.then(() => running.delete(proc));
  try {
    await waitForHttp(readyUrl, proc, () => output, timeoutMs);
  } catch (error) {
    // Not ready (or it exited): never leave it running behind the caller's back.
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
    await exited;
    throw error;
  }
  const child: Child = {
    name,
    origin,
    proc,
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
  return child;
}

/** How long a shop on a new data folder may take to answer (it loads the data file first). */
const FIRST_START_MS = 5 * 60_000;

/**
 * Our server (createApp) on a new embedded database in `<dataFile>.db` loaded from `dataFile`
 * (a checkout from before the embedded driver reads DATA_FILE itself), serving the build in
 * `staticDir`; no request logging.
 * `root`: another checkout to run the server from (e.g. an older commit, for a baseline); one
 * without scripts/bench/server.ts runs its server/index.ts (API only).
 */
export async function startShop(dataFile: string, staticDir?: string, root = ROOT): Promise<Child> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = { PORT: String(port), DATA_DIR: `${dataFile}.db`, SEED_FILE: dataFile, DATA_FILE: dataFile, LOG: '0', NODE_ENV: 'production' };
  if (staticDir) env.STATIC_DIR = staticDir;
  const launcher = path.join(root, 'scripts/bench/server.ts');
  const main = existsSync(launcher) ? launcher : path.join(root, 'server/index.ts');
  // A new data folder's first start creates the database and loads the data file into it: on a
  // busy machine that takes more than a minute at 10,000 products.
  return start('shop', ['--import', 'tsx', main], env, `${origin}/api/categories`, origin, root, FIRST_START_MS);
}

/** Plain json-server 0.17 CLI on `dataFile` (--quiet: no request log, as LOG=0 for ours). */
export async function startJsonServer(dataFile: string): Promise<Child> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const bin = path.join(ROOT, 'node_modules/json-server/lib/cli/bin.js');
  return start(
    'json-server',
    [bin, '--port', String(port), '--host', '127.0.0.1', '--quiet', dataFile],
    { NODE_ENV: 'production' },
    `${origin}/categories`,
    origin,
  );
}

/**
 * The shop as it is started in production, `node --import tsx server/index.ts` (API at /api; LOG=0),
 * with `env` choosing the driver: DATA_DIR, or DATABASE_URL. `timeoutMs`: how long it may take to
 * load its data and answer (a big data file takes a while). `root`: another checkout to run it from.
 */
export async function startShopServer(
  env: ({ DATA_DIR: string; DATABASE_URL?: string; READ_CACHE?: 'on' | 'off' }) | { DATABASE_URL: string },
  timeoutMs = 60_000,
  root = ROOT,
): Promise<Child> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  return start(
    'shop',
    ['--import', 'tsx', path.join(root, 'server/index.ts')],
    // The benches sign up 64 shoppers a run from one address, also on a database kept from an
    // earlier run: the hourly sign-up limit would refuse them.
    { SIGNUP_LIMIT_PER_HOUR: '1000000', ...env, PORT: String(port), LOG: '0', NODE_ENV: 'production', HOST: '127.0.0.1' },
    `${origin}/api/categories`,
    origin,
    root,
    timeoutMs,
  );
}
