// The back office's route guards, from the one permission table (src/domain/permissions.ts,
// docs/permissions.md). A route takes its permission in one line:
//   router.post('/', requirePermission('catalogue'), asyncRoute(...))
// 401 `{message}` for a visitor; 403 `{message}` for an account whose role lacks the permission,
// and, with STAFF_REQUIRE_2FA, for a staff account without two-factor sign-in.
import type { Request, RequestHandler } from 'express';
import { can, type Permission } from '../../src/domain/permissions';
import type { StoredUser } from '../db/port';
import { HttpError } from './errors';

export { can, type Permission } from '../../src/domain/permissions';

/** The 403 of a role without `permission`. */
export function notPermitted(user: StoredUser, permission: Permission): HttpError {
  return new HttpError(403, user.role === 'user' ? 'Staff only' : `Your role (${user.role}) does not allow this: it needs the "${permission}" permission`);
}

export const TWO_FACTOR_SETUP_MESSAGE = 'Turn on two-factor sign-in (your profile, Security) before using the back office';

/**
 * STAFF_REQUIRE_2FA (createApp's `staffRequire2fa`, kept in app.locals): a staff account without
 * two-factor sign-in is refused every staff route with 403 `twoFactorSetupRequired` until it turns
 * it on; the rest of the shop, the setup included, answers it. Judged per request from the account,
 * so it holds for sessions made before the option was set, and again if it is turned off.
 */
const setUpTwoFactorFirst = (req: Request, user: StoredUser): HttpError | undefined =>
  req.app.locals.staffRequire2fa === true && !user.twoFactor ? new HttpError(403, TWO_FACTOR_SETUP_MESSAGE, undefined, undefined, { twoFactorSetupRequired: true }) : undefined;

/** 401 unless signed in, 403 unless the account's role holds `permission` (and, when required, two-factor sign-in is on). */
export function requirePermission(permission: Permission): RequestHandler {
  return (req, _res, next) => {
    if (!req.user) return next(new HttpError(401, 'Please sign in'));
    next(can(req.user.role, permission) ? setUpTwoFactorFirst(req, req.user) : notPermitted(req.user, permission));
  };
}

/**
 * On a route shoppers use too (an order's page, a product's answer): whether the caller is served
 * as staff holding `permission` (its customer, its notes, `notify`), judged as requirePermission
 * judges, two-factor sign-in included when required; otherwise it is answered as a shopper.
 */
export const servedAsStaff = (req: Request, permission: Permission): boolean =>
  req.user !== undefined && can(req.user.role, permission) && setUpTwoFactorFirst(req, req.user) === undefined;

/** Throws the 403 of requirePermission when `user` lacks `permission` (a rule that depends on the body, as a refund). */
export function assertPermitted(user: StoredUser, permission: Permission): void {
  if (!can(user.role, permission)) throw notPermitted(user, permission);
}

/** Any staff role (the back office at all): shoppers are refused every /api/admin path, known or not. */
export const requireStaff = requirePermission('dashboard');
