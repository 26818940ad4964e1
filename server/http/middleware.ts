// Cross-cutting HTTP behaviour: security headers, no caching of API answers (but for a visitor's
// catalogue reads, briefly), same-origin JSON writes.
import type { Request, RequestHandler } from 'express';
import { HttpError } from './errors';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/** On every response, API and static alike. */
export const securityHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  res.setHeader('X-Frame-Options', 'DENY');
  next();
};

/** API answers are per user and change with every write: never cache them. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/**
 * A public catalogue read (products, categories, brands): answered alike to every visitor, so a
 * visitor's browser or a shared cache may keep it `seconds` (a change shows within that long);
 * signed in, the answer may differ (an admin sees more), so it is private and asked again every
 * time: its ETag (Express's, on every JSON answer) makes an unchanged answer a bodiless 304.
 */
export const publicRead =
  (seconds: number): RequestHandler =>
  (req, res, next) => {
    res.setHeader('Cache-Control', req.user ? 'private, no-cache' : `public, max-age=${seconds}`);
    res.vary('Cookie');
    next();
  };

/**
 * OPTIONS gets 204 with no body. The API is same-origin only (no CORS headers), so a cross-site
 * preflight is refused by the browser as before; this replaces Express's automatic answer, a
 * text/html list of the methods of whichever router matched first ("GET,HEAD" for /products,
 * which admins also POST to).
 */
export const noOptions: RequestHandler = (req, res, next) => {
  if (req.method !== 'OPTIONS') return next();
  res.status(204).end();
};

/**
 * A path that does not percent-decode is refused here (400): otherwise json-server's router
 * meets it first and answers 500 with its stack trace.
 */
export const decodablePath: RequestHandler = (req, _res, next) => {
  try {
    decodeURIComponent(req.path);
  } catch {
    return next(new HttpError(400, 'Malformed URL: the path is not valid percent-encoding'));
  }
  next();
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Where the request says it comes from, when the browser says so, is this site. */
function sameOrigin(req: Request): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return false;
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false; // "null" (a sandboxed page, a file) or garbage
  }
}

/**
 * Every state-changing call (anything but GET, HEAD and OPTIONS) must come from this site: no
 * Origin or Sec-Fetch-Site header naming another one (403). Every POST, and any request that
 * carries a body, must say Content-Type application/json (415 otherwise), body or not for a POST:
 * an HTML form can only GET or POST, and only urlencoded, multipart or text/plain, while a
 * cross-site script cannot send JSON, PUT, PATCH or DELETE without a CORS preflight, which this
 * API never grants; so neither a form on another page of this site nor another site can sign a
 * shopper out or change anything. A body-less PUT, PATCH or DELETE may leave the type out (as
 * standard clients such as react-admin's json-server data provider do for DELETE).
 */
export const requireSameOriginJson: RequestHandler = (req, _res, next) => {
  const safe = SAFE_METHODS.has(req.method);
  const body = hasBody(req);
  if (safe && !body) return next();
  // Not req.is(): it answers null for a request without a body.
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if ((body || req.method === 'POST') && type !== 'application/json') {
    return next(new HttpError(415, 'Request must be JSON (Content-Type: application/json): every POST, and any request with a body'));
  }
  if (!safe && !sameOrigin(req)) return next(new HttpError(403, 'Cross-site requests are not allowed'));
  next();
};

/**
 * requireSameOriginJson's rule for an upload (POST /api/admin/media): the same same-site check,
 * with a multipart/form-data body instead of JSON (415 otherwise). A form on another site could
 * post multipart, but the browser names that site in Origin or Sec-Fetch-Site (403).
 */
export const requireSameOriginUpload: RequestHandler = (req, _res, next) => {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'multipart/form-data') return next(new HttpError(415, 'An upload must be multipart/form-data (Content-Type: multipart/form-data)'));
  if (!sameOrigin(req)) return next(new HttpError(403, 'Cross-site requests are not allowed'));
  next();
};

/** 405 naming the refused method, with the Allow header of the resource. */
export function methodNotAllowed(allowed: readonly string[]): RequestHandler {
  return (req, res, next) => {
    res.setHeader('Allow', allowed.join(', '));
    next(new HttpError(405, `${req.method} is not allowed on ${req.baseUrl}${req.path}; allowed: ${allowed.join(', ')}`));
  };
}

/** Does the request carry a body (a non-zero length, or chunked)? */
export function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** How deeply a request's JSON may nest objects and arrays: `{"a": [1]}` is 2 levels. */
export const MAX_JSON_DEPTH = 64;

/** Whether `value` nests objects or arrays more than `max` levels deep; iterative, so any depth is measured safely. */
export function deeperThan(value: unknown, max: number): boolean {
  // Two stacks, not one of pairs: a 100 kB body can hold tens of thousands of empty arrays.
  const items: unknown[] = [value];
  const depths: number[] = [0];
  while (items.length > 0) {
    const item = items.pop();
    const depth = depths.pop()! + 1;
    if (typeof item !== 'object' || item === null) continue;
    if (depth > max) return true;
    const children = Array.isArray(item) ? item : Object.values(item);
    for (let i = 0; i < children.length; i++) {
      const child: unknown = children[i];
      if (typeof child === 'object' && child !== null) {
        items.push(child);
        depths.push(depth);
      }
    }
  }
  return false;
}

/**
 * A JSON body nested more than MAX_JSON_DEPTH levels deep is refused (400) right after it is
 * parsed, before any route reads it: code that walks a body recursively (an order's fingerprint,
 * a validator) would otherwise run out of stack on one a few thousand levels deep.
 */
export const shallowJson: RequestHandler = (req, _res, next) => {
  if (!deeperThan(req.body, MAX_JSON_DEPTH)) return next();
  next(new HttpError(400, `Request body must not nest objects and arrays more than ${MAX_JSON_DEPTH} levels deep`));
};

/** U+0000, or half of a surrogate pair: text that PostgreSQL's text and jsonb cannot hold. */
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The path (`addresses.0.street`) of the first string or key in `value` that holds UNSTORABLE text. */
function unstorableField(value: unknown): string | undefined {
  // Iterative: a 100 kB body can nest tens of thousands of levels deep.
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [item, path] = stack.pop()!;
    if (typeof item === 'string') {
      if (UNSTORABLE.test(item)) return path;
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Object.entries(item).reverse()) {
        const at = path ? `${path}.${key}` : key;
        if (UNSTORABLE.test(key)) return at;
        stack.push([child, at]);
      }
    }
  }
  return undefined;
}

/**
 * Every string of a request's query and JSON body (keys too) is text PostgreSQL can store: no
 * NUL character and no unpaired surrogate (400 naming the field), which it would refuse with a 500.
 */
export const storableText: RequestHandler = (req, _res, next) => {
  const field = unstorableField(req.query) ?? unstorableField(req.body);
  if (field === undefined) return next();
  next(new HttpError(400, 'Invalid text', { [field]: `${field} must not contain a NUL character or an unpaired surrogate` }));
};

type Handler = Parameters<RequestHandler>;

/** Lets an async handler's rejection reach the error handler (Express 4 does not). */
export function asyncRoute(fn: (...args: Handler) => Promise<unknown>): RequestHandler {
  return (req, res, next) => {
    fn(req, res, next).catch(next);
  };
}
