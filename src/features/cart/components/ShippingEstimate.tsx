import { useEffect, useState } from 'react';
import { formatMoney, type ShippingMethod } from '../../../domain/checkout';
import { fetchShippingMethods } from '../cartAPI';

/**
 * What shipping to `country` costs at least, in the words of its cheapest method: "Shipping from
 * $8.00 · Free shipping over $100.00", or "Free shipping" (a free method, or none configured).
 */
export function shippingFromText(methods: readonly ShippingMethod[]): string {
  const cheapest = methods[0];
  if (!cheapest || cheapest.amount === 0) return 'Free shipping';
  const from = `Shipping from ${formatMoney(cheapest.amount)}`;
  return cheapest.freeOver === null ? from : `${from} · Free shipping over ${formatMoney(cheapest.freeOver)}`;
}

/** The cart's shipping estimate for the country of the shopper's first saved address. */
export default function ShippingEstimate({ country }: { country: string }) {
  const [answer, setAnswer] = useState<{ country: string; text: string } | null>(null);

  useEffect(() => {
    let current = true;
    fetchShippingMethods(country).then(
      (methods) => current && setAnswer({ country, text: `${shippingFromText(methods)} to ${country}` }),
      // Checkout prices shipping anyway: without the estimate the cart says so.
      () => current && setAnswer({ country, text: 'Shipping is priced at checkout' }),
    );
    return () => {
      current = false;
    };
  }, [country]);

  const text = answer?.country === country ? answer.text : null;
  // One line reserved while it loads, so nothing below it moves.
  return (
    <p className="mt-1 min-h-5 text-sm text-gray-600" data-testid="shipping-estimate" aria-busy={text === null}>
      {text ?? <span className="text-gray-500">Checking shipping…</span>}
    </p>
  );
}
