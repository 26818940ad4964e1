// /api/wishlist and /api/stock-alerts (signed in, the caller's own only), and the alerts switch
// /api/users/own/alerts.
import { Router } from 'express';
import { asyncRoute } from '../../http/middleware';
import type { Services } from '..';

export function wishlistRoutes({ wishlist }: Services): Router {
  const router = Router();

  // GET /wishlist (signed in): the caller's items, newest first
  router.get(
    '/',
    asyncRoute(async (req, res) => {
      res.json(await wishlist.list(req.user!.id));
    }),
  );

  // POST /wishlist {product, variant} (signed in) → 201 the item; the same again → 409
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

  // POST /stock-alerts {product, variant} (signed in) → 201; in stock or the same again → 409
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
