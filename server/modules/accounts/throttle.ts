// Login throttling, so passwords cannot be guessed at speed and no one can lock another person out:
//  - one client address gets 429 for an email after `perEmail` failed logins for it within
//    `windowMs` (the owner, elsewhere, can still sign in: a stranger who knows an email cannot
//    keep its owner out from one machine);
//  - an email gets 429 from every address after `perEmailTotal` failures for it in the window,
//    which bounds guessing spread over many addresses (locking an owner out takes
//    `perEmailTotal / perEmail` addresses);
//  - one client address gets 429 after `perIp` failures in the window, whatever emails it tries.
// Other accounts are never affected by an email's failures.
// Sign-ups are counted per client address too (SignupLimiter): at most `SIGNUP_LIMIT_PER_HOUR`
// accounts an hour from one address (default 200, so a family or an office behind one router
// is never refused), which stops one client from creating accounts, and their data, at speed.
// Two-factor codes are counted per account (CodeLimiter): after `CODE_LIMIT` wrong codes in
// `CODE_WINDOW_MS` the account's code checks answer 429 until the oldest of them leaves the window
// (15 minutes after a burst); a right code clears the count.
// The counters are the store's (Store.throttle), so every server instance of one store shares them.
import type { AccountStore } from '../../db/port';

export interface LoginLimits {
  /** Failures for one email from one client address. */
  perEmail: number;
  /** Failures for one email from all addresses together. */
  perEmailTotal: number;
  /** Failures from one client address, whatever the email. */
  perIp: number;
  windowMs: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  perEmail: 5,
  perEmailTotal: 100,
  perIp: 50,
  windowMs: 15 * 60 * 1000,
};

/** Counter buckets in the store. */
const BUCKETS = { pair: 'login-pair', email: 'login-email', ip: 'login-ip', signup: 'signup-ip', code: 'two-factor' } as const;

/** Seconds until an event at `t` leaves a window of `windowMs` (at least 1). */
const secondsUntil = (t: number, windowMs: number, now: number) => Math.max(1, Math.ceil((t + windowMs - now) / 1000));

export class LoginLimiter {
  constructor(
    private readonly store: AccountStore,
    private readonly limits: LoginLimits,
    private readonly now: () => number,
  ) {}

  /**
   * Counts a sign-in attempt up front (before the slow password check, so parallel guesses
   * cannot outrun the limit) unless one of its counters is full: then nothing is counted and
   * the answer is the seconds to wait; 0 when the attempt may go ahead.
   */
  async attempt(email: string, ip: string): Promise<number> {
    const now = this.now();
    const { perEmail, perEmailTotal, perIp, windowMs } = this.limits;
    const full = await this.store.throttle(
      [
        { bucket: BUCKETS.pair, key: pair(email, ip), max: perEmail },
        { bucket: BUCKETS.email, key: email, max: perEmailTotal },
        { bucket: BUCKETS.ip, key: ip, max: perIp },
      ],
      now,
      now - windowMs,
    );
    return full === undefined ? 0 : secondsUntil(full, windowMs, now);
  }

  /**
   * The attempt counted up front succeeded: clear this address's count for the email; for the
   * email as a whole and for the address only un-count this attempt (a success must not wipe
   * failures that others may have made).
   */
  async succeeded(email: string, ip: string): Promise<void> {
    await this.store.clearThrottle(BUCKETS.pair, pair(email, ip));
    await this.store.forgetLastThrottleEvent(BUCKETS.email, email);
    await this.store.forgetLastThrottleEvent(BUCKETS.ip, ip);
  }
}

// A validated email has no spaces, so this cannot collide.
const pair = (email: string, ip: string) => `${ip} ${email}`;

export const SIGNUP_WINDOW_MS = 60 * 60 * 1000;
export const DEFAULT_SIGNUP_LIMIT = 200;
export const SIGNUP_LIMIT_ENV = 'SIGNUP_LIMIT_PER_HOUR';

/** The sign-up limit from $SIGNUP_LIMIT_PER_HOUR (a positive whole number), else the default. */
export function signupLimitFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const value = env[SIGNUP_LIMIT_ENV];
  if (value === undefined || value === '') return DEFAULT_SIGNUP_LIMIT;
  if (!/^[1-9]\d{0,8}$/.test(value)) throw new Error(`${SIGNUP_LIMIT_ENV} must be a positive whole number, not "${value}"`);
  return Number(value);
}

export class SignupLimiter {
  constructor(
    private readonly store: AccountStore,
    private readonly perHour: number,
    private readonly now: () => number,
  ) {}

  /**
   * Counts a sign-up from `ip` (up front, before the slow hash, so a burst cannot outrun the
   * limit) unless the address is at its limit: then the seconds to wait; 0 when it may go ahead.
   */
  async attempt(ip: string): Promise<number> {
    const now = this.now();
    const full = await this.store.throttle([{ bucket: BUCKETS.signup, key: ip, max: this.perHour }], now, now - SIGNUP_WINDOW_MS);
    return full === undefined ? 0 : secondsUntil(full, SIGNUP_WINDOW_MS, now);
  }

  /** The attempt created nothing (e.g. the email was taken meanwhile): it does not count. */
  undo(ip: string): Promise<void> {
    return this.store.forgetLastThrottleEvent(BUCKETS.signup, ip);
  }
}

export const CODE_LIMIT = 5;
export const CODE_WINDOW_MS = 15 * 60 * 1000;

export class CodeLimiter {
  constructor(
    private readonly store: AccountStore,
    private readonly now: () => number,
  ) {}

  /** Counts a code check of account `user` up front; the seconds to wait when it has had too many wrong ones, else 0. */
  async attempt(user: number): Promise<number> {
    const now = this.now();
    const full = await this.store.throttle([{ bucket: BUCKETS.code, key: String(user), max: CODE_LIMIT }], now, now - CODE_WINDOW_MS);
    return full === undefined ? 0 : secondsUntil(full, CODE_WINDOW_MS, now);
  }

  /** A right code: the account's count starts again. */
  succeeded(user: number): Promise<void> {
    return this.store.clearThrottle(BUCKETS.code, String(user));
  }
}
