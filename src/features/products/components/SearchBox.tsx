import { MagnifyingGlassIcon } from '@heroicons/react/20/solid';
import type { FormEvent } from 'react';

interface SearchBoxProps {
  value: string;
  onSearch: (q: string) => void;
}

/** Free-text search, sent to the API as `q`. Remounted by the parent when the URL's q changes. */
export default function SearchBox({ value, onSearch }: SearchBoxProps) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(String(new FormData(event.currentTarget).get('q') ?? ''));
  }
  return (
    <form role="search" onSubmit={submit} className="flex w-full max-w-md gap-2">
      <label htmlFor="product-search" className="sr-only">
        Search products
      </label>
      <input
        id="product-search"
        name="q"
        type="search"
        defaultValue={value}
        maxLength={100}
        placeholder="Search products"
        className="block w-full min-w-0 rounded-md bg-white px-3 py-1.5 text-sm text-gray-900 outline-1 -outline-offset-1 outline-gray-400 placeholder:text-gray-500 focus:outline-2 focus:-outline-offset-2 focus:outline-indigo-600"
      />
      <button
        type="submit"
        className="inline-flex items-center gap-1 rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <MagnifyingGlassIcon aria-hidden="true" className="size-4" />
        Search
      </button>
    </form>
  );
}
