// The mail part of the postgres adapter: the outbox, password resets and email verification
// (outbox.ts, verification.ts). A mixin over PgBase (pgBase.ts), like every part of PgStore.
import type { StoredUser } from '../../../db/snapshot';
import type { OutboxMessage, OutgoingMail, Page, ResetToken, VerificationLink } from '../../../db/port';
import type { PgClass } from '../../../db/pgBase';
import * as outbox from './outbox';
import * as verification from '../../accounts/pg/verification';

export function withMail<T extends PgClass>(Base: T) {
  return class PgMail extends Base {
    // --- Mail and password resets (outbox.ts) -----------------------------------------------------

    requestPasswordReset(email: string, token: ResetToken, mail: (user: StoredUser) => OutgoingMail): Promise<boolean> {
      return outbox.requestPasswordReset(this.db, email, token, mail);
    }
    resetPassword(digest: string, hash: string, now: number): Promise<number | undefined> {
      return outbox.resetPassword(this.db, digest, hash, now);
    }
    requestEmailVerification(id: number, link: VerificationLink): Promise<boolean> {
      return verification.requestEmailVerification(this.db, id, link);
    }
    verifyEmail(digest: string, now: number): Promise<number | undefined> {
      return verification.verifyEmail(this.db, digest, now);
    }
    listMail(query: { slice?: { start: number; end: number } }): Promise<Page<OutboxMessage>> {
      return outbox.listMail(this.db, query);
    }
    resendMail(id: number, at: number): Promise<OutboxMessage | undefined> {
      return outbox.resendMail(this.db, id, at);
    }
    claimMail(now: number, limit: number, leaseMs: number): Promise<OutboxMessage[]> {
      return outbox.claimMail(this.db, now, limit, leaseMs);
    }
    markMailSent(id: number, at: number): Promise<void> {
      return outbox.markMailSent(this.db, id, at);
    }
    markMailFailed(id: number, error: string, retryAt?: number): Promise<void> {
      return outbox.markMailFailed(this.db, id, error, retryAt);
    }
  };
}
