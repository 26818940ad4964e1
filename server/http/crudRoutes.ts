// The CRUD routes of a back-office list, behind one permission (promotions, shipping methods, tax rates):
// GET / (the list; a page answers X-Total-Count), GET /:id when the list has one, POST / (201),
// PATCH /:id (the given fields), DELETE /:id (204). The service checks every input and answers
// the errors; these routes only map HTTP onto it.
import { Router } from 'express';
import type { StoredUser } from '../db/port';
import { asyncRoute } from './middleware';
import { requirePermission, type Permission } from './permissions';

export interface AdminCrud<T> {
  list(query: Record<string, unknown>): Promise<T[] | { items: T[]; total: number }>;
  get?(id: string): Promise<T>;
  create(admin: StoredUser, body: unknown): Promise<T>;
  update(admin: StoredUser, id: string, body: unknown): Promise<T>;
  remove(admin: StoredUser, id: string): Promise<void>;
}

/** The list's routes, each behind `permission` (401 for a visitor, 403 for a role without it). */
export function adminCrudRoutes<T>(crud: AdminCrud<T>, permission: Permission): Router {
  const router = Router();
  router.use(requirePermission(permission));

  router.get(
    '/',
    asyncRoute(async (req, res) => {
      const listed = await crud.list(req.query);
      if (Array.isArray(listed)) {
        res.json(listed);
        return;
      }
      res.setHeader('X-Total-Count', String(listed.total));
      res.json(listed.items);
    }),
  );
  if (crud.get) {
    router.get(
      '/:id',
      asyncRoute(async (req, res) => {
        res.json(await crud.get!(req.params.id));
      }),
    );
  }
  router.post(
    '/',
    asyncRoute(async (req, res) => {
      res.status(201).json(await crud.create(req.user!, req.body));
    }),
  );
  router.patch(
    '/:id',
    asyncRoute(async (req, res) => {
      res.json(await crud.update(req.user!, req.params.id, req.body));
    }),
  );
  router.delete(
    '/:id',
    asyncRoute(async (req, res) => {
      await crud.remove(req.user!, req.params.id);
      res.status(204).end();
    }),
  );
  return router;
}
