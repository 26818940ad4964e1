// /api/products, /api/categories, /api/brands. Reads are public, with json-server's semantics
// (filters, _sort/_order, _page/_limit, q; X-Total-Count, Link: server/modules/catalogue/service.ts);
// writes are admin-only.
import { Router, type Request, type Response } from 'express';
import { asyncRoute, methodNotAllowed, publicRead } from '../../http/middleware';
import { keptRead } from './keptAnswers';
import { servedAsStaff } from '../../http/permissions';
import { requirePermission, requireUser } from '../../http/session';
import type { Services } from '..';
import { LINK_RELS, type Listing, type PageLink } from '../../query/listQuery';

/**
 * Another page's address: the request's path and query (never its Host, which the client
 * chooses) changed as `link` says, under the configured public address or relative to the site.
 */
export function pageUrl(originalUrl: string, link: PageLink, publicUrl = ''): string {
  // Path and query only, percent-encoded as a URL has them: the request line may be absolute
  // (`GET http://evil.example/api/products`) or hold characters that would end a Link's <…>.
  const sent = new URL(originalUrl, 'http://localhost');
  if ('page' in link) return `${publicUrl}${`${sent.pathname}${sent.search}`.replace(`page=${link.current}`, `page=${link.page}`)}`;
  const params = new URLSearchParams(sent.search);
  for (const key of link.drop) params.delete(key);
  for (const [key, value] of Object.entries(link.set)) params.set(key, value);
  return `${publicUrl}${sent.pathname}?${params}`;
}

/** A list: X-Total-Count always, Link with the other pages when there are some (as json-server's router). */
export function sendListing(req: Request, res: Response, publicUrl: string | undefined, listing: Listing<unknown>): void {
  res.json(listingHeaders(req, res, publicUrl, listing));
}

/** sendListing's headers, set on `res`: the items to answer. */
function listingHeaders(req: Request, res: Response, publicUrl: string | undefined, { items, total, links, estimated }: Listing<unknown>): unknown[] {
  res.setHeader('X-Total-Count', String(total));
  // A search of a large catalogue counts its matches exactly only up to a cap (search.ts).
  if (estimated) res.setHeader('X-Total-Count-Estimated', 'true');
  const header: Record<string, string> = {};
  for (const rel of LINK_RELS) {
    const link = links?.[rel];
    if (link) header[rel] = pageUrl(req.originalUrl, link, publicUrl);
  }
  if (Object.keys(header).length > 0) res.links(header);
  return items;
}

export interface CatalogueOptions {
  /** The shop's public address (server/http/config.ts), for the Link header; default: relative links. */
  publicUrl?: string;
}

/** How long a visitor's catalogue answer may be kept (README "Caching"): a product's stock and price move with orders. */
export const PRODUCT_MAX_AGE = 10;
/** Categories and brands change only with the back office. */
export const TAXONOMY_MAX_AGE = 60;

export function catalogueRoutes({ catalogue }: Services, { publicUrl }: CatalogueOptions = {}): Router {
  const router = Router();
  // Each answer is kept in memory while nothing changes (embedded driver: keptAnswers.ts).
  const { answers } = catalogue;
  const products = { maxAge: PRODUCT_MAX_AGE };
  const taxonomy = { maxAge: TAXONOMY_MAX_AGE };

  // GET /products, /categories, /brands (anyone)
  router.get(
    /^\/products\/?$/,
    publicRead(PRODUCT_MAX_AGE),
    keptRead(answers, products, async (req, res) => {
      const answer = await catalogue.listProducts(req.query);
      // A search corrected for a typo (productSearch.ts): the terms searched, printable ASCII.
      if (answer.corrected) res.setHeader('X-Search-Corrected', answer.corrected);
      return listingHeaders(req, res, publicUrl, answer);
    }),
  );
  router.get(
    /^\/categories\/?$/,
    publicRead(TAXONOMY_MAX_AGE),
    keptRead(answers, taxonomy, async (req, res) => listingHeaders(req, res, publicUrl, await catalogue.listCategories(req.query))),
  );
  router.get(
    /^\/brands\/?$/,
    publicRead(TAXONOMY_MAX_AGE),
    keptRead(answers, taxonomy, async (req, res) => listingHeaders(req, res, publicUrl, await catalogue.listBrands(req.query))),
  );

  // GET /products/facets (anyone): what each filter group would leave, given the others
  router.get(
    /^\/products\/facets\/?$/,
    publicRead(PRODUCT_MAX_AGE),
    keptRead(answers, products, (req) => catalogue.facets(req.query)),
  );

  // GET /products/suggest?q= (anyone): products, categories and brands for the search box
  router.get(
    /^\/products\/suggest\/?$/,
    publicRead(PRODUCT_MAX_AGE),
    keptRead(answers, products, (req) => catalogue.suggest(req.query)),
  );

  // GET /products/:id (anyone; to the catalogue's staff with its `notify` too, never cached: publicRead)
  router.get(
    /^\/products\/([^/]+)\/?$/,
    publicRead(PRODUCT_MAX_AGE),
    // Express has decoded the id once, as json-server's `/:id` did.
    keptRead(answers, { ...products, staffDiffers: true }, (req) => catalogue.product(req.params[0], req.query, servedAsStaff(req, 'catalogue'))),
  );

  return router;
}

export function productRoutes({ catalogue, reviews }: Services): Router {
  const router = Router();

  // POST /products (catalogue permission): every field of the product form required
  router.post(
    '/',
    requirePermission('catalogue'),
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

  // DELETE /products/:id/reviews/:reviewId (catalogue permission)
  router.delete(
    '/:id/reviews/:reviewId',
    requirePermission('catalogue'),
    asyncRoute(async (req, res) => {
      res.json(await reviews.remove(req.user!, req.params.id, req.params.reviewId));
    }),
  );

  // PATCH /products/:id (catalogue permission): checks and applies only the fields present
  router.patch(
    '/:id',
    requirePermission('catalogue'),
    asyncRoute(async (req, res) => {
      res.json(await catalogue.update(req.user!, req.params.id, req.body));
    }),
  );

  // PUT /products/:id (catalogue permission): PATCH's rules, the admin form's fields all required
  router.put(
    '/:id',
    requirePermission('catalogue'),
    asyncRoute(async (req, res) => {
      res.json(await catalogue.replace(req.user!, req.params.id, req.body));
    }),
  );

  // DELETE /products/:id (catalogue permission): the soft delete (deleted: true), answered as json-server does
  router.delete(
    '/:id',
    requirePermission('catalogue'),
    asyncRoute(async (req, res) => {
      await catalogue.remove(req.user!, req.params.id);
      res.json({});
    }),
  );

  // Any other method on a product (GET is the catalogue's, routes above)
  router.all('/:id', methodNotAllowed(['GET', 'PUT', 'PATCH', 'DELETE']));

  return router;
}
