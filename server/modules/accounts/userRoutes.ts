// /api/users (signed in): the caller's own record; name and addresses change here, the password
// (knowing the current one), and two-factor sign-in is turned on and off.
import { Router } from 'express';
import { asyncRoute } from '../../http/middleware';
import type { Services } from '..';
import { toPublicUser } from './users';

export function userRoutes({ users, auth, twoFactor }: Services): Router {
  const router = Router();

  // GET /users/own (signed in)
  router.get('/own', (req, res) => {
    res.json(toPublicUser(req.user!));
  });

  // POST /users/own/password {currentPassword, newPassword, confirmPassword} (signed in): every
  // other session of the user ends, this one stays
  router.post(
    '/own/password',
    asyncRoute(async (req, res) => {
      await auth.changePassword(req.user!, req.body, req.ip ?? 'unknown', req.sessionId!);
      res.json({ message: 'Password changed' });
    }),
  );

  // POST /users/own/2fa (signed in): a new secret to scan, not in use until confirmed; 409 when on
  router.post(
    '/own/2fa',
    asyncRoute(async (req, res) => {
      res.json(await twoFactor.setup(req.user!));
    }),
  );

  // POST /users/own/2fa/confirm {code}: turns it on; the recovery codes, shown once; every other
  // session of the user ends, this one stays
  router.post(
    '/own/2fa/confirm',
    asyncRoute(async (req, res) => {
      res.json(await twoFactor.confirm(req.user!, req.body, req.sessionId!));
    }),
  );

  // DELETE /users/own/2fa {password, code}: turns it off; the user after it
  router.delete(
    '/own/2fa',
    asyncRoute(async (req, res) => {
      res.json(await auth.disableTwoFactor(req.user!, req.body, req.ip ?? 'unknown'));
    }),
  );

  // POST /users/own/membership (signed in): the caller becomes a member (idempotent); DELETE: leaves
  router.post(
    '/own/membership',
    asyncRoute(async (req, res) => {
      res.json(await users.setMembership(req.user!, true));
    }),
  );
  router.delete(
    '/own/membership',
    asyncRoute(async (req, res) => {
      res.json(await users.setMembership(req.user!, false));
    }),
  );

  // PATCH /users/:id (that user only): name and addresses
  router.patch(
    '/:id',
    asyncRoute(async (req, res) => {
      res.json(await users.update(req.user!, req.params.id, req.body));
    }),
  );

  return router;
}
