import { formatMoney } from '../../../domain/checkout';
import type { Quote } from '../../../domain/quote';
import { startForFirstScreen } from '../../../lib/firstScreen';
import { useRemote } from '../../../lib/useRemote';
import { fetchFirstAddressQuote } from '../cartAPI';

/**
 * What shipping this cart costs to the first saved address, as the server would charge it (its
 * cheapest method, after any free-shipping threshold the discounted goods reach): "Free shipping",
 * or "Shipping from $8.00 · Free shipping over $100.00".
 */
export function shippingFromText(quote: Quote): string {
  const cheapest = [...quote.shippingMethods].sort((a, b) => a.charge - b.charge)[0];
  if (!cheapest || cheapest.charge === 0) return 'Free shipping';
  const from = `Shipping from ${formatMoney(cheapest.charge)}`;
  return cheapest.freeOver === null ? from : `${from} · Free shipping over ${formatMoney(cheapest.freeOver)}`;
}

/** The estimate's line for the cart as the server holds it now; never rejects. */
const estimate = (country: string): Promise<string> =>
  fetchFirstAddressQuote().then(
    (quote) => `${shippingFromText(quote)} to ${country}`,
    // Checkout prices shipping anyway: without the estimate (e.g. an address to correct) the cart says so.
    () => 'Shipping is priced at checkout',
  );

const estimateKey = (country: string) => `shipping estimate to ${country}`;

/** The estimate to the first saved address (in `country`), asked for before the app's first render when it starts on the cart (src/lib/firstScreen.ts). */
export const shippingEstimateFirstScreen = (country: string) => startForFirstScreen(estimateKey(country), estimate(country));

/** The cart's shipping estimate to the shopper's first saved address (in `country`), asked again when the cart changes. */
export default function ShippingEstimate({ country, cartKey }: { country: string; cartKey: string }) {
  // On the page the app started on, the first screen's request is taken instead of asking again.
  const { remote } = useRemote(`${country}|${cartKey}`, () => estimate(country), estimateKey(country));
  const text = remote.state === 'ready' ? remote.value : null;
  // One line reserved while it loads, so nothing below it moves.
  return (
    <p className="mt-1 min-h-5 text-sm text-gray-600" data-testid="shipping-estimate" aria-busy={text === null}>
      {text ?? <span className="text-gray-500">Checking shipping…</span>}
    </p>
  );
}
