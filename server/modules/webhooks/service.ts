// Webhooks: the back office's endpoints (/api/admin/webhooks) and the events the other modules
// emit, each in the transaction of the change it tells of (emit: a delivery row per active
// endpoint subscribed to its type, nothing when there is none). The worker (worker.ts) delivers
// them, signed. Every admin write is audited (entity 'webhook') in its transaction.
import { randomBytes, randomUUID } from 'node:crypto';
import type { NewWebhookEndpoint, WebhookDelivery, WebhookEndpoint, WebhookEventType } from '../../../src/domain/webhooks';
import type { Page, Store, StoredUser, Tx, WebhookEndpointFields, WebhookStore } from '../../db/port';
import { notFound } from '../../http/errors';
import { parseId, requireObject } from '../../http/input';
import { boundedPageOf } from '../../query/paging';
import { auditBy, type AuditService } from '../backoffice/audit';
import { describeWrite } from '../backoffice/auditEntries';
import { readEndpoint } from './rules';

/** How long a delivery is retried after it was queued. */
export const DELIVERY_TTL_MS = 24 * 60 * 60_000;

export interface WebhookOptions {
  /** Post to private, loopback and link-local addresses too (WEBHOOKS_ALLOW_PRIVATE=1; tests). */
  allowPrivate: boolean;
}

/** WEBHOOKS_ALLOW_PRIVATE: 1 (or true) allows private addresses; unset or 0 does not. */
export function allowPrivateFromEnv(env: NodeJS.ProcessEnv = process.env): boolean {
  return /^(1|true|yes)$/i.test(env.WEBHOOKS_ALLOW_PRIVATE?.trim() ?? '');
}

/** An event as a module emits it: its type and data (any JSON value; an object by convention). */
export interface EmittedEvent {
  type: WebhookEventType;
  data: unknown;
}

/** What the audit log keeps of an endpoint: never its secret. */
const audited = ({ url, events, active }: WebhookEndpointFields) => ({ url, events, active });

/** The secret signatures are made with: 32 random bytes, hex, with a prefix that says what it is. */
const newSecret = () => `whsec_${randomBytes(32).toString('hex')}`;

export class WebhooksService {
  constructor(
    private readonly store: WebhookStore & Pick<Store, 'transaction'>,
    private readonly audit: AuditService,
    private readonly now: () => number,
    private readonly options: WebhookOptions,
  ) {}

  /**
   * Queues `events` for every active endpoint subscribed to their types, in `tx`: they are
   * delivered only if the change they tell of is kept. One statement, and none without events.
   */
  async emit(tx: Tx, events: readonly EmittedEvent[], at: number = this.now()): Promise<void> {
    if (events.length === 0) return;
    const rows = events.map(({ type, data }) => ({ id: `evt_${randomUUID()}`, type, data: JSON.stringify(data) }));
    await this.store.enqueueWebhooks(tx, rows, at, DELIVERY_TTL_MS);
  }

  /** Deliveries waiting to be made (the metrics' shop_webhooks_pending). */
  pending(): Promise<number> {
    return this.store.countPendingWebhooks();
  }

  /** GET /admin/webhooks: every endpoint, without its secret. */
  list(): Promise<WebhookEndpoint[]> {
    return this.store.listWebhookEndpoints();
  }

  /** POST /admin/webhooks {url, events, active?}: the endpoint with its new secret (shown this once). */
  create(admin: StoredUser, body: unknown): Promise<NewWebhookEndpoint> {
    const fields = readEndpoint(requireObject(body), undefined, this.options.allowPrivate);
    const at = this.now();
    return this.store.transaction(async (tx) => {
      const created = await this.store.insertWebhookEndpoint(tx, { ...fields, secret: newSecret() }, at);
      await this.audit.record(tx, auditBy(admin, 'webhook.create', at), describeWrite('webhook', created.id, null, audited(created)));
      return created;
    });
  }

  /** PATCH /admin/webhooks/:id {url?, events?, active?}: the given fields over the stored ones. */
  async update(admin: StoredUser, rawId: string, body: unknown): Promise<WebhookEndpoint> {
    const id = parseId(rawId);
    const object = requireObject(body);
    const at = this.now();
    const updated =
      id === undefined
        ? undefined
        : await this.store.transaction(async (tx) => {
            const current = await this.store.lockWebhookEndpoint(tx, id);
            if (!current) return undefined;
            const fields = readEndpoint(object, current, this.options.allowPrivate);
            const after = await this.store.updateWebhookEndpoint(tx, id, fields);
            // Made active again: what waited past its 24 hours is failed, not sent late.
            if (after.active && !current.active) await this.store.expireWebhookDeliveries(tx, id, at);
            await this.audit.record(tx, auditBy(admin, 'webhook.update', at), describeWrite('webhook', id, audited(current), audited(after)));
            return after;
          });
    if (!updated) throw notFound('No such webhook');
    return updated;
  }

  /** DELETE /admin/webhooks/:id: the endpoint, its deliveries and their log. */
  async remove(admin: StoredUser, rawId: string): Promise<void> {
    const id = parseId(rawId);
    const at = this.now();
    const removed =
      id !== undefined &&
      (await this.store.transaction(async (tx) => {
        const current = await this.store.lockWebhookEndpoint(tx, id);
        if (!current) return false;
        await this.store.deleteWebhookEndpoint(tx, id);
        await this.audit.record(tx, auditBy(admin, 'webhook.delete', at), describeWrite('webhook', id, audited(current), null));
        return true;
      }));
    if (!removed) throw notFound('No such webhook');
  }

  /** GET /admin/webhooks/:id/deliveries?_page&_limit: the endpoint's delivery attempts, newest first. */
  async deliveries(rawId: string, query: Record<string, unknown>): Promise<Page<WebhookDelivery>> {
    const id = parseId(rawId);
    const page = id === undefined ? undefined : await this.store.listWebhookAttempts(id, boundedPageOf(query));
    if (!page) throw notFound('No such webhook');
    return page;
  }

  /** POST /admin/webhooks/:id/deliveries/:did/resend: the attempt's event queued again, due now (same event id). */
  async resend(admin: StoredUser, rawId: string, rawAttempt: string): Promise<{ id: number; event: WebhookEventType; eventId: string }> {
    const id = parseId(rawId);
    const attempt = parseId(rawAttempt);
    const at = this.now();
    const queued =
      id === undefined || attempt === undefined
        ? undefined
        : await this.store.transaction(async (tx) => {
            const again = await this.store.requeueWebhookAttempt(tx, id, attempt, at, DELIVERY_TTL_MS);
            if (again) {
              const after = { resent: again.eventId, event: again.type, attempt };
              await this.audit.record(tx, auditBy(admin, 'webhook.resend', at), { entity: 'webhook', entityId: String(id), before: null, after });
            }
            return again;
          });
    if (!queued) throw notFound('No such delivery');
    return { id: queued.id, event: queued.type, eventId: queued.eventId };
  }
}
