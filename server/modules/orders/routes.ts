// /api/orders (signed in): place an order, the caller's own orders, one order; all orders for the
// orders.read permission, status changes and notes for orders.write (src/domain/permissions.ts).
import { Router } from 'express';
import { asyncRoute } from '../../http/middleware';
import { can, requirePermission, servedAsStaff } from '../../http/permissions';
import type { Services } from '..';
import { IDEMPOTENCY_HEADER } from './service';
import { sendPage } from '../../query/pages';

export function orderRoutes({ orders, orderNotes }: Services): Router {
  const router = Router();

  // POST /orders (signed in): 201 with the order; 200 with the order an Idempotency-Key placed
  router.post(
    '/',
    asyncRoute(async (req, res) => {
      const { order, created } = await orders.place(req.user!, req.body, req.get(IDEMPOTENCY_HEADER));
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

  // GET /orders (orders.read): _page + _per_page (or _limit), _sort/_order, status=; X-Total-Count
  router.get(
    '/',
    requirePermission('orders.read'),
    asyncRoute(async (req, res) => {
      sendPage(req, res, await orders.list(req.query));
    }),
  );

  // GET /orders/:id (owner, or orders.read): someone else's order is answered as missing; staff
  // with orders.read get its customer and internal notes too (with STAFF_REQUIRE_2FA, only once
  // their two-factor sign-in is on: until then they are answered as a shopper)
  router.get(
    '/:id',
    asyncRoute(async (req, res) => {
      res.json(servedAsStaff(req, 'orders.read') ? await orderNotes.get(req.params.id) : await orders.get(req.user!, req.params.id));
    }),
  );

  // POST /orders/:id/notes (orders.write): {text} → 201 the internal note, in the audit log
  router.post(
    '/:id/notes',
    requirePermission('orders.write'),
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

  // PATCH /orders (orders.write): {ids, status}: each order changed as PATCH /orders/:id would, what happened to each
  router.patch(
    '/',
    requirePermission('orders.write'),
    asyncRoute(async (req, res) => {
      res.json(await orders.setStatuses(req.user!, req.body, can(req.user!.role, 'refunds')));
    }),
  );

  // PATCH /orders/:id (orders.write): applies only `status`, with the stock it gives back or takes;
  // cancelling a paid order (its money given back) needs refunds too (403)
  router.patch(
    '/:id',
    requirePermission('orders.write'),
    asyncRoute(async (req, res) => {
      res.json(await orders.setStatus(req.user!, req.params.id, req.body, can(req.user!.role, 'refunds')));
    }),
  );

  return router;
}
