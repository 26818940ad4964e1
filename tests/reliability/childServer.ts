// A real server process (server/index.ts) on its own port and data folder or database, for the crash tests,
// the production-header check and the browser test that stops the API mid-journey. No vitest
// imports here: Playwright loads this file too.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/bench/processes';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// The first start on a new embedded data folder runs initdb in WebAssembly and loads the seed:
// seconds alone, far more on a busy machine.
const STARTUP_TIMEOUT_MS = 90_000;

// A port nobody listens on right now (the OS picks it); shared with the benchmarks.
export { freePort };

export interface ChildServer {
  readonly proc: ChildProcess;
  readonly port: number;
  /** http://127.0.0.1:<port> */
  readonly origin: string;
  /** Resolves when the process has exited (after a kill, or on its own). */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL (no shutdown code runs) and wait for the exit. */
  kill(): Promise<void>;
  /** SIGTERM (clean stop) and wait for the exit. */
  stop(): Promise<void>;
  /** What the process printed so far (stdout + stderr). */
  output(): string;
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const proc of running) proc.kill('SIGKILL');
});

export interface StartOptions {
  /** The embedded driver's data folder (DATA_DIR) … */
  dataDir?: string;
  /** … or a PostgreSQL server's database (DATABASE_URL). */
  databaseUrl?: string;
  port?: number;
  env?: Record<string, string>;
}

/**
 * Starts `node --import tsx server/index.ts` (one process: a SIGKILL kills the server itself,
 * not a wrapper) and resolves once it prints its address, i.e. once it listens.
 */
export async function startServer({ dataDir, databaseUrl, port, env = {} }: StartOptions): Promise<ChildServer> {
  if (!dataDir === !databaseUrl) throw new Error('startServer: give a dataDir or a databaseUrl');
  const chosen = port ?? (await freePort());
  const store = databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir!, DATABASE_URL: '' };
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: ROOT,
    env: { ...process.env, LOG: '0', ...env, PORT: String(chosen), ...store },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(proc);
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    proc.once('exit', (code, signal) => {
      running.delete(proc);
      resolve({ code, signal });
    });
  });
  proc.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`The server did not start within ${STARTUP_TIMEOUT_MS} ms:\n${output}`));
    }, STARTUP_TIMEOUT_MS);
    proc.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Shop running at')) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (${code ?? signal}) before listening:\n${output}`));
    });
  });

  const signalAndWait = async (signal: NodeJS.Signals) => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
    await exited;
  };
  return {
    proc,
    port: chosen,
    origin: `http://127.0.0.1:${chosen}`,
    exited,
    kill: () => signalAndWait('SIGKILL'),
    stop: () => signalAndWait('SIGTERM'),
    output: () => output,
  };
}
