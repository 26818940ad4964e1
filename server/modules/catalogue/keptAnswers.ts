// The catalogue's public reads answered from memory (answerCache.ts: the embedded driver only).
// A route makes its answer with keptRead, which sends it as res.json would and keeps it under
// the request's URL. The same URL asked again gets the kept answer without the rest of the API's
// work (body checks, routing, the route's reads): from `keptAnswers`, first of the API's
// middleware, or, for a plain GET whose answer the compression middleware would send as it is,
// from `keptAnswerFront` before Express's own work (server/app.ts). The caller sees the same
// answer either way: the same body and ETag (304 to a matching If-None-Match), Cache-Control and
// Vary as publicRead and the compression middleware set them for a visitor or a signed-in caller,
// the same headers of the list; the request log and metrics name the same route.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { asyncRoute, hasBody } from '../../http/middleware';
import { can, servedAsStaff } from '../../http/permissions';
import { sessionIdOf } from '../../http/session';
import type { Services } from '..';
import type { AnswerCache, KeptAnswer } from './answerCache';

/** The headers a catalogue route may set beside the body, in the order the routes set them. */
const ANSWER_HEADERS = ['X-Search-Corrected', 'X-Total-Count', 'X-Total-Count-Estimated', 'Link'];

/** Sends `answer` as res.send sends a JSON body: its ETag, 304 when the request holds it, no body to HEAD. */
function sendKept(res: Response, answer: KeptAnswer): void {
  for (const [name, value] of answer.headers) res.setHeader(name, value);
  if (!res.get('Content-Type')) res.set('Content-Type', 'application/json');
  if (answer.etag !== undefined) res.setHeader('ETag', answer.etag);
  res.send(answer.body);
}

/** The answer `value` as res.json would send it, with the headers the route set on `res`. */
function answerOf(req: Request, res: Response, value: unknown, maxAge: number, staffDiffers: boolean): KeptAnswer {
  // res.json's body: the app sets no `json replacer`, `json spaces` or `json escape`.
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  const etagOf = req.app.get('etag fn') as ((body: Buffer, encoding?: string) => string | undefined) | undefined;
  const headers: [string, string][] = [];
  for (const name of ANSWER_HEADERS) {
    const header = res.getHeader(name);
    if (header !== undefined) headers.push([name, String(header)]);
  }
  return { body, etag: etagOf?.(body), headers, maxAge, route: req.route, baseUrl: req.baseUrl, staffDiffers };
}

export interface KeptReadOptions {
  /** Cache-Control max-age for a visitor (publicRead's). */
  maxAge: number;
  /** The answer differs for the catalogue's staff: theirs is neither kept nor given a kept one. */
  staffDiffers?: boolean;
}

/**
 * A public catalogue read's handler (after publicRead): `make` sets the answer's other headers
 * on `res` and gives its body's value, which is sent and kept (when nothing changed meanwhile).
 */
export function keptRead(answers: AnswerCache, { maxAge, staffDiffers = false }: KeptReadOptions, make: (req: Request, res: Response) => Promise<unknown>): RequestHandler {
  return asyncRoute(async (req, res) => {
    const count = await answers.countNow();
    const answer = answerOf(req, res, await make(req, res), maxAge, staffDiffers);
    sendKept(res, answer);
    // Not keeping it only costs the next request the reads: a failure here is not the caller's.
    if (!(staffDiffers && servedAsStaff(req, 'catalogue'))) await answers.keep(req.originalUrl, answer, count).catch(() => undefined);
  });
}

/**
 * First of the API's middleware: a GET without a body whose URL has a kept answer gets it, with
 * the headers the API's middleware and publicRead would have set; anything else goes on.
 */
export function keptAnswers({ catalogue, sessions }: Pick<Services, 'catalogue' | 'sessions'>): RequestHandler {
  const answers = catalogue.answers;
  return (req, res, next) => {
    if (req.method !== 'GET' || hasBody(req) || !answers.peek(req.originalUrl)) return next();
    void (async () => {
      const answer = await answers.get(req.originalUrl);
      if (!answer) return next();
      const sessionId = sessionIdOf(req);
      const role = sessionId === undefined ? undefined : await sessions.roleOf(sessionId);
      if (answer.staffDiffers && role && can(role, 'catalogue')) return next();
      // The API's noStore, then publicRead's.
      res.setHeader('Cache-Control', role ? 'private, no-cache' : `public, max-age=${answer.maxAge}`);
      res.vary('Cookie');
      // As Express's router names the route that answers (the request log, metrics).
      req.route = answer.route;
      sendKept(res, answer);
      answers.sent();
    })().catch(next);
  };
}

/** The compression middleware's threshold: a smaller body is sent as it is. */
const COMPRESSION_THRESHOLD = 1024;

export interface FrontOptions {
  /** The app's cookie parser (req.signedCookies). */
  cookies: RequestHandler;
  /** What the app does first to every request: the request log's id, timing and line; the security headers. */
  begin: (req: Request, res: Response) => void;
}

/**
 * A kept answer sent before Express's own work on the request, when the answer Express would give
 * is certain: a plain GET (no body, no If-None-Match or If-Modified-Since) whose answer the
 * compression middleware would send as it is (no Accept-Encoding, or a body under its threshold).
 * Undefined (at once, for any other request) or false: Express is to handle it.
 */
export function keptAnswerFront({ catalogue, sessions }: Pick<Services, 'catalogue' | 'sessions'>, { cookies, begin }: FrontOptions) {
  const answers = catalogue.answers;
  return (raw: IncomingMessage, response: ServerResponse): Promise<boolean> | undefined => {
    const req = raw as Request;
    const url = req.url;
    if (req.method !== 'GET' || hasBody(req) || req.headers['if-none-match'] !== undefined || req.headers['if-modified-since'] !== undefined) return undefined;
    const kept = answers.peek(url);
    if (!kept || (kept.body.length >= COMPRESSION_THRESHOLD && req.headers['accept-encoding'])) return undefined;
    return (async () => {
      const answer = await answers.get(url);
      if (answer !== kept) return false;
      cookies(req, response as Response, () => {});
      const sessionId = sessionIdOf(req);
      const role = sessionId === undefined ? undefined : await sessions.roleOf(sessionId);
      if (answer.staffDiffers && role && can(role, 'catalogue')) return false;
      const res = response as Response;
      begin(req, res);
      // The request log's route, as Express's router names it.
      req.baseUrl = answer.baseUrl;
      req.route = answer.route;
      // What publicRead, the compression middleware (which varies on Accept-Encoding), res.json and res.send set.
      res.setHeader('Cache-Control', role ? 'private, no-cache' : `public, max-age=${answer.maxAge}`);
      res.setHeader('Vary', 'Cookie, Accept-Encoding');
      for (const [name, value] of answer.headers) res.setHeader(name, value);
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.setHeader('Content-Length', String(answer.body.length));
      if (answer.etag !== undefined) res.setHeader('ETag', answer.etag);
      res.statusCode = 200;
      res.end(answer.body);
      answers.sent();
      return true;
    })();
  };
}
