// The admin orders list's "per page" choice: 5 (the default), 20 or 50 orders a page, kept in the URL.
import { useId } from 'react';
import { ORDERS_PER_PAGE_CHOICES } from '../ordersQuery';

export default function PerPageSelect({ value, onChange, disabled = false }: { value: number; onChange: (perPage: number) => void; disabled?: boolean }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="text-gray-700">
        Per page
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(Number(e.target.value))}
        className="rounded-md border-0 py-1 pl-2 pr-7 text-sm text-gray-900 ring-1 ring-inset ring-gray-300 focus:ring-2 focus:ring-brand-600"
      >
        {ORDERS_PER_PAGE_CHOICES.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </div>
  );
}
