// How a placed order's charges read, wherever they are shown (order pages, the back office, the
// order mail, the orders CSV): the figures are the ones the order stored when it was priced, never
// recomputed. An order placed before prices were kept has no snapshot; `orderCharges` reads the one
// the API derives for it from its stored lines (no discount, shipping or tax; total = totalAmount).
import { discountedPrice } from './pricing';
import { formatMoney, toCents, toDollars, type Payment, type PaymentStatus, type PricedOrderFields } from './checkout';
import type { CartItem, Order, OrderItem } from './types';

/**
 * The snapshot of an order that predates priced snapshots: what the API answers for it. A card
 * was paid when the order was placed (given back once it was cancelled); cash once delivered; a
 * paid one is refunded in part or whole by its refunded returns, as any order's payment is.
 */
export function derivedCharges(order: Pick<Order, 'totalAmount' | 'paymentMethod' | 'status' | 'returns'>): PricedOrderFields {
  const total = order.totalAmount;
  const card = order.paymentMethod === 'card';
  const back = (order.returns ?? []).reduce((sum, r) => sum + (r.status === 'refunded' && r.refund ? toCents(r.refund.amount) : 0), 0);
  const paid: PaymentStatus = back === 0 ? 'paid' : back >= toCents(total) ? 'refunded' : 'partially_refunded';
  const status: PaymentStatus = card && order.status === 'cancelled' ? 'refunded' : card || order.status === 'delivered' ? paid : 'pending';
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

/** What each payment status says after the method (a partial refund: see paymentText). */
const STATUS_WORDS: Record<PaymentStatus, string> = {
  pending: 'Processing',
  authorized: 'Authorized, not charged yet',
  paid: 'Paid',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
  voided: 'Released, not charged',
  failed: 'Payment failed',
};

/**
 * How a payment reads wherever a person sees it (order pages, My Orders, the back office, the
 * orders CSV, the mails), following the money: "Card •••• 4242 (Visa) — Paid", "… — Refunded",
 * "… — Refunded $12.00 of $50.00" (part given back; `paid` is the amount paid, the order's
 * total), "Cash on delivery — Not paid yet" (cash is collected at the door; "— Nothing collected" once
 * the order is `cancelled`), "… — Authorized, not charged yet", "… — Released, not charged" (the
 * authorization voided), "… — Payment failed".
 */
export function paymentText(payment: Payment, paid: number, cancelled = false): string {
  const partly = payment.status === 'partially_refunded';
  const cashDue = payment.method === 'cash' && payment.status === 'pending';
  const status = partly
    ? `Refunded ${formatMoney(payment.refunded ?? 0)} of ${formatMoney(paid)}`
    : cashDue
      ? cancelled
        ? 'Nothing collected'
        : 'Not paid yet'
      : (STATUS_WORDS[payment.status] ?? payment.status);
  if (payment.method === 'cash') return `Cash on delivery — ${status}`;
  const card = payment.last4 ? `Card •••• ${payment.last4}` : 'Card';
  const brand = payment.brand && payment.brand !== 'Card' ? ` (${payment.brand})` : '';
  return `${card}${brand} — ${status}`;
}

/** An order's payment as it reads (paymentText), from its stored or derived snapshot. */
export function orderPaymentText(order: Order): string {
  const { payment, totals } = orderCharges(order);
  return paymentText(payment, totals.total, order.status === 'cancelled');
}
