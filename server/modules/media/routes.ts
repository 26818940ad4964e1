// POST /api/admin/media (permission `catalogue`): uploads; GET /media/<id>/<width>.webp (anyone): the copies,
// outside /api so they are cached like static files.
import multer from 'multer';
import { Router, type RequestHandler } from 'express';
import { MAX_MEDIA_BYTES, MAX_MEDIA_FILES, MEDIA_FIELD } from '../../../src/domain/media';
import { HttpError } from '../../http/errors';
import { asyncRoute } from '../../http/middleware';
import { requirePermission } from '../../http/permissions';
import type { Services } from '..';
import { fileName } from './service';

/** The upload's path under /api: its multipart body is read by its route, after the admin check (app.ts leaves it alone). */
export const MEDIA_PATH = '/admin/media';

const MB = MAX_MEDIA_BYTES / (1024 * 1024);

/** multer's refusals in the shop's words (413 for a file too large, 400 for the rest). */
function uploadError(err: unknown): HttpError {
  if (err instanceof multer.MulterError) {
    // multer 2 names the file a limit concerns (its types do not say so yet).
    const { filename } = err as multer.MulterError & { filename?: string };
    const name = fileName(filename, 0);
    switch (err.code) {
      case 'LIMIT_FILE_SIZE':
        return new HttpError(413, `${filename ? name : 'A file'} is larger than ${MB} MB`);
      case 'LIMIT_FILE_COUNT':
        return new HttpError(400, `At most ${MAX_MEDIA_FILES} files at once`);
      case 'LIMIT_UNEXPECTED_FILE':
        return new HttpError(400, `Send the images as files in the field "${MEDIA_FIELD}" (at most ${MAX_MEDIA_FILES})`);
      default:
        return new HttpError(400, `Upload refused: ${err.message}`);
    }
  }
  return new HttpError(400, 'Malformed upload: the body is not a complete multipart/form-data body');
}

const parseFiles = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_MEDIA_BYTES, files: MAX_MEDIA_FILES, fields: 10, fieldSize: 1024, parts: MAX_MEDIA_FILES + 10 },
}).array(MEDIA_FIELD, MAX_MEDIA_FILES);

/** The files of the upload into req.files, or the refusal as an HttpError. */
const receiveFiles: RequestHandler = (req, res, next) => {
  parseFiles(req, res, (err?: unknown) => next(err === undefined ? undefined : uploadError(err)));
};

/** Mounted at /api/admin/media behind requireUser. */
export function mediaAdminRoutes({ media }: Services): Router {
  const router = Router();
  router.use(requirePermission('catalogue'));

  // POST /admin/media multipart `files` (permission `catalogue`) → 201 [{id, url, width, height}]; a file that
  // is not a JPEG, PNG, WebP or AVIF image → 400 naming it; over 10 MB → 413; nothing stored then
  router.post(
    '/',
    receiveFiles,
    asyncRoute(async (req, res) => {
      const files = Array.isArray(req.files) ? req.files : [];
      res.status(201).json(await media.upload(req.user!, files.map((f) => ({ name: f.originalname, bytes: f.buffer }))));
    }),
  );

  return router;
}

/** Mounted at /media, outside /api: a year's caching (an address's bytes never change), ETag and 304. */
export function mediaRoutes({ media }: Services): Router {
  const router = Router();

  // GET /media/:id/:width.webp (anyone) → the WebP copy; 304 when If-None-Match names its ETag; 404 for no such copy
  router.get(
    '/:id/:file',
    asyncRoute(async (req, res) => {
      const found = await media.rendition(req.params.id, req.params.file, req.headers['if-none-match']);
      if (!found) {
        res.status(404).type('text').send('Not found');
        return;
      }
      res.setHeader('ETag', found.etag);
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      if (!found.bytes) {
        res.status(304).end();
        return;
      }
      res.type('image/webp').send(found.bytes);
    }),
  );

  return router;
}
