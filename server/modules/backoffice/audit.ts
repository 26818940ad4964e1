// Who an admin write is by (server/db/port.ts AuditContext), recording its entry in the
// transaction of the write (AuditService.record, asked by the service that writes), and reading
// the log (GET /admin/audit).
import { AUDIT_ENTITIES, type AuditAction, type AuditEntity, type AuditEntry } from '../../../src/domain/types';
import { badRequest } from '../../http/errors';
import type { StoredUser } from '../../db/port';
import type { AuditContext, Page, Tx, BackofficeStore } from '../../db/port';
import { parseId } from '../../http/input';
import { boundedPageOf } from '../../query/paging';
import { auditEntry, type Described } from './auditEntries';

export function auditBy(actor: StoredUser, action: AuditAction, at: number, describe?: AuditContext['describe']): AuditContext {
  return { actor: { id: actor.id, email: actor.email, role: actor.role }, action, at, ...(describe ? { describe } : {}) };
}

export class AuditService {
  constructor(private readonly store: BackofficeStore) {}

  /** GET /admin/audit?_page&_limit&entity=&actor=: newest first. */
  list(query: Record<string, unknown>): Promise<Page<AuditEntry>> {
    const entity = query.entity;
    if (entity !== undefined && !AUDIT_ENTITIES.includes(entity as AuditEntity)) {
      throw badRequest('Invalid entity', { entity: `Entity must be one of ${AUDIT_ENTITIES.join(', ')}` });
    }
    const actorText = query.actor;
    const actor = actorText === undefined ? undefined : parseId(actorText);
    if (actorText !== undefined && actor === undefined) throw badRequest('Invalid admin', { actor: 'Admin must be a user id' });
    return this.store.listAudit({ entity: entity as AuditEntity | undefined, actor, slice: boundedPageOf(query) });
  }

  /**
   * Records the change `described` by `ctx`'s admin, in the transaction of that change (nothing
   * without a context, nor for a write that changed nothing: `described` undefined).
   */
  async record(tx: Tx, ctx: AuditContext | undefined, described: Described | undefined): Promise<void> {
    if (ctx && described) await this.store.recordAudit(tx, auditEntry(ctx, described));
  }

  /** As record, for many changes at once (an import's new products), in their order. */
  async recordAll(tx: Tx, ctx: AuditContext | undefined, described: readonly (Described | undefined)[]): Promise<void> {
    if (!ctx) return;
    const entries = described.flatMap((d) => (d ? [auditEntry(ctx, d)] : []));
    if (entries.length > 0) await this.store.recordAudits(tx, entries);
  }

  /** When each product among `ids` was last changed (its newest audit entry, ISO), by id: one read for a page of them. */
  async productsLastChanged(ids: readonly number[]): Promise<Map<number, string>> {
    const at = await this.store.lastAuditAt('product', ids.map(String));
    return new Map([...at].map(([id, time]) => [Number(id), time]));
  }
}
