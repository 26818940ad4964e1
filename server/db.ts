// The data store: the whole state in memory (lowdb 1 holds it for json-server's router), made
// durable by Store.commit(). Commits made close together share one disk write (group commit),
// and the promise commit() returns resolves only once that write is on disk, so a route that
// awaits it before answering never acknowledges a write a crash could lose.
//
// How a write reaches the disk depends on the size of the data file:
//  - below `journalAbove` (1 MiB; the seed is ~0.2 MB): the whole file is rewritten atomically
//    (temp file + fsync + rename + fsync of the directory), as before;
//  - above it, rewriting megabytes per write would make every write cost O(data), so each group
//    of changes is appended as one JSON line to `<data file>.journal` and fsync'd (a torn last
//    line is a write that was never acknowledged, and is ignored). Once the journal is as big as
//    the data file (or on the next start) it is folded into the data file with the atomic
//    rewrite, then removed. The journal's first line holds the SHA-256 of the data file it
//    continues, so a journal already folded in (a crash between the rename and the removal) is
//    recognised and never replayed twice.
// Either way a crash leaves the old or the new state, never a torn one. The seed is only read.
//
// Routes change `store.data` and name what they changed in the same synchronous step:
//   product.stock -= 1; order pushed; → await store.commit({ products: [id], orders: [order.id] })
// A record is given by its id (added, changed or removed: the store looks at the current
// state), a whole collection by 'all'; commit() with no argument writes everything. Under
// Vitest every commit is checked against the actual changes (`verifyChanges`), so a route that
// forgets to name a record fails its tests instead of losing data in journal mode.
import { createHash, randomBytes } from 'node:crypto';
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
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import low from 'lowdb';
import type { AdapterSync, LowdbSync } from 'lowdb';
import { COLLECTIONS, type DbSchema } from './model';
import { DiskWriteError } from './errors';

export type CollectionName = (typeof COLLECTIONS)[number];
export type RecordId = number | string;
/** What a commit changed: ids per collection (added, changed or removed), or 'all'. */
export type Changes = { [K in CollectionName]?: readonly RecordId[] | 'all' };

export const DEFAULT_JOURNAL_ABOVE = 1024 * 1024;
const JOURNAL_VERSION = 1;

export interface StoreOptions {
  /** Data file to work on; created from `seedFile` when missing. */
  dataFile?: string;
  seedFile?: string;
  /** In-memory data (tests): nothing is read from or written to disk. */
  data?: Partial<DbSchema>;
  /**
   * Data files at least this big (bytes) are written through the journal; smaller ones are
   * rewritten whole. Default 1 MiB, or the SHOP_JOURNAL_ABOVE environment variable.
   */
  journalAbove?: number;
  /** Check each commit names every record that changed (default: when running under Vitest). */
  verifyChanges?: boolean;
}

export interface Store {
  /** The lowdb instance; the json-server router reads the catalogue through it. */
  readonly lowdb: LowdbSync<DbSchema>;
  /** The live state. Change it, then name the changes in commit() in the same synchronous step. */
  readonly data: DbSchema;
  /** Names changes to be written with the next commit (for helpers that change and let the caller commit). */
  changed(collection: CollectionName, ...ids: RecordId[]): void;
  /**
   * Persists the named changes (everything, without an argument) together with any other commit
   * made meanwhile. Resolves once they are durably on disk; rejects when the write failed.
   */
  commit(changes?: Changes): Promise<void>;
  /** Resolves when every commit made so far has been written (or has failed). */
  settled(): Promise<void>;
  /** Waits for pending writes and closes the journal (tests; a stopping server may just exit). */
  close(): Promise<void>;
  /** Number of commit() calls so far (tests and diagnostics). */
  readonly commits: number;
  /** Disk writes so far: whole-file rewrites and journal appends. */
  readonly writes: { snapshots: number; journal: number };
  readonly dataFile?: string;
}

/** Next integer id of a collection: max + 1. */
export function nextId(items: readonly { id: unknown }[]): number {
  let max = 0;
  for (const item of items) if (typeof item.id === 'number' && item.id > max) max = item.id;
  return max + 1;
}

// ---------------------------------------------------------------------------------------------
// Atomic whole-file writes

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

async function fsyncDirAsync(dir: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // As above.
  } finally {
    await handle?.close();
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

/** atomicWriteFile without blocking the event loop while the bytes go to disk. */
export async function atomicWriteFileAsync(file: string, content: Buffer): Promise<void> {
  const tmp = tempName(file);
  let handle: FileHandle | undefined;
  try {
    handle = await open(tmp, 'w', 0o600);
    await handle.writeFile(content);
    await handle.sync();
    await handle.close();
    handle = undefined;
    await rename(tmp, file);
  } catch (err) {
    await handle?.close().catch(() => {});
    await rm(tmp, { force: true });
    throw err;
  }
  await fsyncDirAsync(path.dirname(file));
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

const serialize = (state: DbSchema) => JSON.stringify(state, null, 2) + '\n';
const sha256 = (content: string | Buffer) => createHash('sha256').update(content).digest('hex');

// ---------------------------------------------------------------------------------------------
// The journal

export const journalFileOf = (dataFile: string) => `${dataFile}.journal`;

type AnyRecord = { id: RecordId };
type Op = ['put', CollectionName, AnyRecord] | ['del', CollectionName, RecordId] | ['all', CollectionName, AnyRecord[]];

interface JournalHeader {
  journal: number;
  /** SHA-256 of the data file this journal continues. */
  snapshot: string;
}

function collectionOf(state: DbSchema, name: CollectionName): AnyRecord[] {
  return state[name] as unknown as AnyRecord[];
}

/** Applies journal lines to `state`; each op is idempotent on its own, lines apply in order. */
function applyOps(state: DbSchema, ops: Op[]): void {
  for (const op of ops) {
    const [kind, name] = op;
    if (!COLLECTIONS.includes(name)) throw new Error(`unknown collection ${String(name)}`);
    const list = collectionOf(state, name);
    if (kind === 'all') {
      (state as unknown as Record<string, AnyRecord[]>)[name] = op[2];
    } else if (kind === 'put') {
      const i = list.findIndex((r) => r.id === op[2].id);
      if (i >= 0) list[i] = op[2];
      else list.push(op[2]);
    } else if (kind === 'del') {
      const i = list.findIndex((r) => r.id === op[2]);
      if (i >= 0) list.splice(i, 1);
    } else {
      throw new Error(`unknown journal op ${String(kind)}`);
    }
  }
}

/**
 * Replays `journalText` over `state` when it continues the data file whose text hashes to
 * `snapshotHash`. Returns how many groups of changes were applied, or -1 when the journal
 * belongs to an older data file (it was folded in already).
 */
export function replayJournal(state: DbSchema, journalText: string, snapshotHash: string, source = 'journal'): number {
  const lines = journalText.split('\n');
  // Everything after the last newline was being written when the process died: never acknowledged.
  lines.pop();
  if (lines.length === 0) return 0;
  let header: JournalHeader;
  try {
    header = JSON.parse(lines[0]) as JournalHeader;
  } catch {
    throw new Error(`${source}: unreadable header; remove it to start from the data file alone.`);
  }
  if (header.journal !== JOURNAL_VERSION) throw new Error(`${source}: unknown journal version ${header.journal}`);
  if (header.snapshot !== snapshotHash) return -1;
  let applied = 0;
  for (let i = 1; i < lines.length; i++) {
    let entry: { ops: Op[] };
    try {
      entry = JSON.parse(lines[i]) as { ops: Op[] };
    } catch {
      throw new Error(`${source}: line ${i + 1} is corrupt; the data file holds the state before it.`);
    }
    applyOps(state, entry.ops);
    applied += 1;
  }
  return applied;
}

/**
 * The data file's current content as the server would load it: the data file plus its journal.
 * For tests and tools that read the data directly.
 */
export function readDataFile(dataFile: string): DbSchema {
  const text = readFileSync(dataFile, 'utf8');
  const state = normalize(JSON.parse(text), dataFile);
  const journal = journalFileOf(dataFile);
  if (existsSync(journal)) replayJournal(state, readFileSync(journal, 'utf8'), sha256(text), journal);
  return state;
}

// ---------------------------------------------------------------------------------------------
// Change tracking

class Pending {
  readonly changes = new Map<CollectionName, Set<RecordId> | 'all'>();
  everything = false;
  readonly promise: Promise<void>;
  resolve!: () => void;
  reject!: (err: unknown) => void;
  used = false;

  constructor() {
    this.promise = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    // A failed write is reported to whoever awaits it; it must not also crash the process.
    this.promise.catch(() => {});
  }

  add(name: CollectionName, ids: readonly RecordId[] | 'all'): void {
    if (!COLLECTIONS.includes(name)) throw new Error(`Store: unknown collection ${String(name)}`);
    const current = this.changes.get(name);
    if (current === 'all') return;
    if (ids === 'all') {
      this.changes.set(name, 'all');
      return;
    }
    const set = current ?? new Set<RecordId>();
    for (const id of ids) set.add(id);
    this.changes.set(name, set);
  }

  merge(other: Pending): void {
    if (other.everything) this.everything = true;
    for (const [name, ids] of other.changes) this.add(name, ids === 'all' ? 'all' : [...ids]);
  }
}

/**
 * Checks that the records that actually changed since the last check are the ones commits
 * named, and that replaying the named changes gives the same order. Kept per collection as
 * id → JSON; meant for tests (it serialises everything on each write).
 */
class ChangeVerifier {
  private last = new Map<CollectionName, { order: RecordId[]; json: Map<RecordId, string> }>();

  constructor(state: DbSchema) {
    this.record(state);
  }

  private snapshot(list: AnyRecord[]) {
    const json = new Map<RecordId, string>();
    const order: RecordId[] = [];
    for (const r of list) {
      if (json.has(r.id)) throw new Error(`Store: two records with id ${String(r.id)}`);
      json.set(r.id, JSON.stringify(r));
      order.push(r.id);
    }
    return { order, json };
  }

  record(state: DbSchema): void {
    for (const name of COLLECTIONS) this.last.set(name, this.snapshot(collectionOf(state, name)));
  }

  check(state: DbSchema, pending: Pending): void {
    const problems: string[] = [];
    for (const name of COLLECTIONS) {
      const before = this.last.get(name)!;
      const now = this.snapshot(collectionOf(state, name));
      const named = pending.everything ? 'all' : pending.changes.get(name);
      if (named !== 'all') {
        for (const id of new Set([...before.order, ...now.order])) {
          if (before.json.get(id) !== now.json.get(id) && !named?.has(id)) {
            problems.push(`${name} #${String(id)} changed but no commit() named it`);
          }
        }
        // The journal's replay of the named records must give the same order.
        const replayed = before.order.filter((id) => !named?.has(id) || now.json.has(id));
        for (const id of now.order) if (named?.has(id) && !before.json.has(id)) replayed.push(id);
        if (problems.length === 0 && replayed.join('\u0000') !== now.order.join('\u0000')) {
          problems.push(`${name}: records were reordered; commit({ ${name}: 'all' }) to keep the new order`);
        }
      }
      this.last.set(name, now);
    }
    if (problems.length > 0) {
      const message = `Store.commit(): ${problems.join('; ')}`;
      console.error(message);
      throw new Error(message);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The store

interface Persistence {
  /** Writes the current state; `pending` says what changed since the last write. */
  write(pending: Pending): Promise<'snapshot' | 'journal'>;
  close(): Promise<void>;
}

class FilePersistence implements Persistence {
  private snapshotBytes: number;
  private snapshotHash: string | undefined;
  private journal: FileHandle | undefined;
  private journalBytes = 0;
  private mustRewrite = false;
  private readonly journalFile: string;

  constructor(
    private readonly state: () => DbSchema,
    private readonly dataFile: string,
    loadedText: string,
    private readonly journalAbove: number,
  ) {
    this.journalFile = journalFileOf(dataFile);
    this.snapshotBytes = Buffer.byteLength(loadedText);
    this.snapshotHash = this.snapshotBytes >= journalAbove ? sha256(loadedText) : undefined;
  }

  async write(pending: Pending): Promise<'snapshot' | 'journal'> {
    const whole =
      this.mustRewrite ||
      pending.everything ||
      this.snapshotBytes < this.journalAbove ||
      this.journalBytes >= this.snapshotBytes;
    if (whole) {
      await this.writeSnapshot();
      this.mustRewrite = false;
      return 'snapshot';
    }
    try {
      await this.append(pending);
    } catch (err) {
      // The journal may end in part of a line now: never append after it. The next write
      // rewrites the data file whole (with these changes) and drops the journal.
      await this.journal?.close().catch(() => {});
      this.journal = undefined;
      this.mustRewrite = true;
      throw err;
    }
    return 'journal';
  }

  async close(): Promise<void> {
    await this.journal?.close();
    this.journal = undefined;
  }

  private async writeSnapshot(): Promise<void> {
    // Serialised in one synchronous step: a consistent state, whatever runs while it is written.
    const content = Buffer.from(serialize(this.state()));
    await atomicWriteFileAsync(this.dataFile, content);
    this.snapshotBytes = content.length;
    this.snapshotHash = content.length >= this.journalAbove ? sha256(content) : undefined;
    if (this.journal || existsSync(this.journalFile)) {
      // Folded into the data file now; a crash before this removal leaves a journal whose
      // header names the old data file, which is then ignored.
      await this.journal?.close();
      this.journal = undefined;
      this.journalBytes = 0;
      await rm(this.journalFile, { force: true });
    }
  }

  private async append(pending: Pending): Promise<void> {
    const state = this.state();
    const ops: Op[] = [];
    for (const [name, ids] of pending.changes) {
      const list = collectionOf(state, name);
      if (ids === 'all') {
        ops.push(['all', name, list]);
        continue;
      }
      // Removals first, then the named records in their order in the collection, so a replay
      // appends new records in the order they were added.
      const at = new Map<RecordId, number>();
      if (ids.size > 4) list.forEach((r, i) => ids.has(r.id) && at.set(r.id, i));
      else {
        for (const id of ids) {
          const i = list.findIndex((r) => r.id === id);
          if (i >= 0) at.set(id, i);
        }
      }
      for (const id of ids) if (!at.has(id)) ops.push(['del', name, id]);
      for (const i of [...at.values()].sort((a, b) => a - b)) ops.push(['put', name, list[i]]);
    }
    if (ops.length === 0) return;
    const line = JSON.stringify({ ops }) + '\n';
    let created = false;
    if (!this.journal) {
      this.snapshotHash ??= sha256(readFileSync(this.dataFile));
      const header: JournalHeader = { journal: JOURNAL_VERSION, snapshot: this.snapshotHash };
      this.journal = await open(this.journalFile, 'w', 0o600);
      const head = JSON.stringify(header) + '\n';
      await this.journal.write(head);
      this.journalBytes = Buffer.byteLength(head);
      created = true;
    }
    await this.journal.write(line);
    await this.journal.datasync();
    // A new file is only durable once its directory entry is.
    if (created) await fsyncDirAsync(path.dirname(this.journalFile));
    this.journalBytes += Buffer.byteLength(line);
  }
}

/** Reads the data file and folds a journal left by the last run into it. */
function loadFile(dataFile: string): { state: DbSchema; text: string } {
  let text = readFileSync(dataFile, 'utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new Error(
      `Data file ${dataFile} is not valid JSON (${(err as Error).message}); ` +
        'run `npm run db:reset` to restore the seed.',
    );
  }
  const state = normalize(parsed, dataFile);
  const journal = journalFileOf(dataFile);
  if (existsSync(journal)) {
    const applied = replayJournal(state, readFileSync(journal, 'utf8'), sha256(text), journal);
    if (applied > 0) {
      text = serialize(state);
      atomicWriteFile(dataFile, text);
    }
    rmSync(journal, { force: true });
    fsyncDir(path.dirname(journal));
  }
  return { state, text };
}

function journalThreshold(option: number | undefined): number {
  if (option !== undefined) return option;
  const env = Number(process.env.SHOP_JOURNAL_ABOVE);
  return process.env.SHOP_JOURNAL_ABOVE && Number.isFinite(env) ? env : DEFAULT_JOURNAL_ABOVE;
}

export function openStore(options: StoreOptions): Store {
  let initial: DbSchema;
  let loadedText: string | undefined;
  if (options.data) {
    initial = normalize(structuredClone(options.data), 'data');
  } else if (options.dataFile) {
    if (options.seedFile && path.resolve(options.dataFile) === path.resolve(options.seedFile)) {
      throw new Error(`The data file cannot be the seed (${options.seedFile}), which is never written: set DATA_FILE to another file.`);
    }
    removeStaleTempFiles(options.dataFile);
    if (options.seedFile) ensureDataFile(options.dataFile, options.seedFile);
    const loaded = loadFile(options.dataFile);
    initial = loaded.state;
    loadedText = loaded.text;
  } else {
    throw new Error('openStore needs either `data` or `dataFile`.');
  }

  const adapter: AdapterSync<DbSchema> = {
    read: () => initial,
    write: () => {
      throw new Error('Writes go through Store.commit(), not lowdb');
    },
  } as unknown as AdapterSync<DbSchema>;
  const db = low(adapter);
  const state = () => db.getState();
  const persistence: Persistence | undefined =
    options.dataFile && loadedText !== undefined
      ? new FilePersistence(state, options.dataFile, loadedText, journalThreshold(options.journalAbove))
      : undefined;

  const verifier = (options.verifyChanges ?? !!process.env.VITEST) ? new ChangeVerifier(initial) : undefined;
  let commits = 0;
  const writes = { snapshots: 0, journal: 0 };
  let pending: Pending | undefined;
  let idle: Promise<void> = Promise.resolve();
  let running = false;

  const current = () => (pending ??= new Pending());

  // One write at a time; everything committed while a write is under way goes into the next.
  async function drain(): Promise<void> {
    while (pending?.used) {
      const batch = pending;
      pending = undefined;
      try {
        verifier?.check(state(), batch);
        if (persistence) {
          const kind = await persistence.write(batch).catch((err: unknown) => {
            throw new DiskWriteError(err);
          });
          if (kind === 'snapshot') writes.snapshots += 1;
          else writes.journal += 1;
        }
        batch.resolve();
      } catch (err) {
        // Memory holds these changes: write them with the next commit.
        current().merge(batch);
        batch.reject(err);
      }
    }
    running = false;
  }

  return {
    lowdb: db,
    get data() {
      return db.getState();
    },
    changed(collection, ...ids) {
      current().add(collection, ids);
    },
    commit(changes) {
      commits += 1;
      const batch = current();
      batch.used = true;
      if (!changes) batch.everything = true;
      else for (const [name, ids] of Object.entries(changes)) if (ids) batch.add(name as CollectionName, ids);
      if (!running) {
        running = true;
        // setImmediate: commits made in this turn of the event loop join the same write.
        idle = new Promise<void>((resolve) => setImmediate(() => void drain().then(resolve)));
      }
      return batch.promise;
    },
    settled() {
      return idle;
    },
    async close() {
      await idle;
      await persistence?.close();
    },
    get commits() {
      return commits;
    },
    get writes() {
      return { ...writes };
    },
    dataFile: options.data ? undefined : options.dataFile,
  };
}

/** Put the seed back over the data file (npm run db:reset); a journal of the old data goes. */
export function resetDataFile(dataFile: string, seedFile: string): void {
  mkdirSync(path.dirname(dataFile), { recursive: true });
  atomicWriteFile(dataFile, readFileSync(seedFile));
  rmSync(journalFileOf(dataFile), { force: true });
}
