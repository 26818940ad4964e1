// The signature of a delivery (README "Webhooks"): X-Shop-Signature: t=<unix seconds>,v1=<hex
// HMAC-SHA256 of "<t>.<body>" with the endpoint's secret>, as Stripe signs its events. The time
// is signed with the body, so a receiver can refuse an old delivery replayed.
import { createHmac } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Shop-Signature';
export const EVENT_ID_HEADER = 'X-Shop-Event-Id';

/** The X-Shop-Signature value for `body` sent at `seconds` (Unix time). */
export function signatureHeader(secret: string, seconds: number, body: string): string {
  const v1 = createHmac('sha256', secret).update(`${seconds}.${body}`).digest('hex');
  return `t=${seconds},v1=${v1}`;
}

/** The body of a delivery: the event's id, type, time and data (JSON text, sent as written). */
export function deliveryBody(event: { eventId: string; type: string; createdAt: string; data: string }): string {
  return `{"id":${JSON.stringify(event.eventId)},"type":${JSON.stringify(event.type)},"createdAt":${JSON.stringify(event.createdAt)},"data":${event.data}}`;
}
