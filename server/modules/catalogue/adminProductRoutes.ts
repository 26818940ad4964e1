// /api/admin/products (permission `catalogue`): the back office's products table and its bulk actions.
// GET / takes GET /products's query (filters, search, _sort/_order, _page/_limit) and answers the
// page as ProductTableRow (src/domain/productTable.ts) with X-Total-Count and Link; POST /bulk
// {action: 'delete'|'restore'|'category'|'brand', ids, value?} changes them all or none; PATCH
// /:id/variants/:variantId {stock} sets one variant's stock (adminProducts.ts says which input is
// refused and how).
import { Router } from 'express';
import type { Services } from '..';
import { asyncRoute, methodNotAllowed } from '../../http/middleware';
import { requirePermission } from '../../http/permissions';
import { sendListing, type CatalogueOptions } from './routes';

export function adminProductRoutes({ adminProducts }: Services, { publicUrl }: CatalogueOptions = {}): Router {
  const router = Router();
  router.use(requirePermission('catalogue'));

  // GET /admin/products?<the product list's query>
  router.get(
    '/',
    asyncRoute(async (req, res) => {
      const answer = await adminProducts.table(req.query);
      if (answer.corrected) res.setHeader('X-Search-Corrected', answer.corrected);
      sendListing(req, res, publicUrl, answer);
    }),
  );

  // POST /admin/products/bulk {action, ids, value?}: 200 {changed, unchanged}
  router.post(
    '/bulk',
    asyncRoute(async (req, res) => {
      res.json(await adminProducts.bulk(req.user!, req.body));
    }),
  );
  router.all('/bulk', methodNotAllowed(['POST']));

  // PATCH /admin/products/:id/variants/:variantId {stock}: that variant's stock, the product answered
  router.patch(
    '/:id/variants/:variantId',
    asyncRoute(async (req, res) => {
      res.json(await adminProducts.setVariantStock(req.user!, req.params.id, req.params.variantId, req.body));
    }),
  );

  return router;
}
