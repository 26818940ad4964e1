import { formatPrice } from '../../../domain/pricing';

export default function CartTotals({ totalAmount, totalItems }: { totalAmount: number; totalItems: number }) {
  return (
    <dl className="space-y-2 text-base font-medium text-gray-900">
      <div className="flex justify-between">
        <dt>Subtotal</dt>
        <dd data-testid="cart-subtotal">{formatPrice(totalAmount)}</dd>
      </div>
      <div className="flex justify-between">
        <dt>Total Items in Cart</dt>
        <dd data-testid="cart-total-items">
          {totalItems} {totalItems === 1 ? 'item' : 'items'}
        </dd>
      </div>
    </dl>
  );
}
