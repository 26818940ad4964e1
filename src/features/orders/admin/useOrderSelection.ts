import { useCallback, useState } from 'react';

const NONE: ReadonlySet<number> = new Set();

export interface OrderSelection {
  ids: ReadonlySet<number>;
  /** Ticks (true) or unticks the orders `ids`. */
  set: (ids: number[], selected: boolean) => void;
  /** The selection becomes exactly `ids`. */
  replace: (ids: number[]) => void;
  clear: () => void;
}

/**
 * The orders ticked for a bulk status change. It lasts while the admin pages through one filter
 * and starts empty for another (`filterKey`), so nothing ticked out of sight is changed by mistake.
 */
export function useOrderSelection(filterKey: string): OrderSelection {
  const [state, setState] = useState<{ key: string; ids: ReadonlySet<number> }>({ key: filterKey, ids: NONE });
  const ids = state.key === filterKey ? state.ids : NONE;

  const set = useCallback(
    (changed: number[], selected: boolean) =>
      setState((prev) => {
        const next = new Set(prev.key === filterKey ? prev.ids : NONE);
        for (const id of changed) {
          if (selected) next.add(id);
          else next.delete(id);
        }
        return { key: filterKey, ids: next };
      }),
    [filterKey],
  );
  const replace = useCallback((next: number[]) => setState({ key: filterKey, ids: new Set(next) }), [filterKey]);
  const clear = useCallback(() => setState({ key: filterKey, ids: NONE }), [filterKey]);
  return { ids, set, replace, clear };
}
