import { useEffect, useState } from 'react';
import { formatMoney } from '../../../domain/checkout';
import type { Quote } from '../../../domain/quote';
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

/** The cart's shipping estimate to the shopper's first saved address (in `country`), asked again when the cart changes. */
export default function ShippingEstimate({ country, cartKey }: { country: string; cartKey: string }) {
  const key = `${country}|${cartKey}`;
  const [answer, setAnswer] = useState<{ key: string; text: string } | null>(null);

  useEffect(() => {
    let current = true;
    fetchFirstAddressQuote().then(
      (quote) => current && setAnswer({ key, text: `${shippingFromText(quote)} to ${country}` }),
      // Checkout prices shipping anyway: without the estimate (e.g. an address to correct) the cart says so.
      () => current && setAnswer({ key, text: 'Shipping is priced at checkout' }),
    );
    return () => {
      current = false;
    };
  }, [key, country]);

  const text = answer?.key === key ? answer.text : null;
  // One line reserved while it loads, so nothing below it moves.
  return (
    <p className="mt-1 min-h-5 text-sm text-gray-600" data-testid="shipping-estimate" aria-busy={text === null}>
      {text ?? <span className="text-gray-500">Checking shipping…</span>}
    </p>
  );
}
