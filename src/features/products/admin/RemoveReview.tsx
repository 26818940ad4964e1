import { useAppAlert } from '../../../components/Alerts';
import ConfirmedAction from '../../../components/ConfirmedAction';
import { useAppDispatch } from '../../../lib/hooks';
import type { Review } from '../../../domain/types';
import { removeReviewAsync } from '../reviews';

/** The back office's 'Remove' on a review, after a confirmation; the product's rating follows. */
export default function RemoveReview({ productId, review, onRemoving }: { productId: number; review: Review; onRemoving: (key: string | null) => void }) {
  const dispatch = useAppDispatch();
  const alert = useAppAlert();
  const reviewId = review.id;
  if (reviewId === undefined) return null;

  const row = `review-${reviewId}`;

  async function remove(id: number) {
    // The store drops the review as soon as the server has: the neighbour is found before.
    onRemoving(row);
    try {
      await dispatch(removeReviewAsync({ productId, reviewId: id })).unwrap();
    } catch (failed) {
      onRemoving(null);
      throw failed;
    }
    alert.success(`The review by ${review.reviewerName} is removed`);
  }

  return (
    <div className="mt-2" data-row={row}>
      <ConfirmedAction
        label="Remove"
        busyLabel="Removing…"
        look="link"
        className="-ml-3"
        aria-label={`Remove the review by ${review.reviewerName}`}
        question={{
          title: 'Remove this review?',
          message: `The review by ${review.reviewerName} goes for good, and the product's rating is worked out again without it.`,
          confirmLabel: 'Remove review',
        }}
        run={() => remove(reviewId)}
        failed={(message) => `The review could not be removed: ${message}`}
      />
    </div>
  );
}
