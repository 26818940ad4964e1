// Serves the built single-page app: hashed assets cached for a year (sent precompressed when the
// build made .br/.gz files), index.html always revalidated and carrying hints for the page's
// chunks (and, on /login and a signed-in /, its first screen pre-painted), and any other GET
// outside /api answered with index.html (history fallback).
import path from 'node:path';
import express, { Router, type Request, type Response } from 'express';
import { prepaint, type Prepaint } from '../prepaint';
import { indexHtml, precompressedAssets } from '../staticAssets';

export interface SpaOptions {
  /** Does the request carry a live session? Decides which first screen is pre-painted. */
  signedIn?: (req: Request) => boolean | Promise<boolean>;
}

const ROOT_ELEMENT = '<div id="root"></div>';

/** The first screen worth painting before the JS: the one the visitor will see (prepaint.tsx). */
async function firstScreen(req: Request, signedIn: (req: Request) => boolean | Promise<boolean>): Promise<Prepaint | undefined> {
  if (req.path !== '/login' && req.path !== '/') return undefined;
  const known = await signedIn(req);
  if (req.path === '/login' && !known) return 'login';
  if (req.path === '/' && known) return 'home';
  return undefined;
}

export function spa(staticDir: string, { signedIn }: SpaOptions = {}): Router {
  const root = path.resolve(staticDir);
  const assets = path.join(root, 'assets') + path.sep;
  const index = path.join(root, 'index.html');
  // index.html with hints for the page's chunks (server/staticAssets.ts).
  const page = indexHtml(root);
  const router = Router();

  // Only what the app loads is public: build internals (dist/.vite: the manifest, with every
  // chunk and its source path) and the precompressed copies, which are sent only in place of
  // their originals, are not files to fetch.
  router.use((req, _res, next) => {
    if (/(^|\/)\.|\.(br|gz)$/i.test(req.path)) return next('router');
    next();
  });
  router.use(precompressedAssets(root));
  router.use(
    express.static(root, {
      index: false,
      redirect: false,
      dotfiles: 'ignore',
      setHeaders(res, file) {
        if (file.startsWith(assets)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        else if (file === index) res.setHeader('Cache-Control', 'no-cache');
      },
    }),
  );

  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    // A missing file (anything with an extension) is a 404, not the app: a wrong script or
    // image URL must not be answered with HTML.
    if (/^\/api(\/|$)/i.test(req.path) || path.extname(req.path) !== '') return next();
    res.setHeader('Cache-Control', 'no-cache');
    if (signedIn) res.setHeader('Vary', 'Cookie');
    (signedIn ? firstScreen(req, signedIn) : Promise.resolve(undefined))
      .then((screen) => answer(req, res, screen))
      .catch(next);
  });

  function answer(req: Request, res: Response, first: Prepaint | undefined): void {
    let screen = first;
    let html: string;
    try {
      html = page(req.path);
      if (screen && html.includes(ROOT_ELEMENT)) html = page(req.path, { afterPaint: true });
      else screen = undefined;
    } catch {
      res.status(404).type('text').send('The app is not built: run `npm run build`.');
      return;
    }
    // The first screen goes in, and the app's code waits for it to be painted (src/boot.ts).
    if (screen) html = html.replace(ROOT_ELEMENT, `<div id="root">${prepaint(screen)}</div>`);
    res.type('html').send(html);
  }

  return router;
}
