import { CheckBadgeIcon } from '@heroicons/react/20/solid';
import type { ReactNode } from 'react';
import StarRating from '../../../components/StarRating';
import type { Review } from '../../../domain/types';

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

interface ProductReviewsProps {
  reviews: Review[];
  /** What may be done to a review here (the back office's 'Remove'). */
  actions?: (review: Review) => ReactNode;
}

/**
 * A product's reviews: reviewer, stars and comment, or that there are none; the date
 * and a 'Verified purchase' badge on those written by shoppers who received the product.
 */
export default function ProductReviews({ reviews, actions }: ProductReviewsProps) {
  if (reviews.length === 0) return <p className="mt-4 text-sm text-gray-700">No reviews yet.</p>;
  return (
    <ul className="mt-4 divide-y divide-gray-200">
      {reviews.map((review, index) => (
        <li key={review.id ?? `seed-${index}`} className="py-4">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <p className="text-sm font-semibold text-gray-900">{review.reviewerName}</p>
            <StarRating rating={review.rating} />
            {review.verified && (
              <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">
                <CheckBadgeIcon aria-hidden="true" className="size-4" />
                Verified purchase
              </span>
            )}
            {review.date && (
              <time dateTime={review.date} className="text-xs text-gray-600">
                {day.format(new Date(review.date))}
              </time>
            )}
          </div>
          <p className="mt-2 text-sm whitespace-pre-line text-gray-700">{review.comment}</p>
          {actions?.(review)}
        </li>
      ))}
    </ul>
  );
}
