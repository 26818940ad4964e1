// /api/auth: signup, login, session check, logout, the password reset by mail and email verification.
import { Router } from 'express';
import { HttpError } from '../../http/errors';
import { asyncRoute } from '../../http/middleware';
import { clearSessionCookie, requireUser, setSessionCookie } from '../../http/session';
import type { Services } from '..';
import { toPublicUser } from './users';

export function authRoutes({ auth, sessions, passwordReset, emailVerification }: Services): Router {
  const router = Router();

  // POST /auth/signup (anyone): creates a 'user' and signs it in
  router.post(
    '/signup',
    asyncRoute(async (req, res) => {
      const { user, sessionId } = await auth.signup(req.body, req.ip ?? 'unknown');
      setSessionCookie(req, res, sessionId, sessions.ttl);
      res.status(201).json(user);
    }),
  );

  // POST /auth/login (anyone): 401 with the same text for an unknown email or a wrong password
  router.post(
    '/login',
    asyncRoute(async (req, res) => {
      const { user, sessionId } = await auth.login(req.body, req.ip ?? 'unknown', req.sessionId);
      setSessionCookie(req, res, sessionId, sessions.ttl);
      res.json(user);
    }),
  );

  // GET /auth/check (anyone): the signed-in user, else 401
  router.get('/check', (req, res) => {
    if (!req.user) throw new HttpError(401, 'Not signed in');
    res.json(toPublicUser(req.user));
  });

  // POST /auth/logout (anyone): ends the session server-side and clears the cookie
  router.post(
    '/logout',
    asyncRoute(async (req, res) => {
      await auth.logout(req.sessionId);
      clearSessionCookie(req, res);
      res.json({ message: 'Signed out' });
    }),
  );

  // POST /auth/forgot {email} (anyone): 202 and the same answer whether or not the account exists
  router.post(
    '/forgot',
    asyncRoute(async (req, res) => {
      const { message, deliver } = await passwordReset.forgot(req.body, req.ip ?? 'unknown');
      // The lookup and the writes once the answer has gone (or the client has hung up): the
      // answer takes as long for any address.
      res.once('close', () => setImmediate(() => setImmediate(deliver)));
      res.status(202).json({ message });
    }),
  );

  // POST /auth/reset {token, password} (anyone): sets the password, ends every session
  router.post(
    '/reset',
    asyncRoute(async (req, res) => {
      res.json({ message: await passwordReset.reset(req.body) });
    }),
  );

  // POST /auth/verify {token} (anyone: the link may be opened signed out): marks the account verified
  router.post(
    '/verify',
    asyncRoute(async (req, res) => {
      res.json({ message: await emailVerification.verify(req.body) });
    }),
  );

  // POST /auth/verify/resend (signed in, throttled): 202, a new link in the outbox
  router.post(
    '/verify/resend',
    requireUser,
    asyncRoute(async (req, res) => {
      res.status(202).json({ message: await emailVerification.resend(req.user!) });
    }),
  );

  return router;
}
