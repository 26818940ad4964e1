// The data store: lowdb 1 over the data file, with a synchronous adapter whose writes are
// atomic (temp file + fsync + rename + fsync of the directory), so a crash mid-write leaves
// either the old or the new file, never a torn one. The seed (db.json) is only ever read.
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import low from 'lowdb';
import type { AdapterSync, LowdbSync } from 'lowdb';
import { COLLECTIONS, type DbSchema } from './model';

export interface StoreOptions {
  /** Data file to work on; created from `seedFile` when missing. */
  dataFile?: string;
  seedFile?: string;
  /** In-memory data (tests): nothing is read from or written to disk. */
  data?: Partial<DbSchema>;
}

export interface Store {
  /** The lowdb instance; the json-server router reads the catalogue through it. */
  readonly lowdb: LowdbSync<DbSchema>;
  /** The live state. Mutate it synchronously, then call commit() once. */
  readonly data: DbSchema;
  /** Persists the state. Every write goes through here (one place for group commit later). */
  commit(): void;
  /** Number of commits so far (tests and diagnostics). */
  readonly commits: number;
  readonly dataFile?: string;
}

/** Next integer id of a collection: max + 1. */
export function nextId(items: readonly { id: unknown }[]): number {
  let max = 0;
  for (const item of items) if (typeof item.id === 'number' && item.id > max) max = item.id;
  return max + 1;
}

function fsyncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Some platforms cannot open or fsync a directory; the rename is still atomic there.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

const tempName = (file: string) =>
  path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);

/** Temp files a crashed write left beside `file` (the file itself is intact). */
export function removeStaleTempFiles(file: string): void {
  const dir = path.dirname(file);
  if (!existsSync(dir)) return;
  const prefix = `.${path.basename(file)}.`;
  for (const name of readdirSync(dir)) {
    if (name.startsWith(prefix) && name.endsWith('.tmp')) rmSync(path.join(dir, name), { force: true });
  }
}

/** Replace `file` with `content` atomically and durably. */
export function atomicWriteFile(file: string, content: string | Buffer): void {
  const dir = path.dirname(file);
  const tmp = tempName(file);
  let fd: number | undefined;
  try {
    fd = openSync(tmp, 'w', 0o600);
    const buffer = typeof content === 'string' ? Buffer.from(content) : content;
    let offset = 0;
    while (offset < buffer.length) offset += writeSync(fd, buffer, offset, buffer.length - offset);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(tmp, file);
  } catch (err) {
    if (fd !== undefined) closeSync(fd);
    rmSync(tmp, { force: true });
    throw err;
  }
  fsyncDir(dir);
}

/** Copy the seed to the data file (atomically) when the data file does not exist yet. */
export function ensureDataFile(dataFile: string, seedFile: string): void {
  if (existsSync(dataFile)) return;
  if (!existsSync(seedFile)) {
    throw new Error(`Seed file ${seedFile} not found; run \`npm run seed\` to create it.`);
  }
  mkdirSync(path.dirname(dataFile), { recursive: true });
  atomicWriteFile(dataFile, readFileSync(seedFile));
}

/** Fill in missing collections so every route has an array to work on (in memory only). */
function normalize(state: unknown, source: string): DbSchema {
  if (typeof state !== 'object' || state === null || Array.isArray(state)) {
    throw new Error(`${source} must hold a JSON object of collections.`);
  }
  const record = state as Record<string, unknown>;
  for (const key of COLLECTIONS) {
    if (record[key] === undefined) record[key] = [];
    if (!Array.isArray(record[key])) throw new Error(`${source}: "${key}" must be an array.`);
  }
  return record as unknown as DbSchema;
}

function fileAdapter(dataFile: string) {
  return {
    read(): DbSchema {
      const text = readFileSync(dataFile, 'utf8');
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch (err) {
        throw new Error(
          `Data file ${dataFile} is not valid JSON (${(err as Error).message}); ` +
            'run `npm run db:reset` to restore the seed.',
        );
      }
      return normalize(parsed, dataFile);
    },
    write(state: object): void {
      atomicWriteFile(dataFile, JSON.stringify(state, null, 2) + '\n');
    },
  };
}

function memoryAdapter(data: Partial<DbSchema>) {
  return {
    read: (): DbSchema => normalize(structuredClone(data), 'data'),
    write: (): void => {},
  };
}

export function openStore(options: StoreOptions): Store {
  let adapter;
  if (options.data) {
    adapter = memoryAdapter(options.data);
  } else if (options.dataFile) {
    removeStaleTempFiles(options.dataFile);
    if (options.seedFile) ensureDataFile(options.dataFile, options.seedFile);
    adapter = fileAdapter(options.dataFile);
  } else {
    throw new Error('openStore needs either `data` or `dataFile`.');
  }
  const db = low(adapter as unknown as AdapterSync<DbSchema>);
  let commits = 0;
  return {
    lowdb: db,
    get data() {
      return db.getState();
    },
    commit() {
      db.write();
      commits += 1;
    },
    get commits() {
      return commits;
    },
    dataFile: options.data ? undefined : options.dataFile,
  };
}

/** Put the seed back over the data file (npm run db:reset). */
export function resetDataFile(dataFile: string, seedFile: string): void {
  mkdirSync(path.dirname(dataFile), { recursive: true });
  atomicWriteFile(dataFile, readFileSync(seedFile));
}

