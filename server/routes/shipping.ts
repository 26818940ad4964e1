// Shipping methods and tax rates (issue 23): the public GET /api/shipping-methods?country=, and
// the back office's /api/admin/shipping-methods and /api/admin/tax-rates (admin only).
import { Router } from 'express';
import { asyncRoute } from '../middleware/http';
import { requireAdmin, requireUser } from '../middleware/session';
import type { Services } from '../services';

export function shippingRoutes({ shippingTax }: Services): Router {
  const router = Router();

  // GET /shipping-methods?country= (anyone): the country's methods, cheapest first
  router.get(
    '/',
    asyncRoute(async (req, res) => {
      res.json(await shippingTax.methodsFor(req.query));
    }),
  );

  return router;
}

/** /admin/shipping-methods: GET (every country), POST, PATCH /:id, DELETE /:id. */
export function shippingAdminRoutes({ shippingTax }: Services): Router {
  const router = Router();
  router.use(requireUser, requireAdmin);

  router.get(
    '/',
    asyncRoute(async (_req, res) => {
      res.json(await shippingTax.listMethods());
    }),
  );
  router.post(
    '/',
    asyncRoute(async (req, res) => {
      res.status(201).json(await shippingTax.createMethod(req.user!, req.body));
    }),
  );
  router.patch(
    '/:id',
    asyncRoute(async (req, res) => {
      res.json(await shippingTax.updateMethod(req.user!, req.params.id, req.body));
    }),
  );
  router.delete(
    '/:id',
    asyncRoute(async (req, res) => {
      await shippingTax.removeMethod(req.user!, req.params.id);
      res.status(204).end();
    }),
  );

  return router;
}

/** /admin/tax-rates: GET (every rate), POST, PATCH /:id, DELETE /:id. */
export function taxRateAdminRoutes({ shippingTax }: Services): Router {
  const router = Router();
  router.use(requireUser, requireAdmin);

  router.get(
    '/',
    asyncRoute(async (_req, res) => {
      res.json(await shippingTax.listRates());
    }),
  );
  router.post(
    '/',
    asyncRoute(async (req, res) => {
      res.status(201).json(await shippingTax.createRate(req.user!, req.body));
    }),
  );
  router.patch(
    '/:id',
    asyncRoute(async (req, res) => {
      res.json(await shippingTax.updateRate(req.user!, req.params.id, req.body));
    }),
  );
  router.delete(
    '/:id',
    asyncRoute(async (req, res) => {
      await shippingTax.removeRate(req.user!, req.params.id);
      res.status(204).end();
    }),
  );

  return router;
}
