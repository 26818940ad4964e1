// Accounts: sign-up, sign-in (throttled; with a code too for accounts with two-factor sign-in),
// sign-out, the password change and turning two-factor sign-in off.
import { CODE_REQUIRED, WRONG_CREDENTIALS } from '../../../src/domain/constants';
import { changePasswordRules, checkField, confirmationError, loginRules, signupRules, WRONG_CURRENT_PASSWORD } from '../../../src/domain/validation';
import type { StoredUser } from './port';
import type { User } from '../../../src/domain/types';
import { assertValid, conflict, HttpError } from '../../http/errors';
import type { TwoFactorCode } from '../../../src/domain/twoFactor';
import { readCodeField, USED_CODE, WRONG_CODE, type TwoFactorService } from './twoFactor';
import { hashPasswordAsync, verifyPasswordAsync } from './passwords';
import type { AccountStore } from '../../db/port';
import type { EmailVerificationService } from './emailVerification';
import { readAddresses, readName, type Errors } from '../../http/validate';
import { requireObject } from '../../http/input';
import { sessionDigest, type SessionService } from './sessions';
import type { LoginLimiter, SignupLimiter } from './throttle';
import { toPublicUser } from './users';
import { Signal } from '../../signal';

const normalEmail = (email: string) => email.trim().toLowerCase();

const tooMany = (message: string, wait: number) =>
  new HttpError(429, `${message} Try again in ${Math.ceil(wait / 60)} minutes.`, undefined, { 'Retry-After': String(wait) });

/** A signed-in user and the id of the session to put in the cookie. */
export interface SignedIn {
  user: User;
  sessionId: string;
}

/** A refused sign-in: a wrong email or password, or one past the attempt limits (never what was typed). */
export interface LoginFailed {
  /** A two-factor code refused or its attempts locked count too: the password was right, the sign-in was not. */
  reason: 'wrong credentials' | 'throttled' | 'wrong code' | 'used code' | 'codes locked';
}

export class AuthService {
  /** Told of each refused sign-in: the operations module counts and logs them. */
  readonly loginFailed = new Signal<LoginFailed>();
  // Verifying against a dummy hash when the email is unknown keeps both answers equally slow.
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly store: AccountStore,
    private readonly sessions: SessionService,
    private readonly limiter: LoginLimiter,
    private readonly signups: SignupLimiter,
    private readonly passwordCost: number,
    private readonly now: () => number,
    private readonly verification: EmailVerificationService,
    private readonly twoFactor: TwoFactorService,
  ) {}

  private dummy(): Promise<string> {
    return (this.dummyHash ??= hashPasswordAsync('not-a-password', this.passwordCost));
  }

  /** Creates a 'user' account, not verified, with its verification mail in the outbox, and signs it in. */
  async signup(input: unknown, ip: string): Promise<SignedIn> {
    const body = requireObject(input);
    const email = typeof body.email === 'string' ? body.email.trim() : body.email;
    const errors: Errors = {};
    const emailError = checkField(email, signupRules.email);
    const passwordError = checkField(body.password, signupRules.password);
    if (emailError) errors.email = emailError;
    if (passwordError) errors.password = passwordError;
    const confirmError = passwordError ? undefined : confirmationError(body.password, body.confirmPassword);
    if (confirmError) errors.confirmPassword = confirmError;
    const addresses = body.addresses === undefined ? [] : readAddresses(body.addresses, errors);
    const name = body.name === undefined ? undefined : readName(body.name, errors);
    assertValid(errors);

    const key = normalEmail(email as string);
    const taken = () => conflict('An account with this email already exists');
    if (await this.store.userByEmail(key)) throw taken();
    const wait = await this.signups.attempt(ip);
    if (wait > 0) throw tooMany('Too many new accounts from your network.', wait);
    const hash = await hashPasswordAsync(body.password as string, this.passwordCost);
    const user = await this.verification.createUser({
      email: key,
      password: hash,
      role: 'user',
      addresses,
      ...(name ? { name } : {}),
      createdAt: new Date(this.now()).toISOString(),
      verified: false,
    });
    if (!user) {
      // Another sign-up took the email while this one was hashing.
      await this.signups.undo(ip);
      throw taken();
    }
    const sessionId = await this.sessions.create(user.id);
    return { user: toPublicUser(user), sessionId };
  }

  /**
   * Signs in (401 with the same text for an unknown email or a wrong password); a session the
   * caller already had is ended, so a new sign-in never keeps an old id (no fixation). An account
   * with two-factor sign-in needs `code` too: without it, or with a wrong one, 401 with
   * `twoFactorRequired` and no session (the password's check and its throttling come first, as
   * for every account).
   */
  async login(input: unknown, ip: string, currentSession?: string): Promise<SignedIn> {
    const body = requireObject(input);
    const email = typeof body.email === 'string' ? body.email.trim() : body.email;
    const errors: Errors = {};
    const emailError = checkField(email, loginRules.email);
    const passwordError = checkField(body.password, loginRules.password);
    if (emailError) errors.email = emailError;
    if (passwordError) errors.password = passwordError;
    const code = readCodeField(body.code, errors);
    assertValid(errors);

    const key = normalEmail(email as string);
    const wait = await this.limiter.attempt(key, ip);
    if (wait > 0) {
      this.loginFailed.tell({ reason: 'throttled' });
      throw tooMany('Too many failed sign-in attempts.', wait);
    }
    const found = await this.store.userByEmail(key);
    const ok = await verifyPasswordAsync(body.password as string, found?.password ?? (await this.dummy()));
    // Look the user up again: it may have changed while we were hashing.
    const user = ok ? await this.store.userByEmail(key) : undefined;
    if (!user) {
      this.loginFailed.tell({ reason: 'wrong credentials' });
      throw new HttpError(401, WRONG_CREDENTIALS);
    }
    await this.limiter.succeeded(key, ip);
    if (user.twoFactor) await this.secondFactor(user, code);

    if (currentSession) await this.sessions.destroy(currentSession);
    const sessionId = await this.sessions.create(user.id);
    return { user: toPublicUser(user), sessionId };
  }

  /**
   * Changes the signed-in user's password: the current one must be right (400 otherwise, nothing
   * changed; wrong guesses count against the sign-in limits, so this is no faster way to guess),
   * the new one follows the sign-up rule. Every other session of the user ends; this one stays.
   */
  async changePassword(me: StoredUser, input: unknown, ip: string, sessionId: string): Promise<void> {
    const body = requireObject(input);
    const errors: Errors = {};
    for (const field of ['currentPassword', 'newPassword', 'confirmPassword'] as const) {
      const error = checkField(body[field], changePasswordRules[field]);
      if (error) errors[field] = error;
    }
    const confirmError = errors.confirmPassword || errors.newPassword ? undefined : confirmationError(body.newPassword, body.confirmPassword);
    if (confirmError) errors.confirmPassword = confirmError;
    assertValid(errors);

    await this.checkPassword(me, body.currentPassword as string, ip, 'currentPassword');
    const hash = await hashPasswordAsync(body.newPassword as string, this.passwordCost);
    if (!(await this.store.setPassword(me.id, hash, sessionDigest(sessionId)))) throw new HttpError(401, 'Please sign in');
  }

  /**
   * DELETE /users/own/2fa {password, code}: turns two-factor sign-in off when the password is
   * right (400 otherwise, counted like a sign-in) and so is the code (400; counted like a code at
   * sign-in). Nothing changes on any refusal.
   */
  async disableTwoFactor(me: StoredUser, input: unknown, ip: string): Promise<User> {
    const body = requireObject(input);
    const errors: Errors = {};
    const passwordError = checkField(body.password, loginRules.password);
    if (passwordError) errors.password = passwordError;
    const code = readCodeField(body.code, errors);
    if (body.code === undefined) errors.code = 'Authentication code required';
    assertValid(errors);
    if (!me.twoFactor) throw conflict('Two-factor sign-in is off');
    await this.checkPassword(me, body.password as string, ip, 'password');
    const result = await this.twoFactor.check(me, code!);
    if (result !== 'ok') {
      const message = result === 'used' ? USED_CODE : WRONG_CODE;
      throw new HttpError(400, message, { code: message });
    }
    await this.twoFactor.disable(me);
    const user = await this.store.userById(me.id);
    if (!user) throw new HttpError(401, 'Please sign in');
    return toPublicUser(user);
  }

  /** 400 (on `field`) unless `password` is `me`'s; wrong ones count against the sign-in limits. */
  private async checkPassword(me: StoredUser, password: string, ip: string, field: string): Promise<void> {
    const key = normalEmail(me.email);
    const wait = await this.limiter.attempt(key, ip);
    if (wait > 0) throw tooMany('Too many failed password attempts.', wait);
    const current = await this.store.userById(me.id);
    if (!current || !(await verifyPasswordAsync(password, current.password))) {
      throw new HttpError(400, WRONG_CURRENT_PASSWORD, { [field]: WRONG_CURRENT_PASSWORD });
    }
    await this.limiter.succeeded(key, ip);
  }

  /**
   * The code step of a sign-in: 401 with `twoFactorRequired` without a right, unused code. A code
   * refused, or refused unread while its attempts are locked (429), is a failed sign-in (the metric
   * and the log); none given yet is the step being asked for, not a failure.
   */
  private async secondFactor(user: StoredUser, code: TwoFactorCode | undefined): Promise<void> {
    const required = { twoFactorRequired: true } as const;
    if (!code) throw new HttpError(401, CODE_REQUIRED, undefined, undefined, required);
    const result = await this.twoFactor.check(user, code).catch((error: unknown) => {
      if (error instanceof HttpError && error.status === 429) this.loginFailed.tell({ reason: 'codes locked' });
      throw error;
    });
    if (result === 'ok') return;
    this.loginFailed.tell({ reason: result === 'used' ? 'used code' : 'wrong code' });
    throw new HttpError(401, result === 'used' ? USED_CODE : WRONG_CODE, undefined, undefined, required);
  }

  /** Ends the session (if it is one). */
  async logout(sessionId: string | undefined): Promise<void> {
    if (sessionId) await this.sessions.destroy(sessionId);
  }
}
