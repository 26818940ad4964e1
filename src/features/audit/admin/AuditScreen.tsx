import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import ErrorMessage from '../../../components/ErrorMessage';
import Pagination, { pageCount } from '../../../components/Pagination';
import Spinner from '../../../components/Spinner';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { useLatest } from '../../../lib/useLatest';
import AuditEntryItem from './AuditEntryItem';
import AuditFilters from './AuditFilters';
import { AUDIT_PER_PAGE, auditApiQuery, fetchAudit, parseAuditParams, toAuditParams } from './auditAPI';

/** /admin/audit — every recorded change (staff's and shoppers'), newest first, filtered by entity and actor, paged in the URL. */
export default function AuditScreen() {
  useDocumentTitle('Admin: Audit log');
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseAuditParams(params), [params]);
  const apiQuery = auditApiQuery(query);
  const log = useLatest(apiQuery, fetchAudit);
  const current = log.dataKey === apiQuery && !log.loading;
  const filtered = query.entity !== undefined || query.actor !== undefined;

  // A page past the end (an old link, a narrower filter) shows the last page instead.
  const pages = pageCount(log.data?.total ?? 0, AUDIT_PER_PAGE);
  useEffect(() => {
    if (current && pages > 0 && query.page > pages) setParams(toAuditParams({ ...query, page: pages }), { replace: true });
  }, [current, pages, query, setParams]);

  const hrefFor = (page: number) => {
    const search = toAuditParams({ ...query, page }).toString();
    return search ? `/admin/audit?${search}` : '/admin/audit';
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-gray-900">Audit log</h1>
          <p className="mt-1 text-sm text-gray-600">Every change made by staff, and by shoppers to their own orders (returns, cancels), newest first.</p>
        </div>
        <AuditFilters
          initial={query}
          onChange={(filters) => setParams(toAuditParams({ ...filters, page: 1 }))}
        />
      </div>

      <div className="mt-6">
        {log.error ? (
          <ErrorMessage title="The audit log could not be loaded" message={log.error} onRetry={log.retry} />
        ) : !log.data ? (
          <Spinner label="Loading the audit log…" />
        ) : log.data.items.length === 0 ? (
          <p className="rounded-md bg-gray-50 p-6 text-center text-sm text-gray-700">
            {filtered ? 'No changes match these filters.' : 'No changes recorded yet.'}
          </p>
        ) : (
          <ol aria-label="Changes" aria-busy={!current} className={`space-y-4 ${current ? '' : 'opacity-60'}`}>
            {log.data.items.map((entry) => (
              <li key={entry.id}>
                <AuditEntryItem entry={entry} />
              </li>
            ))}
          </ol>
        )}
      </div>
      {log.data && !log.error && (
        <Pagination page={query.page} totalItems={log.data.total} pageSize={AUDIT_PER_PAGE} hrefFor={hrefFor} className="mt-4" />
      )}
    </div>
  );
}
