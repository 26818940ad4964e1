// Login throttling: after `perEmail` failed logins for one email within `windowMs`, further
// attempts for that email get 429 (other accounts are unaffected); one client address gets
// 429 after `perIp` failures in the window, whatever emails it tries.

export interface LoginLimits {
  perEmail: number;
  perIp: number;
  windowMs: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  perEmail: 5,
  perIp: 50,
  windowMs: 15 * 60 * 1000,
};

const SWEEP_ABOVE = 10_000;

class FailureLog {
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
  private readonly byEmail: FailureLog;
  private readonly byIp: FailureLog;

  constructor(
    private readonly limits: LoginLimits,
    now: () => number,
  ) {
    this.byEmail = new FailureLog(limits.windowMs, now);
    this.byIp = new FailureLog(limits.windowMs, now);
  }

  /** Seconds to wait before trying again, or 0 when the attempt may go ahead. */
  blocked(email: string, ip: string): number {
    return Math.max(
      this.byEmail.retryAfter(email, this.limits.perEmail),
      this.byIp.retryAfter(ip, this.limits.perIp),
    );
  }

  failed(email: string, ip: string): void {
    this.byEmail.add(email);
    this.byIp.add(ip);
  }

  /**
   * The attempt counted up front succeeded: clear the email's count; for the address only
   * un-count this attempt (a success must not wipe its earlier failures).
   */
  succeeded(email: string, ip: string): void {
    this.byEmail.clear(email);
    this.byIp.removeLast(ip);
  }
}
