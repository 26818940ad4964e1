// The accounts part of the postgres adapter (server/modules/accounts/port.ts): users, sessions,
// throttle counters (users.ts), password resets (passwordReset.ts), email verification
// (verification.ts) and two-factor sign-in (twoFactor.ts). A mixin over PgBase, like every part of PgStore.
import type { Session, StoredUser } from '../port';
import type { Tx } from '../../../db/tx';
import type { ResetToken, ThrottleCounter, TwoFactorRecord } from '../port';
import type { Role } from '../../../../src/domain/types';
import { trxOf, type PgClass } from '../../../db/pgBase';
import * as passwordReset from './passwordReset';
import * as twoFactor from './twoFactor';
import * as users from './users';
import * as verification from './verification';
import * as staff from './staff';
import * as membership from './membership';

export function withAccounts<T extends PgClass>(Base: T) {
  return class PgAccounts extends Base {
    userById(id: number, tx?: Tx): Promise<StoredUser | undefined> {
      return users.userById(tx ? trxOf(tx) : this.db, id);
    }
    userByEmail(email: string, tx?: Tx): Promise<StoredUser | undefined> {
      return users.userByEmail(tx ? trxOf(tx) : this.db, email);
    }
    createUser(tx: Tx, user: Omit<StoredUser, 'id'>): Promise<StoredUser | undefined> {
      return users.createUser(trxOf(tx), user);
    }
    updateUser(id: number, changes: { addresses?: StoredUser['addresses']; name?: string | null }): Promise<StoredUser | undefined> {
      return users.updateUser(this.db, id, changes);
    }
    setMember(id: number, member: boolean): Promise<StoredUser | undefined> {
      return users.setMember(this.db, id, member);
    }
    startMembership(tx: Tx, id: number, order: number, until: string): Promise<void> {
      return membership.startMembership(trxOf(tx), id, order, until);
    }
    endMembershipOf(tx: Tx, id: number, order: number): Promise<boolean> {
      return membership.endMembershipOf(trxOf(tx), id, order);
    }
    setMembershipRenews(id: number, renews: boolean): Promise<StoredUser | undefined> {
      return membership.setMembershipRenews(this.db, id, renews);
    }
    membersToRemind(from: string, to: string): Promise<StoredUser[]> {
      return membership.membersToRemind(this.db, from, to);
    }
    markMembershipReminded(tx: Tx, id: number, until: string): Promise<boolean> {
      return membership.markMembershipReminded(trxOf(tx), id, until);
    }
    setAlerts(id: number, alerts: boolean): Promise<StoredUser | undefined> {
      return users.setAlerts(this.db, id, alerts);
    }
    setPassword(id: number, hash: string, keepSession?: string): Promise<boolean> {
      return users.setPassword(this.db, id, hash, keepSession);
    }
    listStaff(): Promise<StoredUser[]> {
      return staff.listStaff(this.db);
    }
    lockAdmins(tx: Tx): Promise<number[]> {
      return staff.lockAdmins(trxOf(tx));
    }
    setRole(tx: Tx, id: number, role: Role): Promise<StoredUser | undefined> {
      return staff.setRole(trxOf(tx), id, role);
    }
    createSession(session: Session, limits: { now: number; maxPerUser: number }): Promise<void> {
      return users.createSession(this.db, session, limits);
    }
    sessionUser(digest: string): Promise<{ user: StoredUser; expiresAt: number } | undefined> {
      return users.sessionUser(this.db, digest);
    }
    deleteSession(digest: string): Promise<boolean> {
      return users.deleteSession(this.db, digest);
    }
    throttle(counters: readonly ThrottleCounter[], at: number, since: number): Promise<number | undefined> {
      return users.throttle(this.db, counters, at, since);
    }
    forgetLastThrottleEvent(bucket: string, key: string): Promise<void> {
      return users.forgetLastThrottleEvent(this.db, bucket, key);
    }
    clearThrottle(bucket: string, key: string): Promise<void> {
      return users.clearThrottle(this.db, bucket, key);
    }
    storeResetToken(tx: Tx, user: number, token: ResetToken): Promise<void> {
      return passwordReset.storeResetToken(trxOf(tx), user, token);
    }
    resetPassword(digest: string, hash: string, now: number): Promise<number | undefined> {
      return passwordReset.resetPassword(this.db, digest, hash, now);
    }
    lockUnverifiedUser(tx: Tx, id: number): Promise<StoredUser | undefined> {
      return verification.lockUnverifiedUser(trxOf(tx), id);
    }
    storeVerificationToken(tx: Tx, user: number, token: ResetToken): Promise<void> {
      return verification.storeVerificationToken(trxOf(tx), user, token);
    }
    verifyEmail(digest: string, now: number): Promise<number | undefined> {
      return verification.verifyEmail(this.db, digest, now);
    }
    twoFactorOf(user: number): Promise<TwoFactorRecord | undefined> {
      return twoFactor.twoFactorOf(this.db, user);
    }
    setPendingTwoFactor(user: number, secret: string): Promise<boolean> {
      return twoFactor.setPendingTwoFactor(this.db, user, secret);
    }
    enableTwoFactor(user: number, secret: string, step: number, recoveryDigests: readonly string[], keepSession: string): Promise<boolean> {
      return twoFactor.enableTwoFactor(this.db, user, secret, step, recoveryDigests, keepSession);
    }
    useTwoFactorStep(user: number, step: number): Promise<boolean> {
      return twoFactor.useTwoFactorStep(this.db, user, step);
    }
    useRecoveryCode(user: number, digest: string, at: number): Promise<boolean> {
      return twoFactor.useRecoveryCode(this.db, user, digest, at);
    }
    disableTwoFactor(user: number): Promise<void> {
      return twoFactor.disableTwoFactor(this.db, user);
    }
    /** The cookie-signing secret of every instance on this database (made once, kept in `settings`). */
    sharedSecret(): Promise<string> {
      return users.sharedSecret(this.db);
    }
  };
}
