import { useState } from 'react';
import ErrorMessage from '../../../components/ErrorMessage';
import Spinner from '../../../components/Spinner';
import { Button } from '../../../components/controls';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import type { NewWebhookEndpoint } from '../../../domain/webhooks';
import { useLatest } from '../../../lib/useLatest';
import { useFocusAfter } from '../../../lib/useFocusAfter';
import { useFocusNeighbour } from '../../../lib/useFocusNeighbour';
import DeliveriesPanel from './DeliveriesPanel';
import SecretNotice from './SecretNotice';
import WebhookForm from './WebhookForm';
import WebhookItem from './WebhookItem';
import { loadWebhooks } from './webhooksAPI';

/** /admin/webhooks — the addresses the shop posts its events to: add (the secret shown once), pause, delete, and each one's deliveries. */
export default function WebhooksScreen() {
  useDocumentTitle('Admin: Webhooks');
  const list = useLatest('webhooks', loadWebhooks);
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<NewWebhookEndpoint | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const shown = list.data?.find((e) => e.id === viewing);
  // Done takes the secret's notice off the page: the focus goes to Add webhook, below it.
  const [addButton, focusAdd] = useFocusAfter<HTMLButtonElement>();
  // A deleted one leaves the list: the focus goes to a neighbour's switch, else to Add webhook.
  const focusNeighbour = useFocusNeighbour(() => addButton.current ?? document.getElementById('webhook-url'));

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">Webhooks</h1>
      <p className="mt-1 text-sm text-gray-700">
        The shop posts the events each address subscribes to as signed JSON (the README&apos;s &ldquo;Webhooks&rdquo; says how to check the signature). A
        delivery not answered with a 2xx status is tried again for 24 hours.
      </p>

      {created && <SecretNotice
          endpoint={created}
          onDone={() => {
            setCreated(null);
            focusAdd();
          }}
        />}
      {adding ? (
        <WebhookForm
          onSaved={(endpoint) => {
            setAdding(false);
            setCreated(endpoint);
            list.retry();
          }}
          onCancel={() => setAdding(false)}
        />
      ) : (
        <Button ref={addButton} className="mt-6" onClick={() => setAdding(true)}>
          Add webhook
        </Button>
      )}

      <div className="mt-6">
        {list.error ? (
          <ErrorMessage title="The webhooks could not be loaded" message={list.error} onRetry={list.retry} />
        ) : !list.data ? (
          <Spinner label="Loading webhooks…" />
        ) : list.data.length === 0 ? (
          <p className="rounded-md bg-gray-50 p-6 text-center text-sm text-gray-700">No webhooks yet.</p>
        ) : (
          <ul aria-label="Webhooks" className="space-y-3" data-rows>
            {list.data.map((endpoint) => (
              <WebhookItem
                key={endpoint.id}
                endpoint={endpoint}
                onChanged={list.retry}
                onDeleted={() => focusNeighbour(`webhook-${endpoint.id}`)}
                showing={viewing === endpoint.id}
                onShowDeliveries={() => setViewing(viewing === endpoint.id ? null : endpoint.id)}
              />
            ))}
          </ul>
        )}
      </div>
      {shown && <DeliveriesPanel key={shown.id} endpoint={shown} />}
    </div>
  );
}
