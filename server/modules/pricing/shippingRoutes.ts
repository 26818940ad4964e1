// Shipping methods and tax rates: the public GET /api/shipping-methods?country=, and
// the back office's /api/admin/shipping-methods and /api/admin/tax-rates (the settings permission: admins).
import { Router } from 'express';
import { asyncRoute } from '../../http/middleware';
import type { Services } from '..';
import { adminCrudRoutes } from '../../http/crudRoutes';

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
  return adminCrudRoutes({
    list: () => shippingTax.listMethods(),
    create: (admin, body) => shippingTax.createMethod(admin, body),
    update: (admin, id, body) => shippingTax.updateMethod(admin, id, body),
    remove: (admin, id) => shippingTax.removeMethod(admin, id),
  }, 'settings');
}

/** /admin/tax-rates: GET (every rate), POST, PATCH /:id, DELETE /:id. */
export function taxRateAdminRoutes({ shippingTax }: Services): Router {
  return adminCrudRoutes({
    list: () => shippingTax.listRates(),
    create: (admin, body) => shippingTax.createRate(admin, body),
    update: (admin, id, body) => shippingTax.updateRate(admin, id, body),
    remove: (admin, id) => shippingTax.removeRate(admin, id),
  }, 'settings');
}
