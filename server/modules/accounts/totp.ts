// TOTP (RFC 6238) with otplib: SHA-1, 6 digits, 30-second steps, what every authenticator app
// uses. A code is accepted for its own step and one step either side (a phone's clock a little
// off, a code typed as it changed); the caller stores the step it matched so it is never
// accepted again. Recovery codes: 80 random bits each, kept as SHA-256 (see digestRecoveryCode).
import { createHash, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verifySync } from 'otplib';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH } from '../../../src/domain/twoFactor';

export const TOTP_PERIOD_SECONDS = 30;
/** The name authenticator apps show next to the account. */
export const TOTP_ISSUER = 'Shop';

/** A new secret: 20 random bytes, base32 (32 characters). */
export const newTotpSecret = (): string => generateSecret();

/** The otpauth:// URL an authenticator app reads (from the QR code). */
export const otpauthUrl = (email: string, secret: string): string => generateURI({ issuer: TOTP_ISSUER, label: email, secret });

/** The URL as a QR code: an SVG image in a data: URL (the client shows it in an <img>). */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The time step `code` belongs to, within one step of `now`; undefined when it is not a current code. */
export function matchTotp(secret: string, code: string, now: number): number | undefined {
  const result = verifySync({ secret, token: code, epoch: Math.floor(now / 1000), epochTolerance: TOTP_PERIOD_SECONDS, period: TOTP_PERIOD_SECONDS });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** Ten new recovery codes, as the client shows them (lower case, no hyphens). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: RECOVERY_CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  );
}

/**
 * What the store keeps of a recovery code: SHA-256 of the user's id and the code. Not scrypt: a
 * code has 80 random bits, beyond any guessing from a stolen digest, and a fast digest lets the
 * store find (and use up) a code in one statement. No pepper: the store would have to keep it.
 */
export const digestRecoveryCode = (user: number, code: string): string => createHash('sha256').update(`${user}:${code}`).digest('hex');
