// /api/products, /api/categories, /api/brands. Reads are public, with json-server's semantics
// (filters, _sort/_order, _page/_limit, q; X-Total-Count, Link: server/services/catalogue.ts);
// writes are admin-only.
import url from 'node:url';
import { Router, type Request, type Response } from 'express';
import { HttpError } from '../errors';
import { asyncRoute } from '../middleware/http';
import { requireAdmin, requireUser } from '../middleware/session';
import type { Services } from '../services';
import type { Listing } from '../services/catalogue';

/** A list: X-Total-Count always, Link with the pages of a `_page` query (as json-server's router). */
function sendListing(req: Request, res: Response, { items, total, links }: Listing<unknown>): void {
  res.setHeader('X-Total-Count', String(total));
  if (links) {
    const full = `${url.format({ protocol: req.protocol, host: req.get('host') })}${req.originalUrl}`;
    const link = (n: number) => full.replace(`page=${links.current}`, `page=${n}`);
    const header: Record<string, string> = {};
    if (links.first) header.first = link(links.first);
    if (links.prev) header.prev = link(links.prev);
    if (links.next) header.next = link(links.next);
    if (links.last) header.last = link(links.last);
    if (Object.keys(header).length > 0) res.links(header);
  }
  res.json(items);
}

export function catalogueRoutes({ catalogue }: Services): Router {
  const router = Router();

  // GET /products, /categories, /brands (anyone)
  router.get(
    /^\/products\/?$/,
    asyncRoute(async (req, res) => sendListing(req, res, await catalogue.listProducts(req.query))),
  );
  router.get(
    /^\/categories\/?$/,
    asyncRoute(async (req, res) => sendListing(req, res, await catalogue.listCategories(req.query))),
  );
  router.get(
    /^\/brands\/?$/,
    asyncRoute(async (req, res) => sendListing(req, res, await catalogue.listBrands(req.query))),
  );

  // GET /products/facets (anyone): what each filter group would leave, given the others
  router.get(
    /^\/products\/facets\/?$/,
    asyncRoute(async (req, res) => {
      res.json(await catalogue.facets(req.query));
    }),
  );

  // GET /products/suggest?q= (anyone): products, categories and brands for the search box
  router.get(
    /^\/products\/suggest\/?$/,
    asyncRoute(async (req, res) => {
      res.json(await catalogue.suggest(req.query));
    }),
  );

  // GET /products/:id (anyone)
  router.get(
    /^\/products\/([^/]+)\/?$/,
    asyncRoute(async (req, res) => {
      // Express has decoded the id once, as json-server's `/:id` did.
      res.json(await catalogue.product(req.params[0], req.query));
    }),
  );

  return router;
}

export function productRoutes({ catalogue, reviews }: Services): Router {
  const router = Router();

  // DELETE|PUT /products/:id: products are soft-deleted with PATCH { deleted: true }
  router.all('/:id', (req, res, next) => {
    if (req.method !== 'DELETE' && req.method !== 'PUT') return next();
    res.setHeader('Allow', 'GET, PATCH');
    next(new HttpError(405, 'Products are not deleted; PATCH { "deleted": true } instead'));
  });

  // POST /products (admin): all form fields required (SPEC §5)
  router.post(
    '/',
    requireAdmin,
    asyncRoute(async (req, res) => {
      res.status(201).json(await catalogue.create(req.user!, req.body));
    }),
  );

  // GET /products/:id/reviews/eligibility (signed in): may the caller review it; their review
  router.get(
    '/:id/reviews/eligibility',
    requireUser,
    asyncRoute(async (req, res) => {
      res.json(await reviews.eligibility(req.user!, req.params.id));
    }),
  );

  // POST /products/:id/reviews (a shopper with a delivered order of it): 201 with the product
  router.post(
    '/:id/reviews',
    requireUser,
    asyncRoute(async (req, res) => {
      res.status(201).json(await reviews.add(req.user!, req.params.id, req.body));
    }),
  );

  // PATCH /products/:id/reviews/:reviewId (its author)
  router.patch(
    '/:id/reviews/:reviewId',
    requireUser,
    asyncRoute(async (req, res) => {
      res.json(await reviews.edit(req.user!, req.params.id, req.params.reviewId, req.body));
    }),
  );

  // DELETE /products/:id/reviews/:reviewId (admin)
  router.delete(
    '/:id/reviews/:reviewId',
    requireAdmin,
    asyncRoute(async (req, res) => {
      res.json(await reviews.remove(req.user!, req.params.id, req.params.reviewId));
    }),
  );

  // PATCH /products/:id (admin): checks and applies only the fields present
  router.patch(
    '/:id',
    requireAdmin,
    asyncRoute(async (req, res) => {
      res.json(await catalogue.update(req.user!, req.params.id, req.body));
    }),
  );

  return router;
}
