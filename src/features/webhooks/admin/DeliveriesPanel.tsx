import { useEffect, useRef, useState } from 'react';
import ErrorMessage from '../../../components/ErrorMessage';
import Spinner from '../../../components/Spinner';
import { Button } from '../../../components/controls';
import type { WebhookDelivery, WebhookEndpoint } from '../../../domain/webhooks';
import { useLatest } from '../../../lib/useLatest';
import { DELIVERIES_SHOWN, loadDeliveries, resendDelivery } from './webhooksAPI';
import { utcDateTime } from '../../../lib/utcTime';

const cell = 'px-3 py-2 align-top text-sm text-gray-900';

/** An endpoint's latest delivery attempts, newest first, each with "Resend". */
export default function DeliveriesPanel({ endpoint }: { endpoint: WebhookEndpoint }) {
  const log = useLatest(String(endpoint.id), loadDeliveries);
  const [note, setNote] = useState<{ text: string; failed: boolean } | null>(null);
  const [sending, setSending] = useState<number | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [endpoint.id]);

  async function resend(delivery: WebhookDelivery) {
    setSending(delivery.id);
    setNote(null);
    try {
      await resendDelivery(endpoint.id, delivery.id);
      setNote({ text: `${delivery.event} (${delivery.eventId}) is queued to be sent again.`, failed: false });
    } catch (rejected) {
      setNote({ text: `Not queued: ${(rejected as Error).message}`, failed: true });
    }
    setSending(null);
  }

  return (
    <section aria-labelledby="webhook-deliveries-heading" className="mt-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="webhook-deliveries-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold break-all text-gray-900 focus:outline-none">
          Deliveries to {endpoint.url}
        </h2>
        <Button look="secondary" size="sm" onClick={log.retry} disabled={log.loading}>
          {log.loading ? 'Loading…' : 'Refresh'}
        </Button>
      </div>
      <p className="mt-1 text-sm text-gray-600">Every attempt, newest first (the latest {DELIVERIES_SHOWN}). A failed delivery is tried again for 24 hours.</p>
      <p role={note?.failed ? 'alert' : 'status'} className={`mt-2 text-sm ${note?.failed ? 'text-red-700' : 'text-green-800'}`}>
        {note?.text ?? ''}
      </p>
      <div className="mt-2">
        {log.error ? (
          <ErrorMessage title="The deliveries could not be loaded" message={log.error} onRetry={log.retry} />
        ) : !log.data ? (
          <Spinner label="Loading deliveries…" />
        ) : log.data.items.length === 0 ? (
          <p className="rounded-md bg-gray-50 p-6 text-center text-sm text-gray-700">No deliveries yet.</p>
        ) : (
          <div role="region" aria-label="Delivery attempts" tabIndex={0} className="overflow-x-auto rounded-lg shadow-sm ring-1 ring-gray-900/5 focus-visible:outline-2 focus-visible:outline-brand-600">
            <table className="min-w-full divide-y divide-gray-200 bg-white">
              <thead className="bg-gray-50 text-left text-xs font-semibold text-gray-700">
                <tr>
                  {['Event', 'Attempt', 'Status', 'Time', 'Response', 'Actions'].map((h) => (
                    <th key={h} scope="col" className="px-3 py-2">
                      {h === 'Actions' ? <span className="sr-only">{h}</span> : h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {log.data.items.map((d) => (
                  <tr key={d.id}>
                    <th scope="row" className={`${cell} font-mono font-normal`}>
                      {d.event}
                    </th>
                    <td className={cell}>{d.attempt}</td>
                    <td className={cell}>{d.status ?? 'No answer'}</td>
                    <td className={`${cell} whitespace-nowrap`}>{utcDateTime(d.at, true)}</td>
                    <td className={`${cell} max-w-md font-mono text-xs break-all`}>{d.response || '(empty)'}</td>
                    <td className={cell}>
                      <Button look="secondary" size="sm" disabled={sending !== null} aria-label={`Resend ${d.event}, attempt ${d.attempt} at ${utcDateTime(d.at, true)}`} onClick={() => void resend(d)}>
                        {sending === d.id ? 'Queuing…' : 'Resend'}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}
