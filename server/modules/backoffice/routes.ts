// /api/admin (staff only; each route its permission, src/domain/permissions.ts): the dashboard's
// figures, customers, the audit log, CSV exports and the product import.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import express, { Router, type Response } from 'express';
import { asyncRoute, shallowJson, storableText } from '../../http/middleware';
import { requirePermission, requireStaff } from '../../http/session';
import type { Services } from '..';
import { MAX_IMPORT_BYTES, ORDER_COLUMNS, PRODUCT_COLUMNS } from './transfer';
import { sendPage } from '../../query/pages';

/** A CSV download: the header, then the rows as they come, written as they are made. */
async function sendCsv(res: Response, name: string, columns: readonly string[], rows: AsyncIterable<unknown[]>): Promise<void> {
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
  try {
    await pipeline(Readable.from(rows), stringify({ header: true, columns: [...columns], cast: { boolean: (b) => String(b) } }), res);
  } catch (err) {
    // Once the download has started there is no status left to send: cut it short, so the file
    // is visibly incomplete rather than silently.
    if (res.headersSent) res.destroy(err as Error);
    else throw err;
  }
}

/**
 * The import's body: a CSV's text is bigger than other bodies, and JSON escapes each of its quotes
 * and line breaks in two characters, so a file within MAX_IMPORT_BYTES (checked by the service)
 * fits whatever it holds of those.
 */
export const IMPORT_BODY_LIMIT = 2 * MAX_IMPORT_BYTES + 64 * 1024;
export const importBody = express.json({ limit: IMPORT_BODY_LIMIT });
export const IMPORT_PATH = '/admin/import/products';

export function adminRoutes({ admin, audit, transfer }: Services): Router {
  const router = Router();
  // A shopper is refused any /admin path, known or not; each route then asks its own permission.
  router.use(requireStaff);

  // GET /admin/stats?days=30
  router.get(
    '/stats',
    requirePermission('dashboard'),
    asyncRoute(async (req, res) => {
      res.json(await admin.stats(req.query));
    }),
  );

  // GET /admin/customers?q=&_page=&_limit=: X-Total-Count
  router.get(
    '/customers',
    requirePermission('customers'),
    asyncRoute(async (req, res) => {
      sendPage(req, res, await admin.customers(req.query));
    }),
  );

  // GET /admin/audit?_page=&_limit=&entity=&actor=: newest first; X-Total-Count
  router.get(
    '/audit',
    requirePermission('audit'),
    asyncRoute(async (req, res) => {
      sendPage(req, res, await audit.list(req.query));
    }),
  );

  // GET /admin/export/products.csv?<the product list's filters and sort>
  router.get(
    '/export/products.csv',
    requirePermission('catalogue'),
    asyncRoute(async (req, res) => {
      const rows = transfer.productRows(req.query);
      // The first page is read before the headers go, so a bad query still answers 400 JSON.
      const first = await rows.next();
      await sendCsv(res, 'products.csv', PRODUCT_COLUMNS, prepend(first, rows));
    }),
  );

  // GET /admin/export/orders.csv?status=&_sort=&_order=
  router.get(
    '/export/orders.csv',
    requirePermission('orders.read'),
    asyncRoute(async (req, res) => {
      const rows = transfer.orderRows(req.query);
      const first = await rows.next();
      await sendCsv(res, 'orders.csv', ORDER_COLUMNS, prepend(first, rows));
    }),
  );

  // POST /admin/import/products {csv, dryRun}: a dry run (the default) reports; then for real.
  // Its larger body is read only here, behind its permission: a caller without it is
  // answered before a byte of it is parsed (app.ts leaves this path's body alone).
  router.post(
    '/import/products',
    requirePermission('catalogue'),
    importBody,
    shallowJson,
    storableText,
    asyncRoute(async (req, res) => {
      res.json(await transfer.importProducts(req.user!, req.body));
    }),
  );

  return router;
}

/** The rows again, with the one already read first. */
async function* prepend<T>(first: IteratorResult<T>, rest: AsyncIterator<T>): AsyncGenerator<T> {
  if (first.done) return;
  yield first.value;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}
