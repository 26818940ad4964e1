// /api/auth: signup, login, session check, logout.
import { Router } from 'express';
import { checkField, loginRules, PASSWORD_NOT_MATCHING, signupRules } from '../../src/lib/validation';
import { clearSessionCookie, setSessionCookie, toPublicUser } from '../auth';
import type { Context } from '../context';
import { nextId } from '../db';
import { assertValid, conflict, HttpError } from '../errors';
import { asyncRoute, bodyObject } from '../middleware/http';
import type { StoredUser } from '../model';
import { hashPasswordAsync, verifyPasswordAsync } from '../passwords';
import { readAddresses, readName, type Errors } from '../validate';

export const WRONG_CREDENTIALS = 'Wrong Email or Password';

const normalEmail = (email: string) => email.trim().toLowerCase();

export function authRoutes(ctx: Context): Router {
  const { store, sessions, limiter, signups } = ctx;
  const router = Router();
  const findByEmail = (email: string) => store.data.users.find((u) => normalEmail(u.email) === email);

  // Verifying against a dummy hash when the email is unknown keeps both answers equally slow.
  let dummyHash: Promise<string> | undefined;
  const dummy = () => (dummyHash ??= hashPasswordAsync('not-a-password', ctx.passwordCost));

  // POST /auth/signup (anyone): creates a 'user' and signs it in
  router.post(
    '/signup',
    asyncRoute(async (req, res) => {
      const body = bodyObject(req);
      const email = typeof body.email === 'string' ? body.email.trim() : body.email;
      const errors: Errors = {};
      const emailError = checkField(email, signupRules.email);
      const passwordError = checkField(body.password, signupRules.password);
      if (emailError) errors.email = emailError;
      if (passwordError) errors.password = passwordError;
      if (body.confirmPassword !== undefined && body.confirmPassword !== body.password) {
        errors.confirmPassword = PASSWORD_NOT_MATCHING;
      }
      const addresses = body.addresses === undefined ? [] : readAddresses(body.addresses, errors);
      const name = body.name === undefined ? undefined : readName(body.name, errors);
      assertValid(errors);

      const key = normalEmail(email as string);
      const taken = () => {
        if (findByEmail(key)) throw conflict('An account with this email already exists');
      };
      taken();
      const ip = req.ip ?? 'unknown';
      const wait = signups.blocked(ip);
      if (wait > 0) {
        res.setHeader('Retry-After', String(wait));
        throw new HttpError(429, `Too many new accounts from your network. Try again in ${Math.ceil(wait / 60)} minutes.`);
      }
      signups.attempted(ip);
      const hash = await hashPasswordAsync(body.password as string, ctx.passwordCost);
      if (findByEmail(key)) {
        signups.undo(ip);
        taken(); // another signup won the race while hashing
      }

      const user: StoredUser = { id: nextId(store.data.users), email: key, password: hash, role: 'user', addresses };
      if (name) user.name = name;
      store.data.users.push(user);
      const sessionId = sessions.create(user.id);
      await store.commit({ users: [user.id] }); // and the session, named by sessions.create
      setSessionCookie(req, res, sessionId, sessions.ttl);
      res.status(201).json(toPublicUser(user));
    }),
  );

  // POST /auth/login (anyone): 401 with the same text for an unknown email or a wrong password
  router.post(
    '/login',
    asyncRoute(async (req, res) => {
      const body = bodyObject(req);
      const email = typeof body.email === 'string' ? body.email.trim() : body.email;
      const errors: Errors = {};
      const emailError = checkField(email, loginRules.email);
      const passwordError = checkField(body.password, loginRules.password);
      if (emailError) errors.email = emailError;
      if (passwordError) errors.password = passwordError;
      assertValid(errors);

      const key = normalEmail(email as string);
      const ip = req.ip ?? 'unknown';
      const wait = limiter.blocked(key, ip);
      if (wait > 0) {
        res.setHeader('Retry-After', String(wait));
        throw new HttpError(429, `Too many failed sign-in attempts. Try again in ${Math.ceil(wait / 60)} minutes.`);
      }
      // Count the attempt before the (slow) check so parallel guesses cannot outrun the limit.
      limiter.failed(key, ip);
      const found = findByEmail(key);
      const ok = await verifyPasswordAsync(body.password as string, found?.password ?? (await dummy()));
      // Look the user up again: it may have changed while we were hashing.
      const user = ok ? findByEmail(key) : undefined;
      if (!user) throw new HttpError(401, WRONG_CREDENTIALS);
      limiter.succeeded(key, ip);

      if (req.sessionId) sessions.destroy(req.sessionId);
      const sessionId = sessions.create(user.id);
      await store.commit({}); // the session changes, named by sessions.create/destroy
      setSessionCookie(req, res, sessionId, sessions.ttl);
      res.json(toPublicUser(user));
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
      if (req.sessionId && sessions.destroy(req.sessionId)) await store.commit({}); // named by sessions.destroy
      clearSessionCookie(req, res);
      res.json({ message: 'Signed out' });
    }),
  );

  return router;
}
