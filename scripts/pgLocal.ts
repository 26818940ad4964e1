// A PostgreSQL server of your own, for trying the shop on PostgreSQL (Debian's `postgresql`
// package; no Docker):
//   npm run pg:local            starts it (creating it the first time) and prints DATABASE_URL
//   npm run pg:local -- stop    stops it; the data stays in .data/pg for the next start
//   npm run pg:local -- status
// Then: DATABASE_URL=postgres://shop@127.0.0.1:5433/shop npm start
// The data lives in PG_LOCAL_DIR (default .data/pg), the server on PG_LOCAL_PORT (default 5433),
// loopback only, user `shop` without a password. As root, PostgreSQL runs as the `postgres` user.
import { chownSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { findPostgresBin, postgresUser, run, waitForServer } from '../tests/pg/cluster';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const DEFAULT_PORT = 5433;
const DATABASE = 'shop';

export interface LocalOptions {
  dir?: string;
  port?: number;
}

function settings({ dir, port }: LocalOptions = {}) {
  const folder = path.resolve(ROOT, dir ?? process.env.PG_LOCAL_DIR ?? '.data/pg');
  const chosen = port ?? Number(process.env.PG_LOCAL_PORT ?? DEFAULT_PORT);
  const bin = findPostgresBin();
  return { folder, data: path.join(folder, 'data'), port: chosen, pgCtl: path.join(bin, 'pg_ctl'), bin, as: postgresUser() };
}

async function running(pgCtl: string, data: string, as: ReturnType<typeof postgresUser>): Promise<boolean> {
  if (!existsSync(path.join(data, 'PG_VERSION'))) return false;
  return run(pgCtl, ['-D', data, 'status'], as).then(
    () => true,
    () => false,
  );
}

/** Starts the server (initdb on first use) and creates the `shop` database; returns its URL. */
export async function startLocal(options: LocalOptions = {}): Promise<string> {
  const { folder, data, port, pgCtl, bin, as } = settings(options);
  const url = `postgres://shop@127.0.0.1:${port}/${DATABASE}`;
  mkdirSync(folder, { recursive: true });
  if (as) chownSync(folder, as.uid, as.gid);
  if (!existsSync(path.join(data, 'PG_VERSION'))) {
    await run(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'shop', '-E', 'UTF8', '--locale=C'], as);
  }
  if (!(await running(pgCtl, data, as))) {
    const serverOptions = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1`;
    await run(pgCtl, ['-D', data, '-o', serverOptions, '-l', path.join(folder, 'postgres.log'), '-w', '-t', '60', 'start'], as);
  }
  const admin = `postgres://shop@127.0.0.1:${port}/postgres`;
  await waitForServer(admin);
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (!rowCount) await client.query(`CREATE DATABASE ${DATABASE} TEMPLATE template0 ENCODING 'UTF8'`);
  } finally {
    await client.end();
  }
  return url;
}

/** Stops the server (fast shutdown); the data stays. */
export async function stopLocal(options: LocalOptions = {}): Promise<boolean> {
  const { data, pgCtl, as } = settings(options);
  if (!(await running(pgCtl, data, as))) return false;
  await run(pgCtl, ['-D', data, 'stop', '-m', 'fast', '-w'], as);
  return true;
}

async function main(command = 'start'): Promise<void> {
  if (command === 'start') {
    const url = await startLocal();
    console.log(`PostgreSQL is running. Use it with:\n  DATABASE_URL=${url} npm start`);
  } else if (command === 'stop') {
    console.log((await stopLocal()) ? 'PostgreSQL stopped.' : 'PostgreSQL was not running.');
  } else if (command === 'status') {
    const { data, pgCtl, as } = settings();
    console.log((await running(pgCtl, data, as)) ? 'running' : 'not running');
  } else {
    throw new Error(`unknown command ${command}\nusage: pg:local [start|stop|status]`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv[2]).catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
