// /api/admin/staff (the staff permission: admins): staff accounts and their roles (staff.ts).
import { Router } from 'express';
import { asyncRoute } from '../../http/middleware';
import { requirePermission } from '../../http/permissions';
import type { Services } from '..';

export function staffRoutes({ staff }: Services): Router {
  const router = Router();
  router.use(requirePermission('staff'));

  // GET /admin/staff: [{id, email, name?, role, invited}], by id
  router.get(
    '/',
    asyncRoute(async (_req, res) => {
      res.json(await staff.list());
    }),
  );

  // POST /admin/staff {email, role}: 200 an account's new role; 201 a new address invited (its mail in the outbox)
  router.post(
    '/',
    asyncRoute(async (req, res) => {
      const { member, created } = await staff.add(req.user!, req.body);
      res.status(created ? 201 : 200).json(member);
    }),
  );

  // PATCH /admin/staff/:id {role}: the new role; 409 when it would leave no admin
  router.patch(
    '/:id',
    asyncRoute(async (req, res) => {
      res.json(await staff.setRole(req.user!, req.params.id, req.body));
    }),
  );

  // DELETE /admin/staff/:id: a shopper again (204); 409 for the last admin
  router.delete(
    '/:id',
    asyncRoute(async (req, res) => {
      await staff.remove(req.user!, req.params.id);
      res.status(204).end();
    }),
  );

  return router;
}
