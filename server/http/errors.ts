// Every error the API sends is JSON { message, errors? } with the right status.
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ApiErrorBody, ApiErrorFlags } from '../../src/domain/types';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
    /** Response headers that go with it (e.g. Retry-After). */
    readonly headers?: Record<string, string>,
    /** What the client must do next, in the body (e.g. `twoFactorRequired`). */
    readonly flags?: ApiErrorFlags,
  ) {
    super(message);
  }
}

/**
 * The store's database cannot be reached (down, restarting, out of connections). Whatever was
 * not committed was rolled back; a change whose commit was cut off may or may not have been made.
 */
export class StoreUnavailableError extends Error {
  constructor(readonly cause: unknown) {
    super('The database cannot be reached');
  }
}

/**
 * Errors meaning "the database cannot be reached now" (StoreUnavailableError included), as
 * opposed to a bug or a refused statement: the connection refused, reset or cut (the server
 * stopped or restarted), or PostgreSQL's own codes for a lost connection (class 08), too many
 * connections (53300) and a server shutting down or starting up (57P01–57P03).
 */
export function isUnreachable(error: unknown): boolean {
  if (error instanceof StoreUnavailableError) return true;
  const e = error as { code?: unknown; message?: unknown };
  if (typeof e !== 'object' || e === null) return false;
  const code = typeof e.code === 'string' ? e.code : '';
  if (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EHOSTUNREACH|EAI_AGAIN)$/.test(code)) return true;
  if (/^(08...|53300|57P0[1-3])$/.test(code)) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  // node-postgres's own words for a connection that ended, never opened in time, or failed before.
  if (/Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(message)) return true;
  // Several addresses tried (localhost: ::1 and 127.0.0.1), all refused.
  if (error instanceof AggregateError) return error.errors.some(isUnreachable);
  return false;
}

export const STORE_UNAVAILABLE =
  'The shop cannot reach its database right now. Try again in a moment; if you were saving a change, reload first to see whether it was saved.';

export const badRequest = (message: string, errors?: Record<string, string>) =>
  new HttpError(400, message, errors);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const forbidden = (message = 'Not allowed') => new HttpError(403, message);
export const conflict = (message: string) => new HttpError(409, message);

/** 400 with per-field messages when `errors` has any entry. */
export function assertValid(errors: Record<string, string | undefined>, message = 'Invalid input'): void {
  const clean: Record<string, string> = {};
  for (const [key, value] of Object.entries(errors)) if (value) clean[key] = value;
  if (Object.keys(clean).length > 0) throw badRequest(message, clean);
}

/** Unknown route under /api. */
export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ message: `No such API route: ${req.method} ${req.baseUrl}${req.path}` });
};

// Messages for body-parser's error types; everything else 4xx keeps its own message.
const BODY_ERRORS: Record<string, string> = {
  'entity.parse.failed': 'Malformed JSON body',
  'entity.too.large': 'Request body is too large',
  'encoding.unsupported': 'Unsupported content encoding',
  'charset.unsupported': 'Unsupported charset',
  'request.aborted': 'Request aborted',
  'entity.verify.failed': 'Invalid request body',
};

/** Where the API's unexpected errors go (the request's logger, server/modules/operations/logging.ts); false: nowhere. */
export type ErrorLog = (message: string, error?: unknown) => void;

export function errorHandler(log: ErrorLog | false): ErrorRequestHandler {
  return (err, _req, res, next) => {
    if (res.headersSent) return next(err);
    let status = 500;
    let body: ApiErrorBody = { message: 'Internal server error' };
    if (err instanceof HttpError) {
      status = err.status;
      if (err.headers) res.set(err.headers);
      body = err.errors ? { message: err.message, errors: err.errors } : { message: err.message };
      if (err.flags) Object.assign(body, err.flags);
    } else if (typeof err?.status === 'number' && err.status >= 400 && err.status < 500) {
      status = err.status;
      body = { message: BODY_ERRORS[err.type as string] ?? 'Bad request' };
      // The limit of the route's parser: 100 kB, the product import's more.
      if (err.type === 'entity.too.large' && typeof err.limit === 'number') body.message += ` (limit ${Math.round(err.limit / 1024)} kB)`;
    } else if (isUnreachable(err)) {
      // Whatever reached the database without the store's wrapping (StoreUnavailableError) is
      // told the same way: the client may try again in a moment.
      status = 503;
      res.set('Retry-After', '5');
      body = { message: STORE_UNAVAILABLE };
      if (log) log(`database unreachable: ${describeCause(err instanceof StoreUnavailableError ? err.cause : err)}`);
    } else if (log) {
      log('unexpected error', err);
    }
    res.status(status).json(body);
  };
}

/** One line for the log: an outage answers every request alike, and its stack says nothing new. */
function describeCause(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown };
  const message = typeof e?.message === 'string' && e.message ? e.message : String(error);
  return typeof e?.code === 'string' ? `${e.code} ${message}` : message;
}
