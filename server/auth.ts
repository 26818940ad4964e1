// Sessions and the cookie that carries them. A session is a random id kept server-side (a
// SHA-256 of it, in the data file's `sessions` collection, so sessions survive a restart);
// the cookie `sid` holds the id, signed with the server secret, httpOnly, SameSite=Lax.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { CookieOptions, Request, Response } from 'express';
import type { User } from '../src/types';
import { atomicWriteFile, type Store } from './db';
import type { Session, StoredUser } from './model';

export { hashPassword, verifyPassword } from './passwords';

export const SESSION_COOKIE = 'sid';
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Live sessions per account (phone, laptop, tablet, work ...); a new one ends the oldest beyond. */
export const MAX_SESSIONS_PER_USER = 10;

/**
 * The cookie-signing secret: the given one (SESSION_SECRET), else one generated once and kept
 * in `<data dir>/.secret` so cookies stay valid across restarts, else (in memory) a random one.
 */
export function resolveSecret(secret: string | undefined, dataFile: string | undefined): string {
  if (secret) return secret;
  if (!dataFile) return randomBytes(32).toString('hex');
  const file = path.join(path.dirname(dataFile), '.secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  const fresh = randomBytes(32).toString('hex');
  mkdirSync(path.dirname(file), { recursive: true });
  atomicWriteFile(file, fresh + '\n');
  return fresh;
}

const digest = (sessionId: string) => createHash('sha256').update(sessionId).digest('hex');

/** The user as the API shows it: never the password hash, never unknown fields. */
export function toPublicUser(user: StoredUser): User {
  const { id, email, role, addresses } = user;
  const pub: User = { id, email, role, addresses: addresses ?? [] };
  if (user.name !== undefined) pub.name = user.name;
  return pub;
}

/**
 * Sessions, looked up on every request: by the digest of the cookie's id in a map, and the user
 * by id in another, so the check costs the same with ten sessions or a million. The maps follow
 * the collections (rebuilt when an array is replaced or changes length, e.g. in tests).
 */
export class Sessions {
  private byDigest = new Map<string, Session>();
  private indexedSessions: Session[] | undefined;
  private indexedLength = -1;
  private usersById = new Map<number, StoredUser>();
  private indexedUsers: StoredUser[] | undefined;
  private indexedUserCount = -1;

  constructor(
    private readonly store: Store,
    private readonly now: () => number,
    private readonly ttlMs = SESSION_TTL_MS,
    private readonly maxPerUser = MAX_SESSIONS_PER_USER,
  ) {}

  private sessionIndex(): Map<string, Session> {
    const list = this.store.data.sessions;
    if (list !== this.indexedSessions || list.length !== this.indexedLength) {
      this.byDigest = new Map(list.map((s) => [s.id, s]));
      this.indexedSessions = list;
      this.indexedLength = list.length;
    }
    return this.byDigest;
  }

  private userById(id: number): StoredUser | undefined {
    const list = this.store.data.users;
    if (list !== this.indexedUsers || list.length !== this.indexedUserCount) {
      this.usersById = new Map(list.map((u) => [u.id, u]));
      this.indexedUsers = list;
      this.indexedUserCount = list.length;
    }
    const user = this.usersById.get(id);
    return user?.id === id ? user : undefined;
  }

  /**
   * Adds a session for `userId`, drops expired ones and, beyond `maxPerUser` live sessions of
   * that user, the oldest (sessions are kept in the order they were made); named for the
   * caller's commit.
   */
  create(userId: number): string {
    const sessionId = randomBytes(32).toString('base64url');
    const now = this.now();
    const data = this.store.data;
    const own = data.sessions.filter((s) => s.user === userId && s.expiresAt > now);
    const dropped = new Set(own.slice(0, Math.max(0, own.length - this.maxPerUser + 1)));
    for (const s of data.sessions) if (s.expiresAt <= now) dropped.add(s);
    if (dropped.size > 0) {
      data.sessions = data.sessions.filter((s) => !dropped.has(s));
      this.store.changed('sessions', ...[...dropped].map((s) => s.id));
    }
    const session: Session = {
      id: digest(sessionId),
      user: userId,
      createdAt: new Date(now).toISOString(),
      expiresAt: now + this.ttlMs,
    };
    data.sessions.push(session);
    this.store.changed('sessions', session.id);
    return sessionId;
  }

  /** The user of a live session, if any. */
  find(sessionId: string): StoredUser | undefined {
    const session = this.sessionIndex().get(digest(sessionId));
    if (!session || session.expiresAt <= this.now()) return undefined;
    return this.userById(session.user);
  }

  /** Removes the session; true when there was one (named for the caller's commit). */
  destroy(sessionId: string): boolean {
    const id = digest(sessionId);
    const data = this.store.data;
    const before = data.sessions.length;
    data.sessions = data.sessions.filter((s) => s.id !== id);
    if (data.sessions.length === before) return false;
    this.store.changed('sessions', id);
    return true;
  }

  get ttl(): number {
    return this.ttlMs;
  }
}

function cookieOptions(req: Request): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure: req.secure };
}

export function setSessionCookie(req: Request, res: Response, sessionId: string, ttlMs: number): void {
  res.cookie(SESSION_COOKIE, sessionId, { ...cookieOptions(req), signed: true, maxAge: ttlMs });
}

export function clearSessionCookie(req: Request, res: Response): void {
  res.clearCookie(SESSION_COOKIE, cookieOptions(req));
}

/** The raw session id from the signed cookie (undefined when absent or tampered with). */
export function sessionIdOf(req: Request): string | undefined {
  const value: unknown = req.signedCookies?.[SESSION_COOKIE];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}
