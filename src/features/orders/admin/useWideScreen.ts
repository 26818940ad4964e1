import { useSyncExternalStore } from 'react';

/** Tailwind's `sm` breakpoint (40rem): below it the orders list is cards, from it a table. */
const WIDE = '(min-width: 40rem)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the screen is at least `sm` wide (true where the browser cannot say, e.g. jsdom). */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, () => (typeof window.matchMedia === 'function' ? window.matchMedia(WIDE).matches : true));
}
