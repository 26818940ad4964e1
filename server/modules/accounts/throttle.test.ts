import { describe, expect, it } from 'vitest';
import { embeddedShopStore } from '../../../tests/pg/embeddedShop';
import { makeData } from '../../../tests/api/fixtures';
import { LoginLimiter } from './throttle';

const MINUTE = 60_000;

function limiter(limits: Partial<ConstructorParameters<typeof LoginLimiter>[1]> = {}) {
  let t = 1_000_000;
  const store = embeddedShopStore(makeData());
  const l = new LoginLimiter(store, { perEmail: 3, perEmailTotal: 5, perIp: 10, windowMs: 15 * MINUTE, ...limits }, () => t);
  /** Counts `n` failed attempts, each let through, as the login route does. */
  const fail = async (email: string, ip: string, n = 1) => {
    for (let i = 0; i < n; i++) expect(await l.attempt(email, ip)).toBe(0);
  };
  /** Seconds to wait before an attempt, or 0 (an attempt let through is counted). */
  const blocked = (email: string, ip: string) => l.attempt(email, ip);
  return { l, fail, blocked, advance: (ms: number) => (t += ms) };
}

describe('LoginLimiter', () => {
  it('refuses an email from the address that failed, not from another', async () => {
    const { fail, blocked } = limiter();
    await fail('owner@shop.test', 'stranger', 3);
    expect(await blocked('owner@shop.test', 'stranger')).toBe(15 * 60);
    expect(await blocked('owner@shop.test', 'owner')).toBe(0);
    expect(await blocked('other@shop.test', 'stranger')).toBe(0);
  });

  it('refuses an email everywhere once all addresses together reach the ceiling', async () => {
    const { fail, blocked, advance } = limiter();
    await fail('owner@shop.test', 'a', 3);
    advance(5 * MINUTE);
    await fail('owner@shop.test', 'b', 2);
    expect(await blocked('owner@shop.test', 'c')).toBe(10 * 60);
    expect(await blocked('other@shop.test', 'c')).toBe(0);
    // The oldest failures leave the window first.
    advance(10 * MINUTE + 1);
    expect(await blocked('owner@shop.test', 'c')).toBe(0);
    expect(await blocked('owner@shop.test', 'b')).toBe(0);
  });

  it('refuses an address that fails across many emails', async () => {
    const { fail, blocked } = limiter({ perIp: 4 });
    for (const email of ['a@x.io', 'b@x.io', 'c@x.io', 'd@x.io']) await fail(email, 'bot');
    expect(await blocked('e@x.io', 'bot')).toBeGreaterThan(0);
    expect(await blocked('e@x.io', 'person')).toBe(0);
  });

  it('a success clears its own address’s count for the email, but not what others failed', async () => {
    const { l, fail, blocked } = limiter({ perEmailTotal: 7 });
    await fail('owner@shop.test', 'stranger', 2);
    await fail('owner@shop.test', 'owner', 2);
    await fail('owner@shop.test', 'owner'); // counted up front, then the password was right
    await l.succeeded('owner@shop.test', 'owner');
    // Two more from the owner's address would be its 3rd and 4th had the success not cleared them.
    await fail('owner@shop.test', 'owner', 2);
    // The stranger's third: that address is refused, and with 7 failures in all, so is everyone.
    await fail('owner@shop.test', 'stranger');
    expect(await blocked('owner@shop.test', 'stranger')).toBeGreaterThan(0);
    expect(await blocked('owner@shop.test', 'third')).toBeGreaterThan(0);
  });

  it('a refused attempt is not counted', async () => {
    const { fail, blocked, advance } = limiter();
    await fail('owner@shop.test', 'stranger', 3);
    for (let i = 0; i < 5; i++) expect(await blocked('owner@shop.test', 'stranger')).toBeGreaterThan(0);
    advance(15 * MINUTE);
    expect(await blocked('owner@shop.test', 'stranger')).toBe(0);
  });
});
