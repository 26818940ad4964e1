import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import { MinusIcon, PlusIcon } from '@heroicons/react/20/solid';
import type { FilterGroup, ListingQuery } from '../../../lib/listingQuery';
import type { ProductFacets, FilterOption } from '../../../types';
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

const SECTIONS: { id: FilterGroup; name: string; facet: 'categories' | 'brands' }[] = [
  { id: 'category', name: 'Category', facet: 'categories' },
  { id: 'brand', name: 'Brand', facet: 'brands' },
];

/**
 * Every filter of the listing: the Category and Brand groups, collapsible, with a checkbox and a
 * count per option (SPEC §2, issue 16), then price, rating and availability. An option nothing would
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
                <div className="max-h-72 space-y-3 overflow-y-auto p-1">
                  {options[section.id].map((option, index) => {
                    const id = `${idPrefix}-${section.id}-${index}`;
                    const checked = chosen.includes(option.value);
                    const count = counts.get(option.value);
                    return (
                      <div key={option.value} className="flex items-center gap-3">
                        <input
                          id={id}
                          type="checkbox"
                          value={option.value}
                          checked={checked}
                          disabled={count === 0 && !checked}
                          aria-describedby={count === undefined ? undefined : `${id}-count`}
                          onChange={(event) => actions.toggle(section.id, option.value, event.target.checked)}
                          className="peer size-4 rounded border-gray-400 accent-brand-600"
                        />
                        <label htmlFor={id} className="text-sm text-gray-700 peer-disabled:text-gray-500">
                          {option.label}
                        </label>
                        <FacetCount id={`${id}-count`} count={count} />
                      </div>
                    );
                  })}
                </div>
              </fieldset>
            </DisclosurePanel>
          </Disclosure>
        );
      })}
      <RangeFilters query={query} facets={facets} actions={actions} idPrefix={idPrefix} />
    </>
  );
}
