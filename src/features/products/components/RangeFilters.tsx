import { StarIcon } from '@heroicons/react/20/solid';
import type { ReactNode } from 'react';
import type { ListingQuery } from '../../../lib/listingQuery';
import type { ProductFacets } from '../../../domain/types';
import FacetCount from './FacetCount';
import type { FilterActions } from './filterActions';
import PriceRange from './PriceRange';

interface RangeFiltersProps {
  query: ListingQuery;
  facets?: ProductFacets;
  actions: FilterActions;
  idPrefix: string;
}

/** The minimum ratings offered: '4 stars & up' … '1 star & up'. */
const RATINGS = [4, 3, 2, 1];

export const ratingLabel = (stars: number) => `${stars} ${stars === 1 ? 'star' : 'stars'} & up`;

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="border-b border-gray-200 py-5">
      <legend className="float-left mb-3 w-full text-sm font-medium text-gray-900">{legend}</legend>
      <div className="clear-both space-y-3 p-1">{children}</div>
    </fieldset>
  );
}

/** The price range, the minimum rating and 'In stock only'. */
export default function RangeFilters({ query, facets, actions, idPrefix }: RangeFiltersProps) {
  const inStockOnly = query.ranges.stock_gte === 1;
  const stockId = `${idPrefix}-in-stock`;
  const rating = query.ranges.rating_gte;
  const radio = (value: number | undefined, label: ReactNode) => {
    const id = `${idPrefix}-rating-${value ?? 'any'}`;
    return (
      <div key={id} className="flex items-center gap-3">
        <input
          id={id}
          type="radio"
          name={`${idPrefix}-rating`}
          checked={rating === value}
          onChange={() => actions.setRange('rating_gte', value)}
          className="size-4 accent-brand-600"
        />
        <label htmlFor={id} className="flex items-center gap-1 text-sm text-gray-700">
          {label}
        </label>
      </div>
    );
  };

  return (
    <>
      <Group legend="Price">
        <PriceRange query={query} range={facets?.price} onApply={actions.setPrice} idPrefix={idPrefix} />
      </Group>
      <Group legend="Rating">
        {radio(undefined, 'Any rating')}
        {RATINGS.map((stars) =>
          radio(
            stars,
            <>
              <span aria-hidden="true" className="flex">
                {Array.from({ length: 5 }, (_, i) => (
                  <StarIcon key={i} className={`size-4 ${i < stars ? 'text-yellow-500' : 'text-gray-300'}`} />
                ))}
              </span>
              <span className="sr-only">{ratingLabel(stars)}</span>
              <span aria-hidden="true">& up</span>
            </>,
          ),
        )}
      </Group>
      <Group legend="Availability">
        <div className="flex items-center gap-3">
          <input
            id={stockId}
            type="checkbox"
            checked={inStockOnly}
            disabled={facets?.inStock === 0 && !inStockOnly}
            aria-describedby={facets ? `${stockId}-count` : undefined}
            onChange={(event) => actions.setRange('stock_gte', event.target.checked ? 1 : undefined)}
            className="peer size-4 rounded border-gray-400 accent-brand-600"
          />
          <label htmlFor={stockId} className="text-sm text-gray-700 peer-disabled:text-gray-500">
            In stock only
          </label>
          <FacetCount id={`${stockId}-count`} count={facets?.inStock} />
        </div>
      </Group>
    </>
  );
}
