// Two-factor sign-in (TOTP): setting it up (a pending secret, confirmed by a first code, which
// turns it on, hands out ten recovery codes and ends the account's other sessions) and checking a
// code at sign-in or when turning it off. A TOTP code is accepted once (the store keeps the last
// time step used); a recovery code once (the store marks it used). Wrong codes are counted per
// account in the store (CodeLimiter): five in 15 minutes and code checks answer 429.
import type { AccountStore } from '../../db/port';
import type { StoredUser } from './port';
import type { TwoFactorSetup } from '../../../src/domain/types';
import { CODE_FORMAT_MESSAGE, formatRecoveryCode, readTwoFactorCode, type TwoFactorCode } from '../../../src/domain/twoFactor';
import { assertValid, conflict, HttpError } from '../../http/errors';
import { requireObject } from '../../http/input';
import { sessionDigest } from './sessions';
import type { CodeLimiter } from './throttle';
import { digestRecoveryCode, matchTotp, newRecoveryCodes, newTotpSecret, otpauthUrl, qrCodeDataUrl } from './totp';

export const ALREADY_ON = 'Two-factor sign-in is already on';
export const WRONG_CODE = 'That code is not right. Enter the current code from your authenticator app, or an unused recovery code.';
export const USED_CODE = 'That code has been used already. Wait for the next one in your authenticator app.';

/** What a code check found (a lock is thrown as 429). */
export type CodeCheck = 'ok' | 'wrong' | 'used';

/** The `code` field: undefined when absent, else a code of either format (400 otherwise). */
export function readCodeField(value: unknown, errors: Record<string, string>): TwoFactorCode | undefined {
  if (value === undefined) return undefined;
  const code = readTwoFactorCode(value);
  if (!code) errors.code = CODE_FORMAT_MESSAGE;
  return code;
}

export class TwoFactorService {
  constructor(
    private readonly store: AccountStore,
    private readonly limiter: CodeLimiter,
    private readonly now: () => number,
  ) {}

  /** POST /users/own/2fa: a new pending secret (replacing an unconfirmed one); 409 when 2FA is on. */
  async setup(me: StoredUser): Promise<TwoFactorSetup> {
    if (me.twoFactor) throw conflict(ALREADY_ON);
    const secret = newTotpSecret();
    if (!(await this.store.setPendingTwoFactor(me.id, secret))) throw conflict(ALREADY_ON);
    const url = otpauthUrl(me.email, secret);
    return { secret, otpauthUrl: url, qrCode: await qrCodeDataUrl(url) };
  }

  /**
   * POST /users/own/2fa/confirm {code}: a current code of the pending secret turns 2FA on. The
   * answer holds the ten recovery codes, shown this once (the store keeps their digests). Every
   * other session of the account ends; the caller's stays (it has just proved both factors).
   */
  async confirm(me: StoredUser, input: unknown, sessionId: string): Promise<{ recoveryCodes: string[] }> {
    const body = requireObject(input);
    const errors: Record<string, string> = {};
    const code = body.code === undefined ? undefined : readCodeField(body.code, errors);
    if (body.code === undefined) errors.code = 'Authentication code required';
    else if (code && code.kind !== 'totp') errors.code = 'Enter the 6-digit code from your authenticator app';
    assertValid(errors);
    if (me.twoFactor) throw conflict(ALREADY_ON);
    const pending = (await this.store.twoFactorOf(me.id))?.pendingSecret;
    if (!pending) throw conflict('Start the setup first: no secret is waiting for its first code');
    const step = matchTotp(pending, code!.code, this.now());
    if (step === undefined) throw new HttpError(400, WRONG_CODE, { code: 'That code is not right: enter the code your app shows now' });
    const recoveryCodes = newRecoveryCodes();
    const digests = recoveryCodes.map((c) => digestRecoveryCode(me.id, c));
    if (!(await this.store.enableTwoFactor(me.id, pending, step, digests, sessionDigest(sessionId)))) {
      throw conflict('The setup changed meanwhile (started again elsewhere?): start it again');
    }
    return { recoveryCodes: recoveryCodes.map(formatRecoveryCode) };
  }

  /**
   * Checks a code of `user` (who has 2FA on): a TOTP code of the current step or one either side,
   * not used before, or an unused recovery code (used up now). 429 after too many wrong codes.
   */
  async check(user: StoredUser, code: TwoFactorCode): Promise<CodeCheck> {
    const wait = await this.limiter.attempt(user.id);
    if (wait > 0) {
      const minutes = Math.ceil(wait / 60);
      throw new HttpError(429, `Too many wrong codes. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, undefined, { 'Retry-After': String(wait) });
    }
    let result: CodeCheck;
    if (code.kind === 'recovery') {
      result = (await this.store.useRecoveryCode(user.id, digestRecoveryCode(user.id, code.code), this.now())) ? 'ok' : 'wrong';
    } else {
      const secret = (await this.store.twoFactorOf(user.id))?.secret;
      const step = secret === undefined ? undefined : matchTotp(secret, code.code, this.now());
      result = step === undefined ? 'wrong' : (await this.store.useTwoFactorStep(user.id, step)) ? 'ok' : 'used';
    }
    if (result === 'ok') await this.limiter.succeeded(user.id);
    return result;
  }

  /** Turns 2FA off for `user` (the caller has checked the password and a code). */
  disable(user: StoredUser): Promise<void> {
    return this.store.disableTwoFactor(user.id);
  }
}
