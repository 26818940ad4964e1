// /api/admin/webhooks (permission `webhooks`: admins): endpoints (GET, POST, PATCH /:id, DELETE /:id), an endpoint's
// delivery log (GET /:id/deliveries) and "send again" (POST /:id/deliveries/:did/resend).
import type { Router } from 'express';
import { adminCrudRoutes } from '../../http/crudRoutes';
import { asyncRoute } from '../../http/middleware';
import type { Services } from '..';

export function webhookAdminRoutes({ webhooks }: Services): Router {
  const router = adminCrudRoutes<unknown>({
    list: () => webhooks.list(),
    create: (admin, body) => webhooks.create(admin, body),
    update: (admin, id, body) => webhooks.update(admin, id, body),
    remove: (admin, id) => webhooks.remove(admin, id),
  }, 'webhooks');

  // GET /admin/webhooks/:id/deliveries?_page=&_limit=: attempts, newest first; X-Total-Count
  router.get(
    '/:id/deliveries',
    asyncRoute(async (req, res) => {
      const { items, total } = await webhooks.deliveries(req.params.id, req.query);
      res.setHeader('X-Total-Count', String(total));
      res.json(items);
    }),
  );

  // POST /admin/webhooks/:id/deliveries/:did/resend: 202 with the queued delivery {id, event, eventId}
  router.post(
    '/:id/deliveries/:did/resend',
    asyncRoute(async (req, res) => {
      res.status(202).json(await webhooks.resend(req.user!, req.params.id, req.params.did));
    }),
  );

  return router;
}
