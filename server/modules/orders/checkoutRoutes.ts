// /api/checkout (signed in): the quote of the caller's cart.
import { Router } from 'express';
import { asyncRoute } from '../../http/middleware';
import type { Services } from '..';

export function checkoutRoutes({ checkout }: Services): Router {
  const router = Router();

  // POST /checkout/quote (signed in): {address?, shippingMethod?, codes?} → the cart priced as an order would be now
  router.post(
    '/quote',
    asyncRoute(async (req, res) => {
      res.json(await checkout.quote(req.user!, req.body));
    }),
  );

  return router;
}
