// /api/orders (signed in): place an order, the caller's own orders, one order; all orders and
// status changes for admins.
import { Router } from 'express';
import { asyncRoute } from '../../http/middleware';
import { requireAdmin } from '../../http/session';
import type { Services } from '..';
import { IDEMPOTENCY_HEADER } from './service';
import { sendPage } from '../../query/pages';

export function orderRoutes({ orders, orderNotes }: Services): Router {
  const router = Router();

  // POST /orders (signed in): 201 with the order; 200 with the order an Idempotency-Key placed
  router.post(
    '/',
    asyncRoute(async (req, res) => {
      const { order, created } = await orders.place(req.user!.id, req.body, req.get(IDEMPOTENCY_HEADER));
      res.status(created ? 201 : 200).json(order);
    }),
  );

  // GET /orders/own (signed in): the caller's orders, newest first; with _page and _limit (or
  // _per_page) one page of them, else the first MAX_PAGE_SIZE; X-Total-Count, Link
  router.get(
    '/own',
    asyncRoute(async (req, res) => {
      sendPage(req, res, await orders.ownPage(req.user!.id, req.query));
    }),
  );

  // GET /orders (admin): _page + _per_page (or _limit), _sort/_order, status=; X-Total-Count
  router.get(
    '/',
    requireAdmin,
    asyncRoute(async (req, res) => {
      sendPage(req, res, await orders.list(req.query));
    }),
  );

  // GET /orders/:id (owner or admin): someone else's order is answered as missing; an admin gets
  // its customer and internal notes too
  router.get(
    '/:id',
    asyncRoute(async (req, res) => {
      res.json(req.user!.role === 'admin' ? await orderNotes.get(req.params.id) : await orders.get(req.user!, req.params.id));
    }),
  );

  // POST /orders/:id/notes (admin): {text} → 201 the internal note, in the audit log
  router.post(
    '/:id/notes',
    requireAdmin,
    asyncRoute(async (req, res) => {
      res.status(201).json(await orderNotes.add(req.user!, req.params.id, req.body));
    }),
  );

  // POST /orders/:id/cancel (owner): a pending order is cancelled and its stock comes back
  router.post(
    '/:id/cancel',
    asyncRoute(async (req, res) => {
      res.json(await orders.cancel(req.user!, req.params.id));
    }),
  );

  // POST /orders/:id/buy-again (owner): what can still be bought goes back in the cart
  router.post(
    '/:id/buy-again',
    asyncRoute(async (req, res) => {
      res.json(await orders.buyAgain(req.user!, req.params.id));
    }),
  );

  // PATCH /orders (admin): {ids, status}: each order changed as PATCH /orders/:id would, what happened to each
  router.patch(
    '/',
    requireAdmin,
    asyncRoute(async (req, res) => {
      res.json(await orders.setStatuses(req.user!, req.body));
    }),
  );

  // PATCH /orders/:id (admin): applies only `status`, with the stock it gives back or takes
  router.patch(
    '/:id',
    requireAdmin,
    asyncRoute(async (req, res) => {
      res.json(await orders.setStatus(req.user!, req.params.id, req.body));
    }),
  );

  return router;
}
