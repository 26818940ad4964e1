import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import ErrorMessage from '../../../components/ErrorMessage';
import Pagination, { pageCount } from '../../../components/Pagination';
import Spinner from '../../../components/Spinner';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { useLatest } from '../../../lib/useLatest';
import type { EmailMessage } from '../../../domain/mail';
import EmailPreview from './EmailPreview';
import EmailsTable from './EmailsTable';
import { EMAILS_PER_PAGE, emailsApiQuery, fetchEmails, fetchMailStatus, parseEmailsParams, toEmailsParams } from './emailsAPI';

/** /admin/emails — the outbox, newest first, paged in the URL; a chosen message previewed, and sent again. */
export default function EmailsScreen() {
  useDocumentTitle('Admin: Emails');
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseEmailsParams(params), [params]);
  const apiQuery = emailsApiQuery(query);
  const list = useLatest(apiQuery, fetchEmails);
  const current = list.dataKey === apiQuery && !list.loading;
  const [selected, setSelected] = useState<EmailMessage | null>(null);
  // Without a mail server every message is held: the page says so above the list.
  const held = useLatest('held', fetchMailStatus).data?.held === true;

  // A page past the end (an old link) shows the last page instead.
  const pages = pageCount(list.data?.total ?? 0, EMAILS_PER_PAGE);
  useEffect(() => {
    if (current && pages > 0 && query.page > pages) setParams(toEmailsParams({ page: pages }), { replace: true });
  }, [current, pages, query, setParams]);

  const hrefFor = (page: number) => {
    const search = toEmailsParams({ page }).toString();
    return search ? `/admin/emails?${search}` : '/admin/emails';
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">Emails</h1>
      <p className="mt-1 text-sm text-gray-600">Every message the shop sends, newest first. Choose a subject to see the message.</p>
      {held && (
        <p role="note" className="mt-4 rounded-md border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
          No mail server is configured, so nothing is sent: every message is held in the outbox and can be read here in full. Set SMTP_URL
          and restart the shop to send the held messages.
        </p>
      )}

      <div className="mt-6">
        {list.error ? (
          <ErrorMessage title="The emails could not be loaded" message={list.error} onRetry={list.retry} />
        ) : !list.data ? (
          <Spinner label="Loading emails…" />
        ) : list.data.items.length === 0 ? (
          <p className="rounded-md bg-gray-50 p-6 text-center text-sm text-gray-700">No emails yet.</p>
        ) : (
          <div
            role="region"
            aria-label="Emails table"
            tabIndex={0}
            aria-busy={!current}
            className={`relative overflow-x-auto rounded-lg shadow-sm ring-1 ring-gray-900/5 focus-visible:outline-2 focus-visible:outline-brand-600 ${current ? '' : 'opacity-60'}`}
          >
            <EmailsTable emails={list.data.items} selected={selected?.id} onSelect={setSelected} />
          </div>
        )}
      </div>
      {list.data && !list.error && (
        <Pagination page={query.page} totalItems={list.data.total} pageSize={EMAILS_PER_PAGE} hrefFor={hrefFor} className="mt-4" />
      )}
      {selected && (
        <div className="mt-8">
          <EmailPreview email={selected} onResent={list.retry} />
        </div>
      )}
    </div>
  );
}
