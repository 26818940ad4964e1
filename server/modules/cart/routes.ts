// /api/cart (signed in): the caller's own cart lines, answered as { id, product, quantity }.
import { Router } from 'express';
import { asyncRoute } from '../../http/middleware';
import type { Services } from '..';

export function cartRoutes({ cart }: Services): Router {
  const router = Router();

  // GET /cart (signed in): the caller's lines, products expanded
  router.get(
    '/',
    asyncRoute(async (req, res) => {
      res.json(await cart.items(req.user!.id));
    }),
  );

  // POST /cart (signed in): { product, variant, quantity } → 201 line; the same variant twice → 409
  router.post(
    '/',
    asyncRoute(async (req, res) => {
      res.status(201).json(await cart.add(req.user!.id, req.body));
    }),
  );

  // PATCH /cart/:id (owner): { quantity } → the updated line
  router.patch(
    '/:id',
    asyncRoute(async (req, res) => {
      res.json(await cart.setQuantity(req.user!.id, req.params.id, req.body));
    }),
  );

  // DELETE /cart/:productId[?variant=ID] (owner): removes the caller's lines for that product (that variant's only)
  router.delete(
    '/:productId',
    asyncRoute(async (req, res) => {
      res.json(await cart.remove(req.user!.id, req.params.productId, req.query.variant));
    }),
  );

  return router;
}
