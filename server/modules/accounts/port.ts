// The storage port's accounts: users (emails stored and looked up normalised: trimmed, lower
// case), sessions by the SHA-256 digest of the cookie's id, throttle counters, password reset and
// email verification tokens. Part of the Store (server/db/port.ts), whose contract it follows.
import type { Address, Role } from '../../../src/domain/types';
import type { Tx } from '../../db/tx';

export interface AccountStore {
  // Users. Emails are stored and looked up normalised (trimmed, lower case).
  /** The user; in `tx` when given. */
  userById(id: number, tx?: Tx): Promise<StoredUser | undefined>;
  /** The user with this email; in `tx` when given. */
  userByEmail(email: string, tx?: Tx): Promise<StoredUser | undefined>;
  /** Adds the user, in `tx`; undefined (nothing added) when the email is taken. */
  createUser(tx: Tx, user: Omit<StoredUser, 'id'>): Promise<StoredUser | undefined>;
  /** Sets the addresses and/or the name (null removes it); undefined when there is no such user. */
  updateUser(id: number, changes: { addresses?: Address[]; name?: string | null }): Promise<StoredUser | undefined>;
  /** Sets whether the user is a member, without end (no paid term); the user after it, undefined when there is none. */
  setMember(id: number, member: boolean): Promise<StoredUser | undefined>;
  /** Starts a paid term in `tx`: a member until `until` (ISO), renewing, started by order `order`. */
  startMembership(tx: Tx, id: number, order: number, until: string): Promise<void>;
  /** Ends the membership order `order` started, in `tx` (nothing when another order started the user's term); whether it did. */
  endMembershipOf(tx: Tx, id: number, order: number): Promise<boolean>;
  /** Stops (false) or resumes the renewal of the user's paid term; the user after it. */
  setMembershipRenews(id: number, renews: boolean): Promise<StoredUser | undefined>;
  /** Members whose renewing paid term ends after `from` and at or before `to` (ISO) and who were not reminded of that term. */
  membersToRemind(from: string, to: string): Promise<StoredUser[]>;
  /** Marks the user reminded of the term ending `until`, in `tx`; false when done already (or the term changed). */
  markMembershipReminded(tx: Tx, id: number, until: string): Promise<boolean>;
  /** Sets whether the user gets alert mail (the wishlist's back-in-stock and price-drop mail); the user after it, undefined when there is none. */
  setAlerts(id: number, alerts: boolean): Promise<StoredUser | undefined>;
  /**
   * Sets the user's password hash and, in the same step, ends every session of the user but
   * `keepSession` (a session digest; none kept when absent). false when there is no such user.
   */
  setPassword(id: number, hash: string, keepSession?: string): Promise<boolean>;

  // Staff: the accounts whose role is not 'user' (src/domain/permissions.ts).
  /** Every staff account, by id. */
  listStaff(): Promise<StoredUser[]>;
  /** The admins' ids, their rows locked until `tx` ends (role changes run one at a time). */
  lockAdmins(tx: Tx): Promise<number[]>;
  /** Sets user `id`'s role in `tx`; the user after it, undefined when there is none. */
  setRole(tx: Tx, id: number, role: Role): Promise<StoredUser | undefined>;

  // Sessions, by the SHA-256 digest of the cookie's id.
  /**
   * Adds the session and, in the same step, removes every session expired at `now` and the
   * user's oldest live sessions so that at most `maxPerUser` remain (the new one included).
   */
  createSession(session: Session, limits: { now: number; maxPerUser: number }): Promise<void>;
  /** The session's user and when the session expires (ms since the epoch); undefined when there is no such session or user. */
  sessionUser(digest: string): Promise<{ user: StoredUser; expiresAt: number } | undefined>;
  /** Removes the session; false when there was none. */
  deleteSession(digest: string): Promise<boolean>;

  // Throttle counters: shared by every server instance of one store; need not survive a restart.
  /**
   * One attempt against several counters at once: when each has fewer than its `max` events
   * later than `since`, records an event at `at` in every one and resolves undefined; otherwise
   * records nothing and resolves with the time of the event that must leave the window first
   * (the latest over the full counters). Events at or before `since` may be forgotten.
   */
  throttle(counters: readonly ThrottleCounter[], at: number, since: number): Promise<number | undefined>;
  /** Forgets the newest event of a counter (an attempt counted up front that did not count after all). */
  forgetLastThrottleEvent(bucket: string, key: string): Promise<void>;
  /** Forgets every event of a counter. */
  clearThrottle(bucket: string, key: string): Promise<void>;

  // Password reset and email verification tokens (the SHA-256 of a link's token). A token is
  // stored in the transaction `tx` the service opened, which puts its mail in the outbox in it too.
  /** Stores the reset token for user `user`. */
  storeResetToken(tx: Tx, user: number, token: ResetToken): Promise<void>;
  /**
   * Uses the reset token with this digest when it exists and has not expired at `now`: in one
   * step sets the user's password hash, ends every session of the user and forgets every reset
   * token of the user (this one too: single use). The user's id; undefined (nothing changed) when
   * the token is unknown, used or expired.
   */
  resetPassword(digest: string, hash: string, now: number): Promise<number | undefined>;
  /** User `id` when it exists and is not verified yet, locked until `tx` ends (undefined otherwise). */
  lockUnverifiedUser(tx: Tx, id: number): Promise<StoredUser | undefined>;
  /** Stores the verification token for user `user`. */
  storeVerificationToken(tx: Tx, user: number, token: ResetToken): Promise<void>;
  /**
   * Uses the verification token with this digest when it exists and has not expired at `now`:
   * marks its user verified and forgets every verification token of the user (single use). The
   * user's id; undefined (nothing changed) when the token is unknown, used or expired.
   */
  verifyEmail(digest: string, now: number): Promise<number | undefined>;

  // Two-factor sign-in (TOTP): the secrets, the last time step used, recovery codes (SHA-256).
  /** The user's two-factor secrets; undefined when the user never started a setup. */
  twoFactorOf(user: number): Promise<TwoFactorRecord | undefined>;
  /** Keeps `secret` as the user's pending (unconfirmed) secret, replacing any; false (nothing kept) when 2FA is on. */
  setPendingTwoFactor(user: number, secret: string): Promise<boolean>;
  /**
   * Turns 2FA on with the pending secret when it still is `secret`, in one step: the secret in
   * use, `step` as the last time step used, the recovery codes' digests (replacing any) and every
   * session of the user ended but `keepSession` (a session digest). false (nothing changed) when
   * 2FA is on already or the pending secret is another.
   */
  enableTwoFactor(user: number, secret: string, step: number, recoveryDigests: readonly string[], keepSession: string): Promise<boolean>;
  /** Records `step` as the last time step used when it is later than the stored one; false (a code used again) otherwise. */
  useTwoFactorStep(user: number, step: number): Promise<boolean>;
  /** Marks the user's unused recovery code with this digest used at `at`; false when there is none. */
  useRecoveryCode(user: number, digest: string, at: number): Promise<boolean>;
  /** Turns 2FA off: the secrets and recovery codes are forgotten. */
  disableTwoFactor(user: number): Promise<void>;
}

/** What the store keeps of an account's two-factor sign-in. */
export interface TwoFactorRecord {
  /** The secret in use (base32); absent while 2FA is off. */
  secret?: string;
  /** A setup's secret not confirmed yet. */
  pendingSecret?: string;
  /** The newest TOTP time step a code was accepted for. */
  lastStep?: number;
}

// ---------------------------------------------------------------------------------------------
// Throttling and links

/** One counter of a throttle: at most `max` events of `bucket`/`key` in the window. */
export interface ThrottleCounter {
  bucket: string;
  key: string;
  max: number;
}

/** A password reset or email verification link's token (its SHA-256 only) and its lifetime, epoch milliseconds. */
export interface ResetToken {
  digest: string;
  at: number;
  expiresAt: number;
}

// ---------------------------------------------------------------------------------------------
// Users and sessions as stored

export interface StoredUser {
  id: number;
  email: string;
  /** scrypt hash (server/modules/accounts/passwords.ts); never sent. */
  password: string;
  role: Role;
  addresses: Address[];
  name?: string;
  /** When the account was made (ISO); absent for accounts older than the field. */
  createdAt?: string;
  /**
   * false: signed up, the address not confirmed yet (the mailed link not opened). Absent: verified
   * (the seed's accounts, and every account older than the field).
   */
  verified?: boolean;
  /** true: a member (the members' promotions apply; POST /users/own/membership) until memberUntil. Absent: not a member. */
  member?: boolean;
  /** When the paid term ends (ISO); absent: no end (a free or seeded membership) or none. */
  memberUntil?: string;
  /** false: the member stopped the renewal (no reminder mail). Absent: renews. */
  membershipRenews?: boolean;
  /** The order that started the paid term (cancelling it ends the membership). */
  membershipOrder?: number;
  /** The memberUntil a reminder mail went out for (one per term). */
  membershipReminded?: string;
  /** false: no back-in-stock or price-drop mail (PUT /users/own/alerts). Absent: alerts on. */
  alerts?: boolean;
  /** true: signs in with a TOTP code as well (POST /users/own/2fa). Absent: off. Not part of db.json: a loaded account has it off. */
  twoFactor?: boolean;
}

export interface Session {
  /** SHA-256 of the session id in the cookie, so an exported file holds no usable session ids. */
  id: string;
  user: number;
  createdAt: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}
