// A build plugin that marks the scripts index.html loads (the entry and its modulepreloads) as
// `fetchpriority="low"`, so the stylesheet and the first screen's image, which the page paints
// with (server/prepaint.tsx), are not queued behind ~100 kB of JS on a slow connection. The
// scripts are still requested at once, in parallel; they only yield the bandwidth. Measured with
// applied (devtools) throttling on the mobile preset: the signed-in / paints its banner at
// 1.4 s instead of 3.1 s, and is usable ~0.25 s later (docs/performance.md).
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
