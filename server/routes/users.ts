// /api/users (signed in): the caller's own record; only name and addresses can change.
import { Router } from 'express';
import { asyncRoute } from '../middleware/http';
import type { Services } from '../services';
import { toPublicUser } from '../services/users';

export function userRoutes({ users }: Services): Router {
  const router = Router();

  // GET /users/own (signed in)
  router.get('/own', (req, res) => {
    res.json(toPublicUser(req.user!));
  });

  // PATCH /users/:id (that user only): name and addresses
  router.patch(
    '/:id',
    asyncRoute(async (req, res) => {
      res.json(await users.update(req.user!, req.params.id, req.body));
    }),
  );

  return router;
}
