// An order's parcel tracking as the shop gave it when dispatching: the carrier and the number,
// the number a link to the carrier's tracking page when the shop knows the carrier.
import type { OrderTracking } from '../domain/tracking';

export default function TrackingInfo({ tracking, className = '' }: { tracking: OrderTracking | null | undefined; className?: string }) {
  if (!tracking) return null;
  const { carrier, number, url } = tracking;
  return (
    <section aria-labelledby="tracking-heading" className={className}>
      <h2 id="tracking-heading" className="text-base font-semibold text-gray-900">
        Tracking
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {carrier && (
          <>
            <dt className="text-gray-600">Carrier</dt>
            <dd className="text-gray-900">{carrier}</dd>
          </>
        )}
        {number && (
          <>
            <dt className="text-gray-600">Tracking number</dt>
            <dd className="break-all text-gray-900">
              {url ? (
                <a href={url} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-700 underline hover:text-brand-600">
                  {number}
                  <span className="sr-only"> (track your parcel at {carrier}, opens in a new tab)</span>
                </a>
              ) : (
                number
              )}
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}
