import { StarIcon } from '@heroicons/react/20/solid';

interface StarRatingProps {
  rating: number;
  max?: number;
  className?: string;
  /** Also print the number beside the stars. */
  showValue?: boolean;
  /** How many reviews the rating is the mean of, shown beside the stars when given. */
  reviewCount?: number;
}

/** "1 review", "4 reviews". */
export const reviewCountText = (count: number) => `${count} ${count === 1 ? 'review' : 'reviews'}`;

/** Stars out of 5, read out as one phrase by screen readers. */
export default function StarRating({ rating, max = 5, className = '', showValue = false, reviewCount }: StarRatingProps) {
  const rounded = Math.round(rating);
  const count = reviewCount === undefined ? '' : `, ${reviewCountText(reviewCount)}`;
  const label = `Rated ${Number(rating.toFixed(1))} out of ${max} stars${count}`;
  return (
    <div className={`flex items-center gap-1 ${className}`}>
      <span role="img" aria-label={label} className="flex">
        {Array.from({ length: max }, (_, i) => (
          <StarIcon
            key={i}
            aria-hidden="true"
            className={`size-4 shrink-0 ${i < rounded ? 'text-yellow-500' : 'text-gray-300'}`}
          />
        ))}
      </span>
      {showValue && (
        <span aria-hidden="true" className="text-sm text-gray-600">
          {rating.toFixed(1)}
        </span>
      )}
      {reviewCount !== undefined && (
        <span aria-hidden="true" className="text-sm text-gray-600">
          ({reviewCount})
        </span>
      )}
    </div>
  );
}
