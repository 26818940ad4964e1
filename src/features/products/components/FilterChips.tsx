// The outline icon the navbar already loads (one icon chunk on the home page, not two).
import { XMarkIcon } from '@heroicons/react/24/outline';
import { useEffect, useRef, useState } from 'react';
import type { FilterGroup, ListingQuery } from '../../../lib/listingQuery';
import { withFilter, withoutFilters, withPriceRange, withRange, withSearch } from '../../../lib/listingParams';
import { formatPrice } from '../../../domain/pricing';
import type { FilterOption } from '../../../domain/types';
import { focusAtOrBefore } from '../../../lib/useFocusNeighbour';
import { ratingLabel } from './RangeFilters';

interface FilterChipsProps {
  query: ListingQuery;
  options: Record<FilterGroup, FilterOption[]>;
  onChange: (next: ListingQuery) => void;
}

interface Chip {
  key: string;
  label: string;
  /** The listing without this filter. */
  without: ListingQuery;
}

function priceLabel(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return `${formatPrice(min)} – ${formatPrice(max)}`;
  return min !== undefined ? `${formatPrice(min)} and above` : `Up to ${formatPrice(max ?? 0)}`;
}

/** One chip per filter in use (and the search), each with its own remove button. */
export function chipsOf(query: ListingQuery, options: FilterChipsProps['options']): Chip[] {
  const chips: Chip[] = [];
  if (query.q) chips.push({ key: 'q', label: `“${query.q}”`, without: withSearch(query, '') });
  for (const group of ['category', 'brand'] as const) {
    for (const value of query.filter[group]) {
      const label = options[group].find((o) => o.value === value)?.label ?? value;
      chips.push({ key: `${group}:${value}`, label, without: withFilter(query, group, value, false) });
    }
  }
  const { salePrice_gte: min, salePrice_lte: max, rating_gte: rating, stock_gte: stock } = query.ranges;
  if (min !== undefined || max !== undefined) {
    chips.push({ key: 'price', label: priceLabel(min, max), without: withPriceRange(query, undefined, undefined) });
  }
  if (rating !== undefined) chips.push({ key: 'rating', label: ratingLabel(rating), without: withRange(query, 'rating_gte', undefined) });
  if (stock !== undefined) chips.push({ key: 'stock', label: 'In stock only', without: withRange(query, 'stock_gte', undefined) });
  return chips;
}

/**
 * The active filters as chips, and 'Clear all'. Focus stays in the row when a chip goes; when the
 * row goes (the last chip, or Clear all), it goes to the search box just above.
 */
export default function FilterChips({ query, options, onChange }: FilterChipsProps) {
  const chips = chipsOf(query, options);
  const list = useRef<HTMLDivElement>(null);
  const [removedAt, setRemovedAt] = useState<number | null>(null);

  useEffect(() => {
    if (removedAt === null) return;
    // None left: the search box (SearchBox's input), above the chips on every listing.
    focusAtOrBefore(list.current, 'button', removedAt, document.getElementById('product-search'));
    setRemovedAt(null);
  }, [removedAt, chips.length]);

  if (chips.length === 0) return null;
  return (
    <div ref={list} className="flex flex-wrap items-center gap-2 pb-4">
      <ul aria-label="Active filters" className="flex flex-wrap gap-2">
        {chips.map((chip, index) => (
          <li key={chip.key}>
            <button
              type="button"
              aria-label={`Remove filter: ${chip.label}`}
              onClick={() => {
                setRemovedAt(index);
                onChange(chip.without);
              }}
              className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-2 pl-3 text-sm font-medium text-brand-800 ring-1 ring-brand-200 ring-inset hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              {chip.label}
              <XMarkIcon aria-hidden="true" className="size-4" />
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() => {
          setRemovedAt(0);
          onChange(withoutFilters(query));
        }}
        className="rounded px-2 py-1 text-sm font-medium text-brand-700 hover:text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        Clear all
      </button>
    </div>
  );
}
