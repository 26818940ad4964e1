// The built app's fast path to the browser:
//  - hashed files under /assets are sent as the build precompressed them (`.br`, brotli 11, or
//    `.gz`, gzip 9; scripts/bench/precompress.ts) with a year of immutable caching, instead of
//    being compressed again on every request at a lower level;
//  - index.html gets `<link rel="modulepreload">` hints for the chunks of the page being opened
//    (from the router source and the Vite manifest), so the browser fetches the page's code
//    alongside the entry instead of after the entry has run and the router asked for it, and a
//    preload of the session check (GET /api/auth/check) every page starts with.
// Without a manifest or precompressed files (an older build, tests) both step aside.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RequestHandler } from 'express';
import {
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

/**
 * index.html for a URL path, with modulepreload hints for that page's chunks; the plain file
 * when there is no manifest or no route matches. Re-read when the build changes; throws when
 * there is no index.html.
 */
export function indexHtml(root: string, projectRoot = PROJECT_ROOT): (urlPath: string) => string {
  const dir = path.resolve(root);
  const indexFile = path.join(dir, 'index.html');
  let built = -1;
  let page: (urlPath: string) => string = () => '';
  return (urlPath) => {
    const mtime = statSync(indexFile).mtimeMs;
    if (mtime !== built) {
      page = pagesOf(dir, projectRoot, readFileSync(indexFile, 'utf8'));
      built = mtime;
    }
    return page(urlPath);
  };
}

function pagesOf(dir: string, projectRoot: string, html: string): (urlPath: string) => string {
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
  // The session check every page starts with (main.tsx): fetched while the entry downloads
  // rather than after it has run. Only when the built entry makes that call.
  let bootRequests = '';
  try {
    const entry = readFileSync(path.join(dir, manifest[entryKey(manifest)].file), 'utf8');
    if (entry.includes('/auth/check')) {
      bootRequests = `  <link rel="preload" href="${API_BASE}/auth/check" as="fetch" crossorigin="anonymous">\n  `;
    }
  } catch {
    // No entry chunk to look into: no hint.
  }
  const plain = bootRequests && html.includes('</head>') ? html.replace('</head>', `${bootRequests}</head>`) : html;
  const pages = new Map<string, string>();
  const forModule = (module: string): string => {
    let page = pages.get(module);
    if (page !== undefined) return page;
    page = plain;
    try {
      const preloaded = staticClosure(manifest, [entryKey(manifest)]);
      const chunks = [...staticClosure(manifest, [manifestKey(manifest, module)])].filter((k) => !preloaded.has(k));
      const links = chunks
        .map((k) => manifest[k].file)
        .filter((file) => file.endsWith('.js') && !html.includes(`/${file}"`))
        // Low, like the entry's own (scripts/bench/scriptPriority.ts): the first screen's CSS and
        // image come first.
        .map((file) => `  <link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">\n  `)
        .join('');
      const hints = links + bootRequests;
      if (hints && html.includes('</head>')) page = html.replace('</head>', `${hints}</head>`);
    } catch {
      // A route the manifest does not know (a stale build): no hints.
    }
    pages.set(module, page);
    return page;
  };
  return (urlPath) => {
    const route = routes.find((r) => matchesRoute(r.path, urlPath));
    return route ? forModule(route.module) : plain;
  };
}
