// Authentication: the session cookie, who is calling (loadSession), and the gates requireUser
// (and requirePermission, from permissions.ts). The cookie `sid` holds the session id, signed with the server secret, httpOnly,
// SameSite=Lax; the store keeps only its SHA-256 (server/modules/accounts/sessions.ts).
import type { CookieOptions, Request, RequestHandler, Response } from 'express';
import { HttpError } from './errors';
import type { SessionService } from '../modules/accounts/sessions';

export const SESSION_COOKIE = 'sid';

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

/** Attaches req.user and req.sessionId when the signed session cookie names a live session. */
export function loadSession(sessions: SessionService): RequestHandler {
  return (req, _res, next) => {
    const sessionId = sessionIdOf(req);
    if (!sessionId) return next();
    sessions.find(sessionId).then((user) => {
      if (user) {
        req.user = user;
        req.sessionId = sessionId;
      }
      next();
    }, next);
  };
}

/** 401 unless signed in. */
export const requireUser: RequestHandler = (req, _res, next) => {
  next(req.user ? undefined : new HttpError(401, 'Please sign in'));
};

// The back office's gates, by permission: server/http/permissions.ts.
export { requirePermission, requireStaff } from './permissions';
