// Password reset by mail: POST /auth/forgot puts a link in the outbox, POST /auth/reset
// uses it. The link's token is 32 random bytes; the store keeps only its SHA-256, so a copy of the
// database holds no usable link. Asking answers the same, in the same time, whether or not the
// address has an account: the answer goes before the address is even looked up, and the token and
// mail are written after it. It is throttled per address and per client so nobody can flood a
// mailbox or the outbox.
import { createHash, randomBytes } from 'node:crypto';
import { checkField, confirmationError, forgotPasswordRules, signupRules } from '../../../src/domain/validation';
import { assertValid, HttpError } from '../../http/errors';
import { resetPasswordMail } from '../mail/messages';
import { hashPasswordAsync } from './passwords';
import type { AccountStore, Store, Tx } from '../../db/port';
import type { MailService } from '../mail/service';
import type { Errors } from '../../http/validate';
import { requireObject } from '../../http/input';

export const RESET_TTL_MS = 30 * 60 * 1000;
export const FORGOT_ANSWER = 'If an account exists for that address, we have sent a link to reset the password.';
/** The same answer while no mail server is configured: the link is written, not sent. */
export const FORGOT_ANSWER_HELD =
  "If an account exists for that address, we've written it a link to reset the password; it is in the shop's outbox until a mail server is set.";
export const RESET_DONE = 'Your password has been changed. Sign in with the new one.';
export const RESET_LINK_INVALID = 'This reset link is invalid, used or expired. Ask for a new one.';

export interface ForgotLimits {
  /** Requests for one address (whoever asks) in the window. */
  perEmail: number;
  /** Requests from one client address in the window. */
  perIp: number;
  windowMs: number;
}

export const DEFAULT_FORGOT_LIMITS: ForgotLimits = { perEmail: 5, perIp: 20, windowMs: 60 * 60 * 1000 };

export const tokenDigest = (token: string) => createHash('sha256').update(token).digest('hex');
/** 32 bytes in base64url: 43 characters. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export class PasswordResetService {
  constructor(
    private readonly store: AccountStore & Pick<Store, 'transaction'>,
    private readonly mail: MailService,
    private readonly options: { now: () => number; passwordCost: number; linkBase: string; limits: ForgotLimits; log: (line: string) => void },
  ) {}

  /**
   * POST /auth/forgot {email}: the address checked and the request counted (the same work for any
   * address); what it answers is FORGOT_ANSWER. The returned `deliver` looks the address up and,
   * when it has an account, stores the token and puts its mail in the outbox, in one transaction:
   * the route runs it once the answer has gone (writing for an account only would otherwise make
   * the answer slower for addresses that have one). It never rejects: a failure is logged.
   */
  async forgot(input: unknown, ip: string): Promise<{ message: string; deliver: () => Promise<void> }> {
    const body = requireObject(input);
    const email = typeof body.email === 'string' ? body.email.trim() : body.email;
    const error = checkField(email, forgotPasswordRules.email);
    assertValid({ email: error });
    const key = (email as string).toLowerCase();

    const now = this.options.now();
    const { perEmail, perIp, windowMs } = this.options.limits;
    const full = await this.store.throttle(
      [
        { bucket: 'forgot-email', key, max: perEmail },
        { bucket: 'forgot-ip', key: ip, max: perIp },
      ],
      now,
      now - windowMs,
    );
    if (full !== undefined) {
      const wait = Math.max(1, Math.ceil((full + windowMs - now) / 1000));
      throw new HttpError(429, `Too many reset requests. Try again in ${Math.ceil(wait / 60)} minutes.`, undefined, { 'Retry-After': String(wait) });
    }
    return { message: this.mail.held ? FORGOT_ANSWER_HELD : FORGOT_ANSWER, deliver: () => this.deliver(key, now).catch((err) => this.options.log(`password reset mail not queued: ${String(err)}`)) };
  }

  /** The reset link's token and its mail, in one transaction, when `key` is an account's address. */
  private async deliver(key: string, now: number): Promise<void> {
    await this.store.transaction(async (tx) => {
      const user = await this.store.userByEmail(key, tx);
      if (!user) return;
      const url = await this.link(tx, user.id, now, RESET_TTL_MS);
      await this.mail.enqueue(tx, resetPasswordMail(user.email, url, RESET_TTL_MS / 60_000), now);
    });
  }

  /**
   * A new set-password link for user `user` (the reset page with its token), valid `ttlMs` from
   * `now`: its token stored in `tx`, whose caller puts the mail that carries it in the outbox (a
   * reset request's mail, a staff invitation's).
   */
  async link(tx: Tx, user: number, now: number, ttlMs: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.store.storeResetToken(tx, user, { digest: tokenDigest(token), at: now, expiresAt: now + ttlMs });
    return `${this.options.linkBase}/reset-password?token=${token}`;
  }

  /**
   * POST /auth/reset {token, password, confirmPassword?}: the sign-up rule for the password (a
   * refused one leaves the link usable); then the token is used up, the password set and every
   * session of the account ended, in one step. 400 for an unknown, used or expired token.
   */
  async reset(input: unknown): Promise<string> {
    const body = requireObject(input);
    const errors: Errors = {};
    const passwordError = checkField(body.password, signupRules.password);
    const confirmError = passwordError ? undefined : confirmationError(body.password, body.confirmPassword);
    if (passwordError) errors.password = passwordError;
    if (confirmError) errors.confirmPassword = confirmError;
    if (typeof body.token !== 'string' || !TOKEN_PATTERN.test(body.token)) errors.token = RESET_LINK_INVALID;
    assertValid(errors, errors.token && Object.keys(errors).length === 1 ? RESET_LINK_INVALID : 'Invalid input');

    const hash = await hashPasswordAsync(body.password as string, this.options.passwordCost);
    const user = await this.store.resetPassword(tokenDigest(body.token as string), hash, this.options.now());
    if (user === undefined) throw new HttpError(400, RESET_LINK_INVALID, { token: RESET_LINK_INVALID });
    return RESET_DONE;
  }
}
