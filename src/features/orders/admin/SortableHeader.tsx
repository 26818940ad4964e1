import type { ReactNode } from 'react';
import { ChevronDownIcon, ChevronUpDownIcon, ChevronUpIcon } from '@heroicons/react/20/solid';
import type { OrderSortField, OrdersQuery } from '../ordersQuery';

/** A column header that sorts the orders by its field: ascending first, then toggles. */
export default function SortableHeader({
  field,
  label,
  sort,
  onSort,
}: {
  field: OrderSortField;
  label: string;
  sort: Pick<OrdersQuery, 'sort' | 'order'>;
  onSort: (field: OrderSortField) => void;
}) {
  const active = sort.sort === field;
  const direction = active ? (sort.order === 'desc' ? 'descending' : 'ascending') : undefined;
  let icon: ReactNode = <ChevronUpDownIcon aria-hidden="true" className="size-4 text-gray-500" />;
  if (direction === 'ascending') icon = <ChevronUpIcon aria-hidden="true" className="size-4" />;
  if (direction === 'descending') icon = <ChevronDownIcon aria-hidden="true" className="size-4" />;
  return (
    <th scope="col" aria-sort={direction} className="px-4 py-3">
      <button
        type="button"
        onClick={() => onSort(field)}
        className="inline-flex items-center gap-1 rounded uppercase hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {label}
        {icon}
      </button>
    </th>
  );
}
