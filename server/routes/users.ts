// /api/users (signed in): the caller's own record; only name and addresses can change.
import { Router } from 'express';
import { toPublicUser } from '../auth';
import type { Context } from '../context';
import { assertValid, forbidden } from '../errors';
import { asyncRoute, bodyObject, parseId } from '../middleware/http';
import { readAddresses, readName, type Errors } from '../validate';

export function userRoutes(ctx: Context): Router {
  const { store } = ctx;
  const router = Router();

  // GET /users/own (signed in)
  router.get('/own', (req, res) => {
    res.json(toPublicUser(req.user!));
  });

  // PATCH /users/:id (that user only): applies name and addresses; id, email and role may be
  // sent unchanged, a changed one is refused with 403; any password is refused with 403
  router.patch(
    '/:id',
    asyncRoute(async (req, res) => {
      const me = req.user!;
      if (parseId(req.params.id) !== me.id) throw forbidden('You can only change your own account');
      const body = bodyObject(req);
      if (body.id !== undefined && parseId(body.id) !== me.id) throw forbidden('The id cannot be changed');
      if (body.role !== undefined && body.role !== me.role) throw forbidden('The role cannot be changed');
      if (
        body.email !== undefined &&
        (typeof body.email !== 'string' || body.email.trim().toLowerCase() !== me.email.toLowerCase())
      ) {
        throw forbidden('The email cannot be changed');
      }
      // Any password is refused, right or wrong and without hashing it: answering 200 to the
      // right one made this a password oracle for whoever holds a session.
      if (body.password !== undefined) throw forbidden('The password cannot be changed here');

      const errors: Errors = {};
      const addresses = body.addresses === undefined ? undefined : readAddresses(body.addresses, errors);
      const name = body.name === undefined ? undefined : readName(body.name, errors);
      assertValid(errors);

      // Re-read the record: it may have changed while the password was being checked.
      const user = store.data.users.find((u) => u.id === me.id);
      if (!user) throw forbidden('You can only change your own account');
      if (addresses) user.addresses = addresses;
      if (name !== undefined) {
        if (name) user.name = name;
        else delete user.name;
      }
      if (addresses || name !== undefined) await store.commit({ users: [user.id] });
      res.json(toPublicUser(user));
    }),
  );

  return router;
}
