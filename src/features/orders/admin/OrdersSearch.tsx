import { useState, type FormEvent } from 'react';
import { useFollowed } from '../../../lib/useFollowed';
import { MagnifyingGlassIcon } from '@heroicons/react/20/solid';
import { Button, Input } from '../../../components/controls';
import type { OrdersQuery } from '../ordersQuery';
import { MAX_ORDER_SEARCH } from './ordersParams';

interface OrdersSearchProps {
  query: OrdersQuery;
  onSearch: (values: { q: string; from: string; to: string }) => void;
}

/** The search box (an order number, a part of the customer's name or email, or of a product title or SKU) and the days placed, applied with 'Search'. */
export default function OrdersSearch({ query, onSearch }: OrdersSearchProps) {
  // The fields start from the URL and a new URL (Back, a link) shows its values, in the same
  // fields: Search keeps the keyboard focus.
  const [q, setQ] = useFollowed(query.q ?? '');
  const [from, setFrom] = useFollowed(query.from ?? '');
  const [to, setTo] = useFollowed(query.to ?? '');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (from && to && to < from) {
      setError('To must not be before From');
      return;
    }
    setError(null);
    onSearch({ q, from, to });
  }

  return (
    <form role="search" aria-label="Orders" onSubmit={submit} noValidate className="mt-6 flex flex-wrap items-end gap-3">
      <div className="w-full sm:w-72">
        <label htmlFor="orders-q" className="block text-sm font-medium text-gray-900">
          Search orders
        </label>
        <Input
          id="orders-q"
          type="search"
          value={q}
          maxLength={MAX_ORDER_SEARCH}
          onChange={(event) => setQ(event.target.value)}
          placeholder="Order number, customer, product or SKU"
          className="mt-1"
        />
      </div>
      <div className="flex gap-3">
        <div>
          <label htmlFor="orders-from" className="block text-sm font-medium text-gray-900">
            From
          </label>
          <Input id="orders-from" type="date" value={from} onChange={(event) => setFrom(event.target.value)} className="mt-1" />
        </div>
        <div>
          <label htmlFor="orders-to" className="block text-sm font-medium text-gray-900">
            To
          </label>
          <Input
            id="orders-to"
            type="date"
            value={to}
            min={from || undefined}
            onChange={(event) => setTo(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'orders-to-error' : undefined}
            className="mt-1"
          />
        </div>
      </div>
      <Button type="submit" look="primary">
        <MagnifyingGlassIcon aria-hidden="true" className="mr-1 inline size-4" />
        Search
      </Button>
      {error && (
        <p id="orders-to-error" role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
