// Sessions: a random id in the cookie, only its SHA-256 in the store, with an expiry and a cap
// of live sessions per account.
//
// Every API request of a signed-in caller asks for its session's user. On the embedded driver the
// answer is kept in this process next to the store's count of changes (Store.changeCount): it is
// given again only while that count is the same, i.e. while nothing at all was written (a sign-out,
// a password or role change, a new session, an order: any write forgets every kept answer), and
// only while the session's expiry, kept with it, is still ahead. A PostgreSQL server has no count
// (other instances write too): every request asks it.
import { createHash, randomBytes } from 'node:crypto';
import type { StoredUser } from './port';
import type { Role } from '../../../src/domain/types';
import type { AccountStore, Store } from '../../db/port';

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Live sessions per account (phone, laptop, tablet, work ...); a new one ends the oldest beyond. */
export const MAX_SESSIONS_PER_USER = 10;

/** What the store keeps of a session id. */
export const sessionDigest = (sessionId: string): string => createHash('sha256').update(sessionId).digest('hex');

/** How many sessions' users are kept at most (the oldest kept goes first). */
const KEPT_SESSIONS = 1000;

interface KeptSession {
  user: StoredUser;
  expiresAt: number;
  /** The store's change count when it was read (undefined: none, not kept). */
  count: number | undefined;
}

export class SessionService {
  /** Session users by cookie id, read at a change count (embedded driver only). */
  private readonly kept = new Map<string, KeptSession>();

  constructor(
    private readonly store: AccountStore & Pick<Store, 'changeCount'>,
    private readonly now: () => number,
    readonly ttl = SESSION_TTL_MS,
    private readonly maxPerUser = MAX_SESSIONS_PER_USER,
  ) {}

  /**
   * A new session for `userId`; returns its id (for the cookie). Drops expired sessions and,
   * beyond `maxPerUser` live sessions of that user, the oldest.
   */
  async create(userId: number): Promise<string> {
    const sessionId = randomBytes(32).toString('base64url');
    const now = this.now();
    await this.store.createSession(
      { id: sessionDigest(sessionId), user: userId, createdAt: new Date(now).toISOString(), expiresAt: now + this.ttl },
      { now, maxPerUser: this.maxPerUser },
    );
    return sessionId;
  }

  /** The user of a live session, if any (a copy of its own: the caller may change it). */
  async find(sessionId: string): Promise<StoredUser | undefined> {
    const user = await this.live(sessionId);
    return user && structuredClone(user);
  }

  /** The role of a live session's user, if any (find without the copy: a kept answer's audience). */
  async roleOf(sessionId: string): Promise<Role | undefined> {
    return (await this.live(sessionId))?.role;
  }

  /** The user of a live session, if any: kept, not to be changed. */
  private async live(sessionId: string): Promise<StoredUser | undefined> {
    const count = await this.store.changeCount();
    let session = count === undefined ? undefined : this.kept.get(sessionId);
    if (!session || session.count !== count) {
      this.kept.delete(sessionId);
      const found = await this.store.sessionUser(sessionDigest(sessionId));
      if (!found) return undefined;
      session = { ...found, count };
      // Kept only when nothing was written while it was read.
      if (count !== undefined && (await this.store.changeCount()) === count) {
        if (this.kept.size >= KEPT_SESSIONS) this.kept.delete(this.kept.keys().next().value!);
        this.kept.set(sessionId, session);
      }
    }
    return session.expiresAt > this.now() ? session.user : undefined;
  }

  /** Ends the session; true when there was one. */
  destroy(sessionId: string): Promise<boolean> {
    this.kept.delete(sessionId);
    return this.store.deleteSession(sessionDigest(sessionId));
  }
}
