// Webhooks as the back office manages them (/api/admin/webhooks): endpoints the shop signs and
// posts its events to, and the log of every delivery attempt.

/** The events an endpoint may subscribe to. */
export const WEBHOOK_EVENTS = ['order.placed', 'order.status_changed', 'order.refunded', 'return.requested', 'product.updated', 'stock.low'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** What each event is, for the back office's checkboxes. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'order.placed': 'An order is placed',
  'order.status_changed': "An order's status changes",
  'order.refunded': 'Money of an order is given back',
  'return.requested': 'A shopper asks to return items',
  'product.updated': 'A product is changed',
  'stock.low': 'Stock falls to its low-stock threshold through an order',
};

/** The longest endpoint URL, in characters. */
export const MAX_WEBHOOK_URL = 2000;

/** An endpoint as listed (its secret is shown once, when it is made). */
export interface WebhookEndpoint {
  id: number;
  url: string;
  events: WebhookEventType[];
  active: boolean;
  /** ISO time. */
  createdAt: string;
}

/** POST /admin/webhooks's answer: the endpoint with the secret its signatures are made with. */
export interface NewWebhookEndpoint extends WebhookEndpoint {
  secret: string;
}

/** One delivery attempt of the log (GET /admin/webhooks/:id/deliveries), newest first. */
export interface WebhookDelivery {
  id: number;
  /** The event's type. */
  event: WebhookEventType;
  /** The event's id (X-Shop-Event-Id, the payload's `id`): the same for every attempt and resend of it. */
  eventId: string;
  /** 1 for the first attempt of a delivery, 2 for its first retry… */
  attempt: number;
  /** The receiver's HTTP status; null when there was none (timeout, network error, refused address). */
  status: number | null;
  /** ISO time of the attempt. */
  at: string;
  /** The first 500 characters of the receiver's answer, or the error. */
  response: string;
}
