// What the entry (src/boot.ts) does before the app's code is requested. On /login and on a
// signed-in / the server sends the first screen already painted into index.html (with the CSS
// inlined), so the browser can show it as soon as the HTML is in; the app's scripts are
// then asked for once that screen is on the display, not alongside it, so they do not share the
// connection with the banner image or the HTML itself. Every other page has nothing to show
// before the app runs, so its code is requested at once (index.html preloads it).

/**
 * The id of an empty element the server puts after the pre-painted first screen; index.html's
 * `<link rel="expect" blocking="render">` holds the first paint until it is parsed, so a browser
 * receiving the HTML in pieces never paints half a screen that then shifts when the rest arrives
 * (the sign-in form is centred vertically).
 */
export const FIRST_SCREEN_END = 'first-screen-end';

/** The `<meta>` the server lists the page's chunks in when they are to wait for the first paint. */
export const AFTER_PAINT_META = 'shop:modulepreload';

export interface PaintEnv {
  document: Document;
  PerformanceObserver?: typeof PerformanceObserver;
  performance: Pick<Performance, 'getEntriesByName'>;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (id: never) => void;
}

/**
 * Resolves once the pre-painted first screen has been painted (the first contentful paint), or
 * at once when there is none, the page is hidden (a background tab may never paint), or the
 * browser does not report paints; after `timeoutMs` at most.
 */
export function afterFirstPaint(timeoutMs: number, env: PaintEnv = window): Promise<void> {
  return new Promise((resolve) => {
    const { document: doc, PerformanceObserver: Observer } = env;
    const prepainted = doc.getElementById('root')?.firstElementChild != null;
    if (!prepainted || doc.visibilityState !== 'visible' || !Observer?.supportedEntryTypes?.includes('paint')) {
      return resolve();
    }
    if (env.performance.getEntriesByName('first-contentful-paint').length > 0) return resolve();
    const observer = new Observer((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    const timer = env.setTimeout(done, timeoutMs);
    observer.observe({ type: 'paint', buffered: true });
    function done() {
      env.clearTimeout(timer as never);
      observer.disconnect();
      resolve();
    }
  });
}

/** Asks for the chunks the server listed in the after-paint `<meta>` (all at once, in parallel). */
export function preloadListedChunks(doc: Document = document): void {
  const listed = doc.querySelector<HTMLMetaElement>(`meta[name="${AFTER_PAINT_META}"]`)?.content ?? '';
  for (const href of listed.split(' ')) {
    if (!href.startsWith('/assets/')) continue;
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    doc.head.append(link);
  }
}
