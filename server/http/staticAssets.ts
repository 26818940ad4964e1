// The built app's fast path to the browser:
//  - hashed files under /assets are sent as the build precompressed them (`.br`, brotli 11, or
//    `.gz`, gzip 9; build/precompress.ts) with a year of immutable caching, instead of being
//    compressed again on every request at a lower level;
//  - index.html gets `<link rel="modulepreload">` hints for the app (src/main), the chunks of
//    the page being opened and, for a signed-in shopper, the shell's navbar, and a preload of the
//    requests every page starts with (the session check), all as the build listed them in its
//    route manifest (build/routeManifest.ts), so the browser fetches them alongside the entry
//    instead of after the entry has run. A page sent with its first screen pre-painted lists
//    those chunks in a `<meta>` instead, which the entry reads once that screen is painted
//    (src/domain/firstPaint.ts).
// Without a route manifest or precompressed files (tests) both step aside.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';
import { ROUTE_MANIFEST_FILE, type RouteManifest } from '../../build/manifest';
import { AFTER_PAINT_META, FIRST_SCREEN_END } from '../../src/domain/firstPaint';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** GET /assets/<file>: the precompressed variant the client accepts, when the build made one. */
export function precompressedAssets(root: string): RequestHandler {
  const assets = path.join(path.resolve(root), 'assets');
  const exists = new Map<string, boolean>();
  const has = (file: string) => {
    let known = exists.get(file);
    if (known === undefined) exists.set(file, (known = existsSync(file)));
    return known;
  };
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const name = req.path.replace(/^\/assets\//, '');
    if (name === req.path || !/^[\w.-]+\.(?:js|css|svg|json)$/.test(name)) return next();
    const file = path.join(assets, name);
    // Brotli whenever it is accepted at all (browsers list gzip first, with the same weight).
    const encoding = req.acceptsEncodings('br') === 'br' ? 'br' : req.acceptsEncodings('gzip') === 'gzip' ? 'gzip' : undefined;
    const variant = encoding === 'br' ? '.br' : encoding === 'gzip' ? '.gz' : undefined;
    if (!variant || !has(file + variant)) return next();
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Content-Encoding', encoding!);
    res.setHeader('Cache-Control', IMMUTABLE);
    res.type(path.extname(name));
    res.sendFile(file + variant, (err) => {
      if (!err) return;
      exists.delete(file + variant);
      if (res.headersSent) return;
      res.removeHeader('Content-Encoding');
      next();
    });
  };
}

export interface PageOptions {
  /** The page is sent with its first screen pre-painted: its code waits for that screen's paint. */
  afterPaint?: boolean;
  /** The visitor is signed in: the navbar's chunks are hinted too. */
  signedIn?: boolean;
}
type Page = (urlPath: string, options?: PageOptions) => string;

/** Does the URL path `urlPath` open the route path `pattern` ('/products/:id')? */
export function matchesRoute(pattern: string, urlPath: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = urlPath.split('/').filter(Boolean);
  return want.length === have.length && want.every((seg, i) => seg.startsWith(':') || seg === have[i]);
}

/**
 * index.html for a URL path, with hints for the app's and that page's chunks, and the navbar's
 * with `signedIn` (links, or with `afterPaint` the after-paint `<meta>`); the plain file when there
 * is no route manifest. Re-read when the build changes; throws when there is no index.html.
 */
export function indexHtml(root: string): Page {
  const dir = path.resolve(root);
  const indexFile = path.join(dir, 'index.html');
  let built = -1;
  let page: Page = () => '';
  return (urlPath, options) => {
    const mtime = statSync(indexFile).mtimeMs;
    if (mtime !== built) {
      page = pagesOf(dir, readFileSync(indexFile, 'utf8'));
      built = mtime;
    }
    return page(urlPath, options);
  };
}

function pagesOf(dir: string, html: string): Page {
  let routes: RouteManifest;
  try {
    routes = JSON.parse(readFileSync(path.join(dir, ROUTE_MANIFEST_FILE), 'utf8')) as RouteManifest;
  } catch {
    return () => html;
  }
  if (!html.includes('</head>')) return () => html;
  const startRequests = routes.startRequests
    .map((url) => `  <link rel="preload" href="${url}" as="fetch" crossorigin="anonymous">\n  `)
    .join('');
  const pages = new Map<string, string>();
  const build = (files: string[], afterPaint: boolean): string => {
    const wanted = [...new Set(files)].filter((file) => !html.includes(`${file}"`));
    let hints: string;
    if (wanted.length === 0) hints = '';
    else if (afterPaint) hints = `  <meta name="${AFTER_PAINT_META}" content="${wanted.join(' ')}">\n  `;
    // Low, like the entry's own (build/scriptPriority.ts): the first screen's image comes first.
    else hints = wanted.map((file) => `  <link rel="modulepreload" fetchpriority="low" crossorigin href="${file}">\n  `).join('');
    // The pre-painted screen is painted whole (src/domain/firstPaint.ts).
    const whole = afterPaint ? `  <link rel="expect" href="#${FIRST_SCREEN_END}" blocking="render">\n  ` : '';
    return html.replace('</head>', `${whole}${hints}${startRequests}</head>`);
  };
  return (urlPath, { afterPaint = false, signedIn = false } = {}) => {
    const route = routes.pages.find((r) => matchesRoute(r.path, urlPath));
    const key = `${afterPaint ? 'after-paint ' : ''}${signedIn ? 'signed-in ' : ''}${route?.path ?? ''}`;
    let page = pages.get(key);
    if (page === undefined) {
      const files = [...routes.app, ...(route?.files ?? []), ...(signedIn ? (routes.signedIn ?? []) : [])];
      pages.set(key, (page = build(files, afterPaint)));
    }
    return page;
  };
}
