// How a placed order's charges read, wherever they are shown (order pages, the back office, the
// order mail, the orders CSV): the figures are the ones the order stored when it was priced, never
// recomputed. An order placed before prices were kept has no snapshot; `orderCharges` reads the one
// the API derives for it from its stored lines (no discount, shipping or tax; total = totalAmount).
import { discountedPrice } from './pricing';
import { formatMoney, toCents, toDollars, type Payment, type PaymentStatus, type PricedOrderFields } from './checkout';
import type { CartItem, Order, OrderItem } from './types';

/** The snapshot of an order that predates priced snapshots: what the API answers for it. */
export function derivedCharges(order: Pick<Order, 'totalAmount' | 'paymentMethod' | 'status'>): PricedOrderFields {
  const total = order.totalAmount;
  const status: PaymentStatus = order.paymentMethod === 'card' || order.status === 'delivered' ? 'paid' : 'pending';
  return {
    promotions: [],
    shipping: { method: 0, name: 'Free shipping', amount: 0 },
    tax: { rate: 0, amount: 0 },
    totals: { subtotal: total, discount: 0, shipping: 0, tax: 0, total },
    payment: { method: order.paymentMethod, status },
  };
}

/** The order's priced snapshot: the stored one, else the derived one of an older order. */
export function orderCharges(order: Order): PricedOrderFields {
  const derived = derivedCharges(order);
  return {
    promotions: order.promotions ?? derived.promotions,
    shipping: order.shipping ?? derived.shipping,
    tax: order.tax ?? derived.tax,
    totals: order.totals ?? derived.totals,
    payment: order.payment ?? derived.payment,
  };
}

/** The unit price of the variant or product a line without stored prices was sold as. */
function listedUnitPrice(item: CartItem): number {
  const variant = item.variant;
  if (variant) return 'salePrice' in variant ? variant.salePrice : variant.price;
  return discountedPrice(item.product);
}

/** A line's stored unit price, discount and total (an older line: its price then, no discount). */
export function lineCharges(item: OrderItem): { unitPrice: number; discount: number; total: number } {
  const unitPrice = item.unitPrice ?? listedUnitPrice(item);
  const discount = item.discount ?? 0;
  return { unitPrice, discount, total: item.total ?? toDollars(toCents(unitPrice) * item.quantity - toCents(discount)) };
}

const STATUS_WORDS: Record<PaymentStatus, string> = {
  pending: 'Pending',
  authorized: 'Authorized',
  paid: 'Paid',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
  voided: 'Voided',
  failed: 'Failed',
};

/**
 * "Card •••• 4242 (Visa) — Authorized", "Cash on delivery — Pending", "… — Refunded $12.00 of
 * $50.00" (part given back: `total` is the order's).
 */
export function paymentText(payment: Payment, total?: number): string {
  const partly = payment.status === 'partially_refunded' && total !== undefined;
  const status = partly ? `Refunded ${formatMoney(payment.refunded ?? 0)} of ${formatMoney(total)}` : (STATUS_WORDS[payment.status] ?? payment.status);
  if (payment.method === 'cash') return `Cash on delivery — ${status}`;
  const card = payment.last4 ? `Card •••• ${payment.last4}` : 'Card';
  const brand = payment.brand && payment.brand !== 'Card' ? ` (${payment.brand})` : '';
  return `${card}${brand} — ${status}`;
}
