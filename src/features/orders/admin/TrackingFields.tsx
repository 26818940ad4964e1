// The carrier and tracking number an admin may give when dispatching an order (both optional).
import { KNOWN_CARRIERS, MAX_CARRIER, MAX_TRACKING_NUMBER, type StoredTracking } from '../../../domain/tracking';

export type TrackingDraft = { carrier: string; number: string };

/** The draft as PATCH /orders/:id takes it: undefined when both are empty. */
export function trackingOf(draft: TrackingDraft): StoredTracking | undefined {
  const carrier = draft.carrier.trim();
  const number = draft.number.trim();
  return carrier || number ? { carrier: carrier || null, number: number || null } : undefined;
}

const field = 'mt-1 block w-56 rounded-md border-0 px-2 py-1.5 text-sm text-gray-900 ring-1 ring-inset ring-gray-300 focus:ring-2 focus:ring-brand-600 disabled:opacity-60';

export default function TrackingFields({ draft, onChange, disabled }: { draft: TrackingDraft; onChange: (draft: TrackingDraft) => void; disabled: boolean }) {
  return (
    <fieldset className="flex flex-wrap items-end gap-3">
      <legend className="sr-only">Tracking (optional)</legend>
      <div>
        <label htmlFor="tracking-carrier" className="block text-sm font-medium text-gray-900">
          Carrier <span className="font-normal text-gray-600">(optional)</span>
        </label>
        <input
          id="tracking-carrier"
          list="tracking-carriers"
          maxLength={MAX_CARRIER}
          value={draft.carrier}
          disabled={disabled}
          onChange={(e) => onChange({ ...draft, carrier: e.target.value })}
          className={field}
        />
        <datalist id="tracking-carriers">
          {KNOWN_CARRIERS.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
      </div>
      <div>
        <label htmlFor="tracking-number" className="block text-sm font-medium text-gray-900">
          Tracking number <span className="font-normal text-gray-600">(optional)</span>
        </label>
        <input
          id="tracking-number"
          maxLength={MAX_TRACKING_NUMBER}
          value={draft.number}
          disabled={disabled}
          onChange={(e) => onChange({ ...draft, number: e.target.value })}
          className={field}
        />
      </div>
    </fieldset>
  );
}
