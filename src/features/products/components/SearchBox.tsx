import { MagnifyingGlassIcon } from '@heroicons/react/20/solid';
import type { FormEvent } from 'react';
import { Input, buttonClass } from '../../../components/controls';

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
      <Input
        id="product-search"
        name="q"
        type="search"
        defaultValue={value}
        maxLength={100}
        placeholder="Search products"
        className="min-w-0"
      />
      <button
        type="submit"
        className={buttonClass('primary', 'sm')}
      >
        <MagnifyingGlassIcon aria-hidden="true" className="size-4" />
        Search
      </button>
    </form>
  );
}
