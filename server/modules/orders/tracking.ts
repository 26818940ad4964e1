// The tracking an admin gives when dispatching an order (PATCH /orders/:id {status: 'dispatched',
// tracking: {carrier, number}}): both optional, trimmed (empty = none), carrier at most
// MAX_CARRIER characters and number at most MAX_TRACKING_NUMBER; a bad one is a 400 naming the
// field, with nothing changed. Stored with the order; answered with its link (src/domain/tracking.ts).
import { MAX_CARRIER, MAX_TRACKING_NUMBER, type StoredTracking } from '../../../src/domain/tracking';
import type { OrderStatus } from '../../../src/domain/types';
import { assertValid } from '../../http/errors';
import type { Errors } from '../../http/validate';
import type { PaidPlan } from './payment';

const LIMITS = { carrier: [MAX_CARRIER, 'Carrier'], number: [MAX_TRACKING_NUMBER, 'Tracking number'] } as const;

/** The body's `tracking` (undefined: none sent; a status other than dispatched takes none). */
export function readTracking(body: Record<string, unknown>, status: OrderStatus): StoredTracking | undefined {
  const input = body.tracking;
  if (input === undefined || input === null) return undefined;
  const errors: Errors = {};
  const out: StoredTracking = { carrier: null, number: null };
  if (status !== 'dispatched') errors.tracking = 'Tracking is given with the status dispatched';
  else if (typeof input !== 'object' || Array.isArray(input)) errors.tracking = 'Tracking must be an object with carrier and number';
  else {
    for (const key of ['carrier', 'number'] as const) {
      const value = (input as Record<string, unknown>)[key];
      const [max, label] = LIMITS[key];
      if (value === undefined || value === null) continue;
      if (typeof value !== 'string') errors[`tracking.${key}`] = `${label} must be text`;
      else if (value.trim().length > max) errors[`tracking.${key}`] = `${label} must be at most ${max} characters`;
      else out[key] = value.trim() || null;
    }
  }
  assertValid(errors, 'Invalid tracking');
  return out;
}

/**
 * `plan` with the tracking written too: with the change to dispatched, or alone on an order that
 * is dispatched already (a correction, audited, not mailed again: `statusChanged` tells).
 */
export function withTracking(plan: PaidPlan, tracking: StoredTracking | undefined, statusChanged: { value: boolean }): PaidPlan {
  return async (order, products, records) => {
    const write = await plan(order, products, records);
    if ('money' in write) return write;
    statusChanged.value = write.set?.status !== undefined;
    if (!tracking || (!statusChanged.value && order.status !== 'dispatched')) return write;
    const before = order.tracking ? { carrier: order.tracking.carrier, number: order.tracking.number } : null;
    const audit = write.audit ?? { entity: 'order' as const, entityId: String(order.id), before: {}, after: {} };
    return {
      ...write,
      set: { ...write.set, tracking },
      audit: { ...audit, before: { ...audit.before, tracking: before }, after: { ...audit.after, tracking } },
    };
  };
}
