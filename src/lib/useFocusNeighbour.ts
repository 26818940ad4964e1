import { useEffect, useRef } from 'react';

/** What the keyboard lands on inside a row. */
const CONTROL = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex="0"]';

/**
 * Focuses `target()` once the current task is over: a confirm dialog (Headless UI) that closes or
 * leaves the page hands the focus back to what had it before, in a microtask after the render;
 * this comes after that.
 */
export function focusSoon(target: () => HTMLElement | null | undefined): void {
  setTimeout(() => target()?.focus(), 0);
}

/**
 * Once a row has left a list: focuses the control at `index` among `selector`'s matches under
 * `container` (the last one when fewer are left, so the one that took the removed row's place, or
 * the one before), else `fallback` when none is left.
 */
export function focusAtOrBefore(container: ParentNode | null | undefined, selector: string, index: number, fallback?: HTMLElement | null): void {
  const controls = container?.querySelectorAll<HTMLElement>(selector) ?? [];
  (controls.length > 0 ? controls[Math.min(index, controls.length - 1)] : fallback)?.focus();
}

/**
 * Keyboard focus across a row's removal from a list (a confirmed delete), which would otherwise
 * leave it on the page's start. A list's rows are the elements marked `data-row={key}` under the
 * nearest `data-rows` (keys of letters, digits and dashes). Call `removing(key)` while the row is still there (`null` forgets it, when
 * the removal failed); once a render of the calling component has taken the row off the page, the
 * focus goes to the first control of the row that followed it, else of the one before, else to
 * `fallback()` (the list's heading or its form to add one).
 */
export function useFocusNeighbour(fallback: () => HTMLElement | null | undefined): (key: string | null) => void {
  const pending = useRef<{ row: Element; neighbours: Element[] } | null>(null);
  useEffect(() => {
    const gone = pending.current;
    if (!gone || gone.row.isConnected) return;
    pending.current = null;
    focusSoon(
      () =>
        gone.neighbours
          .filter((row) => row.isConnected)
          .map((row) => row.querySelector<HTMLElement>(CONTROL))
          .find((control) => control !== null) ?? fallback(),
    );
  });
  return (key) => {
    const row = key === null ? null : document.querySelector(`[data-row="${key}"]`);
    if (!row) {
      pending.current = null;
      return;
    }
    const rows = [...(row.closest('[data-rows]') ?? document).querySelectorAll('[data-row]')];
    const at = rows.indexOf(row);
    pending.current = { row, neighbours: [rows[at + 1], rows[at - 1]].filter((r) => r !== undefined) };
  };
}
