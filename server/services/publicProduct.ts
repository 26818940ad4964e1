// What a shopper or a visitor sees of a product's reviews (issue 25 item 6): what the page shows,
// not the reviewer's internal user id. The one signed-in shopper whose review it is gets it
// marked `mine: true` (in the answers to their own review writes and eligibility check), so the
// page can offer 'Edit your review'. Admin answers keep the ids (the back office and its audit).
import type { Order, Product, Review } from '../../src/domain/types';

/** A review as anyone may see it; `mine` when `viewer` wrote it. */
export function publicReview({ user, ...review }: Review, viewer?: number): Review {
  return viewer !== undefined && user === viewer ? { ...review, mine: true } : review;
}

/** The product with its reviews as anyone may see them (publicReview). */
export function publicProduct<T extends Product>(product: T, viewer?: number): T {
  return { ...product, reviews: product.reviews.map((review) => publicReview(review, viewer)) };
}

/**
 * An order as any answer gives it: its lines' product snapshots without the product's reviews
 * (an order line keeps none since they were dropped from the snapshot; orders placed before
 * that, and the seed's, still hold them with the reviewers' ids).
 */
export function publicOrder<T extends Order>(order: T): T {
  return { ...order, items: order.items.map((item) => ({ ...item, product: withoutReviews(item.product) })) };
}

/** A product snapshot for an order line: everything but the reviews (an empty list). */
export function withoutReviews<T extends Product>(product: T): T {
  return { ...product, reviews: [] };
}
