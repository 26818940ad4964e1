// `orders` and `idempotency_keys` rows <-> orders (src/domain/types Order) and idempotency
// records (../port.ts), in db.json's key order, inside the jsonb values too (an order line keeps
// its product as it was ordered).
import type { Insertable, Selectable } from 'kysely';
import type { CartItem, Order, OrderReturn } from '../../../../src/domain/types';
import type { IdempotencyRecord } from '../port';
import { trackingAnswer } from '../../../../src/domain/tracking';
import { toCents, toDollars } from '../../../../src/domain/checkout';
import { json, orderAddress, ordered, orderProduct } from '../../../db/rows';
import type { IdempotencyKeysTable, OrdersTable } from '../../../db/schema';

const CART_ITEM_KEYS = ['id', 'product', 'variant', 'quantity', 'unitPrice', 'discount', 'total'] as const;
const PROMOTION_KEYS = ['id', 'code', 'label', 'amount'] as const;
const SHIPPING_KEYS = ['method', 'name', 'amount'] as const;
const TAX_KEYS = ['rate', 'amount'] as const;
const TOTALS_KEYS = ['subtotal', 'discount', 'shipping', 'tax', 'membership', 'total'] as const;
const PAYMENT_KEYS = ['method', 'status', 'brand', 'last4', 'reference'] as const;
const EVENT_KEYS = ['status', 'at', 'by'] as const;
const RETURN_KEYS = ['id', 'status', 'items', 'reason', 'createdAt', 'refund', 'history'] as const;
/** A stored return in its keys' order (jsonb does not keep it), its lines, refund and steps too. */
const orderReturn = (r: OrderReturn): OrderReturn => {
  const out = ordered(r, RETURN_KEYS);
  out.items = r.items.map((i) => ordered(i, ['line', 'quantity'] as const));
  out.refund = r.refund && ordered(r.refund, ['amount', 'method'] as const);
  out.history = r.history.map((e) => ordered(e, EVENT_KEYS));
  return out;
};

const orderCartItem = (item: CartItem): CartItem => {
  const out = ordered(item, CART_ITEM_KEYS);
  if (out.product && typeof out.product === 'object') out.product = orderProduct(out.product);
  return out;
};

export function orderToRow(o: Order): Insertable<OrdersTable> {
  return {
    id: o.id,
    user_id: o.user,
    items: json(o.items),
    total_amount: o.totalAmount,
    total_items: o.totalItems,
    payment_method: o.paymentMethod,
    selected_address: json(o.selectedAddress),
    status: o.status,
    created_at: o.createdAt ?? null,
    history: o.history ? json(o.history) : null,
    // The priced snapshot; absent on orders placed before it was kept.
    promotions: o.promotions ? json(o.promotions) : null,
    shipping: o.shipping ? json(o.shipping) : null,
    tax: o.tax ? json(o.tax) : null,
    totals: o.totals ? json(o.totals) : null,
    payment: o.payment ? json(o.payment) : null,
    ...(o.returns?.length ? { returns: json(o.returns) } : {}),
    ...(o.tracking ? { tracking: json({ carrier: o.tracking.carrier, number: o.tracking.number }) } : {}),
    // The delivery estimate (migration 0041): left out when none, in the order's one INSERT.
    ...(o.delivery ? { delivery_method: o.delivery.method, delivery_from: o.delivery.from, delivery_to: o.delivery.to } : {}),
    // The membership fee it charged (migration 0044): left out when it bought none.
    ...(o.membershipFee !== undefined ? { membership_fee_cents: toCents(o.membershipFee) } : {}),
  };
}

export function orderFromRow(r: Selectable<OrdersTable>): Order {
  const order: Order = {
    id: r.id,
    items: r.items.map(orderCartItem),
    user: r.user_id,
    totalAmount: r.total_amount,
    totalItems: r.total_items,
    paymentMethod: r.payment_method,
    selectedAddress: orderAddress(r.selected_address),
    status: r.status,
  };
  if (r.created_at !== null) order.createdAt = r.created_at.toISOString();
  if (r.history !== null) order.history = r.history.map((e) => ordered(e, EVENT_KEYS));
  if (r.promotions !== null) order.promotions = r.promotions.map((p) => ordered(p, PROMOTION_KEYS));
  if (r.shipping !== null) order.shipping = ordered(r.shipping, SHIPPING_KEYS);
  if (r.tax !== null) order.tax = ordered(r.tax, TAX_KEYS);
  if (r.totals !== null) order.totals = ordered(r.totals, TOTALS_KEYS);
  if (r.payment !== null) order.payment = ordered(r.payment, PAYMENT_KEYS);
  // Returns (migration 0016): absent when none, so an order without returns exports as before.
  if (r.returns?.length) order.returns = r.returns.map(orderReturn);
  // Tracking (migration 0029): absent when none was given.
  const tracking = trackingAnswer(r.tracking);
  if (tracking) order.tracking = tracking;
  // Delivery estimate (migration 0041): absent when none was kept, so an older order exports as before.
  if (r.delivery_method !== null && r.delivery_from !== null && r.delivery_to !== null) order.delivery = { method: r.delivery_method, from: r.delivery_from, to: r.delivery_to };
  // Membership bought with it (migration 0044): absent when none.
  if (r.membership_fee_cents !== null && r.membership_fee_cents !== undefined) order.membershipFee = toDollars(r.membership_fee_cents);
  return order;
}

// Idempotency keys (db.json's `idempotency`: id is `<user id> <key>`).

export function idempotencyToRow(k: IdempotencyRecord): Insertable<IdempotencyKeysTable> {
  const prefix = `${k.user} `;
  if (!k.id.startsWith(prefix)) throw new Error(`idempotency record ${JSON.stringify(k.id)} is not "<user> <key>" for user ${k.user}`);
  return { user_id: k.user, key: k.id.slice(prefix.length), order_id: k.order, created_at: new Date(k.createdAt), fingerprint: k.fingerprint ?? null };
}

export function idempotencyFromRow(r: Selectable<IdempotencyKeysTable>): IdempotencyRecord {
  return {
    id: `${r.user_id} ${r.key}`,
    user: r.user_id,
    order: r.order_id,
    createdAt: r.created_at.getTime(),
    ...(r.fingerprint === null ? {} : { fingerprint: r.fingerprint }),
  };
}
