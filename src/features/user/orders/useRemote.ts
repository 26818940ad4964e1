import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../../lib/apiClient';

/** What a page loaded from the API is: loading, failed (with the status, 0 = unreachable), or there. */
export type Remote<T> = { state: 'loading' } | { state: 'failed'; status: number; message: string } | { state: 'ready'; value: T };

/**
 * Loads `load()` when `key` changes (nothing while `key` is undefined), dropping an answer that
 * arrives after the key has changed. `reload` loads again; `set` replaces the value (an action's answer).
 */
export function useRemote<T>(key: string | undefined, load: () => Promise<T>) {
  const [remote, setRemote] = useState<Remote<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (key === undefined) return;
    let current = true;
    setRemote({ state: 'loading' });
    load().then(
      (value) => current && setRemote({ state: 'ready', value }),
      (error: unknown) =>
        current &&
        setRemote({
          state: 'failed',
          status: error instanceof ApiError ? error.status : 0,
          message: error instanceof Error ? error.message : String(error),
        }),
    );
    return () => {
      current = false;
    };
    // `load` is a new function each render; `key` says what it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round]);

  const reload = useCallback(() => setRound((r) => r + 1), []);
  const set = useCallback((value: T) => setRemote({ state: 'ready', value }), []);
  return { remote, reload, set };
}
