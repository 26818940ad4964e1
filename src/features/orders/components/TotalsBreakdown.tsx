// The figures of a quote or a placed order, as the server priced them: subtotal,
// each promotion's discount, shipping, tax and total. Nothing here computes a price: a stored
// order shows what it was charged, a quote what the order would be charged now.
import { MEMBERSHIP_TITLE } from '../../../domain/membership';
import { formatMoney, type AppliedPromotion, type ShippingCharge, type TaxCharge, type Totals } from '../../../domain/checkout';

export interface TotalsBreakdownProps {
  totals: Totals;
  promotions?: readonly AppliedPromotion[];
  shipping?: ShippingCharge;
  tax?: TaxCharge;
  /** Accessible name of the list (e.g. "Order total"). */
  label?: string;
  className?: string;
}

const rate = (percent: number) => `${Number(percent.toFixed(4))}%`;

/** A <dl> of the totals: one row per promotion, shipping named, tax with its rate, the total last. */
export default function TotalsBreakdown({ totals, promotions = [], shipping, tax, label = 'Order total', className = '' }: TotalsBreakdownProps) {
  const row = 'flex justify-between gap-4 py-1';
  return (
    <dl aria-label={label} className={`text-sm text-gray-700 ${className}`}>
      <div className={row}>
        <dt>Subtotal</dt>
        <dd>{formatMoney(totals.subtotal)}</dd>
      </div>
      {promotions.map((p) => (
        <div key={p.id} className={`${row} text-green-800`}>
          <dt>
            {p.label}
            {p.code ? <span className="ml-1 rounded bg-green-50 px-1 font-mono text-xs">{p.code}</span> : null}
          </dt>
          <dd>−{formatMoney(p.amount)}</dd>
        </div>
      ))}
      {promotions.length === 0 && totals.discount > 0 ? (
        <div className={`${row} text-green-800`}>
          <dt>Discount</dt>
          <dd>−{formatMoney(totals.discount)}</dd>
        </div>
      ) : null}
      <div className={row}>
        <dt>{shipping ? `Shipping (${shipping.name})` : 'Shipping'}</dt>
        <dd>{totals.shipping === 0 ? 'Free' : formatMoney(totals.shipping)}</dd>
      </div>
      <div className={row}>
        <dt>{tax ? `Tax (${rate(tax.rate)})` : 'Tax'}</dt>
        <dd>{formatMoney(totals.tax)}</dd>
      </div>
      {totals.membership !== undefined ? (
        <div className={row}>
          <dt>{MEMBERSHIP_TITLE}</dt>
          <dd>{formatMoney(totals.membership)}</dd>
        </div>
      ) : null}
      <div className={`${row} border-t border-gray-200 pt-2 text-base font-semibold text-gray-900`}>
        <dt>Total</dt>
        <dd>{formatMoney(totals.total)}</dd>
      </div>
    </dl>
  );
}
