import { useState, type KeyboardEvent } from 'react';
import { Input } from '../../../components/controls';
import type { ListingQuery } from '../../../lib/listingQuery';
import type { ProductFacets } from '../../../domain/types';

interface PriceRangeProps {
  query: ListingQuery;
  /** The prices on offer for the other filters: shown as the inputs' placeholders. */
  range?: ProductFacets['price'];
  onApply: (min: number | undefined, max: number | undefined) => void;
  idPrefix: string;
}

const text = (value: number | undefined) => (value === undefined ? '' : String(value));

/** What was typed as whole dollars: '' is no limit; null is not a price. */
function dollars(typed: string): number | undefined | null {
  if (typed.trim() === '') return undefined;
  const value = Number(typed);
  return Number.isFinite(value) && value >= 0 ? Math.round(value) : null;
}

/**
 * Min and max price inputs, applied on leaving a field or pressing Enter, not at every keystroke
 * (each change reloads the list). Reversed bounds are swapped; a value that is not a price is
 * put back as it was.
 */
export default function PriceRange({ query, range, onApply, idPrefix }: PriceRangeProps) {
  const { salePrice_gte: min, salePrice_lte: max } = query.ranges;
  const [draft, setDraft] = useState({ min: text(min), max: text(max) });
  // The URL changed (a chip removed, Back): show its values. Inputs are not remounted, so focus stays.
  const [shown, setShown] = useState({ min, max });
  if (shown.min !== min || shown.max !== max) {
    setShown({ min, max });
    setDraft({ min: text(min), max: text(max) });
  }

  function apply() {
    const typedMin = dollars(draft.min);
    const typedMax = dollars(draft.max);
    const reversed = typedMin != null && typedMax != null && typedMin > typedMax;
    const [low, high] = reversed ? [typedMax, typedMin] : [typedMin, typedMax];
    if (low === null || high === null || (low === min && high === max)) setDraft({ min: text(min), max: text(max) });
    else onApply(low, high);
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    apply();
  };

  const field = (which: 'min' | 'max', label: string, placeholder: number | undefined) => (
    <div className="min-w-0 flex-1">
      <label htmlFor={`${idPrefix}-${which}-price`} className="block text-xs text-gray-700">
        {label}
      </label>
      <div className="relative mt-1">
        <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-2 flex items-center text-sm text-gray-600">
          $
        </span>
        <Input
          id={`${idPrefix}-${which}-price`}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={draft[which]}
          placeholder={placeholder === undefined ? undefined : String(placeholder)}
          onChange={(event) => setDraft((d) => ({ ...d, [which]: event.target.value }))}
          onBlur={apply}
          onKeyDown={onKeyDown}
          className="pl-6"
        />
      </div>
    </div>
  );

  return (
    <div className="flex items-end gap-2">
      {field('min', 'Min price', range?.min)}
      <span aria-hidden="true" className="pb-2 text-gray-500">
        –
      </span>
      {field('max', 'Max price', range?.max)}
    </div>
  );
}
