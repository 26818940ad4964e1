// Authentication: who is calling (loadSession), and the gates requireUser / requireAdmin.
import type { RequestHandler } from 'express';
import { sessionIdOf, type Sessions } from '../auth';
import { HttpError } from '../errors';

/** Attaches req.user and req.sessionId when the signed session cookie names a live session. */
export function loadSession(sessions: Sessions): RequestHandler {
  return (req, _res, next) => {
    const sessionId = sessionIdOf(req);
    if (sessionId) {
      const user = sessions.find(sessionId);
      if (user) {
        req.user = user;
        req.sessionId = sessionId;
      }
    }
    next();
  };
}

/** 401 unless signed in. */
export const requireUser: RequestHandler = (req, _res, next) => {
  next(req.user ? undefined : new HttpError(401, 'Please sign in'));
};

/** 401 unless signed in, 403 unless an admin. */
export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!req.user) return next(new HttpError(401, 'Please sign in'));
  next(req.user.role === 'admin' ? undefined : new HttpError(403, 'Admins only'));
};
