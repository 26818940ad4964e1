// /api/admin/promotions (the promotions permission): promotions as the back office manages them; and the public
// GET /api/promotions/banner, what the shop's banner announces.
import { Router } from 'express';
import { asyncRoute } from '../../http/middleware';
import type { Services } from '..';
import { adminCrudRoutes } from '../../http/crudRoutes';

/**
 * /admin/promotions: GET ?_page=&_limit= (newest first; X-Total-Count), GET /:id, POST (201),
 * PATCH /:id (the given fields), DELETE /:id (204; orders keep their snapshot).
 */
export function promotionAdminRoutes({ promotions }: Services): Router {
  return adminCrudRoutes(promotions, 'promotions');
}

export function promotionRoutes({ promotions }: Services): Router {
  const router = Router();

  // GET /promotions/banner (anyone): 200 { id, text, membersOnly, has } in the words for the
  // caller (a member reads what they have, anyone else the offer), or 204 when none is on
  router.get(
    '/banner',
    asyncRoute(async (req, res) => {
      const banner = await promotions.banner(req.user);
      if (banner) res.json(banner);
      else res.status(204).end();
    }),
  );

  return router;
}
