// The webhooks part of the postgres adapter: endpoints and the log (endpoints.ts), the outbox
// and its claims (deliveries.ts). A mixin over PgBase (pgBase.ts), like every part of PgStore.
import type { NewWebhookEndpoint, WebhookDelivery, WebhookEndpoint, WebhookEventType } from '../../../../src/domain/webhooks';
import type { AttemptOutcome, ClaimedDelivery, Page, WebhookEndpointFields, WebhookEvent } from '../../../db/port';
import { trxOf, type PgClass } from '../../../db/pgBase';
import type { Tx } from '../../../db/tx';
import * as deliveries from './deliveries';
import * as endpoints from './endpoints';

export function withWebhooks<T extends PgClass>(Base: T) {
  return class PgWebhooks extends Base {
    listWebhookEndpoints(): Promise<WebhookEndpoint[]> {
      return endpoints.listEndpoints(this.db);
    }
    lockWebhookEndpoint(tx: Tx, id: number): Promise<WebhookEndpoint | undefined> {
      return endpoints.lockEndpoint(trxOf(tx), id);
    }
    insertWebhookEndpoint(tx: Tx, fields: WebhookEndpointFields & { secret: string }, at: number): Promise<NewWebhookEndpoint> {
      return endpoints.insertEndpoint(trxOf(tx), fields, at);
    }
    updateWebhookEndpoint(tx: Tx, id: number, fields: WebhookEndpointFields): Promise<WebhookEndpoint> {
      return endpoints.updateEndpoint(trxOf(tx), id, fields);
    }
    deleteWebhookEndpoint(tx: Tx, id: number): Promise<void> {
      return endpoints.deleteEndpoint(trxOf(tx), id);
    }
    expireWebhookDeliveries(tx: Tx, endpoint: number, now: number): Promise<void> {
      return endpoints.expireDeliveries(trxOf(tx), endpoint, now);
    }
    enqueueWebhooks(tx: Tx, events: readonly WebhookEvent[], at: number, ttlMs: number): Promise<void> {
      return deliveries.enqueue(trxOf(tx), events, at, ttlMs);
    }
    listWebhookAttempts(endpoint: number, slice: { start: number; end: number }): Promise<Page<WebhookDelivery> | undefined> {
      return endpoints.listAttempts(this.db, endpoint, slice);
    }
    requeueWebhookAttempt(tx: Tx, endpoint: number, attempt: number, at: number, ttlMs: number): Promise<{ id: number; eventId: string; type: WebhookEventType } | undefined> {
      return endpoints.requeueAttempt(trxOf(tx), endpoint, attempt, at, ttlMs);
    }
    claimWebhookDeliveries(now: number, limit: number, leaseMs: number, owner: string): Promise<ClaimedDelivery[]> {
      return deliveries.claim(this.db, now, limit, leaseMs, owner);
    }
    beginWebhookAttempt(id: number, owner: string, now: number, leaseMs: number): Promise<number | undefined> {
      return deliveries.beginAttempt(this.db, id, owner, now, leaseMs);
    }
    finishWebhookAttempt(id: number, owner: string, outcome: AttemptOutcome): Promise<boolean> {
      return deliveries.finishAttempt(this.db, id, owner, outcome);
    }
    countPendingWebhooks(): Promise<number> {
      return deliveries.countPending(this.db);
    }
  };
}
