// Serves the built single-page app: hashed assets cached for a year, index.html always
// revalidated, and any other GET outside /api answered with index.html (history fallback).
import path from 'node:path';
import express, { Router } from 'express';

export function spa(staticDir: string): Router {
  const root = path.resolve(staticDir);
  const assets = path.join(root, 'assets') + path.sep;
  const index = path.join(root, 'index.html');
  const router = Router();

  router.use(
    express.static(root, {
      index: false,
      redirect: false,
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
    res.sendFile(index, (err) => {
      if (err && !res.headersSent) res.status(404).type('text').send('The app is not built: run `npm run build`.');
    });
  });

  return router;
}
