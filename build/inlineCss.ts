// A build plugin that puts the stylesheet into index.html as a `<style>` element instead of a
// `<link>`: the first screen (pre-painted into index.html from build/prepaint.ts) then paints as
// soon as the HTML is in, without a second round trip for the CSS first (docs/performance.md has
// the figures). The CSS is sent once per visit (navigation inside the app never reloads
// index.html). The CSP allows inline styles
// (server/http/middleware.ts); scripts stay external.
import type { Plugin } from 'vite';

const STYLESHEET = /<link rel="stylesheet"[^>]*\shref="\/([^"]+\.css)"[^>]*>/g;

/** The HTML with each stylesheet link whose CSS is in `css` (by file name) inlined. */
export function inlineStylesheets(html: string, css: (fileName: string) => string | undefined): string {
  return html.replace(STYLESHEET, (tag, fileName: string) => {
    const source = css(fileName);
    // CSS that could end the element early stays a link.
    if (source === undefined || /<\/style/i.test(source)) return tag;
    return `<style>${source}</style>`;
  });
}

export function inlineCss(): Plugin {
  return {
    name: 'shop:inline-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, { bundle }) =>
        inlineStylesheets(html, (fileName) => {
          const asset = bundle?.[fileName];
          return asset?.type === 'asset' ? String(asset.source) : undefined;
        }),
    },
  };
}
