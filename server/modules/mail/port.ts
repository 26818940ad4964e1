// The storage port's outbox: messages put in it in the step of the change they tell of, and the
// worker's claims. Part of the Store (server/db/port.ts), whose contract it follows.
import type { EmailMessage } from '../../../src/domain/mail';
import type { Page } from '../../query/lists';
import type { Tx } from '../../db/tx';

export interface MailStore {
  /** The outbox, newest first. */
  listMail(query: { slice?: { start: number; end: number } }): Promise<Page<OutboxMessage>>;
  /** Puts a copy of message `id` in the outbox as a new message, due at `at` (or held); undefined when there is no such message. */
  resendMail(id: number, at: number, status?: 'pending' | 'held'): Promise<OutboxMessage | undefined>;
  /**
   * Without a mail server (`held` true) what waits to be sent becomes held; with one, what was
   * held is due at `now`. The number of messages moved.
   */
  holdMail(held: boolean, now: number): Promise<number>;
  /**
   * Claims up to `limit` pending messages due at `now` (oldest first) for `owner` (a token of the
   * claiming worker's round): moves their next attempt to `now + leaseMs` (the lease) and names
   * `owner` as its holder, so no other worker takes them meanwhile (rows locked with SKIP LOCKED:
   * workers on one database never wait for each other). A claim not marked within the lease is due
   * again, and the next claim takes it over: a crash never loses a message.
   */
  claimMail(now: number, limit: number, leaseMs: number, owner: string): Promise<OutboxMessage[]>;
  /**
   * Before a send: while `owner`'s lease on message `id` holds at `now` (pending, its claim, not
   * run out), renews it to `now + leaseMs` and counts the attempt, returning the attempts so far;
   * undefined when the lease is gone (the message must not be sent).
   */
  beginMailAttempt(id: number, owner: string, now: number, leaseMs: number): Promise<number | undefined>;
  /** While a send lasts: renews `owner`'s lease to `now + leaseMs` if it still holds at `now`; false when it is gone. */
  renewMailLease(id: number, owner: string, now: number, leaseMs: number): Promise<boolean>;
  /** Marks message `id` sent at `at` if it is still `owner`'s claim (false when another worker has claimed it since). */
  markMailSent(id: number, owner: string, at: number): Promise<boolean>;
  /**
   * Records a failed attempt, if message `id` is still `owner`'s claim: due again at `retryAt`, or
   * given up ('failed') when absent; the error kept. False when another worker has claimed it since.
   */
  markMailFailed(id: number, owner: string, error: string, retryAt?: number): Promise<boolean>;
  /** Puts the message in the outbox, due at `at` (or held), in `tx`: it goes out only if the change it tells of is kept. */
  enqueueMail(tx: Tx, mail: OutgoingMail, at: number, status?: 'pending' | 'held'): Promise<void>;
  /** The outbox's pending messages: how many, and when the oldest was written (undefined when none). */
  mailBacklog(): Promise<MailBacklog>;
}

/** What is waiting in the outbox (operations' metrics). */
export interface MailBacklog {
  pending: number;
  oldestCreatedAt?: string;
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
