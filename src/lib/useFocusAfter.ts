import { useEffect, useRef, type RefObject } from 'react';

/**
 * Keyboard focus across a swap of controls (a button replaced by another, a form closed): call
 * `after()` when the action that swaps them ends, and the element on `ref` gets the focus once
 * the next render has put it on the page. Without it the focus falls back to the page's start.
 */
export function useFocusAfter<T extends HTMLElement>(): [RefObject<T | null>, () => void] {
  const ref = useRef<T>(null);
  const pending = useRef(false);
  useEffect(() => {
    if (!pending.current) return;
    pending.current = false;
    ref.current?.focus();
  });
  return [ref, () => void (pending.current = true)];
}
