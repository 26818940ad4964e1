// /api/orders/:id/returns (signed in): a shopper returns units of their delivered order; staff with
// the returns permission take each return through its steps, the refunds permission its refund.
import { Router } from 'express';
import { asyncRoute } from '../../http/middleware';
import { assertPermitted, requirePermission } from '../../http/permissions';
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

  // PATCH /orders/:id/returns/:returnId (returns; `refunded` needs refunds): {status, damaged?} → the order after the step
  router.patch(
    '/:id/returns/:returnId',
    requirePermission('returns'),
    asyncRoute(async (req, res) => {
      if ((req.body as { status?: unknown } | undefined)?.status === 'refunded') assertPermitted(req.user!, 'refunds');
      res.json(await returns.step(req.user!, req.params.id, req.params.returnId, req.body));
    }),
  );

  return router;
}
