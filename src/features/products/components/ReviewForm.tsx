import { StarIcon } from '@heroicons/react/20/solid';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Textarea } from '../../../components/controls';
import { showServerErrors } from '../../../lib/serverErrors';
import { toRegisterOptions, type Rules } from '../../../domain/validation';
import type { Review } from '../../../domain/types';
import type { ReviewInput } from '../reviews';

/** The longest comment the server takes (it checks it too, and its message is shown if it refuses). */
export const MAX_COMMENT = 1000;

const RULES: Rules<'rating' | 'comment'> = {
  rating: { required: 'Choose a rating from 1 to 5 stars' },
  comment: {
    required: 'Write a few words about the product',
    maxLength: { value: MAX_COMMENT, message: `At most ${MAX_COMMENT.toLocaleString('en-US')} characters` },
  },
};

interface ReviewFormProps {
  /** The shopper's review when editing it. */
  initial?: Pick<Review, 'rating' | 'comment'>;
  /** Saves the review; rejects with the API's answer (its per-field errors are shown by their fields). */
  onSave: (review: ReviewInput) => Promise<unknown>;
  onCancel?: () => void;
  /** Opened by a button it replaces: the keyboard focus starts on the rating (the chosen star). */
  focusOnOpen?: boolean;
}

type Values = { rating: string; comment: string };
const STARS = [1, 2, 3, 4, 5];

/** A rating out of 5 (radio buttons drawn as stars) and a comment with a character counter. */
export default function ReviewForm({ initial, onSave, onCancel, focusOnOpen = false }: ReviewFormProps) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (focusOnOpen) (form.current?.querySelector<HTMLElement>('input:checked') ?? form.current?.querySelector<HTMLElement>('input'))?.focus();
  }, [focusOnOpen]);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { rating: initial ? String(initial.rating) : '', comment: initial?.comment ?? '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const rating = Number(watch('rating') || 0);
  const length = watch('comment').length;

  const save = handleSubmit(async ({ rating: stars, comment }) => {
    setFailure(null);
    try {
      await onSave({ rating: Number(stars), comment: comment.trim() });
    } catch (rejected) {
      setFailure(showServerErrors(rejected, setError, ['rating', 'comment'], { focus: false }));
    }
  });

  const describedBy = (id: string, error: unknown, extra = '') => [error ? `${id}-error` : '', extra].filter(Boolean).join(' ') || undefined;
  return (
    <form ref={form} noValidate onSubmit={save} className="mt-4 space-y-4 rounded-lg border border-gray-200 p-4">
      <fieldset aria-describedby={describedBy('review-rating', errors.rating)}>
        <legend className="text-sm font-medium text-gray-900">Your rating</legend>
        <div className="mt-2 flex gap-1">
          {STARS.map((n) => (
            <label key={n} className="relative cursor-pointer">
              {/* Transparent over its star: the star is the target, the radio keeps the semantics. */}
              <input
                type="radio"
                value={String(n)}
                className="peer absolute inset-0 cursor-pointer appearance-none opacity-0"
                {...register('rating', toRegisterOptions(RULES.rating))}
              />
              <StarIcon
                aria-hidden="true"
                className={`size-8 rounded peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600 ${n <= rating ? 'text-yellow-500' : 'text-gray-300'}`}
              />
              <span className="sr-only">{n === 1 ? '1 star' : `${n} stars`}</span>
            </label>
          ))}
        </div>
        {errors.rating && (
          <p id="review-rating-error" className="mt-1 text-sm text-red-700">
            {errors.rating.message}
          </p>
        )}
      </fieldset>
      <div>
        <label htmlFor="review-comment" className="block text-sm font-medium text-gray-900">
          Your review
        </label>
        <Textarea
          id="review-comment"
          rows={4}
          maxLength={MAX_COMMENT}
          aria-invalid={errors.comment ? true : undefined}
          aria-describedby={describedBy('review-comment', errors.comment, 'review-comment-count')}
          className="mt-2"
          {...register('comment', toRegisterOptions(RULES.comment))}
        />
        <p id="review-comment-count" className="mt-1 text-right text-xs text-gray-600">
          {length} / {MAX_COMMENT.toLocaleString('en-US')} characters
        </p>
        {errors.comment && (
          <p id="review-comment-error" className="mt-1 text-sm text-red-700">
            {errors.comment.message}
          </p>
        )}
      </div>
      {failure && (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      )}
      <div className="flex gap-3">
        {/* Busy, not disabled, while it saves: a failure leaves the focus on it; a second press sends nothing. */}
        <Button type="submit" size="sm" busy={isSubmitting}>
          {isSubmitting ? 'Saving…' : initial ? 'Save review' : 'Submit review'}
        </Button>
        {onCancel && (
          <Button look="secondary" size="sm" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
