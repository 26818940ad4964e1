import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { XMarkIcon } from '@heroicons/react/24/outline';
import FilterSections, { type FilterSectionsProps } from './FilterSections';

interface MobileFiltersProps extends Omit<FilterSectionsProps, 'idPrefix'> {
  open: boolean;
  onClose: () => void;
}

/** The slide-over 'Filters' panel of small screens. */
export default function MobileFilters({ open, onClose, ...sections }: MobileFiltersProps) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-40 lg:hidden">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-black/25 transition-opacity duration-300 ease-linear data-closed:opacity-0"
      />
      <div className="fixed inset-0 z-40 flex">
        <DialogPanel
          transition
          className="relative ml-auto flex size-full max-w-xs transform flex-col overflow-y-auto bg-white py-4 pb-12 shadow-xl transition duration-300 ease-in-out data-closed:translate-x-full"
        >
          <div className="flex items-center justify-between px-4">
            <DialogTitle className="text-lg font-medium text-gray-900">Filters</DialogTitle>
            <button
              type="button"
              onClick={onClose}
              className="-mr-2 flex size-10 items-center justify-center rounded-md bg-white p-2 text-gray-500 hover:text-gray-700"
            >
              <span className="sr-only">Close menu</span>
              <XMarkIcon aria-hidden="true" className="size-6" />
            </button>
          </div>
          <form className="mt-4 border-t border-gray-200 px-4" onSubmit={(event) => event.preventDefault()}>
            <FilterSections idPrefix="filter-mobile" {...sections} />
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
