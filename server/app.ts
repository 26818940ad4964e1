// createApp: the whole server as an Express app, without listening (server/index.ts listens;
// tests drive it with supertest on either driver). It takes an opened store (server/db/open.ts:
// PostgreSQL in process or on a server), builds the modules' services on it (server/modules/index.ts)
// and mounts each module's routes, which reach the store only through the services.
import { taxonomyRoutes } from './modules/catalogue/taxonomyRoutes';
import { adminProductRoutes } from './modules/catalogue/adminProductRoutes';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import { checkPublicUrl, publicUrlFromEnv, staffEmailFromEnv } from './http/config';
import { apiNotFound, errorHandler, type ErrorLog } from './http/errors';
import { decodablePath, noOptions, noStore, requireSameOriginJson, requireSameOriginUpload, securityHeaders, shallowJson, storableText } from './http/middleware';
import { loadSession, requireUser, sessionIdOf } from './http/session';
import { spa } from './http/spa';
import { DEFAULT_COST } from './modules/accounts/passwords';
import { adminRoutes, IMPORT_PATH } from './modules/backoffice/routes';
import { authRoutes } from './modules/accounts/authRoutes';
import { cartRoutes } from './modules/cart/routes';
import { orderRoutes } from './modules/orders/routes';
import { returnRoutes } from './modules/returns/routes';
import { checkoutRoutes } from './modules/orders/checkoutRoutes';
import { catalogueRoutes, productRoutes } from './modules/catalogue/routes';
import { keptAnswerFront, keptAnswers } from './modules/catalogue/keptAnswers';
import { userRoutes } from './modules/accounts/userRoutes';
import { staffRoutes } from './modules/accounts/staffRoutes';
import { alertSettingRoutes, stockAlertRoutes, wishlistRoutes } from './modules/wishlist/routes';
import { buildServices, type Services } from './modules';
import type { ForgotLimits } from './modules/accounts/passwordReset';
import type { VerifyLimits } from './modules/accounts/emailVerification';
import { emailRoutes, mailStatusRoutes } from './modules/mail/routes';
import { MEDIA_PATH, mediaAdminRoutes, mediaRoutes } from './modules/media/routes';
import { settingsAdminRoutes, settingsRoutes } from './modules/settings/routes';
import { shippingAdminRoutes, shippingRoutes, taxRateAdminRoutes } from './modules/pricing/shippingRoutes';
import { promotionAdminRoutes, promotionRoutes } from './modules/pricing/promotionRoutes';
import { DEFAULT_LOGIN_LIMITS, signupLimitFromEnv, type LoginLimits } from './modules/accounts/throttle';
import type { StoreAdapter } from './db/port';
import type { PaymentProvider } from './modules/payments/service';
import { setUpOperations, type Operations } from './modules/operations/setup';
import type { Logger } from './modules/operations/logging';
import type { WorkerState } from './modules/operations/service';
import { webhookAdminRoutes } from './modules/webhooks/routes';
import type { WebhookOptions } from './modules/webhooks/service';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const DEFAULT_SEED_FILE = path.join(ROOT, 'db.json');
/** The embedded database's data folder when DATA_DIR is not set. */
export const DEFAULT_DATA_DIR = path.join(ROOT, '.data', 'shop');
export const BODY_LIMIT = '100kb';

export interface AppOptions {
  /** The opened store (server/db/open.ts openStore). */
  store: StoreAdapter;
  /** Directory of the built SPA to serve at / (default: none, API only). */
  staticDir?: string;
  /**
   * Logs (server/modules/operations/logging.ts): true, JSON lines on stdout at $LOG_LEVEL; a pino
   * logger, that one (a test capturing lines); false or absent, none (tests).
   */
  logger?: boolean | Logger;
  /**
   * The mail worker this instance runs (server/index.ts, with SMTP_URL): GET /health/ready is not
   * ready while it is not running. Absent: no worker should run here (no SMTP_URL; tests).
   */
  mailWorker?: WorkerState;
  /** The bearer token GET /metrics asks for (default $METRICS_TOKEN); none: requests from this machine only. */
  metricsToken?: string;
  /** Cookie-signing secret (server/index.ts: SESSION_SECRET or the one kept in the database); default: a random one. */
  secret?: string;
  /** Clock (tests). */
  now?: () => number;
  /** Login throttling; see server/modules/accounts/throttle.ts. */
  loginLimits?: Partial<LoginLimits>;
  /** Sign-ups an hour from one client address (default: $SIGNUP_LIMIT_PER_HOUR, else 200). */
  signupLimit?: number;
  /** scrypt cost N for new password hashes (tests use a small one). */
  passwordCost?: number;
  sessionTtlMs?: number;
  /** Live sessions one account may hold; a new sign-in ends the oldest beyond it (default 10). */
  maxSessionsPerUser?: number;
  /**
   * Express's `trust proxy` (TRUST_PROXY): behind a reverse proxy, whose X-Forwarded-For gives
   * the client address that login and sign-up throttling count by. Default: trust no proxy.
   */
  trustProxy?: number | string;
  /** The shop's public address, for absolute links (default: $PUBLIC_URL, server/http/config.ts; else relative ones). */
  publicUrl?: string;
  /** Where links in mail point when there is no public address (server/index.ts: http://localhost:PORT). */
  mailLinkBase?: string;
  /** Password reset requests' limits (tests); see server/modules/accounts/passwordReset.ts. */
  forgotLimits?: Partial<ForgotLimits>;
  /** Verification mail resend limits (tests); see server/modules/accounts/emailVerification.ts. */
  verifyLimits?: Partial<VerifyLimits>;
  /** Who takes card payments (default: the offline test provider; tests pass their own to observe it). */
  payments?: PaymentProvider;
  /** Where the staff's mail about products goes (default: $STAFF_EMAIL, server/http/config.ts). */
  staffEmail?: string;
  /** No mail server is configured (server/index.ts: no SMTP_URL): messages are held in the outbox, not sent (default false). */
  mailHeld?: boolean;
  /** Webhooks' settings: `allowPrivate` lets endpoints be private addresses (default: $WEBHOOKS_ALLOW_PRIVATE). */
  webhooks?: Partial<WebhookOptions>;
  /**
   * STAFF_REQUIRE_2FA: staff without two-factor sign-in get 403 (`twoFactorSetupRequired`) from
   * every staff route until they turn it on (server/http/permissions.ts). Default: off.
   */
  staffRequire2fa?: boolean;
}

function apiRouter(services: Services, operations: Operations, publicUrl: string | undefined): express.Router {
  const api = express.Router();
  const json = express.json({ limit: BODY_LIMIT });
  // A catalogue read asked again while nothing changed: its kept answer, before all the rest
  // (embedded driver only; server/modules/catalogue/keptAnswers.ts).
  api.use(keptAnswers(services));
  api.use(
    noStore,
    noOptions,
    decodablePath,
    // An upload is multipart, not JSON; the same same-site rule holds.
    (req, res, next) => (req.method === 'POST' && req.path === MEDIA_PATH ? requireSameOriginUpload : requireSameOriginJson)(req, res, next),
    // The import's larger body and the upload's files are parsed by their routes, after the admin
    // check (backoffice/routes.ts, media/routes.ts).
    (req, res, next) => (req.path === IMPORT_PATH || req.path === MEDIA_PATH ? next() : json(req, res, next)),
    shallowJson,
    storableText,
    // The body parser's callback left the request's logging context: back into it.
    operations.requestLog.rebind,
  );
  api.use(loadSession(services.sessions));
  api.use('/auth', authRoutes(services));
  api.use(catalogueRoutes(services, { publicUrl }));
  api.use('/products', productRoutes(services));
  api.use('/promotions', promotionRoutes(services));
  api.use('/users/own/alerts', requireUser, alertSettingRoutes(services));
  api.use('/users', requireUser, userRoutes(services));
  api.use('/wishlist', requireUser, wishlistRoutes(services));
  api.use('/stock-alerts', requireUser, stockAlertRoutes(services));
  api.use('/cart', requireUser, cartRoutes(services));
  api.use('/orders', requireUser, orderRoutes(services));
  api.use('/orders', requireUser, returnRoutes(services));
  api.use('/checkout', requireUser, checkoutRoutes(services));
  api.use('/admin/emails', emailRoutes(services));
  api.use('/mail-status', mailStatusRoutes(services));
  api.use('/shipping-methods', shippingRoutes(services));
  api.use('/admin/shipping-methods', shippingAdminRoutes(services));
  api.use('/admin/tax-rates', taxRateAdminRoutes(services));
  api.use('/admin/promotions', promotionAdminRoutes(services));
  api.use('/admin/brands', taxonomyRoutes(services, 'brand'));
  api.use('/admin/categories', taxonomyRoutes(services, 'category'));
  api.use('/admin/webhooks', webhookAdminRoutes(services));
  api.use(MEDIA_PATH, requireUser, mediaAdminRoutes(services));
  api.use('/admin/products', adminProductRoutes(services, { publicUrl }));
  api.use('/admin/staff', staffRoutes(services));
  api.use('/settings', settingsRoutes(services));
  api.use('/admin/settings', settingsAdminRoutes(services));
  api.use('/admin', requireUser, adminRoutes(services));
  api.use(apiNotFound);
  const log: ErrorLog | false = operations.logger ? (message, error) => operations.requestLog.current()?.error(error === undefined ? {} : { err: error }, message) : false;
  api.use(errorHandler(log));
  return api;
}

export function createApp(options: AppOptions): { app: Express; store: StoreAdapter; services: Services; operations: Operations } {
  const { store } = options;
  const publicUrl = options.publicUrl === undefined ? publicUrlFromEnv() : checkPublicUrl(options.publicUrl);
  const services = buildServices(store, {
    linkBase: publicUrl ?? options.mailLinkBase,
    forgotLimits: options.forgotLimits,
    verifyLimits: options.verifyLimits,
    now: options.now ?? Date.now,
    loginLimits: { ...DEFAULT_LOGIN_LIMITS, ...options.loginLimits },
    signupLimit: options.signupLimit ?? signupLimitFromEnv(),
    passwordCost: options.passwordCost ?? DEFAULT_COST,
    sessionTtlMs: options.sessionTtlMs,
    maxSessionsPerUser: options.maxSessionsPerUser,
    payments: options.payments,
    mailHeld: options.mailHeld,
    webhooks: options.webhooks,
    staffEmail: options.staffEmail ?? staffEmailFromEnv(),
  });

  const operations = setUpOperations({
    store,
    services,
    logger: options.logger ?? false,
    mailWorker: options.mailWorker,
    metricsToken: options.metricsToken ?? (process.env.METRICS_TOKEN || undefined),
    now: options.now ?? Date.now,
  });

  const app = express();
  app.disable('x-powered-by');
  if (options.trustProxy !== undefined) app.set('trust proxy', options.trustProxy);
  app.use(operations.requestLog.start);
  app.use(securityHeaders);
  app.use(compression());
  // Health and metrics: no session, no API middleware (server/modules/operations/README.md).
  app.use(operations.routes);
  const cookies = cookieParser(options.secret || randomBytes(32).toString('hex'));
  app.use(cookies);
  app.locals.staffRequire2fa = options.staffRequire2fa ?? false;
  app.use('/api', apiRouter(services, operations, publicUrl));
  // Uploaded images, served by every instance from the database (before the SPA's fallback).
  app.use('/media', mediaRoutes(services));
  if (options.staticDir) {
    const signedIn = async (req: express.Request) => {
      const id = sessionIdOf(req);
      return id !== undefined && (await services.sessions.find(id)) !== undefined;
    };
    app.use(spa(options.staticDir, { signedIn }));
  }
  app.use((_req, res) => {
    res.status(404).type('text').send('Not found');
  });
  // Outside /api (static files): a short text answer, never Express's default stack trace page.
  app.use(((err, req, res, next) => {
    if (res.headersSent) return next(err);
    const status = typeof err?.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : 500;
    if (status === 500) operations.logger?.error({ err, reqId: req.requestId }, 'unexpected error');
    res.status(status).type('text').send(status === 500 ? 'Internal server error' : 'Bad request');
  }) as express.ErrorRequestHandler);
  answerKeptFirst(app, keptAnswerFront(services, { cookies, begin: (req, res) => (operations.requestLog.begin(req, res), securityHeaders(req, res, () => {})) }));
  return { app, store, services, operations };
}

type Handle = (req: express.Request, res: express.Response, next?: express.NextFunction) => void;

/**
 * Sends a kept catalogue answer before Express's own work on the request (which is most of such a
 * request's cost), when `front` can; everything else goes to Express. The app function Express
 * makes calls app.handle for every request (an http server's, supertest's).
 */
function answerKeptFirst(app: Express, front: ReturnType<typeof keptAnswerFront>): void {
  const handled = app as unknown as { handle: Handle };
  const handle = handled.handle.bind(app);
  handled.handle = (req, res, next) => {
    const sent = front(req, res);
    if (!sent) return handle(req, res, next);
    sent.then(
      (done) => done || handle(req, res, next),
      () => handle(req, res, next),
    );
  };
}
