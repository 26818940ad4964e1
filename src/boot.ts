// The entry index.html loads: the stylesheet (which the build inlines into index.html, so the
// first screen paints without waiting for it) and, once the pre-painted first screen is on the
// display, the app itself (src/main.tsx). See src/domain/firstPaint.ts.
import { afterFirstPaint, preloadListedChunks } from './domain/firstPaint';
import './index.css';

/** A paint that takes longer than this does not hold the app back any further. */
const PAINT_WAIT_MS = 1000;

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

// The app's modules are evaluated in two tasks, not one: React DOM, then the rest. Each is
// shorter than the whole, which held back a tap for long (total blocking time,
// docs/performance.md); all of them were requested at once.
void afterFirstPaint(PAINT_WAIT_MS).then(async () => {
  preloadListedChunks();
  await import('react-dom/client');
  await nextTask();
  return import('./main');
});
