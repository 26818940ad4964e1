import { useEffect, useMemo } from 'react';
import { useFollowed } from '../../../lib/useFollowed';
import { useSearchParams } from 'react-router-dom';
import ErrorMessage from '../../../components/ErrorMessage';
import Pagination, { pageCount } from '../../../components/Pagination';
import Spinner from '../../../components/Spinner';
import { Button, Input } from '../../../components/controls';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { useLatest } from '../../../lib/useLatest';
import CustomersTable from './CustomersTable';
import {
  CUSTOMERS_PER_PAGE,
  customersApiQuery,
  fetchCustomers,
  parseCustomersParams,
  toCustomersParams,
  type CustomersQuery,
} from './customersAPI';

/** The search box: searches on submit; shows the URL's q when it changes, e.g. on Back (in the same field: Search keeps the focus). */
function SearchForm({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const [typed, setTyped] = useFollowed(initial);
  return (
    <form
      role="search"
      aria-label="Customers"
      className="flex w-full max-w-md items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(typed.trim());
      }}
    >
      <div className="grow">
        <label htmlFor="customer-search" className="block text-sm font-medium text-gray-900">
          Search by email or name
        </label>
        <Input id="customer-search" type="search" value={typed} onChange={(e) => setTyped(e.target.value)} className="mt-1" />
      </div>
      <Button type="submit">Search</Button>
    </form>
  );
}

/** /admin/customers — every account with its orders and spending; search and page in the URL. */
export default function CustomersScreen() {
  useDocumentTitle('Admin: Customers');
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseCustomersParams(params), [params]);
  const apiQuery = customersApiQuery(query);
  const list = useLatest(apiQuery, fetchCustomers);
  const current = list.dataKey === apiQuery && !list.loading;
  const go = (next: CustomersQuery, replace = false) => setParams(toCustomersParams(next), { replace });

  // A page past the end (an old link, fewer customers now) shows the last page instead.
  const pages = pageCount(list.data?.total ?? 0, CUSTOMERS_PER_PAGE);
  useEffect(() => {
    if (current && pages > 0 && query.page > pages) setParams(toCustomersParams({ ...query, page: pages }), { replace: true });
  }, [current, pages, query, setParams]);

  const hrefFor = (page: number) => {
    const search = toCustomersParams({ ...query, page }).toString();
    return search ? `/admin/customers?${search}` : '/admin/customers';
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight text-gray-900">Customers</h1>
        <SearchForm initial={query.q} onSearch={(q) => go({ q, page: 1 })} />
      </div>

      <div className="mt-6">
        {list.error ? (
          <ErrorMessage title="The customers could not be loaded" message={list.error} onRetry={list.retry} />
        ) : !list.data ? (
          <Spinner label="Loading customers…" />
        ) : list.data.items.length === 0 ? (
          <p className="rounded-md bg-gray-50 p-6 text-center text-sm text-gray-700">
            {query.q ? `No customer matches “${query.q}”.` : 'No customers yet.'}
          </p>
        ) : (
          <div
            role="region"
            aria-label="Customers table"
            tabIndex={0}
            aria-busy={!current}
            className={`relative overflow-x-auto rounded-lg shadow-sm ring-1 ring-gray-900/5 focus-visible:outline-2 focus-visible:outline-brand-600 ${current ? '' : 'opacity-60'}`}
          >
            <CustomersTable customers={list.data.items} />
          </div>
        )}
      </div>
      {list.data && !list.error && (
        <Pagination page={query.page} totalItems={list.data.total} pageSize={CUSTOMERS_PER_PAGE} hrefFor={hrefFor} className="mt-4" />
      )}
    </div>
  );
}
