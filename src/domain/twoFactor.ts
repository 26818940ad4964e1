// Two-factor sign-in's code formats, shared by the server (which refuses any other with 400) and
// the client (which checks before sending): a TOTP code is 6 digits (spaces allowed, as apps show
// "123 456"); a recovery code is 16 letters a-z and digits 2-7, in any case, hyphens and spaces
// allowed ("abcd-efgh-jkmn-pqrs").

export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_LENGTH = 16;
export const RECOVERY_CODE_COUNT = 10;
export const CODE_FORMAT_MESSAGE = 'Enter the 6-digit code from your authenticator app, or a recovery code';

export type TwoFactorCode = { kind: 'totp'; code: string } | { kind: 'recovery'; code: string };

/** The code as the server checks it, or undefined when it has neither format. */
export function readTwoFactorCode(value: unknown): TwoFactorCode | undefined {
  if (typeof value !== 'string' || value.length > 64) return undefined;
  const compact = value.replace(/[\s-]/g, '');
  if (/^\d{6}$/.test(compact) && !value.includes('-')) return { kind: 'totp', code: compact };
  const recovery = compact.toLowerCase();
  if (recovery.length === RECOVERY_CODE_LENGTH && /^[a-z2-7]+$/.test(recovery)) return { kind: 'recovery', code: recovery };
  return undefined;
}

/** A recovery code as shown: four groups of four. */
export const formatRecoveryCode = (code: string): string => code.match(/.{1,4}/g)!.join('-');

/** POST /users/own/2fa: a new secret to add to an authenticator app (not in use until confirmed). */
export interface TwoFactorSetup {
  /** Base32, for typing into the app. */
  secret: string;
  otpauthUrl: string;
  /** The otpauth URL as a QR code: a data: URL of an SVG image. */
  qrCode: string;
}
