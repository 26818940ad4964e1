import { useCallback, useEffect, useState } from 'react';
import { ApiError } from './apiClient';
import { firstScreenAnswer, firstScreenRequest } from './firstScreen';

/** What a page loaded from the API is: loading, failed (with the status, 0 = unreachable), or there. */
export type Remote<T> = { state: 'loading' } | { state: 'failed'; status: number; message: string } | { state: 'ready'; value: T };

/**
 * Loads `load()` when `key` changes (nothing while `key` is undefined), dropping an answer that
 * arrives after the key has changed. `reload` loads again; `set` replaces the value (an action's answer).
 * `first` names the same request among the first screen's (src/lib/firstScreen.ts): on the page the
 * app started on it is taken instead of asking again, and its answer, if it has come, is there from
 * the first render.
 */
export function useRemote<T>(key: string | undefined, load: () => Promise<T>, first?: string) {
  const [remote, setRemote] = useState<Remote<T>>(() => {
    const answer = first === undefined ? undefined : firstScreenAnswer<T>(first);
    return answer === undefined ? { state: 'loading' } : { state: 'ready', value: answer };
  });
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (key === undefined) return;
    const started = first === undefined ? undefined : firstScreenRequest<Promise<T>>(first);
    // Answered before the first render, which showed it (an answer that came later is taken below).
    if (started && remote.state === 'ready') return;
    let current = true;
    if (!started) setRemote({ state: 'loading' });
    (started ?? load()).then(
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
    // `load` is a new function each render; `key` says what it loads (and `first` follows it).
    // `remote` is read for the first screen only, as the first render left it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round]);

  const reload = useCallback(() => setRound((r) => r + 1), []);
  const set = useCallback((value: T) => setRemote({ state: 'ready', value }), []);
  return { remote, reload, set };
}
