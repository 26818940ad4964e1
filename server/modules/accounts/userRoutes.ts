// /api/users (signed in): the caller's own record; name and addresses change here, the password
// (knowing the current one), and two-factor sign-in is turned on and off.
import { Router } from 'express';
import { asyncRoute } from '../../http/middleware';
import type { Services } from '..';
import { toPublicUser } from './users';

export function userRoutes({ users, auth, twoFactor, membership }: Services): Router {
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

  // POST /users/own/membership (signed in): 201 with the membership line put in the caller's cart;
  // 409 when it is there already or the caller is a member. Fee 0: 200 with the user, a member at once
  router.post(
    '/own/membership',
    asyncRoute(async (req, res) => {
      const joined = await membership.join(req.user!);
      if ('line' in joined) res.status(201).json(joined.line);
      else res.json(joined.user);
    }),
  );
  // DELETE /users/own/membership: the line leaves the cart; a paid term stops renewing (member until
  // it ends), any other membership ends at once; the user after it
  router.delete(
    '/own/membership',
    asyncRoute(async (req, res) => {
      res.json(await membership.leave(req.user!));
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
