// Sessions: a random id in the cookie, only its SHA-256 in the store, with an expiry and a cap
// of live sessions per account.
import { createHash, randomBytes } from 'node:crypto';
import type { StoredUser } from './port';
import type { AccountStore } from '../../db/port';

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Live sessions per account (phone, laptop, tablet, work ...); a new one ends the oldest beyond. */
export const MAX_SESSIONS_PER_USER = 10;

/** What the store keeps of a session id. */
export const sessionDigest = (sessionId: string): string => createHash('sha256').update(sessionId).digest('hex');

export class SessionService {
  constructor(
    private readonly store: AccountStore,
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

  /** The user of a live session, if any. */
  find(sessionId: string): Promise<StoredUser | undefined> {
    return this.store.sessionUser(sessionDigest(sessionId), this.now());
  }

  /** Ends the session; true when there was one. */
  destroy(sessionId: string): Promise<boolean> {
    return this.store.deleteSession(sessionDigest(sessionId));
  }
}
