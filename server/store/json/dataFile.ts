// The data file: the whole state in memory, made durable by DataFile.commit(). Commits made
// close together share one disk write (group commit), and the promise commit() returns resolves
// only once that write is on disk, so an adapter method that awaits it never acknowledges a write
// a crash could lose.
//
// How a write reaches the disk depends on the size of the data file:
//  - below `journalAbove` (1 MiB; the seed is ~0.2 MB): the whole file is rewritten atomically
//    (temp file + fsync + rename + fsync of the directory, server/atomicFile.ts);
//  - above it, rewriting megabytes per write would make every write cost O(data), so each group
//    of changes is appended as one JSON line to `<data file>.journal` and fsync'd (a torn last
//    line is a write that was never acknowledged, and is ignored). Once the journal is as big as
//    the data file (or on the next start) it is folded into the data file with the atomic
//    rewrite, then removed. The journal's first line holds the SHA-256 of the data file it
//    continues, so a journal already folded in (a crash between the rename and the removal) is
//    recognised and never replayed twice.
// Either way a crash leaves the old or the new state, never a torn one. The seed is only read.
//
// The json adapter (jsonStore.ts), the only writer, changes `data` and names what it changed in
// the same synchronous step:
//   stock taken; order pushed; → await file.commit({ products: [id], orders: [order.id] })
// A record is given by its id (added, changed or removed: the file looks at the current state),
// a whole collection by 'all'; commit() with no argument writes everything.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { open, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { atomicWriteFile, atomicWriteFileAsync, fsyncDir, fsyncDirAsync, removeStaleTempFiles } from '../../atomicFile';
import { DiskWriteError } from '../../errors';
import { COLLECTIONS, type DbSchema } from '../../model';

export type CollectionName = (typeof COLLECTIONS)[number];
export type RecordId = number | string;
/** What a commit changed: ids per collection (added, changed or removed), or 'all'. */
export type Changes = { [K in CollectionName]?: readonly RecordId[] | 'all' };

export const DEFAULT_JOURNAL_ABOVE = 1024 * 1024;
const JOURNAL_VERSION = 1;

export interface DataFileOptions {
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
}

export interface DataFile {
  /** The live state. Change it, then name the changes in commit() in the same synchronous step. */
  readonly data: DbSchema;
  /**
   * Persists the named changes (everything, without an argument) together with any other commit
   * made meanwhile. Resolves once they are durably on disk; rejects with DiskWriteError when the
   * write failed (the changes stay in memory and go with the next write).
   */
  commit(changes?: Changes): Promise<void>;
  /** Replaces the whole state (in memory; commit() to write it). */
  reset(state: DbSchema): void;
  /** Waits for pending writes and closes the journal (tests; a stopping server may just exit). */
  close(): Promise<void>;
  /** Disk writes so far: whole-file rewrites and journal appends. */
  readonly writes: { snapshots: number; journal: number };
  readonly dataFile?: string;
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
    if (!COLLECTIONS.includes(name)) throw new Error(`DataFile: unknown collection ${String(name)}`);
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

// ---------------------------------------------------------------------------------------------
// The data file

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

export function openDataFile(options: DataFileOptions): DataFile {
  let state: DbSchema;
  let loadedText: string | undefined;
  if (options.data) {
    state = normalize(structuredClone(options.data), 'data');
  } else if (options.dataFile) {
    if (options.seedFile && path.resolve(options.dataFile) === path.resolve(options.seedFile)) {
      throw new Error(`The data file cannot be the seed (${options.seedFile}), which is never written: set DATA_FILE to another file.`);
    }
    removeStaleTempFiles(options.dataFile);
    if (options.seedFile) ensureDataFile(options.dataFile, options.seedFile);
    const loaded = loadFile(options.dataFile);
    state = loaded.state;
    loadedText = loaded.text;
  } else {
    throw new Error('openDataFile needs either `data` or `dataFile`.');
  }

  const persistence: Persistence | undefined =
    options.dataFile && loadedText !== undefined
      ? new FilePersistence(() => state, options.dataFile, loadedText, journalThreshold(options.journalAbove))
      : undefined;

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
    get data() {
      return state;
    },
    commit(changes) {
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
    reset(next) {
      state = normalize(next, 'state');
    },
    async close() {
      await idle;
      await persistence?.close();
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
