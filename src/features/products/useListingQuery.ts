import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ListingQuery } from '../../lib/listingQuery';
import { parseListingParams, toSearchParams } from '../../lib/listingParams';

/** One value per distinct listing in a URL's search params, whatever the order of the params. */
const listingKey = (searchParams: URLSearchParams) => toSearchParams(parseListingParams(searchParams)).toString();

/** The listing a URL's search params show (only the back office's filters deleted products). */
function listingOf(key: string, admin: boolean): ListingQuery {
  const parsed = parseListingParams(new URLSearchParams(key));
  return admin ? parsed : { ...parsed, deleted: undefined };
}

/** The listing a URL's search (`?category=…`) shows: what useListingQuery gives on that page. */
export const listingOfSearch = (search: string, admin: boolean) => listingOf(listingKey(new URLSearchParams(search)), admin);

/** The listing in the page URL, and a way to change it (a new history entry unless `replace`). */
export function useListingQuery(admin: boolean): [ListingQuery, (next: ListingQuery, replace?: boolean) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const key = listingKey(searchParams);
  const query = useMemo(() => listingOf(key, admin), [key, admin]);

  // flushSync: the checkboxes are controlled by the URL, so it must update within the click,
  // not in a later transition (else the box flips back until the transition lands).
  const change = useCallback(
    (next: ListingQuery, replace = false) => setSearchParams(toSearchParams(next), { replace, flushSync: true }),
    [setSearchParams],
  );
  return [query, change];
}
