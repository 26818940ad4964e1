// The shop's settings: GET /api/settings (anyone: the contact details the footer's pages show) and
// the back office's GET and PATCH /api/admin/settings (permission `settings`: admins).
import { Router } from 'express';
import { asyncRoute, publicRead } from '../../http/middleware';
import { requirePermission } from '../../http/permissions';
import type { Services } from '..';

/** How long a visitor's browser may keep the public settings (a change shows within that long). */
const PUBLIC_SECONDS = 60;

export function settingsRoutes({ settings }: Services): Router {
  const router = Router();
  // GET /settings: {contact: {email, phone, address, hours}}
  router.get(
    '/',
    publicRead(PUBLIC_SECONDS),
    asyncRoute(async (_req, res) => {
      res.json(await settings.settings());
    }),
  );
  return router;
}

export function settingsAdminRoutes({ settings }: Services): Router {
  const router = Router();
  router.use(requirePermission('settings'));
  // GET /admin/settings: as GET /settings, never cached
  router.get(
    '/',
    asyncRoute(async (_req, res) => {
      res.json(await settings.settings());
    }),
  );
  // PATCH /admin/settings {contact: {email?, phone?, address?, hours?}}: the settings after; 400 with a message per field
  router.patch(
    '/',
    asyncRoute(async (req, res) => {
      res.json(await settings.updateSettings(req.user!, req.body));
    }),
  );
  return router;
}
