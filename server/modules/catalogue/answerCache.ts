// The catalogue's answers kept in memory, on the embedded driver only. A data folder belongs to one
// process, so the store's change count (Store.changeCount: it moves with every statement that may
// change the database, whatever wrote it: a product, a review, an order's stock, an import, a
// taxonomy change, a test's set-up) tells when an answer may have become wrong. An answer made of
// reads is kept next to the count it was made at, only when no write ran while it was made, and
// given again only while the count is the same: any write forgets every kept answer. A catalogue
// answer depends on nothing else: no clock (a product's sale price is its price less its
// discount; promotions are priced in the cart, not in these answers) and no caller but the
// catalogue's staff, whose product answers (with `notify`) are never kept (keptAnswers.ts).
//
// A PostgreSQL server (DATABASE_URL) has no count: other instances write to it too, so nothing is
// kept there; nor with READ_CACHE=off. Bounds besides: at most ENTRIES answers and BYTES bytes
// (the least recently used go first), no answer over BODY bytes, none older than MAX_AGE_MS.
import type { Store } from '../../db/port';

const ENTRIES = 500;
const BYTES = 32 * 1024 * 1024;
const BODY = 2 * 1024 * 1024;
const MAX_AGE_MS = 60_000;

/** An answer as it was sent: what keptAnswers.ts needs to send it again. */
export interface KeptAnswer {
  /** The JSON body. */
  body: Buffer;
  /** Its ETag (the app's `etag fn`, as Express computes it), if any. */
  etag?: string;
  /** The other headers the route set (X-Total-Count, Link, …), in the order it set them. */
  headers: [string, string][];
  /** How long a visitor's browser may keep it (Cache-Control max-age). */
  maxAge: number;
  /** The route that made it (Express's req.route, under req.baseUrl), named again in the request log and metrics. */
  route: unknown;
  baseUrl: string;
  /** The answer differs for the catalogue's staff: a staff member is never given it. */
  staffDiffers: boolean;
}

interface Entry {
  answer: KeptAnswer;
  count: number;
  until: number;
}

export interface AnswerCacheLimits {
  entries: number;
  bytes: number;
  body: number;
  maxAgeMs: number;
}

export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly counts = { hits: 0, kept: 0 };

  constructor(
    private readonly store: Pick<Store, 'changeCount'>,
    private readonly now: () => number,
    private readonly limits: AnswerCacheLimits = { entries: ENTRIES, bytes: BYTES, body: BODY, maxAgeMs: MAX_AGE_MS },
  ) {}

  /** The answer kept for `key`, perhaps no longer valid: a cheap test before `get`. */
  peek(key: string): KeptAnswer | undefined {
    return this.entries.get(key)?.answer;
  }

  /** The answer kept for `key` while nothing changed since it was made; undefined otherwise. */
  async get(key: string): Promise<KeptAnswer | undefined> {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const count = await this.store.changeCount();
    if (entry.count !== count || entry.until <= this.now()) {
      // Gone meanwhile, or replaced by a newer one: only this entry is forgotten.
      if (this.entries.get(key) === entry) this.forget(key);
      return undefined;
    }
    // The most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.answer;
  }

  /** Counts a kept answer sent (stats). */
  sent(): void {
    this.counts.hits++;
  }

  /** The change count before an answer is made (undefined: nothing may be kept). */
  countNow(): Promise<number | undefined> {
    return this.store.changeCount();
  }

  /** Keeps `answer` for `key`, made from reads that began at change count `count`, if nothing changed since. */
  async keep(key: string, answer: KeptAnswer, count: number | undefined): Promise<void> {
    if (count === undefined || answer.body.length > this.limits.body || this.limits.entries <= 0) return;
    if ((await this.store.changeCount()) !== count) return;
    this.forget(key);
    this.entries.set(key, { answer, count, until: this.now() + this.limits.maxAgeMs });
    this.bytes += answer.body.length;
    this.counts.kept++;
    while (this.entries.size > this.limits.entries || this.bytes > this.limits.bytes) this.forget(this.entries.keys().next().value!);
  }

  stats(): { entries: number; bytes: number; hits: number; kept: number } {
    return { entries: this.entries.size, bytes: this.bytes, ...this.counts };
  }

  private forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.answer.body.length;
  }
}
