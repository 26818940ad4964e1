// Accounts: sign-up, sign-in (throttled), sign-out.
import { WRONG_CREDENTIALS } from '../../src/lib/constants';
import { checkField, loginRules, PASSWORD_NOT_MATCHING, signupRules } from '../../src/lib/validation';
import type { User } from '../../src/types';
import { assertValid, conflict, HttpError } from '../errors';
import { hashPasswordAsync, verifyPasswordAsync } from '../passwords';
import type { Store } from '../store/port';
import { readAddresses, readName, type Errors } from '../validate';
import { requireObject } from './input';
import type { SessionService } from './sessions';
import type { LoginLimiter, SignupLimiter } from './throttle';
import { toPublicUser } from './users';

const normalEmail = (email: string) => email.trim().toLowerCase();

const tooMany = (message: string, wait: number) =>
  new HttpError(429, `${message} Try again in ${Math.ceil(wait / 60)} minutes.`, undefined, { 'Retry-After': String(wait) });

/** A signed-in user and the id of the session to put in the cookie. */
export interface SignedIn {
  user: User;
  sessionId: string;
}

export class AuthService {
  // Verifying against a dummy hash when the email is unknown keeps both answers equally slow.
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly store: Store,
    private readonly sessions: SessionService,
    private readonly limiter: LoginLimiter,
    private readonly signups: SignupLimiter,
    private readonly passwordCost: number,
    private readonly now: () => number,
  ) {}

  private dummy(): Promise<string> {
    return (this.dummyHash ??= hashPasswordAsync('not-a-password', this.passwordCost));
  }

  /** Creates a 'user' account and signs it in. */
  async signup(input: unknown, ip: string): Promise<SignedIn> {
    const body = requireObject(input);
    const email = typeof body.email === 'string' ? body.email.trim() : body.email;
    const errors: Errors = {};
    const emailError = checkField(email, signupRules.email);
    const passwordError = checkField(body.password, signupRules.password);
    if (emailError) errors.email = emailError;
    if (passwordError) errors.password = passwordError;
    if (body.confirmPassword !== undefined && body.confirmPassword !== body.password) {
      errors.confirmPassword = PASSWORD_NOT_MATCHING;
    }
    const addresses = body.addresses === undefined ? [] : readAddresses(body.addresses, errors);
    const name = body.name === undefined ? undefined : readName(body.name, errors);
    assertValid(errors);

    const key = normalEmail(email as string);
    const taken = () => conflict('An account with this email already exists');
    if (await this.store.userByEmail(key)) throw taken();
    const wait = await this.signups.attempt(ip);
    if (wait > 0) throw tooMany('Too many new accounts from your network.', wait);
    const hash = await hashPasswordAsync(body.password as string, this.passwordCost);
    const user = await this.store.createUser({
      email: key,
      password: hash,
      role: 'user',
      addresses,
      ...(name ? { name } : {}),
      createdAt: new Date(this.now()).toISOString(),
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
   * caller already had is ended, so a new sign-in never keeps an old id (no fixation).
   */
  async login(input: unknown, ip: string, currentSession?: string): Promise<SignedIn> {
    const body = requireObject(input);
    const email = typeof body.email === 'string' ? body.email.trim() : body.email;
    const errors: Errors = {};
    const emailError = checkField(email, loginRules.email);
    const passwordError = checkField(body.password, loginRules.password);
    if (emailError) errors.email = emailError;
    if (passwordError) errors.password = passwordError;
    assertValid(errors);

    const key = normalEmail(email as string);
    const wait = await this.limiter.attempt(key, ip);
    if (wait > 0) throw tooMany('Too many failed sign-in attempts.', wait);
    const found = await this.store.userByEmail(key);
    const ok = await verifyPasswordAsync(body.password as string, found?.password ?? (await this.dummy()));
    // Look the user up again: it may have changed while we were hashing.
    const user = ok ? await this.store.userByEmail(key) : undefined;
    if (!user) throw new HttpError(401, WRONG_CREDENTIALS);
    await this.limiter.succeeded(key, ip);

    if (currentSession) await this.sessions.destroy(currentSession);
    const sessionId = await this.sessions.create(user.id);
    return { user: toPublicUser(user), sessionId };
  }

  /** Ends the session (if it is one). */
  async logout(sessionId: string | undefined): Promise<void> {
    if (sessionId) await this.sessions.destroy(sessionId);
  }
}
