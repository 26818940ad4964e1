// Password hashing with node:crypto scrypt and a random salt. Stored format:
//   scrypt$<saltHex>$<hashHex>          (default cost N = 16384)
//   scrypt$<N>$<saltHex>$<hashHex>      (any other cost, e.g. the cheap one tests use)
// The seed script imports hashPassword so the demo accounts are stored hashed.
import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

export const DEFAULT_COST = 16384;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;
const BLOCK_SIZE = 8;

function options(cost: number) {
  // scrypt needs 128 * N * r bytes; leave headroom above Node's 32 MB default.
  return { N: cost, r: BLOCK_SIZE, p: 1, maxmem: 256 * cost * BLOCK_SIZE + 1024 * 1024 };
}

function format(cost: number, salt: Buffer, hash: Buffer): string {
  const costPart = cost === DEFAULT_COST ? '' : `${cost}$`;
  return `scrypt$${costPart}${salt.toString('hex')}$${hash.toString('hex')}`;
}

interface Parsed {
  cost: number;
  salt: Buffer;
  hash: Buffer;
}

function parse(stored: unknown): Parsed | undefined {
  if (typeof stored !== 'string') return undefined;
  const parts = stored.split('$');
  if (parts[0] !== 'scrypt' || (parts.length !== 3 && parts.length !== 4)) return undefined;
  const cost = parts.length === 4 ? Number(parts[1]) : DEFAULT_COST;
  // N must be a power of two; cap it so a forged record cannot make us allocate gigabytes.
  if (!Number.isInteger(cost) || cost < 2 || cost > 1 << 20 || (cost & (cost - 1)) !== 0) {
    return undefined;
  }
  const [saltHex, hashHex] = parts.slice(-2);
  if (!/^[0-9a-f]+$/.test(saltHex) || !/^[0-9a-f]+$/.test(hashHex)) return undefined;
  const hash = Buffer.from(hashHex, 'hex');
  if (hash.length === 0) return undefined;
  return { cost, salt: Buffer.from(saltHex, 'hex'), hash };
}

export interface HashOptions {
  /** scrypt N (a power of two); default 16384. Tests use a cheap one. */
  cost?: number;
  /** Fixed salt (the deterministic seed); default 16 random bytes. */
  salt?: Buffer;
}

/** Hash a password for storage (synchronous; used by the seed script and test fixtures). */
export function hashPassword(password: string, { cost = DEFAULT_COST, salt = randomBytes(SALT_BYTES) }: HashOptions = {}): string {
  const hash = scryptSync(password.normalize('NFKC'), salt, KEY_LENGTH, options(cost));
  return format(cost, salt, hash);
}

function scryptAsync(password: string, salt: Buffer, length: number, cost: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, length, options(cost), (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** The same as hashPassword, off the event loop (used by the server's request handlers). */
export async function hashPasswordAsync(password: string, cost = DEFAULT_COST): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  return format(cost, salt, await scryptAsync(password, salt, KEY_LENGTH, cost));
}

/** True when `password` matches the stored hash (constant-time comparison), off the event loop. */
export async function verifyPasswordAsync(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  return parsed !== undefined && timingSafeEqual(await scryptAsync(password, parsed.salt, parsed.hash.length, parsed.cost), parsed.hash);
}
