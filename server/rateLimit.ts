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

const SWEEP_ABOVE = 10_000;

class FailureLog {
  // Timestamps of recent events per key, dropped once they leave the window.
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const list = (this.failures.get(key) ?? []).filter((t) => t > since);
    if (list.length === 0) this.failures.delete(key);
    else this.failures.set(key, list);
    return list;
  }

  /** Seconds until the oldest counted failure leaves the window, when `key` is at `max`. */
  retryAfter(key: string, max: number): number {
    const list = this.recent(key);
    if (list.length < max) return 0;
    return Math.max(1, Math.ceil((list[list.length - max] + this.windowMs - this.now()) / 1000));
  }

  add(key: string): void {
    if (this.failures.size > SWEEP_ABOVE) for (const k of [...this.failures.keys()]) this.recent(k);
    const list = this.recent(key);
    list.push(this.now());
    this.failures.set(key, list);
  }

  clear(key: string): void {
    this.failures.delete(key);
  }

  /** Forgets the latest entry (an attempt counted up front that turned out to succeed). */
  removeLast(key: string): void {
    const list = this.failures.get(key);
    if (!list) return;
    list.pop();
    if (list.length === 0) this.failures.delete(key);
  }
}

export class LoginLimiter {
  /** Keyed by client address and email. */
  private readonly byPair: FailureLog;
  private readonly byEmail: FailureLog;
  private readonly byIp: FailureLog;

  constructor(
    private readonly limits: LoginLimits,
    now: () => number,
  ) {
    this.byPair = new FailureLog(limits.windowMs, now);
    this.byEmail = new FailureLog(limits.windowMs, now);
    this.byIp = new FailureLog(limits.windowMs, now);
  }

  /** Seconds to wait before trying again, or 0 when the attempt may go ahead. */
  blocked(email: string, ip: string): number {
    return Math.max(
      this.byPair.retryAfter(pair(email, ip), this.limits.perEmail),
      this.byEmail.retryAfter(email, this.limits.perEmailTotal),
      this.byIp.retryAfter(ip, this.limits.perIp),
    );
  }

  failed(email: string, ip: string): void {
    this.byPair.add(pair(email, ip));
    this.byEmail.add(email);
    this.byIp.add(ip);
  }

  /**
   * The attempt counted up front succeeded: clear this address's count for the email; for the
   * email as a whole and for the address only un-count this attempt (a success must not wipe
   * failures that others may have made).
   */
  succeeded(email: string, ip: string): void {
    this.byPair.clear(pair(email, ip));
    this.byEmail.removeLast(email);
    this.byIp.removeLast(ip);
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
  private readonly log: FailureLog;

  constructor(
    private readonly perHour: number,
    now: () => number,
  ) {
    this.log = new FailureLog(SIGNUP_WINDOW_MS, now);
  }

  /** Seconds until `ip` may sign up again, or 0. */
  blocked(ip: string): number {
    return this.log.retryAfter(ip, this.perHour);
  }

  /** Counts an attempt (up front, before the slow hash, so a burst cannot outrun the limit). */
  attempted(ip: string): void {
    this.log.add(ip);
  }

  /** The attempt created nothing (e.g. the email was taken meanwhile): it does not count. */
  undo(ip: string): void {
    this.log.removeLast(ip);
  }
}
