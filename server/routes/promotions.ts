// /api/admin/promotions (admin only): promotions as the back office manages them; and the public
// GET /api/promotions/banner, what the shop's banner announces.
import { Router } from 'express';
import { asyncRoute } from '../middleware/http';
import { requireAdmin, requireUser } from '../middleware/session';
import type { Services } from '../services';

export function promotionAdminRoutes({ promotions }: Services): Router {
  const router = Router();
  router.use(requireUser, requireAdmin);

  // GET /admin/promotions?_page=&_limit=: newest first; X-Total-Count
  router.get(
    '/',
    asyncRoute(async (req, res) => {
      const { items, total } = await promotions.list(req.query);
      res.setHeader('X-Total-Count', String(total));
      res.json(items);
    }),
  );

  // GET /admin/promotions/:id
  router.get(
    '/:id',
    asyncRoute(async (req, res) => {
      res.json(await promotions.get(req.params.id));
    }),
  );

  // POST /admin/promotions: 201 with the promotion
  router.post(
    '/',
    asyncRoute(async (req, res) => {
      res.status(201).json(await promotions.create(req.user!, req.body));
    }),
  );

  // PATCH /admin/promotions/:id (the given fields)
  router.patch(
    '/:id',
    asyncRoute(async (req, res) => {
      res.json(await promotions.update(req.user!, req.params.id, req.body));
    }),
  );

  // DELETE /admin/promotions/:id: 204 (orders keep their snapshot)
  router.delete(
    '/:id',
    asyncRoute(async (req, res) => {
      await promotions.remove(req.user!, req.params.id);
      res.status(204).end();
    }),
  );

  return router;
}

export function promotionRoutes({ promotions }: Services): Router {
  const router = Router();

  // GET /promotions/banner (anyone): 200 { id, label, membersOnly }, or 204 when none is on
  router.get(
    '/banner',
    asyncRoute(async (_req, res) => {
      const banner = await promotions.banner();
      if (banner) res.json(banner);
      else res.status(204).end();
    }),
  );

  return router;
}
