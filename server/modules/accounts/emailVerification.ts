// Email verification. Signing up mails a link to /verify-email?token=…, written
// with the new account in one transaction (AuthService.signup creates the account here); POST
// /auth/verify uses the token; POST /auth/verify/resend mails a new link to a signed-in account
// that is not verified yet, a few times an hour. The token is 32 random bytes, stored as its
// SHA-256 only, single use (using one forgets every link of the account), valid 7 days. An
// unverified account may do everything a verified one may: verification only confirms the address.
import { randomBytes } from 'node:crypto';
import { HttpError } from '../../http/errors';
import { verifyEmailMail } from '../mail/messages';
import type { StoredUser } from './port';
import type { AccountStore, Store, Tx } from '../../db/port';
import type { MailService } from '../mail/service';
import { requireObject } from '../../http/input';
import { tokenDigest, TOKEN_PATTERN } from './passwordReset';

export const VERIFY_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const VERIFY_DONE = 'Your email address is confirmed. Thank you!';
export const VERIFY_LINK_INVALID = 'This confirmation link is invalid, used or expired. Sign in and ask for a new one.';
export const VERIFY_ALREADY = 'Your email address is already confirmed.';
export const verifySentAnswer = (email: string) => `We have sent a new confirmation link to ${email}.`;
/** The same answer while no mail server is configured: the link is written, not sent. */
export const verifyHeldAnswer = (email: string) =>
  `We've written a new confirmation link for ${email}; it is in the shop's outbox until a mail server is set.`;

export interface VerifyLimits {
  /** New links one account may ask for in the window. */
  perUser: number;
  windowMs: number;
}

export const DEFAULT_VERIFY_LIMITS: VerifyLimits = { perUser: 3, windowMs: 60 * 60 * 1000 };

export class EmailVerificationService {
  constructor(
    private readonly store: AccountStore & Pick<Store, 'transaction'>,
    private readonly mail: MailService,
    private readonly options: { now: () => number; linkBase: string; limits: VerifyLimits },
  ) {}

  /**
   * Adds the account (a sign-up's, not verified) with its verification link and the mail holding
   * it, in one transaction; undefined (nothing added) when the email is taken.
   */
  createUser(user: Omit<StoredUser, 'id'>): Promise<StoredUser | undefined> {
    return this.store.transaction(async (tx) => {
      const created = await this.store.createUser(tx, user);
      if (created) await this.sendLink(tx, created);
      return created;
    });
  }

  /** A new link as of now for `user`: its token stored (SHA-256 only) and the mail holding it put in the outbox, in `tx`. */
  private async sendLink(tx: Tx, user: StoredUser): Promise<void> {
    const at = this.options.now();
    const token = randomBytes(32).toString('base64url');
    const url = `${this.options.linkBase}/verify-email?token=${token}`;
    await this.store.storeVerificationToken(tx, user.id, { digest: tokenDigest(token), at, expiresAt: at + VERIFY_TTL_MS });
    await this.mail.enqueue(tx, verifyEmailMail(user.email, url, VERIFY_TTL_MS / 86_400_000), at);
  }

  /** POST /auth/verify {token}: marks the account verified; 400 (nothing changed) for an unknown, used or expired token. */
  async verify(input: unknown): Promise<string> {
    const body = requireObject(input);
    const token = body.token;
    if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) throw new HttpError(400, VERIFY_LINK_INVALID, { token: VERIFY_LINK_INVALID });
    const user = await this.store.verifyEmail(tokenDigest(token), this.options.now());
    if (user === undefined) throw new HttpError(400, VERIFY_LINK_INVALID, { token: VERIFY_LINK_INVALID });
    return VERIFY_DONE;
  }

  /** POST /auth/verify/resend (signed in): a new link; 409 when already verified, 429 past the limit. */
  async resend(me: StoredUser): Promise<string> {
    if (me.verified !== false) throw new HttpError(409, VERIFY_ALREADY);
    const now = this.options.now();
    const { perUser, windowMs } = this.options.limits;
    const full = await this.store.throttle([{ bucket: 'verify-resend', key: String(me.id), max: perUser }], now, now - windowMs);
    if (full !== undefined) {
      const wait = Math.max(1, Math.ceil((full + windowMs - now) / 1000));
      throw new HttpError(429, `Too many confirmation mails. Try again in ${Math.ceil(wait / 60)} minutes.`, undefined, { 'Retry-After': String(wait) });
    }
    // Verified meanwhile (another tab used a link): say so rather than mail a useless link.
    const sent = await this.store.transaction(async (tx) => {
      const user = await this.store.lockUnverifiedUser(tx, me.id);
      if (user) await this.sendLink(tx, user);
      return user !== undefined;
    });
    if (!sent) throw new HttpError(409, VERIFY_ALREADY);
    return this.mail.held ? verifyHeldAnswer(me.email) : verifySentAnswer(me.email);
  }
}
