import { useState } from 'react';
import { useAppAlert } from '../../../components/Alerts';
import { useAppDispatch } from '../../../lib/hooks';
import { userUpdated } from '../../../lib/session';
import { setAlerts } from '../alertsAPI';

/** The profile's switch for alert mail: price drops of wishlist items and items back in stock. */
export default function AlertsSection({ alerts }: { alerts: boolean }) {
  const dispatch = useAppDispatch();
  const alert = useAppAlert();
  const [saving, setSaving] = useState<boolean | null>(null);
  // While saving, the box shows what the shopper asked for.
  const checked = saving ?? alerts;

  async function change(on: boolean) {
    if (saving !== null) return;
    setSaving(on);
    try {
      dispatch(userUpdated(await setAlerts(on)));
      alert.success(on ? 'Alert emails turned on' : 'Alert emails turned off');
    } catch (error) {
      alert.error(`Could not change your alert emails: ${(error as Error).message}`);
    } finally {
      setSaving(null);
    }
  }

  return (
    <section aria-labelledby="alerts-heading" className="mt-8 rounded-lg border border-gray-200 bg-white px-4 py-6 sm:px-6">
      <h2 id="alerts-heading" className="text-xl font-semibold text-gray-900">
        Alerts
      </h2>
      <div className="mt-3 flex items-start gap-3">
        <input
          id="alerts-switch"
          type="checkbox"
          role="switch"
          checked={checked}
          // Not `disabled` while it saves: a disabled control loses the keyboard focus.
          aria-disabled={saving !== null || undefined}
          aria-describedby="alerts-note"
          onChange={(event) => void change(event.target.checked)}
          className="mt-1 size-5 shrink-0 rounded border-gray-400 text-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        />
        <div>
          <label htmlFor="alerts-switch" className="text-base font-medium text-gray-900">
            Email me about price drops and items back in stock
          </label>
          <p id="alerts-note" className="text-sm text-gray-700">
            A mail when a product on your wishlist gets cheaper, and when a size or colour you asked about is back.
          </p>
        </div>
      </div>
    </section>
  );
}
