import { useFollowed } from '../../../lib/useFollowed';
import { Button, Input, Select } from '../../../components/controls';
import { AUDIT_ENTITIES, type AuditEntity } from '../../../domain/backOffice';
import type { AuditQuery } from './auditAPI';

type Filters = Pick<AuditQuery, 'entity' | 'actor'>;

/**
 * The log's filters: the entity applies as soon as it is chosen, the admin's id on Filter (or
 * Enter). The id shown follows the URL's when it changes, e.g. on Back (in the same field, which
 * keeps the keyboard focus, as the entity's select does).
 */
export default function AuditFilters({ initial, onChange }: { initial: Filters; onChange: (filters: Filters) => void }) {
  const [actor, setActor] = useFollowed(initial.actor === undefined ? '' : String(initial.actor));
  const actorId = (): number | undefined => (/^\d+$/.test(actor.trim()) && Number(actor) > 0 ? Number(actor) : undefined);

  return (
    <form
      aria-label="Filter the audit log"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ entity: initial.entity, actor: actorId() });
      }}
    >
      <div>
        <label htmlFor="audit-entity" className="block text-sm font-medium text-gray-900">
          Entity
        </label>
        <Select
          compact
          id="audit-entity"
          value={initial.entity ?? ''}
          onChange={(event) => onChange({ entity: (event.target.value || undefined) as AuditEntity | undefined, actor: actorId() })}
          className="mt-1 capitalize"
        >
          <option value="">All entities</option>
          {AUDIT_ENTITIES.map((entity) => (
            <option key={entity} value={entity}>
              {entity}
            </option>
          ))}
        </Select>
      </div>
      <div className="w-36">
        <label htmlFor="audit-actor" className="block text-sm font-medium text-gray-900">
          By (user id)
        </label>
        <Input
          id="audit-actor"
          inputMode="numeric"
          pattern="[0-9]*"
          value={actor}
          onChange={(event) => setActor(event.target.value)}
          className="mt-1"
        />
      </div>
      <Button type="submit" look="secondary">
        Filter
      </Button>
    </form>
  );
}
