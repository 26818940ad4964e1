import { useRef, type ReactNode } from 'react';
import { useAppSelector } from '../../../lib/hooks';
import { selectItems, selectMembershipLine } from '../cartSlice';
import { selectCartTotals } from '../cartTotals';
import CartLines from './CartLines';
import CartTotals from './CartTotals';
import MembershipCartLine from './MembershipCartLine';
import ContinueShopping from './ContinueShopping';

interface CartSummaryProps {
  /** The box's heading (the cart page's h1, the checkout's 'Order Summary'). */
  heading: ReactNode;
  /** The line under the totals: what is (not) added to them. */
  note: string;
  /** More lines under the note (the cart's shipping estimate). */
  details?: ReactNode;
  /** What comes next: the way to checkout, or 'Order Now'. */
  children: ReactNode;
}

/** The cart's lines (the membership line last) and totals, as the cart page and the checkout show them. */
export default function CartSummary({ heading, note, details, children }: CartSummaryProps) {
  const items = useAppSelector(selectItems);
  const membership = useAppSelector(selectMembershipLine);
  const { totalAmount, totalItems } = useAppSelector(selectCartTotals);
  const membershipRemove = useRef<HTMLButtonElement>(null);
  return (
    <>
      <div className="px-4 py-6 sm:px-6">
        {heading}
        <div className="mt-8 flow-root">
          <CartLines items={items} after={membershipRemove} />
          {membership && <MembershipCartLine line={membership} removeRef={membershipRemove} />}
        </div>
      </div>
      <div className="border-t border-gray-200 px-4 py-6 sm:px-6">
        <CartTotals totalAmount={totalAmount} totalItems={totalItems} membership={membership?.price} />
        <p className="mt-1 text-sm text-gray-600">{note}</p>
        {details}
        {children}
        <ContinueShopping />
      </div>
    </>
  );
}
