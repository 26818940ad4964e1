// An endpoint's fields as the admin API takes them (POST and PATCH /admin/webhooks): a URL the
// shop may post to (addresses.ts), at least one known event, and whether it is active.
import { MAX_WEBHOOK_URL, WEBHOOK_EVENTS, type WebhookEventType } from '../../../src/domain/webhooks';
import type { WebhookEndpointFields } from '../../db/port';
import { assertValid } from '../../http/errors';
import type { Errors } from '../../http/validate';
import { refusedHost } from './addresses';

function readUrl(value: unknown, allowPrivate: boolean, errors: Errors): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') {
    errors.url = 'URL is required';
    return undefined;
  }
  if (value.length > MAX_WEBHOOK_URL) {
    errors.url = `URL must be at most ${MAX_WEBHOOK_URL.toLocaleString('en-US')} characters`;
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    errors.url = 'URL must be a full http:// or https:// address';
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    errors.url = 'URL must start with http:// or https://';
    return undefined;
  }
  const refused = allowPrivate ? undefined : refusedHost(url.hostname);
  if (refused) {
    errors.url = `URL must be a public address: ${refused}`;
    return undefined;
  }
  return value;
}

function readEvents(value: unknown, errors: Errors): WebhookEventType[] | undefined {
  if (!Array.isArray(value) || value.length === 0 || value.some((e) => typeof e !== 'string')) {
    errors.events = `Events must be a list of at least one of ${WEBHOOK_EVENTS.join(', ')}`;
    return undefined;
  }
  const unknown = [...new Set(value as string[])].filter((e) => !WEBHOOK_EVENTS.includes(e as WebhookEventType));
  if (unknown.length > 0) {
    errors.events = `Unknown event${unknown.length > 1 ? 's' : ''}: ${unknown.map((e) => `"${e.slice(0, 100)}"`).join(', ')} (events are ${WEBHOOK_EVENTS.join(', ')})`;
    return undefined;
  }
  // In the shop's order, each once.
  return WEBHOOK_EVENTS.filter((e) => value.includes(e));
}

/**
 * The fields of `body` over `current` (PATCH: only those given; POST: url and events required,
 * active by default). 400 with each field's error, and for unknown events a message naming them.
 */
export function readEndpoint(body: Record<string, unknown>, current: WebhookEndpointFields | undefined, allowPrivate: boolean): WebhookEndpointFields {
  const errors: Errors = {};
  const url = body.url === undefined && current ? current.url : readUrl(body.url, allowPrivate, errors);
  const events = body.events === undefined && current ? current.events : readEvents(body.events, errors);
  let active = current?.active ?? true;
  if (body.active !== undefined) {
    if (typeof body.active === 'boolean') active = body.active;
    else errors.active = 'Active must be true or false';
  }
  assertValid(errors, errors.events?.startsWith('Unknown event') ? errors.events : 'Invalid webhook');
  return { url: url!, events: events!, active };
}
