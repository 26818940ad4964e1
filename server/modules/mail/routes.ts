// /api/admin/emails (the emails permission): the outbox, newest first, and "send again"; /api/mail-status
// (anyone): whether mail is sent at all.
import { Router } from 'express';
import { asyncRoute } from '../../http/middleware';
import { requirePermission } from '../../http/session';
import type { Services } from '..';

export function emailRoutes({ mail }: Services): Router {
  const router = Router();
  router.use(requirePermission('emails'));

  // GET /admin/emails?_page=&_limit=: newest first; X-Total-Count
  router.get(
    '/',
    asyncRoute(async (req, res) => {
      const { items, total } = await mail.list(req.query);
      res.setHeader('X-Total-Count', String(total));
      res.json(items);
    }),
  );

  // POST /admin/emails/:id/resend: 201 with the new message (a copy, due at once)
  router.post(
    '/:id/resend',
    asyncRoute(async (req, res) => {
      res.status(201).json(await mail.resend(req.params.id));
    }),
  );

  return router;
}

/**
 * GET /api/mail-status: `{held}`, true while no mail server is configured (messages wait in the
 * outbox, not sent), so screens never say a mail was sent when it was not.
 */
export function mailStatusRoutes({ mail }: Services): Router {
  const router = Router();
  router.get('/', (_req, res) => {
    res.json({ held: mail.held });
  });
  return router;
}
