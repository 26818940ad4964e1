import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Field, Input } from '../../../components/controls';
import FormActions from '../../../components/FormActions';
import { MAX_WEBHOOK_URL, WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, type NewWebhookEndpoint, type WebhookEventType } from '../../../domain/webhooks';
import { showServerErrors } from '../../../lib/serverErrors';
import { createWebhook } from './webhooksAPI';

interface Values {
  url: string;
  events: WebhookEventType[];
}

interface Props {
  onSaved: (endpoint: NewWebhookEndpoint) => void;
  onCancel: () => void;
}

/** Add an endpoint: its URL and the events it gets (checkboxes); the server's messages under their fields. */
export default function WebhookForm({ onSaved, onCancel }: Props) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { url: '', events: [] } });
  useEffect(() => setFocus('url'), [setFocus]);

  async function submit(values: Values) {
    setFailure(null);
    try {
      onSaved(await createWebhook({ url: values.url.trim(), events: values.events }));
    } catch (rejected) {
      setFailure(showServerErrors(rejected, setError, ['url', 'events']));
    }
  }

  const eventsError = errors.events?.message;
  return (
    <form noValidate aria-label="New webhook" onSubmit={handleSubmit(submit)} className="mt-6 rounded-lg border border-brand-200 bg-brand-50/40 p-4">
      <p className="text-sm font-semibold text-gray-900">New webhook</p>
      <Field id="webhook-url" label="URL (http:// or https://)" error={errors.url?.message} className="mt-3">
        {(control) => (
          <Input
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://example.com/shop-events"
            maxLength={MAX_WEBHOOK_URL}
            {...control}
            {...register('url', { validate: (v) => v.trim() !== '' || 'URL is required' })}
          />
        )}
      </Field>
      <fieldset className="mt-4" aria-describedby={eventsError ? 'webhook-events-error' : undefined}>
        <legend className="text-sm font-medium text-gray-900">Events</legend>
        <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="flex items-start gap-2 text-sm text-gray-900">
              <input
                type="checkbox"
                value={event}
                className="mt-0.5 size-4 rounded border-gray-400 text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
                aria-invalid={eventsError ? true : undefined}
                {...register('events', { validate: (v) => v.length > 0 || 'Choose at least one event' })}
              />
              <span>
                <code className="font-mono">{event}</code>
                <span className="block text-gray-600">{WEBHOOK_EVENT_LABELS[event]}</span>
              </span>
            </label>
          ))}
        </div>
        {eventsError && (
          <p id="webhook-events-error" className="mt-1 text-sm text-red-700">
            {eventsError}
          </p>
        )}
      </fieldset>
      <FormActions what="webhook" failure={failure} saving={isSubmitting} onCancel={onCancel} />
    </form>
  );
}
