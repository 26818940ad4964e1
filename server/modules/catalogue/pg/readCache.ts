// The embedded engine's read cache. A data folder belongs to one process (embedded.ts' lock), so
// nothing but this process's own statements can change what a read answers: the answer of a read
// statement stays true until this process runs a statement that is not one. The cache keeps
// recent answers of reads (by SQL text and parameters) and forgets all of them when anything else
// runs: a write, DDL, ANALYZE, a transaction's BEGIN, COMMIT or ROLLBACK. A statement inside a
// transaction is never answered from it nor kept. So a catalogue page or a product asked for
// again is answered from memory, as json-server answers from its in-memory file, and an answer
// is never older than the last write.
//
// A read is a statement that starts with SELECT, or with WITH or EXPLAIN and holds no INSERT,
// UPDATE, DELETE, MERGE or ANALYZE (a plan's estimates change only with the data and ANALYZE). It
// names no function whose answer changes without a write (now(), random(), nextval(), the
// catalogue's pg_* views, …) and takes no row lock. Answers of more than ROWS rows (an export, a
// whole list) are not kept; at most ENTRIES answers are, the least recently used going first.
// A PostgreSQL server (DATABASE_URL) has no such cache: other instances write to it too.
//
// It also counts the statements that are not such reads (`changes`): while the count stays the
// same, nothing in the database changed, so an answer made of reads (a catalogue answer, a
// session's user) may be kept by whoever asks, next to the count it was made at.
import type { PGlite, Results } from '@electric-sql/pglite';

const ENTRIES = 300;
const ROWS = 50;

const VOLATILE =
  /\b(?:now|current_date|current_time|current_timestamp|localtime|localtimestamp|clock_timestamp|statement_timestamp|transaction_timestamp|timeofday|random|gen_random_uuid|uuid_generate_\w+|nextval|setval|currval|lastval|txid_\w+|pg_\w+|set_config|current_setting)\b|\bfor\s+(?:update|share|no\s+key\s+update|key\s+share)\b/i;
const WRITES = /\b(?:insert|update|delete|merge)\b/i;
/** A transaction's end (not ROLLBACK TO a savepoint, which stays in it). */
const ENDS = /^\s*(?:commit|end|abort|rollback(?!\s+(?:transaction\s+|work\s+)?to\b))\b/i;

/**
 * Verdicts by SQL text: the app sends a few hundred different statements, each many times, and
 * the patterns above scan the whole text (most of a cached read's CPU before it was remembered).
 */
const verdicts = new Map<string, boolean>();
const VERDICTS = 2000;

/** True when `sql` only reads, and reads nothing that changes without a statement of ours. */
export function isCacheableRead(sql: string): boolean {
  let verdict = verdicts.get(sql);
  if (verdict === undefined) {
    if (verdicts.size >= VERDICTS) verdicts.clear();
    verdict = readsOnly(sql);
    verdicts.set(sql, verdict);
  }
  return verdict;
}

function readsOnly(sql: string): boolean {
  const start = /^\s*\(?\s*(\w+)/.exec(sql)?.[1]?.toLowerCase();
  if (start === 'with' || start === 'explain') return !WRITES.test(sql) && !VOLATILE.test(sql) && !/\banalyze\b/i.test(sql);
  return start === 'select' && !VOLATILE.test(sql);
}

/** The cache's key for a statement: undefined when a parameter has no JSON form (a bigint). */
function keyOf(sql: string, params: readonly unknown[]): string | undefined {
  try {
    return `${sql}\u0000${JSON.stringify(params)}`;
  } catch {
    return undefined;
  }
}

/**
 * A deep copy of a row's value as PGlite parses it: primitives, Dates, byte arrays, and the arrays
 * and plain objects of array and json columns (an order of magnitude cheaper than structuredClone).
 */
function copyValue(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return new Date(value.getTime());
  if (Array.isArray(value)) return value.map(copyValue);
  if (ArrayBuffer.isView(value)) return (value as Uint8Array).slice();
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) copy[key] = copyValue(field);
  return copy;
}

/** An answer whose rows can be changed without changing `answer` (its field list is never changed). */
function copyAnswer<T>(answer: Results<T>): Results<T> {
  return { ...answer, rows: answer.rows.map((row) => copyValue(row) as T) };
}

export interface ReadCacheStats {
  hits: number;
  misses: number;
  entries: number;
}

/** The part of PGlite the Kysely dialect uses (kysely-pglite-dialect: query and close). */
export type QueryClient = Pick<PGlite, 'query' | 'close'>;

/** The read cache in front of each Kysely instance openEmbedded made (the store asks it its count of changes). */
const caches = new WeakMap<object, ReadCache>();

/** Remembers that `db` runs its statements through `cache`. */
export function attachReadCache(db: object, cache: ReadCache): void {
  caches.set(db, cache);
}

/** The read cache `db` runs its statements through: undefined on a PostgreSQL server. */
export function readCacheOf(db: object): ReadCache | undefined {
  return caches.get(db);
}

/** `client` with a read cache in front of its `query`, for kysely-pglite-dialect. */
export class ReadCache implements QueryClient {
  private readonly answers = new Map<string, Results<unknown>>();
  private inTransaction = false;
  private readonly counts = { hits: 0, misses: 0 };
  /** Statements that are not cacheable reads, counted when each starts and when it ends. */
  private others = 0;

  /** `limits`: how many answers it keeps, and of how many rows at most (entries 0: none). */
  constructor(
    private readonly client: QueryClient,
    private readonly limits = { entries: ENTRIES, rows: ROWS },
  ) {}

  /**
   * How many times a statement that may change the database started or ended (a write, DDL, a
   * transaction's BEGIN, COMMIT or ROLLBACK, any read this cache would not keep). Two equal
   * counts: no such statement ran in between, so every read gives the same answer as before.
   * Undefined when the cache is off (READ_CACHE=off: every answer from the database).
   */
  changes(): number | undefined {
    return this.limits.entries > 0 ? this.others : undefined;
  }

  stats(): ReadCacheStats {
    return { ...this.counts, entries: this.answers.size };
  }

  close(): Promise<void> {
    this.answers.clear();
    return this.client.close();
  }

  // PGlite's own signature (its generic answer type); the dialect passes the SQL and parameters.
  async query<T>(sql: string, params: unknown[] = [], options?: Parameters<PGlite['query']>[2]): Promise<Results<T>> {
    const key = !this.inTransaction && !options && isCacheableRead(sql) ? keyOf(sql, params) : undefined;
    if (key === undefined) return this.other<T>(sql, params, options);
    const kept = this.answers.get(key);
    if (kept) {
      this.counts.hits++;
      // Most recently used last; a copy, so a caller changing its rows changes nothing kept.
      this.answers.delete(key);
      this.answers.set(key, kept);
      return copyAnswer(kept) as Results<T>;
    }
    this.counts.misses++;
    const answer = await this.client.query<T>(sql, params);
    if (this.limits.entries > 0 && answer.rows.length <= this.limits.rows) {
      this.answers.set(key, copyAnswer(answer));
      if (this.answers.size > this.limits.entries) this.answers.delete(this.answers.keys().next().value!);
    }
    return answer;
  }

  /** Anything but a cacheable read: everything kept is forgotten, before and after it runs. */
  private async other<T>(sql: string, params: unknown[], options: Parameters<PGlite['query']>[2]): Promise<Results<T>> {
    this.answers.clear();
    this.others++;
    const word = /^\s*(\w+)/.exec(sql)?.[1]?.toLowerCase();
    if (word === 'begin' || word === 'start') this.inTransaction = true;
    try {
      return await this.client.query<T>(sql, params, options);
    } finally {
      if (ENDS.test(sql)) this.inTransaction = false;
      this.answers.clear();
      this.others++;
    }
  }
}
