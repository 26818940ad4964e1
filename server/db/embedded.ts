// The embedded driver: PostgreSQL in this process (PGlite, PostgreSQL 17 built to WebAssembly),
// in DATA_DIR or in memory, behind the same Kysely<Database> as a PostgreSQL server
// (connect.ts), so the same migrations and the same queries run on both.
//
// PGlite is one connection: the dialect (kysely-pglite-dialect) hands it to one query or
// transaction at a time and queues the rest, which is what one process on one data folder
// needs. Reads are answered from memory until the next write (readCache.ts); a statement seen
// before runs as a prepared statement (prepared.ts). A data folder belongs to one process: a lock
// file in it (shop.lock, holding the pid) refuses a second one with a message that names
// DATABASE_URL, the way to run several instances.
// A lock left by a process that died (SIGKILL, power loss) is taken over.
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { parseInt8 } from './connect';
import { attachReadCache, ReadCache } from '../modules/catalogue/pg/readCache';
import { PreparedClient } from './prepared';
import type { Database } from './schema';

const INT8 = 20;
const NUMERIC = 1700;

export const LOCK_FILE = 'shop.lock';

export interface EmbeddedOptions {
  /** The data folder (created when missing); in memory when absent. */
  dataDir?: string;
  /** Start from this image of a data folder (PGlite's dumpDataDir): tests start seeded shops fast. */
  loadDataDir?: Blob;
  /** Called with every statement run. */
  onQuery?: (sql: string, parameters: readonly unknown[], durationMs?: number) => void;
  /** false: every read runs on the database (readCache.ts; on by default). */
  readCache?: boolean;
}

export interface EmbeddedDatabase {
  db: Kysely<Database>;
  pglite: PGlite;
  /** The reads' answers kept in memory until the next write (readCache.ts). */
  readCache: ReadCache;
  /** Lets go of the data folder's lock (after db.destroy()). */
  release(): void;
}

/** True when a process with this pid runs (and is not this one). */
function running(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class DataDirInUseError extends Error {}

/** Takes the data folder's lock; returns the function that lets it go. */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
      const holder = Number(readFileSync(file, 'utf8').trim());
      if (running(holder)) {
        throw new DataDirInUseError(
          `The data folder ${dataDir} is in use by another process (pid ${holder}). One process at a time can use a data folder; ` +
            'to run several instances of the shop, run them on a PostgreSQL server (DATABASE_URL=postgres://…). ' +
            `If no shop is running, remove ${file}.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    try {
      if (existsSync(file) && Number(readFileSync(file, 'utf8').trim()) === process.pid) rmSync(file, { force: true });
    } catch {
      // Gone already: nothing to let go of.
    }
  };
  process.once('exit', release);
  return release;
}

/** Opens PGlite (pg_trgm loaded, our type parsers) and a Kysely<Database> on it. */
export async function openEmbedded({ dataDir, loadDataDir, onQuery, readCache: cached = true }: EmbeddedOptions = {}): Promise<EmbeddedDatabase> {
  const release = dataDir ? lockDataDir(dataDir) : () => {};
  try {
    const options: PGliteOptions = {
      extensions: { pg_trgm },
      // As connect.ts reads them from a server: bigint and numeric as numbers.
      parsers: { [INT8]: parseInt8, [NUMERIC]: (text: string) => Number(text) },
      loadDataDir,
    };
    const pglite = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
    await pglite.waitReady;
    const readCache = new ReadCache(new PreparedClient(pglite), cached ? undefined : { entries: 0, rows: 0 });
    const db = new Kysely<Database>({
      // The dialect calls query and close only, which the cache passes on.
      dialect: new PGliteDialect(readCache as unknown as PGlite),
      log: onQuery ? (event) => (event.level === 'query' ? onQuery(event.query.sql, event.query.parameters, event.queryDurationMillis) : undefined) : undefined,
    });
    // The store counts this database's changes through it (PgStore.changeCount).
    attachReadCache(db, readCache);
    return { db, pglite, readCache, release };
  } catch (error) {
    release();
    throw error;
  }
}
