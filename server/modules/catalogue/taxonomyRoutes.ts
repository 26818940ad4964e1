// /api/admin/brands and /api/admin/categories (the catalogue permission): the back office's brands and
// categories. GET / (every one, with `products`: how many products use it, deleted ones
// included), POST / {label, value?} (201), PATCH /:id {label?, value?}, DELETE /:id (204; 409
// "Used by N products" when used), POST /:id/merge {into}. The service checks every input.
import { Router } from 'express';
import type { Services } from '..';
import { asyncRoute } from '../../http/middleware';
import { requirePermission } from '../../http/session';
import type { TaxonomyKind } from './port';

export function taxonomyRoutes({ taxonomy }: Services, kind: TaxonomyKind): Router {
  const router = Router();
  router.use(requirePermission('catalogue'));
  router.get(
    '/',
    asyncRoute(async (_req, res) => {
      res.json(await taxonomy.list(kind));
    }),
  );
  router.post(
    '/',
    asyncRoute(async (req, res) => {
      res.status(201).json(await taxonomy.create(req.user!, kind, req.body));
    }),
  );
  router.patch(
    '/:id',
    asyncRoute(async (req, res) => {
      res.json(await taxonomy.update(req.user!, kind, req.params.id, req.body));
    }),
  );
  router.delete(
    '/:id',
    asyncRoute(async (req, res) => {
      await taxonomy.remove(req.user!, kind, req.params.id);
      res.status(204).end();
    }),
  );
  router.post(
    '/:id/merge',
    asyncRoute(async (req, res) => {
      res.json(await taxonomy.merge(req.user!, kind, req.params.id, req.body));
    }),
  );
  return router;
}
