// The audit log: GET /admin/audit?_page=&_limit=&entity=&actor= (admin only, newest
// first), and the log's query in the page URL (?entity=&actor=&page=).
import { apiClient } from '../../../lib/apiClient';
import { idParam, pageParam } from '../../../lib/listingParams';
import { AUDIT_ENTITIES, type AuditEntity, type AuditEntry } from '../../../domain/backOffice';

export const AUDIT_PER_PAGE = 20;

export interface AuditQuery {
  page: number;
  entity?: AuditEntity;
  /** An admin's user id. */
  actor?: number;
}

/** Reads the URL; anything malformed falls back to the default instead of failing. */
export function parseAuditParams(params: URLSearchParams): AuditQuery {
  const query: AuditQuery = { page: pageParam(params) };
  const entity = params.get('entity');
  if (AUDIT_ENTITIES.includes(entity as AuditEntity)) query.entity = entity as AuditEntity;
  const actor = idParam(params, 'actor');
  if (actor) query.actor = actor;
  return query;
}

/** Only what differs from the default, so the plain /admin/audit URL stays clean. */
export function toAuditParams({ page, entity, actor }: AuditQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (entity) params.set('entity', entity);
  if (actor !== undefined) params.set('actor', String(actor));
  if (page > 1) params.set('page', String(page));
  return params;
}

/** The API form: _page, _limit, then the filters that are set. */
export function auditApiQuery({ page, entity, actor }: AuditQuery): string {
  const params = new URLSearchParams({ _page: String(page), _limit: String(AUDIT_PER_PAGE) });
  if (entity) params.set('entity', entity);
  if (actor !== undefined) params.set('actor', String(actor));
  return params.toString();
}

/** useLatest's key is the API query; the answer is a page of entries and the total. */
export const fetchAudit = (apiQuery: string) => apiClient.list<AuditEntry>(`/admin/audit?${apiQuery}`);
