import { MinusIcon, PlusIcon } from '@heroicons/react/20/solid';
import { useState } from 'react';
import { Disclosure, DisclosureButton, DisclosurePanel } from '../../../components/Disclosure';
import type { FilterGroup, ListingQuery } from '../../../lib/listingQuery';
import type { ProductFacets, FilterOption } from '../../../domain/types';
import FacetCount from './FacetCount';
import type { FilterActions } from './filterActions';
import RangeFilters from './RangeFilters';

export interface FilterSectionsProps {
  query: ListingQuery;
  options: Record<FilterGroup, FilterOption[]>;
  /** The counts for the current filters; absent until the first answer (then nothing is disabled). */
  facets?: ProductFacets;
  actions: FilterActions;
  /** Keeps ids unique between the desktop sidebar and the mobile panel. */
  idPrefix: string;
}

const SECTIONS: { id: FilterGroup; name: string; plural: string; facet: 'categories' | 'brands' }[] = [
  { id: 'category', name: 'Category', plural: 'categories', facet: 'categories' },
  { id: 'brand', name: 'Brand', plural: 'brands', facet: 'brands' },
];

/** Options a group shows before its "Show N more" button: every category of the seed fits. */
export const VISIBLE_OPTIONS = 12;

/**
 * Every filter of the listing: the Category and Brand groups, collapsible, with a checkbox and a
 * count per option, then price, rating and availability. An option nothing would
 * match is disabled, unless it is ticked (so it can be unticked).
 */
export default function FilterSections({ query, options, facets, actions, idPrefix }: FilterSectionsProps) {
  return (
    <>
      {SECTIONS.map((section) => {
        const chosen = query.filter[section.id];
        const counts = new Map(facets?.[section.facet].map((o) => [o.value, o.count]));
        return (
          <Disclosure key={section.id} as="div" defaultOpen={chosen.length > 0} className="border-b border-gray-200 py-5">
            <h3 className="-my-3 flow-root">
              <DisclosureButton className="group flex w-full items-center justify-between py-3 text-sm text-gray-600 hover:text-gray-800">
                <span className="font-medium text-gray-900">
                  {section.name}
                  {chosen.length > 0 && <span className="ml-2 text-xs text-brand-700"> ({chosen.length} selected)</span>}
                </span>
                <span className="ml-6 flex items-center">
                  <PlusIcon aria-hidden="true" className="size-5 group-data-open:hidden" />
                  <MinusIcon aria-hidden="true" className="hidden size-5 group-data-open:block" />
                </span>
              </DisclosureButton>
            </h3>
            <DisclosurePanel className="pt-5">
              <fieldset>
                <legend className="sr-only">{section.name}</legend>
                <OptionList
                  id={`${idPrefix}-${section.id}`}
                  plural={section.plural}
                  options={options[section.id]}
                  chosen={chosen}
                  counts={counts}
                  onToggle={(value, checked) => actions.toggle(section.id, value, checked)}
                />
              </fieldset>
            </DisclosurePanel>
          </Disclosure>
        );
      })}
      <RangeFilters query={query} facets={facets} actions={actions} idPrefix={idPrefix} />
    </>
  );
}

interface OptionListProps {
  id: string;
  plural: string;
  options: FilterOption[];
  chosen: string[];
  counts: Map<string, number>;
  onToggle: (value: string, checked: boolean) => void;
}

/**
 * A group's options: the first VISIBLE_OPTIONS, and a button saying how many more there are (all of
 * them, without the button, while a ticked option is among the rest), so none hides out of sight.
 */
function OptionList({ id, plural, options, chosen, counts, onToggle }: OptionListProps) {
  const hidden = Math.max(0, options.length - VISIBLE_OPTIONS);
  const [showAll, setShowAll] = useState(false);
  // A ticked option is never out of sight.
  const tickedBeyond = options.slice(VISIBLE_OPTIONS).some((o) => chosen.includes(o.value));
  const shown = showAll || tickedBeyond ? options : options.slice(0, VISIBLE_OPTIONS);
  return (
    <>
      <div id={`${id}-options`} className="space-y-3 p-1">
        {shown.map((option, index) => {
          const optionId = `${id}-${index}`;
          const checked = chosen.includes(option.value);
          const count = counts.get(option.value);
          return (
            <div key={option.value} className="flex items-center gap-3">
              <input
                id={optionId}
                type="checkbox"
                value={option.value}
                checked={checked}
                disabled={count === 0 && !checked}
                aria-describedby={count === undefined ? undefined : `${optionId}-count`}
                onChange={(event) => onToggle(option.value, event.target.checked)}
                className="peer size-4 rounded border-gray-400 accent-brand-600"
              />
              <label htmlFor={optionId} className="text-sm text-gray-700 peer-disabled:text-gray-500">
                {option.label}
              </label>
              <FacetCount id={`${optionId}-count`} count={count} />
            </div>
          );
        })}
      </div>
      {hidden > 0 && !tickedBeyond && (
        <button
          type="button"
          aria-expanded={showAll}
          aria-controls={`${id}-options`}
          onClick={() => setShowAll((all) => !all)}
          className="mt-3 ml-1 text-sm font-medium text-brand-700 hover:text-brand-600 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          {showAll ? `Show fewer ${plural}` : `Show ${hidden} more ${plural}`}
        </button>
      )}
    </>
  );
}
