// Data a component shows for its current key (a query, a product id), loaded from the API when the
// key changes: the facet counts, the search suggestions, whether the shopper may review.
import { useCallback, useEffect, useRef, useState } from 'react';

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
 * `answered` gives an answer that is already there for the first key (the first screen's,
 * src/lib/firstScreen.ts): it is shown from the first render and not loaded again.
 */
export function useLatest<T>(
  key: string | null,
  load: (key: string) => Promise<T>,
  delayMs = 0,
  answered?: (key: string) => T | undefined,
): Latest<T> {
  // Loading from the first render when there is a key: the effect then starts the load without
  // rendering the component again (on the home page, inside the task that mounts it).
  const [first] = useState(() => {
    const data = key === null ? undefined : answered?.(key);
    if (data !== undefined) return { state: { data, dataKey: key, loading: false, error: null }, answeredKey: key };
    return { state: key === null ? idle : { ...idle, loading: true }, answeredKey: null };
  });
  const [state, setState] = useState<State<T>>(first.state);
  const answerUsed = useRef(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (key === null) {
      setState(idle);
      return;
    }
    // The first key's answer came with the first render: nothing to load (unless asked again).
    const wasAnswered = !answerUsed.current && attempt === 0 && key === first.answeredKey;
    answerUsed.current = true;
    if (wasAnswered) return;
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
  }, [key, load, delayMs, attempt, first.answeredKey]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
