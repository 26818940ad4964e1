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

export class Sessions {
  constructor(
    private readonly store: Store,
    private readonly now: () => number,
    private readonly ttlMs = SESSION_TTL_MS,
  ) {}

  /** Adds a session for `userId` (and drops expired ones); the caller commits. */
  create(userId: number): string {
    const sessionId = randomBytes(32).toString('base64url');
    const now = this.now();
    const data = this.store.data;
    data.sessions = data.sessions.filter((s) => s.expiresAt > now);
    const session: Session = {
      id: digest(sessionId),
      user: userId,
      createdAt: new Date(now).toISOString(),
      expiresAt: now + this.ttlMs,
    };
    data.sessions.push(session);
    return sessionId;
  }

  /** The user of a live session, if any. */
  find(sessionId: string): StoredUser | undefined {
    const id = digest(sessionId);
    const session = this.store.data.sessions.find((s) => s.id === id);
    if (!session || session.expiresAt <= this.now()) return undefined;
    return this.store.data.users.find((u) => u.id === session.user);
  }

  /** Removes the session; true when there was one (the caller commits). */
  destroy(sessionId: string): boolean {
    const id = digest(sessionId);
    const data = this.store.data;
    const before = data.sessions.length;
    data.sessions = data.sessions.filter((s) => s.id !== id);
    return data.sessions.length !== before;
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
