// /api/products, /api/categories, /api/brands. Reads are public, with json-server's semantics
// (filters, _sort/_order, _page/_limit, q, X-Total-Count), answered by server/catalogue.ts's
// fast path or json-server's router; writes are admin-only here.
import { Router, type RequestHandler } from 'express';
import jsonServer from 'json-server';
import type { Product } from '../../src/types';
import { catalogueFastPath } from '../catalogue';
import type { Context } from '../context';
import { nextId } from '../db';
import { assertValid, badRequest, HttpError, notFound } from '../errors';
import { asyncRoute, bodyObject, parseId } from '../middleware/http';
import { requireAdmin } from '../middleware/session';
import { PRODUCT_DEFAULTS, readProduct } from '../validate';

/** The only paths the json-server router ever sees (it would serve every collection). */
export const CATALOGUE_PATHS = /^\/(?:products(?:\/[^/]+)?|categories|brands)\/?$/;

const SINGLE_VALUE = new Set(['q', '_sort', '_order', '_page', '_limit', '_start', '_end']);

/**
 * Keeps only the query keys the catalogue supports. Drops json-server's _embed/_expand (they
 * could pull other collections in), _delay and any other `_` key; refuses `_like` (a regex
 * from the client) and values that are not plain strings.
 */
export const catalogueQuery: RequestHandler = (req, _res, next) => {
  const clean: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(req.query)) {
    if (SINGLE_VALUE.has(key)) {
      if (typeof value !== 'string') return next(badRequest(`${key} must be given once`));
      clean[key] = value;
    } else if (key.startsWith('_') || key === 'callback') {
      continue;
    } else if (key.endsWith('_like')) {
      return next(badRequest(`${key}: _like filters are not supported; use q`));
    } else if (typeof value === 'string' || (Array.isArray(value) && value.every((v) => typeof v === 'string'))) {
      clean[key] = value as string | string[];
    } else {
      return next(badRequest(`${key} must be a plain value`));
    }
  }
  req.query = clean;
  next();
};

export function catalogueRoutes(ctx: Context, { fastPath = true }: { fastPath?: boolean } = {}): Router {
  const router = Router();
  const reader = jsonServer.router(ctx.store.lowdb);
  reader.render = (_req, res) => {
    const data: unknown = res.locals.data;
    if (res.statusCode === 404 || data === undefined) {
      res.status(404).json({ message: 'Not found' });
      return;
    }
    if (Array.isArray(data) && !res.hasHeader('X-Total-Count')) res.setHeader('X-Total-Count', String(data.length));
    // Same-origin API: no CORS headers; and no empty Link header on a single page.
    res.removeHeader('Access-Control-Expose-Headers');
    if (!res.getHeader('Link')) res.removeHeader('Link');
    res.json(data);
  };
  // GET /products, /products/:id, /categories, /brands (anyone): the fast path answers what it
  // covers exactly as the router would (server/catalogue.ts), the router the rest.
  const handlers = fastPath ? [catalogueFastPath(ctx.store, reader.render), reader] : [reader];
  router.get(CATALOGUE_PATHS, catalogueQuery, ...handlers);
  return router;
}

export function productRoutes(ctx: Context): Router {
  const { store } = ctx;
  const router = Router();
  const known = () => ({
    brands: store.data.brands.map((b) => b.value),
    categories: store.data.categories.map((c) => c.value),
  });

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
      const { changes, errors } = readProduct(bodyObject(req), known());
      assertValid(errors, 'Invalid product');
      const product = { id: nextId(store.data.products), ...PRODUCT_DEFAULTS, reviews: [], ...changes } as Product;
      store.data.products.push(product);
      await store.commit({ products: [product.id] });
      res.status(201).json(product);
    }),
  );

  // PATCH /products/:id (admin): checks and applies only the fields present
  router.patch(
    '/:id',
    requireAdmin,
    asyncRoute(async (req, res) => {
      const id = parseId(req.params.id);
      const product = id === undefined ? undefined : store.data.products.find((p) => p.id === id);
      if (!product) throw notFound('Product not found');
      const { changes, errors } = readProduct(bodyObject(req), { existing: product, ...known() });
      assertValid(errors, 'Invalid product');
      Object.assign(product, changes);
      await store.commit({ products: [product.id] });
      res.json(product);
    }),
  );

  return router;
}
