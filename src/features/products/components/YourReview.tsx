import { useEffect, useRef, useState } from 'react';
import { useAppAlert } from '../../../components/Alerts';
import { Button } from '../../../components/controls';
import ErrorMessage from '../../../components/ErrorMessage';
import { useAppDispatch } from '../../../lib/hooks';
import { useLatest } from '../../../lib/useLatest';
import type { Product } from '../../../domain/types';
import { addReviewAsync, editReviewAsync, fetchEligibility, type ReviewInput } from '../reviews';
import ReviewForm from './ReviewForm';

/**
 * The signed-in shopper's part in the reviews: the form when they received the product and have
 * not reviewed it yet, 'Edit your review' once they have, else why they cannot.
 */
export default function YourReview({ product }: { product: Product }) {
  const dispatch = useAppDispatch();
  const alert = useAppAlert();
  const eligibility = useLatest(String(product.id), fetchEligibility);
  const [editing, setEditing] = useState(false);
  // The form saved or closed: the focus goes to 'Edit your review', which takes its place (once it is
  // on the page: a new review's answer shows it, an edit's once the form is closed).
  const editButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current || !editButton.current) return;
    refocus.current = false;
    editButton.current.focus();
  });
  const { data } = eligibility;
  // The server marks the shopper's own review `mine` in the answer to saving it (public answers
  // carry no reviewer ids); otherwise the eligibility check names it.
  const own = product.reviews.find((review) => review.mine) ?? data?.review ?? null;

  if (eligibility.error) {
    return (
      <ErrorMessage
        title="Whether you can review this product could not be checked"
        message={eligibility.error}
        onRetry={eligibility.retry}
        className="mt-4"
      />
    );
  }
  if (!data) {
    return (
      <p role="status" className="mt-4 text-sm text-gray-600">
        {eligibility.loading ? 'Checking whether you can review this product…' : ''}
      </p>
    );
  }

  async function save(review: ReviewInput) {
    refocus.current = true;
    try {
      if (own?.id !== undefined) await dispatch(editReviewAsync({ productId: product.id, reviewId: own.id, review })).unwrap();
      else await dispatch(addReviewAsync({ productId: product.id, review })).unwrap();
    } catch (rejected) {
      refocus.current = false;
      throw rejected;
    }
    alert.success(own ? 'Your review is saved' : 'Thank you for your review');
    setEditing(false);
  }
  const close = () => {
    refocus.current = true;
    setEditing(false);
  };

  if (own && !editing) {
    return (
      <div className="mt-4 flex flex-wrap items-center gap-3 text-sm text-gray-700">
        <p>You reviewed this product.</p>
        <Button ref={editButton} look="secondary" size="sm" onClick={() => setEditing(true)}>
          Edit your review
        </Button>
      </div>
    );
  }
  if (own || data.canReview) {
    return (
      <section aria-labelledby="your-review-heading" className="mt-6">
        <h3 id="your-review-heading" className="text-base font-medium text-gray-900">
          {own ? 'Edit your review' : 'Write a review'}
        </h3>
        <ReviewForm initial={own ?? undefined} onSave={save} onCancel={own ? close : undefined} focusOnOpen={editing} />
      </section>
    );
  }
  return <p className="mt-4 text-sm text-gray-600">Only shoppers who received this product can review it.</p>;
}
