// The webhook events of an order's changes (README "Webhooks"), emitted through the webhooks
// module's service in the change's transaction: order.placed, order.status_changed,
// order.refunded (what the order gave back grew, or its payment became refunded),
// return.requested, and stock.low when an order's stock move takes a variant from above its
// product's low-stock threshold to at or below it (the back office's low-stock rule: the
// product's lowStockThreshold, else 5). Pure functions over the order before and after and the
// products as they were locked, before the move.
import { toCents, toDollars } from '../../../src/domain/checkout';
import { DEFAULT_LOW_STOCK_THRESHOLD } from '../../../src/domain/productFields';
import type { Order } from '../../../src/domain/types';
import type { VariantProduct } from '../../db/port';
import { publicOrder } from '../catalogue/publicProduct';
import type { EmittedEvent } from '../webhooks/service';

type StockMove = { product: number; variant: number; delta: number };

/** stock.low for each variant the moves take from above its threshold to at or below it. */
export function lowStockEvents(products: readonly VariantProduct[], moves: readonly StockMove[]): EmittedEvent[] {
  const deltas = new Map<number, number>();
  for (const m of moves) deltas.set(m.variant, (deltas.get(m.variant) ?? 0) + m.delta);
  return products.flatMap((p) => {
    if (p.deleted) return [];
    const threshold = p.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD;
    return p.variants.flatMap((v) => {
      const after = v.stock + (deltas.get(v.id) ?? 0);
      if (!(v.stock > threshold && after <= threshold)) return [];
      const variant = p.options.length > 0 ? { variant: { id: v.id, sku: v.sku, options: v.options } } : {};
      return [{ type: 'stock.low' as const, data: { product: { id: p.id, title: p.title }, ...variant, stock: after, threshold } }];
    });
  });
}

/** A placed order's events: order.placed, and stock.low for what its lines took. */
export function placedEvents(order: Order, products: readonly VariantProduct[], lines: readonly { product: number; variant: number; quantity: number }[]): EmittedEvent[] {
  const moves = lines.map((l) => ({ product: l.product, variant: l.variant, delta: -l.quantity }));
  return [{ type: 'order.placed', data: { order: publicOrder(order) } }, ...lowStockEvents(products, moves)];
}

/** The events of one change of an order (OrderService.change), from the order before and after it. */
export function changeEvents(before: Order, after: Order, products: readonly VariantProduct[], moves: readonly StockMove[]): EmittedEvent[] {
  const order = publicOrder(after);
  const events: EmittedEvent[] = [];
  if (after.status !== before.status) events.push({ type: 'order.status_changed', data: { order, from: before.status, to: after.status } });
  const known = new Set((before.returns ?? []).map((r) => r.id));
  for (const ret of after.returns ?? []) {
    if (!known.has(ret.id) && ret.status === 'requested') events.push({ type: 'return.requested', data: { order, return: ret } });
  }
  const given = (o: Order) => toCents(publicOrder(o).refunded ?? 0);
  const more = given(after) - given(before);
  const refundedNow = after.payment?.status === 'refunded' && before.payment?.status !== 'refunded';
  if (more > 0 || refundedNow) {
    const amount = more > 0 ? more : Math.max(0, toCents(order.totals?.total ?? order.totalAmount) - given(before));
    const ret = (after.returns ?? []).find((r) => r.status === 'refunded' && before.returns?.find((b) => b.id === r.id)?.status !== 'refunded');
    events.push({ type: 'order.refunded', data: { order, amount: toDollars(amount), ...(ret ? { return: ret } : {}) } });
  }
  return [...events, ...lowStockEvents(products, moves)];
}
