// The storage port's webhooks: endpoints, the deliveries written with the changes they tell of,
// the worker's claims and the delivery log. Part of the Store (server/db/port.ts), whose contract it follows.
import type { NewWebhookEndpoint, WebhookDelivery, WebhookEndpoint, WebhookEventType } from '../../../src/domain/webhooks';
import type { Page } from '../../query/lists';
import type { Tx } from '../../db/tx';

/** An event to deliver: its id (the same at every endpoint), type and data (JSON text). */
export interface WebhookEvent {
  id: string;
  type: WebhookEventType;
  data: string;
}

/** An endpoint's fields as a write sets them. */
export interface WebhookEndpointFields {
  url: string;
  events: WebhookEventType[];
  active: boolean;
}

/** A delivery a worker claimed: the event, where it goes and the secret to sign it with. */
export interface ClaimedDelivery {
  id: number;
  endpointId: number;
  url: string;
  secret: string;
  eventId: string;
  type: WebhookEventType;
  data: string;
  /** The event's time (ISO). */
  createdAt: string;
  /** After this (epoch ms) a failed attempt is not retried. */
  expiresAt: number;
}

/** What one attempt came to: the log row's status and response, and the delivery's next state. */
export interface AttemptOutcome {
  attempt: number;
  status: number | null;
  response: string;
  at: number;
  /** delivered; retry at `retryAt`; or failed (given up). */
  next: { kind: 'delivered' } | { kind: 'retry'; retryAt: number } | { kind: 'failed' };
}

export interface WebhookStore {
  /** Every endpoint, by id. */
  listWebhookEndpoints(): Promise<WebhookEndpoint[]>;
  /** The endpoint, locked until `tx` ends; undefined when there is none. */
  lockWebhookEndpoint(tx: Tx, id: number): Promise<WebhookEndpoint | undefined>;
  insertWebhookEndpoint(tx: Tx, fields: WebhookEndpointFields & { secret: string }, at: number): Promise<NewWebhookEndpoint>;
  updateWebhookEndpoint(tx: Tx, id: number, fields: WebhookEndpointFields): Promise<WebhookEndpoint>;
  /** Removes the endpoint with its deliveries and their log. */
  deleteWebhookEndpoint(tx: Tx, id: number): Promise<void>;
  /** Fails the endpoint's pending deliveries whose time ran out at `now` (an endpoint made active again gets no stale events). */
  expireWebhookDeliveries(tx: Tx, endpoint: number, now: number): Promise<void>;
  /**
   * One statement: a pending delivery, due at `at` and retried until `at + ttlMs`, for each event
   * and each active endpoint subscribed to its type (nothing when there is none), in `tx`.
   */
  enqueueWebhooks(tx: Tx, events: readonly WebhookEvent[], at: number, ttlMs: number): Promise<void>;
  /** The endpoint's attempts, newest first; undefined when there is no such endpoint. */
  listWebhookAttempts(endpoint: number, slice: { start: number; end: number }): Promise<Page<WebhookDelivery> | undefined>;
  /**
   * Queues again, due at `at` and retried until `at + ttlMs`, the event of attempt `attempt` of
   * endpoint `endpoint` (same id, type and data); the new delivery's id, undefined when there is no such attempt.
   */
  requeueWebhookAttempt(tx: Tx, endpoint: number, attempt: number, at: number, ttlMs: number): Promise<{ id: number; eventId: string; type: WebhookEventType } | undefined>;
  /**
   * Claims up to `limit` pending deliveries of active endpoints due at `now` (oldest first) for
   * `owner`: their next attempt moved to `now + leaseMs` (the lease), `owner` named as its holder
   * (SKIP LOCKED: workers never wait for each other). A claim not finished within the lease is due again.
   */
  claimWebhookDeliveries(now: number, limit: number, leaseMs: number, owner: string): Promise<ClaimedDelivery[]>;
  /**
   * Before a send: while `owner`'s lease holds at `now`, renews it to `now + leaseMs` and counts
   * the attempt (its number); undefined when the lease is gone (nothing must be sent).
   */
  beginWebhookAttempt(id: number, owner: string, now: number, leaseMs: number): Promise<number | undefined>;
  /**
   * Logs the attempt (whoever holds the delivery now: it was made) and, while the delivery is
   * still `owner`'s claim, sets its next state; false when another worker has claimed it since.
   */
  finishWebhookAttempt(id: number, owner: string, outcome: AttemptOutcome): Promise<boolean>;
  /** How many deliveries wait to be delivered (pending, for any endpoint). */
  countPendingWebhooks(): Promise<number>;
}
