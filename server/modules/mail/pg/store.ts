// The mail part of the postgres adapter: the outbox (outbox.ts). A mixin over PgBase (pgBase.ts), like every part of PgStore.
import type { MailBacklog, OutboxMessage, OutgoingMail, Page } from '../../../db/port';
import { trxOf, type PgClass } from '../../../db/pgBase';
import type { Tx } from '../../../db/tx';
import * as outbox from './outbox';

export function withMail<T extends PgClass>(Base: T) {
  return class PgMail extends Base {
    listMail(query: { slice?: { start: number; end: number } }): Promise<Page<OutboxMessage>> {
      return outbox.listMail(this.db, query);
    }
    resendMail(id: number, at: number, status?: outbox.NewMailStatus): Promise<OutboxMessage | undefined> {
      return outbox.resendMail(this.db, id, at, status);
    }
    claimMail(now: number, limit: number, leaseMs: number, owner: string): Promise<OutboxMessage[]> {
      return outbox.claimMail(this.db, now, limit, leaseMs, owner);
    }
    beginMailAttempt(id: number, owner: string, now: number, leaseMs: number): Promise<number | undefined> {
      return outbox.beginMailAttempt(this.db, id, owner, now, leaseMs);
    }
    renewMailLease(id: number, owner: string, now: number, leaseMs: number): Promise<boolean> {
      return outbox.renewMailLease(this.db, id, owner, now, leaseMs);
    }
    markMailSent(id: number, owner: string, at: number): Promise<boolean> {
      return outbox.markMailSent(this.db, id, owner, at);
    }
    markMailFailed(id: number, owner: string, error: string, retryAt?: number): Promise<boolean> {
      return outbox.markMailFailed(this.db, id, owner, error, retryAt);
    }
    async enqueueMail(tx: Tx, mail: OutgoingMail, at: number, status?: outbox.NewMailStatus): Promise<void> {
      await outbox.insertMail(trxOf(tx), mail, at, status);
    }
    holdMail(held: boolean, now: number): Promise<number> {
      return outbox.holdMail(this.db, held, now);
    }
    mailBacklog(): Promise<MailBacklog> {
      return outbox.mailBacklog(this.db);
    }
  };
}
