// Logs: one JSON line (pino) per request and per notable event, each with the request's id.
// A request's id is the X-Request-Id it came with, when that is a plain token (1 to 128 of
// A-Z a-z 0-9 . _ -), else a new UUID; it is answered in the X-Request-Id header and is on every
// line the request causes (the request's logger, kept in an AsyncLocalStorage of the app's own).
// Bodies are never logged; headers that carry secrets and any field named like a secret are
// redacted (REDACT) should a line ever include them.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { pino, type DestinationStream, type Logger } from 'pino';
import { routeOf, routePath } from './routeOf';

export type { Logger };

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Paths pino censors in any line (a header object logged, a field named like a secret). */
export const REDACT = [
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
  '*.headers.cookie',
  '*.headers.authorization',
  '*.headers["set-cookie"]',
  ...['password', 'currentPassword', 'newPassword', 'confirmPassword', 'token', 'sessionId', 'card', 'cvc', 'body'].flatMap((key) => [key, `*.${key}`]),
];

/** A pino logger at `level` (default $LOG_LEVEL, else info) writing to `stream` (default stdout). */
export function createLogger(options: { level?: string; stream?: DestinationStream } = {}): Logger {
  const level = (options.level ?? process.env.LOG_LEVEL ?? 'info').trim().toLowerCase() || 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(level)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${level}"`);
  return pino({ level, redact: { paths: REDACT, censor: '[redacted]' }, timestamp: pino.stdTimeFunctions.isoTime }, options.stream);
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** The id of a request: its X-Request-Id when that is a plain token of at most 128 characters, else a new one. */
export function requestIdOf(header: string | undefined): string {
  return header !== undefined && REQUEST_ID.test(header) ? header : randomUUID();
}

/**
 * The route pattern that answers a request (`/api/products/:id`), learned as Express's router
 * assigns req.route (the mount path is req.baseUrl at that moment); `unmatched` when none did.
 */
function routeTracker(req: Request): () => string {
  let route: { path?: unknown } | undefined;
  let pattern: string | undefined;
  Object.defineProperty(req, 'route', {
    configurable: true,
    enumerable: true,
    get: () => route,
    set(value: { path?: unknown } | undefined) {
      route = value;
      const path = routePath(value?.path);
      pattern = req.baseUrl && path === '/' ? req.baseUrl : `${req.baseUrl}${path}`;
    },
  });
  return () => pattern ?? 'unmatched';
}

/** What a finished request tells the metrics. */
export type Finished = (request: { method: string; route: string; status: number; seconds: number }) => void;

/** Request ids, the request log and the request's logger for the lines it causes. */
export class RequestLog {
  private readonly context = new AsyncLocalStorage<Logger>();

  constructor(
    /** undefined: no lines (tests by default); ids are still given and echoed. */
    private readonly logger: Logger | undefined,
    private readonly finished: Finished,
  ) {}

  /** The logger of the request in progress (its id on each line), else the app's; undefined when logging is off. */
  current(): Logger | undefined {
    return this.context.getStore() ?? this.logger;
  }

  /** First on every request: its id (req.requestId, the X-Request-Id response header), its timing and its line. */
  readonly start: RequestHandler = (req, res, next) => {
    const child = this.begin(req, res);
    if (child) this.context.run(child, next);
    else next();
  };

  /**
   * start's work, for a request answered before Express's (a kept catalogue answer, server/app.ts):
   * its id, its timing and its line; the request's logger (undefined when logging is off).
   */
  begin(req: Request, res: Response): Logger | undefined {
    const started = process.hrtime.bigint();
    const sent = req.headers['x-request-id'];
    const id = requestIdOf(typeof sent === 'string' ? sent : undefined);
    req.requestId = id;
    res.setHeader('X-Request-Id', id);
    const route = routeTracker(req);
    res.once('close', () => this.end(req, res, route(), started));
    return this.logger?.child({ reqId: id });
  }

  /** After a body parser: its callback runs outside the request's context, so the rest of the request is put back in it. */
  readonly rebind: RequestHandler = (req, _res, next) => {
    const child = this.logger && req.requestId ? this.logger.child({ reqId: req.requestId }) : undefined;
    if (child) this.context.run(child, next);
    else next();
  };

  private end(req: Request, res: Response, answered: string, started: bigint): void {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const status = res.statusCode;
    // Refused before its route ran (not a 404): the route it was meant for.
    const route = answered === 'unmatched' && status !== 404 ? (routeOf(req.app, req) ?? answered) : answered;
    this.finished({ method: req.method, route, status, seconds });
    if (!this.logger) return;
    const line = { reqId: req.requestId, method: req.method, route, status, ms: Math.round(seconds * 10_000) / 10, ...(res.writableFinished ? {} : { aborted: true }) };
    if (status >= 500) this.logger.error(line, 'request');
    else this.logger.info(line, 'request');
  }
}
