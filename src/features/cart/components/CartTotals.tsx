import { formatPrice } from '../../../domain/pricing';
import { formatMoney } from '../../../domain/checkout';
import { MEMBERSHIP_TITLE } from '../../../domain/membership';

/** The goods' subtotal and item count; the membership fee on a line of its own when the cart holds it. */
export default function CartTotals({ totalAmount, totalItems, membership }: { totalAmount: number; totalItems: number; membership?: number }) {
  return (
    <dl className="space-y-2 text-base font-medium text-gray-900">
      <div className="flex justify-between">
        <dt>Subtotal</dt>
        <dd data-testid="cart-subtotal">{formatPrice(totalAmount)}</dd>
      </div>
      {membership !== undefined && (
        <div className="flex justify-between">
          <dt>{MEMBERSHIP_TITLE}</dt>
          <dd data-testid="cart-membership">{formatMoney(membership)}</dd>
        </div>
      )}
      <div className="flex justify-between">
        <dt>Total Items in Cart</dt>
        <dd data-testid="cart-total-items">
          {totalItems} {totalItems === 1 ? 'item' : 'items'}
        </dd>
      </div>
    </dl>
  );
}
