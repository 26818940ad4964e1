import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatMoney } from '../../domain/checkout';
import type { Quote } from '../../domain/quote';
import ErrorMessage from '../../components/ErrorMessage';
import type { QuoteState } from './useQuote';

interface OrderTotalsProps extends QuoteState {
  /** The shopper is a member already (no "Members save" line). */
  member: boolean;
  /** The quote's five figures (the orders feature's TotalsBreakdown, composed by the page). */
  breakdown: (quote: Quote) => ReactNode;
  /**
   * An address is chosen. Until then shipping, tax and the total are not known, so none is shown:
   * only the goods and what the codes take off them.
   */
  placed: boolean;
}

/** Before an address is chosen: the subtotal and each discount, and what is still to come. */
function GoodsOnly({ quote }: { quote: Quote }) {
  const row = 'flex justify-between gap-4 py-1';
  return (
    <>
      <dl aria-label="Order total" className="text-sm text-gray-700">
        <div className={row}>
          <dt>Subtotal</dt>
          <dd>{formatMoney(quote.totals.subtotal)}</dd>
        </div>
        {quote.promotions.map((p) => (
          <div key={p.id} className={`${row} text-green-800`}>
            <dt>{p.label}</dt>
            <dd>−{formatMoney(p.amount)}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm text-gray-600">Choose a shipping address to see shipping, tax and the total.</p>
    </>
  );
}

function MemberSavings({ quote }: { quote: Quote }) {
  return (
    <p className="mt-3 rounded-md bg-brand-50 p-3 text-sm text-brand-900">
      Members save {formatMoney(quote.memberSavings)} on this order.{' '}
      <Link to="/profile" className="font-semibold underline hover:no-underline">
        Apply for Membership
      </Link>
    </p>
  );
}

/**
 * The checkout's totals as the server quotes them: the last answer stays on screen (dimmed) while a
 * newer one loads, so nothing jumps; a failed quote shows why and a retry.
 */
export default function OrderTotals({ quote, loading, error, refresh, member, breakdown, placed }: OrderTotalsProps) {
  return (
    <div aria-busy={loading} className="mt-4 min-h-52">
      {error && <ErrorMessage className="mb-3" title="The totals could not be calculated" message={error} onRetry={refresh} />}
      {quote ? (
        <div className={loading ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
          {placed ? breakdown(quote) : <GoodsOnly quote={quote} />}
          {!member && quote.memberSavings > 0 && <MemberSavings quote={quote} />}
        </div>
      ) : (
        !error && <p className="text-sm text-gray-600">{placed ? 'Calculating shipping, tax and total…' : 'Calculating the subtotal…'}</p>
      )}
      <p className="sr-only" aria-live="polite">
        {loading ? 'Updating the total…' : quote && placed ? `Total ${formatMoney(quote.totals.total)}` : ''}
      </p>
    </div>
  );
}
