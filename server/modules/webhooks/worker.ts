// The webhook worker: delivers the deliveries the modules queued (pg/deliveries.ts). Each round
// claims a batch of due deliveries under a lease named by a token of the round (no other worker,
// on this or another instance, takes them meanwhile) and posts them at once, each only while the
// lease holds (checked and renewed just before the post; the post, name lookup included, is
// limited to `timeoutMs`, well under the lease). Every attempt is logged; a 2xx answer delivers,
// anything else is retried after a growing delay while that falls within 24 hours of the queueing
// (DELIVERY_TTL_MS), then the delivery is failed. A worker that dies mid-round loses nothing: what
// it claimed and did not finish is due again once the lease ends (the one repeat it can cause: a
// receiver that answered 2xx just before the crash, not yet recorded, gets the event again; the
// same X-Shop-Event-Id tells it so).
import { randomUUID } from 'node:crypto';
import { RoundWorker, type LoopOptions } from '../../roundWorker';
import type { ClaimedDelivery, Store } from '../../db/port';
import { postDelivery, systemLookup, type Lookup } from './post';
import { deliveryBody, EVENT_ID_HEADER, SIGNATURE_HEADER, signatureHeader } from './signature';

export type WebhookLeaseStore = Pick<Store, 'claimWebhookDeliveries' | 'beginWebhookAttempt' | 'finishWebhookAttempt'>;

export interface WebhookWorkerOptions {
  now?: () => number;
  /** Deliveries claimed per round (10), posted at once. */
  batch?: number;
  /** How long a claim holds a delivery from other workers (1 minute). */
  leaseMs?: number;
  /** An attempt's time limit, the receiver's answer included (10 s). */
  timeoutMs?: number;
  /** The delay before attempt n + 1 after attempt n failed (30 s × 2^(n−1), at most an hour). */
  backoffMs?: (attempt: number) => number;
  /** Between rounds when nothing was due (2 s). */
  idleMs?: number;
  /** Post to private, loopback and link-local addresses too (WEBHOOKS_ALLOW_PRIVATE). */
  allowPrivate?: boolean;
  fetch?: typeof fetch;
  /** Resolves a host name to its addresses (the system's resolver). */
  lookup?: Lookup;
  log?: (line: string) => void;
  /** After each busy round of the background loop: what it did (the metrics count failed attempts). */
  onRound?: (round: WebhookRound) => void;
}

export const WEBHOOK_LEASE_MS = 60_000;
export const WEBHOOK_TIMEOUT_MS = 10_000;
export const webhookBackoff = (attempt: number): number => Math.min(60 * 60_000, 30_000 * 2 ** Math.max(0, attempt - 1));

export type WebhookRound = {
  delivered: number[];
  retried: number[];
  failed: number[];
  /** Claimed, but the lease ran out before the post (not posted), or another worker claimed it before the outcome was written. */
  lost: number[];
};

const emptyRound = (): WebhookRound => ({ delivered: [], retried: [], failed: [], lost: [] });

export class WebhookWorker extends RoundWorker<WebhookRound> {
  constructor(
    private readonly store: WebhookLeaseStore,
    private readonly options: WebhookWorkerOptions = {},
  ) {
    super();
  }

  protected loopOptions(): LoopOptions<WebhookRound> {
    return { name: 'webhook worker', idleMs: this.options.idleMs ?? 2000, log: this.options.log, onRound: this.options.onRound };
  }

  private get now() {
    return this.options.now ?? Date.now;
  }

  /** One round: claims due deliveries and tries each once (while its lease holds). */
  async runOnce(): Promise<WebhookRound> {
    const { batch = 10, leaseMs = WEBHOOK_LEASE_MS } = this.options;
    const owner = randomUUID();
    const claimed = await this.store.claimWebhookDeliveries(this.now(), batch, leaseMs, owner);
    const outcomes = await Promise.all(claimed.map((d) => this.attempt(d, owner)));
    const round = emptyRound();
    claimed.forEach((d, i) => round[outcomes[i]].push(d.id));
    return round;
  }

  private async attempt(d: ClaimedDelivery, owner: string): Promise<keyof WebhookRound> {
    const { leaseMs = WEBHOOK_LEASE_MS, timeoutMs = WEBHOOK_TIMEOUT_MS, backoffMs = webhookBackoff } = this.options;
    const log = this.options.log ?? (() => {});
    const attempt = await this.store.beginWebhookAttempt(d.id, owner, this.now(), leaseMs);
    if (attempt === undefined) return 'lost';
    const body = deliveryBody(d);
    const headers = {
      'Content-Type': 'application/json',
      'User-Agent': 'Shop-Webhooks/1',
      [EVENT_ID_HEADER]: d.eventId,
      [SIGNATURE_HEADER]: signatureHeader(d.secret, Math.floor(this.now() / 1000), body),
    };
    const { status, response } = await postDelivery(d.url, headers, body, {
      fetch: this.options.fetch ?? fetch,
      timeoutMs,
      allowPrivate: this.options.allowPrivate ?? false,
      lookup: this.options.lookup ?? systemLookup,
    });
    const at = this.now();
    const retryAt = at + backoffMs(attempt);
    const next =
      status !== null && status >= 200 && status < 300
        ? ({ kind: 'delivered' } as const)
        : retryAt <= d.expiresAt
          ? ({ kind: 'retry', retryAt } as const)
          : ({ kind: 'failed' } as const);
    if (!(await this.store.finishWebhookAttempt(d.id, owner, { attempt, status, response, at, next }))) {
      log(`webhook delivery #${d.id} (${d.type}) to ${d.url}: attempt ${attempt} made, but another worker had claimed it meanwhile`);
      return 'lost';
    }
    if (next.kind !== 'delivered') log(`webhook delivery #${d.id} (${d.type}) to ${d.url}: attempt ${attempt} ${status ?? 'without answer'}, ${next.kind === 'retry' ? 'will retry' : 'given up'}`);
    return next.kind === 'retry' ? 'retried' : next.kind;
  }
}
