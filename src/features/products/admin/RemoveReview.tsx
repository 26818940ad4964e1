import { useState } from 'react';
import { useAppAlert } from '../../../components/Alerts';
import ConfirmDialog from '../../../components/ConfirmDialog';
import { Button } from '../../../components/controls';
import { useAppDispatch } from '../../../lib/hooks';
import type { RejectValue } from '../../../lib/thunk';
import type { Review } from '../../../types';
import { removeReviewAsync } from '../reviews';

/** The back office's 'Remove' on a review, after a confirmation; the product's rating follows. */
export default function RemoveReview({ productId, review }: { productId: number; review: Review }) {
  const dispatch = useAppDispatch();
  const alert = useAppAlert();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (review.id === undefined) return null;
  const reviewId = review.id;

  async function remove() {
    setBusy(true);
    setError(null);
    try {
      await dispatch(removeReviewAsync({ productId, reviewId })).unwrap();
      alert.success(`The review by ${review.reviewerName} is removed`);
    } catch (rejected) {
      setError(`The review could not be removed: ${(rejected as RejectValue).message}`);
      setAsking(false);
      setBusy(false);
    }
  }

  return (
    <div className="mt-2">
      <Button look="link" size="sm" className="-ml-3" aria-label={`Remove the review by ${review.reviewerName}`} onClick={() => setAsking(true)}>
        Remove
      </Button>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <ConfirmDialog
        open={asking}
        title="Remove this review?"
        message={`The review by ${review.reviewerName} goes for good, and the product's rating is worked out again without it.`}
        confirmLabel="Remove review"
        busy={busy}
        onConfirm={remove}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}
