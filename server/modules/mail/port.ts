// The storage port's outbox: messages put in it in the step of the change they tell of, and the
// worker's claims. Part of the Store (server/db/port.ts), whose contract it follows.
import type { EmailMessage } from '../../../src/domain/mail';
import type { Page } from '../../query/lists';
import type { Tx } from '../../db/tx';

export interface MailStore {
  /** The outbox, newest first. */
  listMail(query: { slice?: { start: number; end: number } }): Promise<Page<OutboxMessage>>;
  /** Puts a copy of message `id` in the outbox as a new message, due at `at`; undefined when there is no such message. */
  resendMail(id: number, at: number): Promise<OutboxMessage | undefined>;
  /**
   * Claims up to `limit` pending messages due at `now` (oldest first) for one delivery attempt:
   * counts the attempt and moves their next attempt to `now + leaseMs`, so no other worker takes
   * them meanwhile (rows locked with SKIP LOCKED: workers on one database never wait for each
   * other). A claim not marked within the lease is due again: a crash never loses a message.
   */
  claimMail(now: number, limit: number, leaseMs: number): Promise<OutboxMessage[]>;
  /** Marks a claimed message sent at `at`. */
  markMailSent(id: number, at: number): Promise<void>;
  /** Records a failed attempt: due again at `retryAt`, or given up ('failed') when absent; the error kept. */
  markMailFailed(id: number, error: string, retryAt?: number): Promise<void>;
  /** Puts the message in the outbox, due at `at`, in `tx`: it goes out only if the change it tells of is kept. */
  enqueueMail(tx: Tx, mail: OutgoingMail, at: number): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Messages

/** A message to send: one recipient, a subject, a plain-text part and an optional HTML part. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** A message of the outbox, with its delivery state. */
export type OutboxMessage = EmailMessage & { nextAttemptAt: string };
