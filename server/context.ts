// What every route module gets from createApp.
import type { Sessions } from './auth';
import type { Store } from './db';
import type { LoginLimiter, SignupLimiter } from './rateLimit';

export interface Context {
  store: Store;
  sessions: Sessions;
  limiter: LoginLimiter;
  signups: SignupLimiter;
  now: () => number;
  /** scrypt cost for new password hashes (tests use a cheap one). */
  passwordCost: number;
}
