import { useState } from 'react';

/**
 * State that starts from `source` and is set to it again whenever `source` changes (a form's
 * fields following the URL on Back or a link), without remounting what shows it: a remount
 * takes the keyboard focus away from the field or button in use.
 */
export function useFollowed<T>(source: T): [T, (value: T) => void] {
  const [state, setState] = useState({ source, value: source });
  const set = (value: T) => setState((s) => ({ ...s, value }));
  if (!Object.is(state.source, source)) {
    setState({ source, value: source });
    return [source, set];
  }
  return [state.value, set];
}
