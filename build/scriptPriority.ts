// A build plugin that marks the scripts index.html loads (the entry and its modulepreloads) as
// `fetchpriority="low"`, so the first screen's image, which the page paints with
// (build/prepaint.ts), is not queued behind scripts on a slow connection. The scripts are still
// requested at once, in parallel; they only yield the bandwidth (the measurements are in
// docs/performance.md). The entry is a small boot script (src/boot.ts); on the pages with a pre-painted first screen the app's code
// waits for that screen's paint, and on the others it is preloaded at this low priority.
import type { Plugin } from 'vite';

const SCRIPT_TAG = /<(script type="module"|link rel="modulepreload")(?![^>]*\sfetchpriority=)/g;

/** The same HTML with every module script and modulepreload tag at `fetchpriority="low"`. */
export function lowerScriptPriority(html: string): string {
  return html.replace(SCRIPT_TAG, '<$1 fetchpriority="low"');
}

export function scriptPriority(): Plugin {
  return {
    name: 'shop:script-priority',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: lowerScriptPriority },
  };
}
