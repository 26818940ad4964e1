// /api/wishlist and /api/stock-alerts (signed in, the caller's own only), and the alerts switch
// /api/users/own/alerts.
import { Router } from 'express';
import { asyncRoute } from '../../http/middleware';
import type { Services } from '..';
import { sendPage } from '../../query/pages';

export function wishlistRoutes({ wishlist }: Services): Router {
  const router = Router();

  // GET /wishlist?_page=&_limit= (signed in): a page of the caller's items, newest first (no
  // paging: the first MAX_PAGE_SIZE, which holds a whole wishlist); X-Total-Count, Link
  router.get(
    '/',
    asyncRoute(async (req, res) => {
      sendPage(req, res, await wishlist.page(req.user!.id, req.query));
    }),
  );

  // POST /wishlist {product, variant} (signed in) → 201 the item; the same again, or a full wishlist → 409
  router.post(
    '/',
    asyncRoute(async (req, res) => {
      res.status(201).json(await wishlist.add(req.user!.id, req.body));
    }),
  );

  // DELETE /wishlist/:id (owner) → 204
  router.delete(
    '/:id',
    asyncRoute(async (req, res) => {
      await wishlist.remove(req.user!.id, req.params.id);
      res.status(204).end();
    }),
  );

  return router;
}

export function stockAlertRoutes({ wishlist }: Services): Router {
  const router = Router();

  // GET /stock-alerts (signed in): the caller's waiting subscriptions
  router.get(
    '/',
    asyncRoute(async (req, res) => {
      res.json(await wishlist.alerts(req.user!.id));
    }),
  );

  // POST /stock-alerts {product, variant} (signed in) → 201; in stock, the same again or too many → 409
  router.post(
    '/',
    asyncRoute(async (req, res) => {
      res.status(201).json(await wishlist.subscribe(req.user!.id, req.body));
    }),
  );

  // DELETE /stock-alerts/:id (owner) → 204
  router.delete(
    '/:id',
    asyncRoute(async (req, res) => {
      await wishlist.unsubscribe(req.user!.id, req.params.id);
      res.status(204).end();
    }),
  );

  return router;
}

export function alertSettingRoutes({ wishlist }: Services): Router {
  const router = Router();

  // PUT /users/own/alerts {alerts} (signed in) → the user with `alerts`
  router.put(
    '/',
    asyncRoute(async (req, res) => {
      res.json(await wishlist.setAlerts(req.user!, req.body));
    }),
  );

  return router;
}
