// What an audit entry says of a write (an AuditContext's entry, server/db/port.ts): the fields of
// a record that the write changed, before and after. Plain code, for the services that write.
import type { AuditEntity, AuditEntry, Order, Product } from '../../../src/domain/types';
import type { AuditContext } from '../../db/port';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The top-level fields that differ between two versions of a record, as they were and became. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (key === 'id' || same(before[key], after[key])) continue;
    was[key] = before[key] ?? null;
    now[key] = after[key] ?? null;
  }
  return { before: was, after: now };
}

/** What an audit entry says of its record: which one, and its fields before and after. */
export type Described = Pick<AuditEntry, 'entity' | 'entityId' | 'before' | 'after'>;

/**
 * What a write of a record records: all of a new one (`before` null), all of a removed one
 * (`after` null), the changed fields of a changed one; undefined when it changed nothing (nothing
 * is recorded then).
 */
export function describeWrite(
  entity: AuditEntity,
  entityId: number | string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Described | undefined {
  if (!before || !after) return { entity, entityId: String(entityId), before, after };
  const changed = changedFields(before, after);
  return Object.keys(changed.after).length === 0 ? undefined : { entity, entityId: String(entityId), ...changed };
}

/**
 * What a product write records: all of a new product; the changed fields of a changed one;
 * undefined when it changed nothing (nothing is recorded then).
 */
export function describeProduct(ctx: AuditContext, before: Product | undefined, after: Product): Described | undefined {
  if (!before) return { entity: 'product', entityId: String(after.id), before: null, after: { ...after } };
  const changed = changedFields(before as never, after as never);
  if (Object.keys(changed.after).length === 0) return undefined;
  return ctx.describe ? ctx.describe(before, after) : { entity: 'product', entityId: String(after.id), ...changed };
}

/** What an order's status change records. */
export function describeOrder(before: Order, after: Order): Described {
  return { entity: 'order', entityId: String(after.id), before: { status: before.status }, after: { status: after.status } };
}

/** The entry, without its id (the adapter numbers it). */
export function auditEntry(ctx: AuditContext, described: Described): Omit<AuditEntry, 'id'> {
  return { at: new Date(ctx.at).toISOString(), actor: ctx.actor, action: ctx.action, ...described };
}
