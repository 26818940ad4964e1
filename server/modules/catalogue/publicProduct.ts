// What a shopper or a visitor sees of a product's reviews: what the page shows,
// not the reviewer's internal user id. The one signed-in shopper whose review it is gets it
// marked `mine: true` (in the answers to their own review writes and eligibility check), so the
// page can offer 'Edit your review'. Admin answers keep the ids (the back office and its audit).
import type { Order, Product, Review } from '../../../src/domain/types';
import { toCents, toDollars } from '../../../src/domain/checkout';
import { derivedCharges, lineCharges } from '../../../src/domain/orderText';
import { orderAddressAnswer } from '../../http/addresses';

/** A review as anyone may see it; `mine` when `viewer` wrote it. */
export function publicReview({ user, ...review }: Review, viewer?: number): Review {
  return viewer !== undefined && user === viewer ? { ...review, mine: true } : review;
}

/** The product with its reviews as anyone may see them (publicReview), without the staff's `notify` (admins' answers only). */
export function publicProduct<T extends Product>(product: T, viewer?: number): Omit<T, 'notify'> {
  return { ...withoutNotify(product), reviews: product.reviews.map((review) => publicReview(review, viewer)) };
}

/** The product without the staff's `notify` settings (what other modules and shoppers get). */
export function withoutNotify<T extends object>(product: T): Omit<T, 'notify'> {
  if (!('notify' in product)) return product;
  const { notify: _notify, ...rest } = product;
  void _notify;
  return rest;
}

/**
 * An order as any answer gives it: its lines' product snapshots without the product's reviews
 * (an order line keeps none since they were dropped from the snapshot; orders placed before
 * that, and the seed's, still hold them with the reviewers' ids).
 */
export function publicOrder<T extends Order>(order: T): T {
  const given = returnsOf(order);
  const out = { ...order, tracking: order.tracking ?? null, delivery: order.delivery ?? null, selectedAddress: orderAddressAnswer(order.selectedAddress), items: order.items.map((item) => ({ ...item, product: withoutReviews(item.product) })), ...given };
  const priced = withPricedSnapshot(out);
  // The payment answers what was given back too (stored with it since payments are records).
  return priced.payment ? { ...priced, payment: { ...priced.payment, refunded: given.refunded } } : priced;
}

/**
 * The order's priced snapshot as answers give it: the stored one without the payment's
 * internal reference; for an order placed before snapshots were kept, one derived from its lines
 * (each at the unit price it kept, no discount, shipping or tax, total = totalAmount; cash is paid
 * once delivered, a card order was paid), with the payment a status change stored since, if any.
 */
export function withPricedSnapshot<T extends Order>(order: T): T {
  if (order.totals) {
    if (!order.payment?.reference) return order;
    const { reference: _reference, ...payment } = order.payment;
    void _reference;
    return { ...order, payment };
  }
  // The same derivation the pages use for such an order (src/domain/orderText.ts).
  const derived = derivedCharges(order);
  return { ...order, items: order.items.map((item) => ({ ...item, ...lineCharges(item) })), ...derived, payment: order.payment ?? derived.payment };
}

/**
 * Every order answers its returns ([] when none) and what was given back: its payment's refunded
 * amount (a cancel's refund and its refunded returns), else what its refunded returns gave back.
 */
function returnsOf(order: Order): Pick<Order, 'returns' | 'refunded'> {
  const returns = order.returns ?? [];
  const refunded = returns.reduce((sum, r) => sum + (r.status === 'refunded' && r.refund ? toCents(r.refund.amount) : 0), 0);
  return { returns, refunded: order.payment?.refunded ?? toDollars(refunded) };
}

/** A product snapshot for an order line: everything but the reviews (an empty list). */
export function withoutReviews<T extends Product>(product: T): T {
  return { ...product, reviews: [] };
}
