// /api/orders (signed in). Placing an order re-prices it from the current products, checks and
// decrements stock and empties the cart in one synchronous step (no other request runs in
// between, and one commit persists it all). Listing all orders and changing status: admin.
import { Router, type Request } from 'express';
import { totals } from '../../src/lib/pricing';
import { ORDER_STATUSES, PAYMENT_METHODS, type CartItem, type Order, type OrderStatus } from '../../src/types';
import type { Context } from '../context';
import { nextId } from '../db';
import { assertValid, badRequest, DiskWriteError, HttpError, notFound } from '../errors';
import { asyncRoute, bodyObject, parseId } from '../middleware/http';
import { requireAdmin } from '../middleware/session';
import { readAddress, type Errors } from '../validate';
import { assertAvailable, QUANTITY_MESSAGE, readProductRef, readQuantity } from './cart';

export const MAX_ORDER_LINES = 50;
/** How long an Idempotency-Key keeps answering with its order. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

/** The request's Idempotency-Key: absent, or 1–255 visible ASCII characters (400 otherwise). */
function idempotencyKey(req: Request): string | undefined {
  const key = req.get(IDEMPOTENCY_HEADER);
  if (key === undefined) return undefined;
  if (!KEY_FORMAT.test(key)) {
    throw badRequest(`Invalid ${IDEMPOTENCY_HEADER}`, {
      [IDEMPOTENCY_HEADER]: `${IDEMPOTENCY_HEADER} must be 1 to 255 visible ASCII characters`,
    });
  }
  return key;
}

const SORTABLE = new Set(['id', 'totalAmount', 'totalItems', 'status', 'paymentMethod', 'user', 'createdAt']);
const DEFAULT_PAGE_SIZE = 10;
const MAX_PAGE_SIZE = 1000;

const newestFirst = (a: Order, b: Order) =>
  (b.createdAt ?? '').localeCompare(a.createdAt ?? '') || b.id - a.id;

function single(req: Request, key: string): string | undefined {
  const value = req.query[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest(`${key} must be given once`);
  return value;
}

function positiveInt(req: Request, key: string, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const value = single(req, key);
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > max) {
    throw badRequest(`Invalid ${key}`, { [key]: `${key} must be a whole number from 1 to ${max}` });
  }
  return n;
}

export function orderRoutes(ctx: Context): Router {
  const { store, now } = ctx;
  const router = Router();

  /** Stores a key for `order` and drops expired ones; returns the ids to commit. */
  function rememberKey(id: string, user: number, order: number): string[] {
    const at = now();
    const expired = new Set(store.data.idempotency.filter((k) => k.createdAt <= at - IDEMPOTENCY_TTL_MS).map((k) => k.id));
    if (expired.size > 0) store.data.idempotency = store.data.idempotency.filter((k) => !expired.has(k.id));
    store.data.idempotency.push({ id, user, order, createdAt: at });
    return [...expired, id];
  }

  // POST /orders (signed in): the user comes from the session, prices and totals are recomputed.
  // With an Idempotency-Key the same key from the same user answers 200 with the order it first
  // placed, without ordering or taking stock again (a retry after a lost answer or a crash).
  router.post(
    '/',
    asyncRoute(async (req, res) => {
      const user = req.user!.id;
      const key = idempotencyKey(req);
      const keyId = key === undefined ? undefined : `${user} ${key}`;
      const placed = keyId === undefined ? undefined : store.data.idempotency.find((k) => k.id === keyId);
      const earlier = placed && store.data.orders.find((o) => o.id === placed.order);
      if (earlier) {
        await store.commit({}); // answer only once the first attempt's write is on disk
        res.status(200).json(earlier);
        return;
      }
      const body = bodyObject(req);
      const errors: Errors = {};
      const lines: { productId: number; quantity: number }[] = [];
      if (!Array.isArray(body.items) || body.items.length === 0) {
        errors.items = 'The order has no items';
      } else if (body.items.length > MAX_ORDER_LINES) {
        errors.items = `At most ${MAX_ORDER_LINES} lines per order`;
      } else {
        body.items.forEach((item: unknown, i) => {
          const source = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
          const productId = readProductRef(source.product);
          const quantity = readQuantity(source.quantity);
          if (productId === undefined) errors[`items.${i}.product`] = 'product must be a product id';
          else if (!store.data.products.some((p) => p.id === productId)) errors[`items.${i}.product`] = 'Unknown product';
          else if (lines.some((l) => l.productId === productId)) errors[`items.${i}.product`] = 'The same product twice';
          if (quantity === undefined) errors[`items.${i}.quantity`] = QUANTITY_MESSAGE;
          if (productId !== undefined && quantity !== undefined) lines.push({ productId, quantity });
        });
      }
      if (!PAYMENT_METHODS.includes(body.paymentMethod as never)) {
        errors.paymentMethod = `paymentMethod must be one of ${PAYMENT_METHODS.join(', ')}`;
      }
      const selectedAddress = readAddress(body.selectedAddress, 'selectedAddress', errors);
      assertValid(errors, 'Invalid order');

      // Check everything first (409 names the product), then change everything.
      const products = lines.map((l) => store.data.products.find((p) => p.id === l.productId)!);
      lines.forEach((l, i) => assertAvailable(products[i], l.quantity));

      const items: CartItem[] = lines.map((l, i) => ({
        id: i + 1,
        product: structuredClone(products[i]),
        quantity: l.quantity,
      }));
      const order: Order = {
        id: nextId(store.data.orders),
        items,
        user,
        ...totals(items),
        paymentMethod: body.paymentMethod as Order['paymentMethod'],
        selectedAddress: selectedAddress!,
        status: 'pending',
        createdAt: new Date(now()).toISOString(),
      };
      lines.forEach((l, i) => (products[i].stock -= l.quantity));
      store.data.orders.push(order);
      const emptied = store.data.cart.filter((line) => line.user === user).map((line) => line.id);
      store.data.cart = store.data.cart.filter((line) => line.user !== user);
      const keys = keyId === undefined ? [] : rememberKey(keyId, user, order.id);
      try {
        await store.commit({ orders: [order.id], products: products.map((p) => p.id), cart: emptied, idempotency: keys });
      } catch (err) {
        // The order stands in memory and is written with the next commit (server/db.ts): never
        // tell the shopper it failed, or a retry would order and take the stock twice.
        if (!(err instanceof DiskWriteError)) throw err;
        throw new HttpError(
          503,
          `Order #${order.id} was received but could not be saved to disk yet. Check My Orders before ordering again.`,
        );
      }
      res.status(201).json(order);
    }),
  );

  // GET /orders/own (signed in): the caller's orders, newest first
  router.get('/own', (req, res) => {
    res.json(store.data.orders.filter((o) => o.user === req.user!.id).sort(newestFirst));
  });

  // GET /orders (admin): _page + _per_page (or _limit), _sort/_order, status=; X-Total-Count
  router.get('/', requireAdmin, (req, res) => {
    let orders = [...store.data.orders];
    const status = req.query.status;
    if (status !== undefined) {
      const wanted = ([] as unknown[]).concat(status);
      if (!wanted.every((s) => ORDER_STATUSES.includes(s as OrderStatus))) {
        throw badRequest('Invalid status', { status: `status must be one of ${ORDER_STATUSES.join(', ')}` });
      }
      orders = orders.filter((o) => wanted.includes(o.status));
    }

    let sort = single(req, '_sort');
    let order = single(req, '_order')?.toLowerCase() ?? 'asc';
    if (sort?.startsWith('-')) [sort, order] = [sort.slice(1), 'desc'];
    if (sort !== undefined && !SORTABLE.has(sort)) {
      throw badRequest('Invalid _sort', { _sort: `_sort must be one of ${[...SORTABLE].join(', ')}` });
    }
    if (order !== 'asc' && order !== 'desc') throw badRequest('Invalid _order', { _order: '_order must be asc or desc' });
    if (sort) {
      const key = sort as 'id' | 'totalAmount' | 'totalItems' | 'status' | 'paymentMethod' | 'user' | 'createdAt';
      const sign = order === 'desc' ? -1 : 1;
      orders.sort((a, b) => {
        const x = a[key] ?? '';
        const y = b[key] ?? '';
        return sign * (x < y ? -1 : x > y ? 1 : 0) || a.id - b.id;
      });
    }

    res.setHeader('X-Total-Count', String(orders.length));
    const page = positiveInt(req, '_page');
    const size = positiveInt(req, '_per_page', MAX_PAGE_SIZE) ?? positiveInt(req, '_limit', MAX_PAGE_SIZE);
    if (page !== undefined || size !== undefined) {
      const perPage = size ?? DEFAULT_PAGE_SIZE;
      const start = ((page ?? 1) - 1) * perPage;
      orders = orders.slice(start, start + perPage);
    }
    res.json(orders);
  });

  // GET /orders/:id (owner or admin): someone else's order is answered as missing
  router.get('/:id', (req, res) => {
    const id = parseId(req.params.id);
    const order = store.data.orders.find((o) => o.id === id);
    if (!order || (order.user !== req.user!.id && req.user!.role !== 'admin')) throw notFound('Order not found');
    res.json(order);
  });

  // PATCH /orders/:id (admin): applies only `status`
  router.patch(
    '/:id',
    requireAdmin,
    asyncRoute(async (req, res) => {
      const id = parseId(req.params.id);
      const order = store.data.orders.find((o) => o.id === id);
      if (!order) throw notFound('Order not found');
      const status = bodyObject(req).status;
      if (!ORDER_STATUSES.includes(status as OrderStatus)) {
        throw badRequest('Invalid status', { status: `status must be one of ${ORDER_STATUSES.join(', ')}` });
      }
      order.status = status as OrderStatus;
      await store.commit({ orders: [order.id] });
      res.json(order);
    }),
  );

  return router;
}
