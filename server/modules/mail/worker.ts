// The mail worker: delivers the outbox (server/modules/mail/pg/outbox.ts) through an SMTP transport
// (nodemailer). Each round claims a batch of due messages (a lease: no other worker, on this or
// another instance, takes them meanwhile), sends them one by one and marks each sent; a failed
// attempt is retried after a growing delay, and after `maxAttempts` the message is given up
// ('failed') with the error kept. A worker that dies mid-batch loses nothing: what it claimed
// and did not mark is due again once the lease ends. The one resend it can cause: a message the
// SMTP server accepted just before the crash, before it was marked sent.
import nodemailer, { type Transporter } from 'nodemailer';
import type { OutboxMessage, Store } from '../../db/port';
import type { MailConfig } from '../../http/config';

type MailStore = Pick<Store, 'claimMail' | 'markMailSent' | 'markMailFailed'>;

export interface WorkerOptions {
  /** Where messages go (nodemailer transport). */
  transport: Pick<Transporter, 'sendMail'>;
  /** The From header. */
  from: string;
  now?: () => number;
  /** Messages claimed per round (10). */
  batch?: number;
  /** How long a claim keeps a message from other workers (2 minutes): longer than one send may take. */
  leaseMs?: number;
  /** Tries before a message is given up (5). */
  maxAttempts?: number;
  /** The delay before try n + 1 after n failed (30 s × 4^(n−1), at most an hour). */
  backoffMs?: (attempts: number) => number;
  /** Between rounds when the outbox had nothing due (1 s). */
  idleMs?: number;
  log?: (line: string) => void;
}

export const DEFAULT_MAX_ATTEMPTS = 5;
export const defaultBackoff = (attempts: number): number => Math.min(60 * 60_000, 30_000 * 4 ** Math.max(0, attempts - 1));

export interface RoundResult {
  sent: number[];
  retried: number[];
  failed: number[];
}

export class MailWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = true;

  constructor(
    private readonly store: MailStore,
    private readonly options: WorkerOptions,
  ) {}

  private get now() {
    return this.options.now ?? Date.now;
  }

  /** One round: claims due messages and tries each once. */
  async runOnce(): Promise<RoundResult> {
    const { transport, from, batch = 10, leaseMs = 120_000, maxAttempts = DEFAULT_MAX_ATTEMPTS, backoffMs = defaultBackoff } = this.options;
    const result: RoundResult = { sent: [], retried: [], failed: [] };
    const claimed = await this.store.claimMail(this.now(), batch, leaseMs);
    for (const message of claimed) {
      try {
        await transport.sendMail(envelope(message, from));
      } catch (error) {
        const reason = describe(error);
        const giveUp = message.attempts >= maxAttempts;
        await this.store.markMailFailed(message.id, reason, giveUp ? undefined : this.now() + backoffMs(message.attempts));
        (giveUp ? result.failed : result.retried).push(message.id);
        this.options.log?.(`mail #${message.id} to ${message.to}: ${giveUp ? 'given up' : 'will retry'} (${reason})`);
        continue;
      }
      await this.store.markMailSent(message.id, this.now());
      result.sent.push(message.id);
    }
    return result;
  }

  /** Rounds until nothing is due now (tests; a catch-up). */
  async drain(): Promise<RoundResult> {
    const all: RoundResult = { sent: [], retried: [], failed: [] };
    for (;;) {
      const round = await this.runOnce();
      all.sent.push(...round.sent);
      all.retried.push(...round.retried);
      all.failed.push(...round.failed);
      if (round.sent.length + round.retried.length + round.failed.length === 0) return all;
    }
  }

  /** Runs rounds in the background: at once after a busy round, `idleMs` after an empty one. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const loop = async () => {
      let busy = false;
      try {
        const round = this.runOnce();
        this.running = round;
        const r = await round;
        busy = r.sent.length + r.retried.length + r.failed.length > 0;
      } catch (error) {
        this.options.log?.(`mail worker: ${describe(error)}`);
      }
      if (!this.stopped) this.timer = setTimeout(() => void loop(), busy ? 0 : (this.options.idleMs ?? 1000));
    };
    void loop();
  }

  /** Stops after the round in progress (its messages are marked first). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => {});
  }
}

/** The message as nodemailer takes it (it encodes headers; the recipient is one address). */
function envelope(message: OutboxMessage, from: string) {
  return { from, to: message.to, subject: message.subject, text: message.text, ...(message.html === undefined ? {} : { html: message.html }) };
}

function describe(error: unknown): string {
  const e = error as { message?: unknown; response?: unknown };
  const text = typeof e?.response === 'string' ? e.response : typeof e?.message === 'string' ? e.message : String(error);
  return text.slice(0, 1000);
}

/** A worker sending to config.smtpUrl; undefined without one (mail then stays in the outbox). */
export function workerFromConfig(store: MailStore, config: MailConfig, options: Partial<WorkerOptions> = {}): MailWorker | undefined {
  if (!config.smtpUrl) return undefined;
  return new MailWorker(store, { transport: nodemailer.createTransport(config.smtpUrl), from: config.from, ...options });
}
