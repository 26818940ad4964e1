import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ListingQuery } from '../../lib/listingQuery';
import { parseListingParams, toSearchParams } from '../../lib/listingParams';

/** The listing in the page URL, and a way to change it (a new history entry unless `replace`). */
export function useListingQuery(admin: boolean): [ListingQuery, (next: ListingQuery, replace?: boolean) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  // One stable value per distinct listing, whatever the order of the URL's params.
  const key = toSearchParams(parseListingParams(searchParams)).toString();
  const query = useMemo(() => {
    const parsed = parseListingParams(new URLSearchParams(key));
    return admin ? parsed : { ...parsed, deleted: undefined };
  }, [key, admin]);

  // flushSync: the checkboxes are controlled by the URL, so it must update within the click,
  // not in a later transition (else the box flips back until the transition lands).
  const change = useCallback(
    (next: ListingQuery, replace = false) => setSearchParams(toSearchParams(next), { replace, flushSync: true }),
    [setSearchParams],
  );
  return [query, change];
}
