import { CheckIcon, ChevronDownIcon } from '@heroicons/react/20/solid';
import DropdownMenu from '../../../components/DropdownMenu';
import { SORT_OPTIONS } from '../../../domain/constants';
import type { ListingQuery } from '../../../lib/listingQuery';
import { isSortSelected } from '../../../lib/listingParams';
import type { SortOption } from '../../../domain/types';

interface SortMenuProps {
  query: ListingQuery;
  onSort: (option: SortOption) => void;
}

/** The Sort dropdown: Best Rating, Price: Low to High, Price: High to Low. */
export default function SortMenu({ query, onSort }: SortMenuProps) {
  return (
    <DropdownMenu
      button={
        <>
          Sort
          <ChevronDownIcon aria-hidden="true" className="-mr-1 ml-1 size-5 shrink-0 text-gray-500 group-hover:text-gray-700" />
        </>
      }
      buttonClassName="group inline-flex items-center justify-center rounded-md px-2 py-1 text-sm font-medium text-gray-700 hover:text-gray-900"
      menuClassName="w-48 rounded-md bg-white py-1 shadow-2xl ring-1 ring-black/5 focus:outline-none"
    >
      {SORT_OPTIONS.map((option) => {
        const selected = isSortSelected(query, option);
        return (
          <button
            key={option.name}
            type="button"
            role="menuitem"
            tabIndex={-1}
            onClick={() => onSort(option)}
            className={`flex w-full items-center justify-between px-4 py-2 text-left text-sm hover:bg-gray-100 focus:bg-gray-100 focus:outline-none ${selected ? 'font-semibold text-gray-900' : 'text-gray-700'}`}
          >
            {option.name}
            {selected && (
              <>
                <CheckIcon aria-hidden="true" className="size-4 text-brand-600" />
                <span className="sr-only">(selected)</span>
              </>
            )}
          </button>
        );
      })}
    </DropdownMenu>
  );
}
