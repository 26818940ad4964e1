// The mail worker: delivers the outbox (server/modules/mail/pg/outbox.ts) through an SMTP transport
// (nodemailer). Each round claims a batch of due messages under a lease named by a token of the
// round (no other worker, on this or another instance, takes them meanwhile) and sends them one
// by one, each only while the lease holds (lease.ts): checked and renewed just before the send,
// renewed while it lasts, and the outcome marked only while the message is still this round's
// claim. A failed attempt is retried after a growing delay, and after `maxAttempts` the message is
// given up ('failed') with the error kept. A worker that dies mid-batch loses nothing: what it
// claimed and did not mark is due again once the lease ends. The one resend it can cause: a
// message the SMTP server accepted just before the crash, before it was marked sent; every
// attempt carries the same Message-ID (messageIdOf), so the receiver can tell the copy.
import { randomUUID } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type { OutboxMessage } from '../../db/port';
import { DEFAULT_MAIL_TIMING, type MailConfig, type MailTiming } from '../../http/config';
import { RoundWorker, type LoopOptions } from '../../roundWorker';
import { describe, sendHoldingLease, type LeaseStore } from './lease';

export interface WorkerOptions {
  /** Where messages go (nodemailer transport). */
  transport: Pick<Transporter, 'sendMail'>;
  /** The From header. */
  from: string;
  /** The right-hand side of each Message-ID (localhost). */
  messageIdDomain?: string;
  now?: () => number;
  /** Messages claimed per round (10). */
  batch?: number;
  /** How long a claim holds a message from other workers (2 minutes); renewed while a send lasts. */
  leaseMs?: number;
  /** How often the lease is renewed while a send lasts (a third of the lease). */
  renewEveryMs?: number;
  /**
   * The longest one send may last (sendDeadlineOf: the SMTP timeouts together): a server that
   * trickles its answers resets each inactivity timeout and would hold the worker forever.
   */
  sendDeadlineMs?: number;
  /** Tries before a message is given up (5). */
  maxAttempts?: number;
  /** The delay before try n + 1 after n failed (30 s × 4^(n−1), at most an hour). */
  backoffMs?: (attempts: number) => number;
  /** Between rounds when the outbox had nothing due (1 s). */
  idleMs?: number;
  log?: (line: string) => void;
  /** Told of each background round's outcome (start()): the server logs what was sent and given up. */
  onRound?: (result: RoundResult) => void;
}

export const DEFAULT_MAX_ATTEMPTS = 5;
export const defaultBackoff = (attempts: number): number => Math.min(60 * 60_000, 30_000 * 4 ** Math.max(0, attempts - 1));

export type RoundResult = {
  sent: number[];
  retried: number[];
  failed: number[];
  /** Claimed, but another worker took the message over once this round's lease ran out: not sent, or sent and not marked (logged). */
  lost: number[];
};

const emptyRound = (): RoundResult => ({ sent: [], retried: [], failed: [], lost: [] });

/** The Message-ID of every attempt at message `message` (its outbox id and creation time: a database loaded afresh reuses ids). */
export function messageIdOf(message: Pick<OutboxMessage, 'id' | 'createdAt'>, domain: string): string {
  return `<outbox-${message.id}.${Date.parse(message.createdAt).toString(36)}@${domain}>`;
}

export class MailWorker extends RoundWorker<RoundResult> {
  constructor(
    private readonly store: LeaseStore,
    private readonly options: WorkerOptions,
  ) {
    super();
  }

  protected loopOptions(): LoopOptions<RoundResult> {
    return { name: 'mail worker', idleMs: this.options.idleMs ?? 1000, log: this.options.log, onRound: this.options.onRound };
  }

  private get now() {
    return this.options.now ?? Date.now;
  }

  /** One round: claims due messages and tries each once (while its lease holds). */
  async runOnce(): Promise<RoundResult> {
    const { transport, from, messageIdDomain = 'localhost', batch = 10, leaseMs = DEFAULT_MAIL_TIMING.leaseMs, maxAttempts = DEFAULT_MAX_ATTEMPTS, backoffMs = defaultBackoff } = this.options;
    const log = this.options.log ?? (() => {});
    const result = emptyRound();
    const owner = randomUUID();
    const claimed = await this.store.claimMail(this.now(), batch, leaseMs, owner);
    const deadlineMs = this.options.sendDeadlineMs ?? sendDeadlineOf(DEFAULT_MAIL_TIMING);
    const lease = { store: this.store, owner, now: this.now, leaseMs, renewEveryMs: this.options.renewEveryMs ?? leaseMs / 3, deadlineMs, log };
    for (const message of claimed) {
      const mail = { ...envelope(message, from), messageId: messageIdOf(message, messageIdDomain) };
      const outcome = await sendHoldingLease(lease, message, () => transport.sendMail(mail));
      if (outcome.kind === 'lost') {
        result.lost.push(message.id);
        continue;
      }
      if (outcome.kind === 'sent') {
        if (await this.store.markMailSent(message.id, owner, this.now())) result.sent.push(message.id);
        else {
          result.lost.push(message.id);
          log(`mail #${message.id} to ${message.to}: sent, but another worker had claimed it meanwhile; it may be delivered twice (same Message-ID)`);
        }
        continue;
      }
      const reason = describe(outcome.error);
      const giveUp = outcome.attempts >= maxAttempts;
      if (!(await this.store.markMailFailed(message.id, owner, reason, giveUp ? undefined : this.now() + backoffMs(outcome.attempts)))) {
        result.lost.push(message.id);
        log(`mail #${message.id} to ${message.to}: failed (${reason}), and another worker had claimed it meanwhile`);
        continue;
      }
      (giveUp ? result.failed : result.retried).push(message.id);
      log(`mail #${message.id} to ${message.to}: ${giveUp ? 'given up' : 'will retry'} (${reason})`);
    }
    return result;
  }
}

/** The message as nodemailer takes it (it encodes headers; the recipient is one address). */
function envelope(message: OutboxMessage, from: string) {
  return { from, to: message.to, subject: message.subject, text: message.text, ...(message.html === undefined ? {} : { html: message.html }) };
}

/** The longest a send may last: each of the SMTP timeouts at its longest, one after the other. */
export const sendDeadlineOf = (timing: Omit<MailTiming, 'leaseMs'>): number => timing.connectionTimeoutMs + timing.greetingTimeoutMs + timing.socketTimeoutMs;

/** An SMTP transport to `url` that gives up on a silent server well within the lease. */
export function smtpTransport(url: string, timing: Omit<MailTiming, 'leaseMs'> = DEFAULT_MAIL_TIMING): Transporter {
  return nodemailer.createTransport({
    url,
    connectionTimeout: timing.connectionTimeoutMs,
    greetingTimeout: timing.greetingTimeoutMs,
    socketTimeout: timing.socketTimeoutMs,
  });
}

/** A worker sending to config.smtpUrl; undefined without one (mail then stays in the outbox). */
export function workerFromConfig(store: LeaseStore, config: MailConfig, options: Partial<WorkerOptions> = {}): MailWorker | undefined {
  if (!config.smtpUrl) return undefined;
  return new MailWorker(store, {
    transport: smtpTransport(config.smtpUrl, config.timing),
    from: config.from,
    messageIdDomain: config.messageIdDomain,
    leaseMs: config.timing.leaseMs,
    sendDeadlineMs: sendDeadlineOf(config.timing),
    ...options,
  });
}
