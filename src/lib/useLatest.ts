// Data a component shows for its current key (a query, a product id), loaded from the API when the
// key changes: the facet counts, the search suggestions, whether the shopper may review.
import { useCallback, useEffect, useState } from 'react';

export interface Latest<T> {
  /** The last answer, kept while the next one loads (no flicker, no counts jumping to nothing). */
  data: T | undefined;
  /** The key `data` answers; differs from the current key while a newer answer is on its way. */
  dataKey: string | null;
  loading: boolean;
  error: string | null;
  retry: () => void;
}

interface State<T> {
  data: T | undefined;
  dataKey: string | null;
  loading: boolean;
  error: string | null;
}

const idle = { data: undefined, dataKey: null, loading: false, error: null };

/**
 * Loads `load(key)` whenever `key` changes (after `delayMs`, for keys typed a letter at a time);
 * `null` loads nothing and forgets the answer. Only the latest key's answer is taken: an answer to
 * an older key that arrives late is dropped, never shown over a newer one. `load` must be stable.
 */
export function useLatest<T>(key: string | null, load: (key: string) => Promise<T>, delayMs = 0): Latest<T> {
  // Loading from the first render when there is a key: the effect then starts the load without
  // rendering the component again (on the home page, inside the task that mounts it).
  const [state, setState] = useState<State<T>>(() => (key === null ? idle : { ...idle, loading: true }));
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (key === null) {
      setState(idle);
      return;
    }
    let current = true;
    setState((s) => (s.loading && s.error === null ? s : { ...s, loading: true, error: null }));
    const timer = setTimeout(() => {
      load(key).then(
        (data) => current && setState({ data, dataKey: key, loading: false, error: null }),
        (error: unknown) =>
          current && setState((s) => ({ ...s, loading: false, error: error instanceof Error ? error.message : String(error) })),
      );
    }, delayMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key, load, delayMs, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
