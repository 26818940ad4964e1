import { describe, expect, it } from 'vitest';
import { LoginLimiter } from './rateLimit';

const MINUTE = 60_000;

function limiter(limits: Partial<ConstructorParameters<typeof LoginLimiter>[0]> = {}) {
  let t = 1_000_000;
  const l = new LoginLimiter({ perEmail: 3, perEmailTotal: 5, perIp: 10, windowMs: 15 * MINUTE, ...limits }, () => t);
  /** Counts `n` failed attempts, each only if it was let through, as the login route does. */
  const fail = (email: string, ip: string, n = 1) => {
    for (let i = 0; i < n; i++) {
      expect(l.blocked(email, ip)).toBe(0);
      l.failed(email, ip);
    }
  };
  return { l, fail, advance: (ms: number) => (t += ms) };
}

describe('LoginLimiter', () => {
  it('refuses an email from the address that failed, not from another', () => {
    const { l, fail } = limiter();
    fail('owner@shop.test', 'stranger', 3);
    expect(l.blocked('owner@shop.test', 'stranger')).toBe(15 * 60);
    expect(l.blocked('owner@shop.test', 'owner')).toBe(0);
    expect(l.blocked('other@shop.test', 'stranger')).toBe(0);
  });

  it('refuses an email everywhere once all addresses together reach the ceiling', () => {
    const { l, fail, advance } = limiter();
    fail('owner@shop.test', 'a', 3);
    advance(5 * MINUTE);
    fail('owner@shop.test', 'b', 2);
    expect(l.blocked('owner@shop.test', 'c')).toBe(10 * 60);
    expect(l.blocked('other@shop.test', 'c')).toBe(0);
    // The oldest failures leave the window first.
    advance(10 * MINUTE + 1);
    expect(l.blocked('owner@shop.test', 'c')).toBe(0);
    expect(l.blocked('owner@shop.test', 'b')).toBe(0);
  });

  it('refuses an address that fails across many emails', () => {
    const { l, fail } = limiter({ perIp: 4 });
    for (const email of ['a@x.io', 'b@x.io', 'c@x.io', 'd@x.io']) fail(email, 'bot');
    expect(l.blocked('e@x.io', 'bot')).toBeGreaterThan(0);
    expect(l.blocked('e@x.io', 'person')).toBe(0);
  });

  it('a success clears its own address’s count for the email, but not what others failed', () => {
    const { l, fail } = limiter({ perEmailTotal: 7 });
    fail('owner@shop.test', 'stranger', 2);
    fail('owner@shop.test', 'owner', 2);
    l.failed('owner@shop.test', 'owner'); // counted up front, then the password was right
    l.succeeded('owner@shop.test', 'owner');
    // Two more from the owner's address would be its 3rd and 4th had the success not cleared them.
    fail('owner@shop.test', 'owner', 2);
    expect(l.blocked('owner@shop.test', 'owner')).toBe(0);
    // The stranger's third: that address is refused, and with 7 failures in all, so is everyone.
    fail('owner@shop.test', 'stranger');
    expect(l.blocked('owner@shop.test', 'stranger')).toBeGreaterThan(0);
    expect(l.blocked('owner@shop.test', 'third')).toBeGreaterThan(0);
  });
});
