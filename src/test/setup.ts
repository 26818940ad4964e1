import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// A worker's files share one document (vite.config.ts: isolate off): nothing a test left behind
// reaches the next one.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

// jsdom has no ResizeObserver; Headless UI's dialogs and transitions use it.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

// jsdom has no scrolling; RootLayout scrolls to the top on each new page.
window.scrollTo = () => {};
