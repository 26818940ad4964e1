// `audit` rows <-> audit entries (src/domain/types AuditEntry), in db.json's key order.
import type { Insertable, Selectable } from 'kysely';
import type { AuditEntry } from '../../../../src/domain/types';
import { json } from '../../../db/rows';
import type { AuditTable } from '../../../db/schema';

export function auditToRow(e: AuditEntry): Insertable<AuditTable> {
  return {
    id: e.id,
    at: e.at,
    actor_id: e.actor.id,
    actor_email: e.actor.email,
    actor_role: e.actor.role ?? 'admin',
    action: e.action,
    entity: e.entity,
    entity_id: e.entityId,
    before: e.before === null ? null : json(e.before),
    after: e.after === null ? null : json(e.after),
  };
}

export function auditFromRow(r: Selectable<AuditTable>): AuditEntry {
  return {
    id: r.id,
    at: r.at.toISOString(),
    actor: { id: r.actor_id, email: r.actor_email, role: r.actor_role },
    action: r.action,
    entity: r.entity,
    entityId: r.entity_id,
    before: r.before,
    after: r.after,
  };
}
