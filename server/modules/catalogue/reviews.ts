// Verified-purchase reviews: a shopper who received a product (a delivered order holds it) may
// review it once, and edit their review; an admin may remove any. Reviews live in the product's
// `reviews`, and its `rating` is the mean of them all, seed reviews included, to one decimal,
// changed in the same step as the reviews.
import type { PricedProduct, Product, Review, ReviewEligibility } from '../../../src/domain/types';
import { withLowestSalePrice as withSalePrice } from './variantRules';
import { assertValid, badRequest, conflict, forbidden, notFound } from '../../http/errors';
import type { StoredUser } from '../../db/port';
import type { CatalogueService } from './service';
import type { Errors } from '../../http/validate';
import { auditBy } from '../backoffice/audit';
import { publicProduct, publicReview } from './publicProduct';
import { parseId, requireObject } from '../../http/input';

export const MAX_COMMENT = 1000;
export const RATING_MESSAGE = 'Rating must be a whole number from 1 to 5';
export const COMMENT_MESSAGE = `Your review must be 1 to ${MAX_COMMENT} characters`;
export const NOT_RECEIVED = 'Only a shopper who received this product can review it';
export const NOTHING_TO_CHANGE = 'Send a rating, a comment or both';
export const ALREADY_REVIEWED = 'You have already reviewed this product; edit your review instead';

/** The mean of the reviews' ratings to one decimal; 0 without reviews. */
export function meanRating(reviews: readonly Pick<Review, 'rating'>[]): number {
  if (reviews.length === 0) return 0;
  return Math.round((reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length) * 10) / 10;
}

/** Every review with an id (seed reviews of older data files have none: numbered after the rest). */
function numbered(reviews: readonly Review[]): Review[] {
  let next = Math.max(0, ...reviews.map((r) => r.id ?? 0)) + 1;
  return reviews.map((r) => (r.id === undefined ? { ...r, id: next++ } : r));
}

/** The rating and comment of a body: both required (`partial`: those present). */
function readReview(input: unknown, partial: boolean): Pick<Review, 'rating' | 'comment'> {
  const body = requireObject(input);
  const errors: Errors = {};
  const out: Partial<Pick<Review, 'rating' | 'comment'>> = {};
  if (partial && body.rating === undefined && body.comment === undefined) {
    throw badRequest('Invalid review', { review: NOTHING_TO_CHANGE });
  }
  if (!partial || body.rating !== undefined) {
    if (typeof body.rating === 'number' && Number.isInteger(body.rating) && body.rating >= 1 && body.rating <= 5) out.rating = body.rating;
    else errors.rating = RATING_MESSAGE;
  }
  if (!partial || body.comment !== undefined) {
    const comment = typeof body.comment === 'string' ? body.comment.trim() : '';
    if (comment.length >= 1 && comment.length <= MAX_COMMENT) out.comment = comment;
    else errors.comment = COMMENT_MESSAGE;
  }
  assertValid(errors, 'Invalid review');
  return out as Pick<Review, 'rating' | 'comment'>;
}

export class ReviewService {
  constructor(
    /** The products, and their writes (CatalogueService: locked, audited, in one transaction). */
    private readonly catalogue: Pick<CatalogueService, 'productById' | 'updateProductWith'>,
    /** Whether the shopper received the product (orders' OrderService.hasDelivered). */
    private readonly orders: { hasDelivered(user: number, product: number): Promise<boolean> },
    private readonly now: () => number,
  ) {}

  private async product(rawId: string): Promise<Product> {
    const id = parseId(rawId);
    const product = id === undefined ? undefined : await this.catalogue.productById(id);
    if (!product) throw notFound('Product not found');
    return product;
  }

  /** Whether `me` may write a review of the product now, and their review if they wrote one. */
  async eligibility(me: StoredUser, rawId: string): Promise<ReviewEligibility> {
    const product = await this.product(rawId);
    const review = product.reviews.find((r) => r.user === me.id);
    return { canReview: review === undefined && (await this.orders.hasDelivered(me.id, product.id)), review: review ? publicReview(review, me.id) : null };
  }

  /** POST /products/:id/reviews: 201 with the product (the author's view: publicProduct); 403 without a delivered order of it; 409 a second time. */
  async add(me: StoredUser, rawId: string, input: unknown): Promise<PricedProduct> {
    const { rating, comment } = readReview(input, false);
    const { id } = await this.product(rawId);
    if (!(await this.orders.hasDelivered(me.id, id))) throw forbidden(NOT_RECEIVED);
    const date = new Date(this.now()).toISOString();
    const product = await this.catalogue.updateProductWith(id, (p) => {
      if (p.reviews.some((r) => r.user === me.id)) throw conflict(ALREADY_REVIEWED);
      const reviews = numbered(p.reviews);
      const next = Math.max(0, ...reviews.map((r) => r.id!)) + 1;
      reviews.push({ id: next, user: me.id, reviewerName: me.name || 'New User', rating, comment, date, verified: true });
      return { reviews, rating: meanRating(reviews) };
    });
    if (!product) throw notFound('Product not found');
    return withSalePrice(publicProduct(product, me.id));
  }

  /** PATCH /products/:id/reviews/:reviewId: its author changes the rating and/or comment. */
  async edit(me: StoredUser, rawId: string, rawReviewId: string, input: unknown): Promise<PricedProduct> {
    const changes = readReview(input, true);
    const { id } = await this.product(rawId);
    const reviewId = parseId(rawReviewId);
    const product = await this.catalogue.updateProductWith(id, (p) => {
      const reviews = numbered(p.reviews);
      const at = reviews.findIndex((r) => r.id === reviewId);
      if (at < 0) throw notFound('Review not found');
      if (reviews[at].user !== me.id) throw forbidden('You can only edit your own review');
      reviews[at] = { ...reviews[at], ...changes, date: new Date(this.now()).toISOString() };
      return { reviews, rating: meanRating(reviews) };
    });
    if (!product) throw notFound('Product not found');
    return withSalePrice(publicProduct(product, me.id));
  }

  /** DELETE /products/:id/reviews/:reviewId (admin): the review goes and the rating follows. Audited. */
  async remove(admin: StoredUser, rawId: string, rawReviewId: string): Promise<PricedProduct> {
    const { id } = await this.product(rawId);
    const reviewId = parseId(rawReviewId);
    let removed: Review | undefined;
    const audit = auditBy(admin, 'review.remove', this.now(), (before, after) => ({
      entity: 'review',
      entityId: `${id}/${reviewId}`,
      before: { ...removed!, productRating: before.rating },
      after: { productRating: after.rating },
    }));
    const product = await this.catalogue.updateProductWith(
      id,
      (p) => {
        const reviews = numbered(p.reviews);
        removed = reviews.find((r) => r.id === reviewId);
        if (!removed) throw notFound('Review not found');
        const left = reviews.filter((r) => r.id !== reviewId);
        return { reviews: left, rating: meanRating(left) };
      },
      audit,
    );
    if (!product) throw notFound('Product not found');
    return withSalePrice(product);
  }
}
