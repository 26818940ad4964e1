// Serves the built single-page app: hashed assets cached for a year (sent precompressed when the
// build made .br/.gz files), index.html always revalidated and carrying hints for the page's
// chunks (the navbar's too for a signed-in visitor; and, on /login and a signed-in /, its first
// screen pre-painted), and any other GET outside /api answered with index.html (history fallback).
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import express, { Router, type Request, type Response } from 'express';
import { PREPAINT_FILE, PREPAINTS, type Prepaint, type PrepaintScreens } from '../../build/manifest';
import { isUnreachable } from './errors';
import { indexHtml, precompressedAssets } from './staticAssets';

export interface SpaOptions {
  /** Does the request carry a live session? Decides the pre-painted first screen, and whether the navbar's code is hinted. */
  signedIn?: (req: Request) => boolean | Promise<boolean>;
}

const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * The pre-painted first screens the build wrote beside index.html (build/prepaint.ts): read at
 * start, and again when index.html changes (a new build). None when the build has no such file,
 * or an unreadable one: the pages are then sent without a first screen.
 */
function prepaintsOf(root: string): () => Partial<PrepaintScreens> {
  const index = path.join(root, 'index.html');
  const file = path.join(root, PREPAINT_FILE);
  const read = (): Partial<PrepaintScreens> => {
    const screens: Partial<PrepaintScreens> = {};
    try {
      const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      for (const kind of PREPAINTS) {
        const html = json?.[kind];
        if (typeof html === 'string' && html !== '') screens[kind] = html;
      }
    } catch {
      // No file, or not the build's: no first screens.
    }
    return screens;
  };
  const builtAt = () => {
    try {
      return statSync(index).mtimeMs;
    } catch {
      return undefined;
    }
  };
  let readFor = builtAt();
  let screens = read();
  return () => {
    const mtime = builtAt();
    if (mtime !== readFor) {
      screens = read();
      readFor = mtime;
    }
    return screens;
  };
}

/** The first screen worth painting before the JS: the one the visitor will see (build/prepaintRender.tsx). */
function firstScreen(urlPath: string, known: boolean): Prepaint | undefined {
  if (urlPath === '/login' && !known) return 'login';
  if (urlPath === '/' && known) return 'home';
  return undefined;
}

export function spa(staticDir: string, { signedIn }: SpaOptions = {}): Router {
  const root = path.resolve(staticDir);
  const assets = path.join(root, 'assets') + path.sep;
  const index = path.join(root, 'index.html');
  // index.html with hints for the page's chunks (server/http/staticAssets.ts).
  const page = indexHtml(root);
  // The first screens of /login and a signed-in / (HTML for inside #root).
  const prepaints = prepaintsOf(root);
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
    Promise.resolve(signedIn ? signedIn(req) : false)
      // The database cannot say who it is: the page without a first screen, whose app then
      // tells the visitor (its requests are answered 503).
      .catch((error: unknown) => (isUnreachable(error) ? false : Promise.reject(error)))
      .then((known) => answer(req, res, known))
      .catch(next);
  });

  function answer(req: Request, res: Response, known: boolean): void {
    const first = firstScreen(req.path, known);
    const prepainted = first ? prepaints()[first] : undefined;
    let html: string;
    try {
      html = page(req.path, { signedIn: known });
      // The first screen goes in, and the app's code waits for it to be painted (src/boot.ts).
      if (prepainted !== undefined && html.includes(ROOT_ELEMENT)) {
        html = page(req.path, { afterPaint: true, signedIn: known }).replace(ROOT_ELEMENT, () => `<div id="root">${prepainted}</div>`);
      }
    } catch {
      res.status(404).type('text').send('The app is not built: run `npm run build`.');
      return;
    }
    res.type('html').send(html);
  }

  return router;
}
