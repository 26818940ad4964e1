// The built app's fast path to the browser:
//  - hashed files under /assets are sent as the build precompressed them (`.br`, brotli 11, or
//    `.gz`, gzip 9; scripts/bench/precompress.ts) with a year of immutable caching, instead of
//    being compressed again on every request at a lower level;
//  - index.html gets `<link rel="modulepreload">` hints for the app (src/main) and the chunks of
//    the page being opened (from the router source and the Vite manifest), so the browser fetches
//    them alongside the entry instead of after the entry has run and the router asked for them,
//    and a preload of the session check (GET /api/auth/check) every page starts with. A page sent
//    with its first screen pre-painted lists those chunks in a `<meta>` instead, which the entry
//    reads once that screen is painted (src/lib/firstPaint.ts).
// Without a manifest or precompressed files (an older build, tests) both step aside.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RequestHandler } from 'express';
import { AFTER_PAINT_META, FIRST_SCREEN_END } from '../src/lib/firstPaint';
import {
  appClosure,
  entryKey,
  manifestKey,
  matchesRoute,
  parseRoutes,
  ROUTER_FILE,
  staticClosure,
  type Manifest,
  type Route,
} from './routeChunks';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The API's base as the client calls it (VITE_API_URL's default). */
const API_BASE = '/api';
/** Where src/app/router.tsx is: the server runs from the project's sources. */
const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

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
}
type Page = (urlPath: string, options?: PageOptions) => string;

/**
 * index.html for a URL path, with hints for the app's and that page's chunks (links, or with
 * `afterPaint` the after-paint `<meta>`); the plain file when there is no manifest. Re-read when
 * the build changes; throws when there is no index.html.
 */
export function indexHtml(root: string, projectRoot = PROJECT_ROOT): Page {
  const dir = path.resolve(root);
  const indexFile = path.join(dir, 'index.html');
  let built = -1;
  let page: Page = () => '';
  return (urlPath, options) => {
    const mtime = statSync(indexFile).mtimeMs;
    if (mtime !== built) {
      page = pagesOf(dir, projectRoot, readFileSync(indexFile, 'utf8'));
      built = mtime;
    }
    return page(urlPath, options);
  };
}

function pagesOf(dir: string, projectRoot: string, html: string): Page {
  let manifest: Manifest;
  let routes: Route[];
  try {
    manifest = JSON.parse(readFileSync(path.join(dir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
    routes = parseRoutes(readFileSync(path.join(projectRoot, ROUTER_FILE), 'utf8')).filter(
      (r) => !r.admin && r.path.startsWith('/'),
    );
  } catch {
    return () => html;
  }
  if (!html.includes('</head>')) return () => html;
  let app: Set<string>;
  try {
    app = appClosure(manifest);
  } catch {
    return () => html;
  }
  // The session check every page starts with (main.tsx): fetched while the app's code downloads
  // rather than after it has run. Only when the built app makes that call.
  let bootRequests = '';
  try {
    const code = [...app].map((k) => manifest[k].file).filter((file) => file.endsWith('.js'));
    if (code.some((file) => readFileSync(path.join(dir, file), 'utf8').includes('/auth/check'))) {
      bootRequests = `  <link rel="preload" href="${API_BASE}/auth/check" as="fetch" crossorigin="anonymous">\n  `;
    }
  } catch {
    // No chunk to look into: no hint.
  }
  // What index.html already asks for: the entry and its static imports.
  const requested = staticClosure(manifest, [entryKey(manifest)]);
  const pages = new Map<string, string>();
  const build = (module: string | undefined, afterPaint: boolean): string => {
    let keys = [...app];
    try {
      if (module) keys = [...staticClosure(manifest, [manifestKey(manifest, module)], new Set(app))];
    } catch {
      // A route the manifest does not know (a stale build): the app's chunks only.
    }
    const files = keys
      .filter((k) => !requested.has(k))
      .map((k) => manifest[k].file)
      .filter((file) => file.endsWith('.js') && !html.includes(`/${file}"`));
    let hints: string;
    if (files.length === 0) hints = '';
    else if (afterPaint) hints = `  <meta name="${AFTER_PAINT_META}" content="${files.map((f) => `/${f}`).join(' ')}">\n  `;
    // Low, like the entry's own (scripts/bench/scriptPriority.ts): the first screen's image
    // comes first.
    else hints = files.map((file) => `  <link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">\n  `).join('');
    // The pre-painted screen is painted whole (src/lib/firstPaint.ts).
    const whole = afterPaint ? `  <link rel="expect" href="#${FIRST_SCREEN_END}" blocking="render">\n  ` : '';
    return html.replace('</head>', `${whole}${hints}${bootRequests}</head>`);
  };
  return (urlPath, { afterPaint = false } = {}) => {
    const module = routes.find((r) => matchesRoute(r.path, urlPath))?.module;
    const key = `${afterPaint ? 'after-paint ' : ''}${module ?? ''}`;
    let page = pages.get(key);
    if (page === undefined) pages.set(key, (page = build(module, afterPaint)));
    return page;
  };
}
