import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/controls';
import { useAppDispatch } from '../../../lib/hooks';
import type { RejectValue } from '../../../lib/thunk';
import type { BuyAgainResult, Order } from '../../../domain/types';
import { buyAgainAsync } from '../buyAgain';

/** What 'Buy again' did, in words: what went in the cart (and how many), what did not and why. */
export function buyAgainSummary(order: Order, { added, skipped }: BuyAgainResult): string {
  const ordered = new Map(order.items.map((item) => [item.product.id, item.quantity]));
  const lines = added.map(({ product, quantity }) => {
    const wanted = ordered.get(product.id) ?? quantity;
    return `${product.title} × ${quantity}${quantity < wanted ? ` (of ${wanted} ordered)` : ''}`;
  });
  const parts = [lines.length > 0 ? `Added to your cart: ${lines.join(', ')}.` : 'Nothing was added to your cart.'];
  if (skipped.length > 0) parts.push(`Left out: ${skipped.map(({ product, reason }) => `${product.title} (${reason})`).join(', ')}.`);
  return parts.join(' ');
}

/** 'Buy again' on one of My Orders: its products that can still be bought go back in the cart. */
export default function BuyAgain({ order }: { order: Order }) {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ text: string; added: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function buy() {
    setBusy(true);
    setError(null);
    setOutcome(null);
    try {
      const result = await dispatch(buyAgainAsync(order.id)).unwrap();
      setOutcome({ text: buyAgainSummary(order, result), added: result.added.length > 0 });
    } catch (rejected) {
      setError(`Could not buy order #${order.id} again: ${(rejected as RejectValue).message}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button look="primary" size="sm" busy={busy} onClick={buy}>
        {busy ? 'Adding to cart…' : 'Buy again'}
        <span className="sr-only"> order #{order.id}</span>
      </Button>
      <div role="status" className="w-full text-sm text-gray-800">
        {outcome && (
          <>
            {outcome.text}{' '}
            {outcome.added && (
              <Link to="/cart" className="font-semibold text-brand-700 hover:text-brand-600">
                Go to cart
              </Link>
            )}
          </>
        )}
      </div>
      {error && (
        <p role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      )}
    </>
  );
}
