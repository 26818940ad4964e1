import { useState } from 'react';
import ConfirmedAction from '../../../components/ConfirmedAction';
import { Button } from '../../../components/controls';
import type { WebhookEndpoint } from '../../../domain/webhooks';
import { deleteWebhook, setWebhookActive } from './webhooksAPI';

interface Props {
  endpoint: WebhookEndpoint;
  /** The list changed (toggled, deleted): read it again. */
  onChanged: () => void;
  /** It is deleted, and about to leave the list. */
  onDeleted: () => void;
  /** Whether its delivery log is the one shown. */
  showing: boolean;
  onShowDeliveries: () => void;
}

/** One endpoint: its URL and events, an Active switch, its deliveries, Delete (asked first). */
export default function WebhookItem({ endpoint, onChanged, onDeleted, showing, onShowDeliveries }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { id, url, events, active } = endpoint;

  async function toggle() {
    setBusy(true);
    setError(null);
    try {
      await setWebhookActive(id, !active);
      onChanged();
    } catch (rejected) {
      setError(`Not changed: ${(rejected as Error).message}`);
    }
    setBusy(false);
  }

  return (
    <li data-row={`webhook-${id}`}>
      <article aria-label={url} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-900/5">
        <p className="font-mono text-sm break-all text-gray-900">{url}</p>
        <p className="mt-1 text-sm text-gray-700">
          <span className="sr-only">Events: </span>
          {events.join(', ')}
        </p>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <button
            type="button"
            role="switch"
            aria-checked={active}
            aria-label={`Active: ${url}`}
            // Off while it saves, yet focused still (a disabled switch drops the keyboard focus).
            aria-disabled={busy || undefined}
            onClick={busy ? undefined : () => void toggle()}
            className={`relative inline-flex h-6 w-11 shrink-0 rounded-full p-0.5 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-disabled:cursor-wait aria-disabled:opacity-60 ${active ? 'bg-brand-600' : 'bg-gray-300'}`}
          >
            <span aria-hidden="true" className={`size-5 rounded-full bg-white shadow transition-transform ${active ? 'translate-x-5' : ''}`} />
          </button>
          <span className="text-sm text-gray-900" aria-hidden="true">
            {busy ? 'Saving…' : active ? 'Active' : 'Paused'}
          </span>
          <Button look="secondary" size="sm" aria-label={`Deliveries to ${url}`} aria-pressed={showing} onClick={onShowDeliveries}>
            Deliveries
          </Button>
          <ConfirmedAction
            label="Delete"
            busyLabel="Deleting…"
            aria-label={`Delete ${url}`}
            question={{ title: 'Delete this webhook?', message: `Nothing more is sent to ${url}, and its delivery log goes with it.`, confirmLabel: 'Delete' }}
            run={async () => {
              await deleteWebhook(id);
              onDeleted();
              onChanged();
            }}
            failed={(message) => `Not deleted: ${message}`}
          />
        </div>
        {error && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        )}
      </article>
    </li>
  );
}
