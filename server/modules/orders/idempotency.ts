// Idempotency-Key: a retry of POST /orders (after a lost answer or a crash) gets the order the
// key first placed, without ordering or taking stock again; the same key with a different body is
// refused (422). A key is kept with a SHA-256 fingerprint of its request, for IDEMPOTENCY_TTL_MS.
import { createHash } from 'node:crypto';
import { badRequest, HttpError } from '../../http/errors';

/** How long an Idempotency-Key keeps answering with its order. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

export const KEY_REUSED =
  'This Idempotency-Key was already used for a different order. Send a new key for a new order, or the same order again to get the one it placed.';

/**
 * What identifies a request to place an order: SHA-256 of its body as canonical JSON (object keys
 * sorted at every depth), so a retry is the same request whatever order its client writes keys in.
 */
export function requestFingerprint(body: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical((value as Record<string, unknown>)[k])]));
    }
    return value;
  };
  return createHash('sha256').update(JSON.stringify(canonical(body ?? null))).digest('hex');
}

/**
 * The body an Idempotency-Key's fingerprint is taken of: a card only by its last four digits and
 * expiry (a full card number is never hashed nor stored).
 */
export function fingerprintBody(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || !('card' in input)) return input;
  const { card, ...rest } = input as Record<string, unknown>;
  const c = (typeof card === 'object' && card !== null ? card : {}) as Record<string, unknown>;
  const digits = typeof c.number === 'string' ? c.number.replace(/\D/g, '') : '';
  return { ...rest, card: { last4: digits.slice(-4), expMonth: c.expMonth ?? null, expYear: c.expYear ?? null } };
}

/** An Idempotency-Key: absent, or 1–255 visible ASCII characters (400 otherwise). */
export function readKey(key: string | undefined): string | undefined {
  if (key === undefined) return undefined;
  if (!KEY_FORMAT.test(key)) {
    throw badRequest(`Invalid ${IDEMPOTENCY_HEADER}`, {
      [IDEMPOTENCY_HEADER]: `${IDEMPOTENCY_HEADER} must be 1 to 255 visible ASCII characters`,
    });
  }
  return key;
}

/** Whether a key's stored fingerprint is this request's (a key stored without one counts as the same); 422 otherwise. */
export function assertSameRequest(stored: string | undefined, fingerprint: string): void {
  if (stored !== undefined && stored !== fingerprint) throw new HttpError(422, KEY_REUSED);
}
