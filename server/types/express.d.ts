// What the session middleware attaches to a request (server/http/session.ts).
import 'express-serve-static-core';
import type { StoredUser } from '../db/port';

declare module 'express-serve-static-core' {
  interface Request {
    /** The signed-in user (stored record, with the hash: never send it as is). */
    user?: StoredUser;
    /** The raw session id from the signed cookie, when the session is valid. */
    sessionId?: string;
    /** The request's id (X-Request-Id; server/modules/operations/logging.ts). */
    requestId?: string;
  }
}
