// createApp: the whole server as an Express app, without listening (server/index.ts listens;
// tests drive it with supertest on in-memory data or a throw-away data file).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import express, { type Express, type RequestHandler } from 'express';
import { resolveSecret, sessionIdOf, Sessions, SESSION_TTL_MS } from './auth';
import type { Context } from './context';
import { openStore, type Store } from './db';
import { apiNotFound, errorHandler } from './errors';
import { decodablePath, noOptions, noStore, requireSameOriginJson, securityHeaders } from './middleware/http';
import { loadSession, requireUser } from './middleware/session';
import { spa } from './middleware/spa';
import type { DbSchema } from './model';
import { DEFAULT_COST } from './passwords';
import { DEFAULT_LOGIN_LIMITS, LoginLimiter, SignupLimiter, signupLimitFromEnv, type LoginLimits } from './rateLimit';
import { authRoutes } from './routes/auth';
import { cartRoutes } from './routes/cart';
import { orderRoutes } from './routes/orders';
import { catalogueRoutes, productRoutes } from './routes/products';
import { userRoutes } from './routes/users';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const DEFAULT_SEED_FILE = path.join(ROOT, 'db.json');
export const DEFAULT_DATA_FILE = path.join(ROOT, '.data', 'db.json');
export const BODY_LIMIT = '100kb';

export interface AppOptions {
  /** Data file to work on (default .data/db.json); copied from the seed when missing. */
  dataFile?: string;
  /** Seed copied to a missing data file (default db.json); never written. */
  seedFile?: string;
  /** In-memory data instead of a data file (tests). */
  data?: Partial<DbSchema>;
  /** Directory of the built SPA to serve at / (default: none, API only). */
  staticDir?: string;
  /** Log one line per request. */
  logger?: boolean;
  /** Cookie-signing secret; default: kept in <data dir>/.secret (random when in memory). */
  secret?: string;
  /** Clock (tests). */
  now?: () => number;
  /** Login throttling; see server/rateLimit.ts. */
  loginLimits?: Partial<LoginLimits>;
  /** Sign-ups an hour from one client address (default: $SIGNUP_LIMIT_PER_HOUR, else 200). */
  signupLimit?: number;
  /** scrypt cost N for new password hashes (tests use a small one). */
  passwordCost?: number;
  sessionTtlMs?: number;
  /** Live sessions one account may hold; a new sign-in ends the oldest beyond it (default 10). */
  maxSessionsPerUser?: number;
}

const requestLog: RequestHandler = (req, res, next) => {
  const start = process.hrtime.bigint();
  res.on('finish', () => {
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    console.log(`${req.method} ${req.originalUrl} ${res.statusCode} ${ms.toFixed(1)} ms`);
  });
  next();
};

function apiRouter(ctx: Context, log: boolean): express.Router {
  const api = express.Router();
  api.use(noStore, noOptions, decodablePath, requireSameOriginJson, express.json({ limit: BODY_LIMIT }), loadSession(ctx.sessions));
  api.use('/auth', authRoutes(ctx));
  api.use(catalogueRoutes(ctx));
  api.use('/products', productRoutes(ctx));
  api.use('/users', requireUser, userRoutes(ctx));
  api.use('/cart', requireUser, cartRoutes(ctx));
  api.use('/orders', requireUser, orderRoutes(ctx));
  api.use(apiNotFound);
  api.use(errorHandler(log));
  return api;
}

export function createApp(options: AppOptions = {}): { app: Express; db: Store } {
  const now = options.now ?? Date.now;
  const dataFile = options.data ? undefined : path.resolve(options.dataFile ?? DEFAULT_DATA_FILE);
  const db = openStore({ data: options.data, dataFile, seedFile: options.seedFile ?? DEFAULT_SEED_FILE });
  const ctx: Context = {
    store: db,
    now,
    sessions: new Sessions(db, now, options.sessionTtlMs ?? SESSION_TTL_MS, options.maxSessionsPerUser),
    limiter: new LoginLimiter({ ...DEFAULT_LOGIN_LIMITS, ...options.loginLimits }, now),
    signups: new SignupLimiter(options.signupLimit ?? signupLimitFromEnv(), now),
    passwordCost: options.passwordCost ?? DEFAULT_COST,
  };

  const app = express();
  app.disable('x-powered-by');
  app.use(securityHeaders);
  app.use(compression());
  if (options.logger) app.use(requestLog);
  app.use(cookieParser(resolveSecret(options.secret, dataFile)));
  app.use('/api', apiRouter(ctx, options.logger ?? false));
  if (options.staticDir) {
    const signedIn = (req: express.Request) => {
      const id = sessionIdOf(req);
      return id !== undefined && ctx.sessions.find(id) !== undefined;
    };
    app.use(spa(options.staticDir, { signedIn }));
  }
  app.use((_req, res) => {
    res.status(404).type('text').send('Not found');
  });
  // Outside /api (static files): a short text answer, never Express's default stack trace page.
  app.use(((err, _req, res, next) => {
    if (res.headersSent) return next(err);
    const status = typeof err?.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : 500;
    if (status === 500 && options.logger) console.error(err);
    res.status(status).type('text').send(status === 500 ? 'Internal server error' : 'Bad request');
  }) as express.ErrorRequestHandler);
  return { app, db };
}
