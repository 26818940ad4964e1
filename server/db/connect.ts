// Connections: openDatabase(url) → Kysely<Database> on a pg Pool.
//
// Type parsers are scoped to our pools and clients (the `types` option), not set globally on
// pg.types, so other users of `pg` in the process are unaffected:
//  - int8 (bigint: count(*), sessions.expires_at) → number; a value beyond 2^53 throws rather
//    than silently losing digits;
//  - numeric → number (the API's numbers are doubles; the schema stores money as double precision);
//  - everything else as node-postgres does it: integer and double precision → number, boolean,
//    jsonb → parsed value, timestamptz → Date.
import { Kysely, PostgresDialect, type PostgresPool } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import type { PoolUse } from '../modules/operations/port';

const INT8 = 20;
const NUMERIC = 1700;

export function parseInt8(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new RangeError(`bigint ${text} does not fit a JavaScript number`);
  return n;
}

const parseNumeric = (text: string): number => Number(text);

/** node-postgres `types` for our pools and clients. */
export const typeParsers: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (format !== 'binary') {
      if (oid === INT8) return parseInt8;
      if (oid === NUMERIC) return parseNumeric;
    }
    return pg.types.getTypeParser(oid, format as 'text');
  }) as pg.CustomTypesConfig['getTypeParser'],
};


const pools = new WeakMap<Kysely<Database>, pg.Pool>();

/** The use of the pg Pool under `db` (openDatabase's); undefined for another database (the embedded one has no pool). */
export function poolUseOf(db: Kysely<Database>): PoolUse | undefined {
  const pool = pools.get(db);
  return pool && { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 };
}

export interface OpenOptions {
  /** Pool size (default 10). */
  max?: number;
  /** How long an unused connection stays open (default 10 s). */
  idleTimeoutMs?: number;
  /** How long a query waits for a connection before failing (default 5000 ms). */
  connectTimeoutMs?: number;
  /** Called with every statement run (tests that look at the plans of the adapter's own queries). */
  onQuery?: (sql: string, parameters: readonly unknown[], durationMs?: number) => void;
  /** Called when an idle pooled connection fails (e.g. the server restarted); default: console.warn. */
  onIdleError?: (error: Error) => void;
}

/** A Kysely<Database> on its own pg Pool; `await db.destroy()` closes the pool. */
export function openDatabase(url: string, options: OpenOptions = {}): Kysely<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    // No JIT: it compiles a big query in 20–30 ms, longer than the queries of a shop run. More
    // memory per sort or bitmap than the default 4 MB, so a broad search's matches stay exact
    // (a lossy bitmap rechecks every row of its pages).
    options: '-c jit=off -c work_mem=16MB',
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
    idleTimeoutMillis: options.idleTimeoutMs ?? 10_000,
    types: typeParsers,
  });
  listenForErrors(pool, options.onIdleError ?? ((error) => console.warn(`postgres: idle connection failed: ${error.message}`)));
  const { onQuery } = options;
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: onQuery ? (event) => (event.level === 'query' ? onQuery(event.query.sql, event.query.parameters, event.queryDurationMillis) : undefined) : undefined,
  });
  pools.set(db, pool);
  return db;
}

/**
 * A connection that fails emits 'error', and an 'error' without a listener ends the process. The
 * pool listens on its idle connections only (and passes their errors on as its own 'error'): a
 * connection in use — between the statements of a transaction, or under a statement when the
 * server goes away — has none. So every connection gets one of its own as it opens; the statement
 * it was running, or the next one, fails instead (StoreUnavailableError: 503), and the pool drops
 * the connection once it is given back and opens a new one when next asked.
 */
function listenForErrors(pool: pg.Pool, onIdleError: (error: Error) => void): void {
  pool.on('error', onIdleError);
  pool.on('connect', (client) => {
    client.on('error', ignoreInUse);
  });
}

/** A connection's error: told to whoever uses it (their statement fails), or to the pool's listener when idle. */
const ignoreInUse = (): void => {};

/** A pg.Client with our type parsers (connect() it yourself). */
export function newClient(url: string): pg.Client {
  const client = new pg.Client({ connectionString: url, types: typeParsers });
  // Its failure fails the statement it runs or the next one, rather than the process.
  client.on('error', ignoreInUse);
  return client;
}

/**
 * A Kysely<Database> that runs everything on one connected pg.Client — for code that also needs
 * the raw client on the same connection (COPY inside a Kysely transaction). One caller at a time.
 * destroy() leaves the client open.
 */
export function kyselyOnClient(client: pg.Client): Kysely<Database> {
  const pool: PostgresPool = {
    connect: async () =>
      ({
        query: client.query.bind(client),
        release() {},
      }) as unknown as Awaited<ReturnType<PostgresPool['connect']>>,
    end: async () => {},
  };
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
