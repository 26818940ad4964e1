import StarRating from '../../../components/StarRating';
import type { Review } from '../../../types';

/** A product's reviews (SPEC §2): reviewer, stars and comment, or that there are none. */
export default function ProductReviews({ reviews }: { reviews: Review[] }) {
  if (reviews.length === 0) return <p className="mt-4 text-sm text-gray-700">No reviews yet.</p>;
  return (
    <ul className="mt-4 divide-y divide-gray-200">
      {reviews.map((review, index) => (
        <li key={index} className="py-4">
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm font-semibold text-gray-900">{review.reviewerName}</p>
            <StarRating rating={review.rating} />
          </div>
          <p className="mt-2 text-sm text-gray-700">{review.comment}</p>
        </li>
      ))}
    </ul>
  );
}
