// /api/orders/:id/returns (signed in): a shopper returns units of their delivered order; an admin
// takes each return through its steps.
import { Router } from 'express';
import { asyncRoute } from '../../http/middleware';
import { requireAdmin } from '../../http/session';
import type { Services } from '..';

export function returnRoutes({ returns }: Services): Router {
  const router = Router();

  // POST /orders/:id/returns (the order's owner): {items: [{line, quantity}], reason} → 201 the order with its returns
  router.post(
    '/:id/returns',
    asyncRoute(async (req, res) => {
      res.status(201).json(await returns.request(req.user!, req.params.id, req.body));
    }),
  );

  // PATCH /orders/:id/returns/:returnId (admin): {status, damaged?} → the order after the step
  router.patch(
    '/:id/returns/:returnId',
    requireAdmin,
    asyncRoute(async (req, res) => {
      res.json(await returns.step(req.user!, req.params.id, req.params.returnId, req.body));
    }),
  );

  return router;
}
