// /api/cart (signed in): the caller's own cart lines. Stored as { id, user, product: id,
// quantity }; answered as { id, product: <the product>, quantity }. Someone else's line is
// answered exactly like a missing one (404), so ids of other carts are not revealed.
import { Router } from 'express';
import { ALREADY_IN_CART, MAX_CART_QUANTITY } from '../../src/lib/constants';
import { toNumber } from '../../src/lib/validation';
import type { CartItem, Product } from '../../src/types';
import type { Context } from '../context';
import { nextId } from '../db';
import { badRequest, conflict, notFound } from '../errors';
import { asyncRoute, bodyObject, parseId } from '../middleware/http';
import type { DbSchema, StoredCartLine } from '../model';

export const QUANTITY_MESSAGE = `quantity must be a whole number from 1 to ${MAX_CART_QUANTITY}`;

/** Quantity of a cart line or order item: an integer 1–6 (numeric strings accepted). */
export function readQuantity(value: unknown): number | undefined {
  const n = toNumber(value);
  return Number.isInteger(n) && n >= 1 && n <= MAX_CART_QUANTITY ? n : undefined;
}

/** A product reference: an id, a numeric string, or an object with an id (an expanded product). */
export function readProductRef(value: unknown): number | undefined {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    return parseId((value as { id?: unknown }).id);
  }
  return parseId(value);
}

/** 409 unless `quantity` of `product` can be bought now. */
export function assertAvailable(product: Product, quantity: number): void {
  if (product.deleted) throw conflict(`"${product.title}" is no longer available`);
  if (quantity > product.stock) {
    throw conflict(
      product.stock > 0
        ? `Only ${product.stock} of "${product.title}" left in stock`
        : `"${product.title}" is out of stock`,
    );
  }
}

export function expandLine(data: DbSchema, line: StoredCartLine): CartItem | undefined {
  const product = data.products.find((p) => p.id === line.product);
  return product ? { id: line.id, product, quantity: line.quantity } : undefined;
}

export function cartRoutes(ctx: Context): Router {
  const { store } = ctx;
  const router = Router();
  const own = (userId: number) => store.data.cart.filter((line) => line.user === userId);
  const quantityOf = (value: unknown) => {
    const quantity = readQuantity(value);
    if (quantity === undefined) throw badRequest('Invalid quantity', { quantity: QUANTITY_MESSAGE });
    return quantity;
  };

  // GET /cart (signed in): the caller's lines, products expanded
  router.get('/', (req, res) => {
    const items = own(req.user!.id)
      .map((line) => expandLine(store.data, line))
      .filter((item): item is CartItem => item !== undefined);
    res.json(items);
  });

  // POST /cart (signed in): { product, quantity } → 201 line; the same product twice → 409
  router.post(
    '/',
    asyncRoute(async (req, res) => {
      const body = bodyObject(req);
      const productId = readProductRef(body.product);
      if (productId === undefined) throw badRequest('Invalid product', { product: 'product must be a product id' });
      const quantity = quantityOf(body.quantity === undefined ? 1 : body.quantity);
      const product = store.data.products.find((p) => p.id === productId);
      if (!product) throw notFound('Product not found');
      const userId = req.user!.id;
      if (own(userId).some((line) => line.product === productId)) {
        throw conflict(`"${product.title}" ${ALREADY_IN_CART}`);
      }
      assertAvailable(product, quantity);
      const line: StoredCartLine = { id: nextId(store.data.cart), user: userId, product: productId, quantity };
      store.data.cart.push(line);
      await store.commit({ cart: [line.id] });
      res.status(201).json(expandLine(store.data, line));
    }),
  );

  // PATCH /cart/:id (owner): { quantity } → the updated line; nothing else changes
  router.patch(
    '/:id',
    asyncRoute(async (req, res) => {
      const id = parseId(req.params.id);
      const line = own(req.user!.id).find((l) => l.id === id);
      if (!line) throw notFound('Cart item not found');
      const quantity = quantityOf(bodyObject(req).quantity);
      const product = store.data.products.find((p) => p.id === line.product);
      if (!product) throw notFound('Product not found');
      assertAvailable(product, quantity);
      line.quantity = quantity;
      await store.commit({ cart: [line.id] });
      res.json(expandLine(store.data, line));
    }),
  );

  // DELETE /cart/:productId (owner): removes the caller's line for that product
  router.delete(
    '/:productId',
    asyncRoute(async (req, res) => {
      const productId = parseId(req.params.productId);
      const userId = req.user!.id;
      const line = own(userId).find((l) => l.product === productId);
      if (!line) throw notFound('That product is not in your cart');
      const removed = expandLine(store.data, line);
      store.data.cart = store.data.cart.filter((l) => l !== line);
      await store.commit({ cart: [line.id] });
      res.json(removed ?? { id: line.id, product: line.product, quantity: line.quantity });
    }),
  );

  return router;
}
