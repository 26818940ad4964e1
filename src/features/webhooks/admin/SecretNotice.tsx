import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/controls';
import type { NewWebhookEndpoint } from '../../../domain/webhooks';

/** The new endpoint's signing secret, shown this once, with a copy button; Done hides it for good. */
export default function SecretNotice({ endpoint, onDone }: { endpoint: NewWebhookEndpoint; onDone: () => void }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(endpoint.secret);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }

  return (
    <section aria-labelledby="webhook-secret-heading" className="mt-6 rounded-lg bg-green-50 p-4 ring-1 ring-green-200">
      <h2 id="webhook-secret-heading" ref={heading} tabIndex={-1} className="text-base font-semibold text-green-900 focus:outline-none">
        Webhook added: copy its signing secret now
      </h2>
      <p className="mt-1 text-sm text-green-900">
        Deliveries to <span className="break-all font-medium">{endpoint.url}</span> are signed with this secret. It is not shown again: keep it where the
        receiver can read it.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <code aria-label="Signing secret" className="rounded bg-white px-2 py-1 font-mono text-sm break-all text-gray-900 ring-1 ring-green-200">
          {endpoint.secret}
        </code>
        <Button look="secondary" size="sm" onClick={() => void copy()}>
          Copy secret
        </Button>
        <Button look="plain" size="sm" onClick={onDone}>
          Done
        </Button>
      </div>
      <p role="status" className="mt-2 text-sm text-green-900">
        {copied === 'yes' ? 'Secret copied.' : copied === 'failed' ? 'It could not be copied here: select it and copy it by hand.' : ''}
      </p>
    </section>
  );
}
