// An order's parcel tracking (what the admin gives when dispatching it) and the tracking link
// of the carriers the shop knows. Shared by the server (answers, mail) and the pages.

/** The longest carrier name and tracking number an admin may give. */
export const MAX_CARRIER = 50;
export const MAX_TRACKING_NUMBER = 100;

/** What is stored: either may be absent (null). */
export interface StoredTracking {
  carrier: string | null;
  number: string | null;
}

/** What every order answer carries (`tracking: null` when none was given). */
export interface OrderTracking extends StoredTracking {
  /** The carrier's tracking page for the number; null for a carrier the shop does not know, or no number. */
  url: string | null;
}

/** The carriers with a tracking page that takes the number in its address, by folded name. */
const CARRIER_PAGES: Record<string, string> = {
  ups: 'https://www.ups.com/track?tracknum=',
  usps: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=',
  fedex: 'https://www.fedex.com/fedextrack/?trknbr=',
  dhl: 'https://www.dhl.com/en/express/tracking.html?AWB=',
  canadapost: 'https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=',
};

/** The names the shop offers for a carrier (the admin may type any other). */
export const KNOWN_CARRIERS = ['UPS', 'USPS', 'FedEx', 'DHL', 'Canada Post'] as const;

/** "Fed Ex", "fedex", "FEDEX." all name FedEx. */
const fold = (carrier: string) => carrier.toLowerCase().replace(/[^a-z]/g, '');

/** The tracking page of `number` at `carrier`; null when either is missing or the carrier is not known. */
export function trackingUrl(carrier: string | null, number: string | null): string | null {
  if (!carrier || !number) return null;
  const page = CARRIER_PAGES[fold(carrier)];
  return page ? page + encodeURIComponent(number) : null;
}

/** The answer for stored tracking (null: none given). */
export function trackingAnswer(stored: StoredTracking | null | undefined): OrderTracking | null {
  if (!stored || (!stored.carrier && !stored.number)) return null;
  return { carrier: stored.carrier, number: stored.number, url: trackingUrl(stored.carrier, stored.number) };
}
